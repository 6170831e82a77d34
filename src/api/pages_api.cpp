// The web app's files and pages: index.html for every route of spec §2, 404 for the rest.
#include "blog/api/guard.hpp"
#include "blog/api/handlers.hpp"
#include "blog/api/view_counter.hpp"
#include "blog/domain/render/html.hpp"
#include "blog/domain/render/page.hpp"
#include "blog/domain/render/page_head.hpp"
#include "blog/domain/text.hpp"
#include "blog/http/workers.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/json.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>

namespace blog::api {
namespace {

// The spec's route table (plus the pages it names without routes): exactly the routes the web
// app has (web/src/app/router.tsx), so that every other path answers 404. '*' stands for one segment.
constexpr std::array page_patterns = {
    "/",
    "/post/*",
    "/posts/*",
    "/search",
    "/category/*",
    "/auth",
    "/verify-email",
    "/posts/new",
    "/posts/edit/*",
    "/post-editor",
    "/post-editor/*",
    "/admin",
    "/admin/posts",
    "/admin/site-settings",
    "/admin/import",
    "/admin/analytics",
    "/admin/newsletter",
    "/language-demo",
    "/format-test",
    "/czech-format-test",
    "/profile",
    "/profile/sessions",
    "/profile/two-factor",
    "/my-posts",
    "/server-error",
    "/unauthorized",
    "/forgot-password",
    "/reset-password",
    "/newsletter",
    "/newsletter/confirm",
    "/newsletter/unsubscribe",
};

bool matches(std::string_view pattern, std::string_view path) {
  if (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
  while (!pattern.empty() && !path.empty()) {
    auto star = pattern.find('*');
    if (star == std::string_view::npos) return pattern == path;
    if (path.substr(0, star) != pattern.substr(0, star)) return false;
    path.remove_prefix(star);
    pattern.remove_prefix(star + 1);
    auto slash = path.find('/');
    auto segment = path.substr(0, slash);
    if (segment.empty()) return false;
    path.remove_prefix(segment.size());
  }
  return pattern.empty() && path.empty();
}

}  // namespace

bool is_page_path(std::string_view path) {
  for (auto pattern : page_patterns)
    if (matches(pattern, path)) return true;
  return false;
}

namespace {

struct page_meta {
  std::string title;
  std::string description;
  std::string path;  // canonical path
  std::string image;
  std::string language = "en";
  std::string alternate_language;  // a linked translation's language and path, or ""
  std::string alternate_path;
  std::string type = "website";
  std::string json_ld;  // a JSON object, or ""
  unsigned status = 200;
  render::reader reader;        // whom the page is for; reader.session: whether a session cookie came (the app then
                                // asks who it is)
  std::string root_html;        // the page as the app paints it first, or "" (the app renders it)
  std::string page_data;        // a JSON object the app seeds its queries from, or ""
  bool shared = false;          // the same for every reader of its kind: kept rendered (page_services::pages)
  readmodel::page_shows shows;  // what a kept page shows: when it goes stale
};

// What the pages are made of: all in memory, so pages answer while PostgreSQL is away (the
// category list falls back to the site cache's).
struct page_services {
  const config& cfg;  // effective_public_url(): absolute links (known once the server listens)
  store::database& db;
  readmodel::read_model& posts;
  readmodel::post_pages& post_pages;  // a post's page and whole text
  readmodel::site_cache& site;
  search::index_store& search;
  readmodel::page_cache& pages;
  const http::static_files& web;  // the built app: its files and index.html
  api::context& ctx;              // view counting (count_view)
};

std::string absolute_url(const std::string& base, const std::string& url) {
  if (url.empty() || url.rfind("http://", 0) == 0 || url.rfind("https://", 0) == 0) return url;
  return base + (url.front() == '/' ? "" : "/") + url;
}

// The app's index.html filled with the page's head, markup and data.
std::string fill_index(std::string html, const page_meta& m, const std::string& base) {
  render::page_head head{.title = m.title,
                         .description = m.description,
                         .url = m.status == 404 ? "" : base + m.path,
                         .language = m.language,
                         .alternate_language = m.alternate_language,
                         .alternate_url = m.alternate_path.empty() ? "" : base + m.alternate_path,
                         .type = m.type,
                         .image = m.image,
                         .json_ld = m.json_ld,
                         .rss_en_url = base + "/rss.xml?lang=en",
                         .rss_cs_url = base + "/rss.xml?lang=cs",
                         .session = m.reader.session};
  return render::fill_app_shell(std::move(html), head, m.root_html, m.page_data);
}

// The cards of `entries` as the JSON array the app's list queries hold, and their posts for the
// server's markup.
struct shown_cards {
  boost::json::value items;
  std::vector<const posts::post*> posts;
};

shown_cards cards_of(const std::vector<const readmodel::entry*>& entries) {
  std::string cards = "[";
  shown_cards shown;
  for (const auto* e : entries) {
    if (cards.size() > 1) cards += ',';
    cards += e->card();
    shown.posts.push_back(&e->post);
  }
  cards += ']';
  shown.items = boost::json::parse(cards);
  return shown;
}

boost::json::value cursor_json(const std::string& cursor) {
  return cursor.empty() ? boost::json::value(nullptr) : boost::json::value(cursor);
}

// The home page as the app first paints it, and the data its queries start from.
void render_home_page(const page_services& s, const domain::site_settings& settings, page_meta& m) {
  const auto& language = m.reader.content_language;
  auto snap = s.posts.current();
  readmodel::page_request first;  // the first page GET /api/posts answers
  first.language = language;
  auto page = snap->page(first);
  auto shown = cards_of(page.entries);
  auto categories = category_names(s.db, s.site);
  boost::json::array names;
  for (const auto& name : categories) names.emplace_back(name);
  // 'Popular this week' from the counter's ranking in memory (GET /api/posts/popular's answer).
  auto popular = cards_of(popular_entries(s.ctx, *snap, language));
  m.root_html = render::render_frame(
      settings.site_title,
      render::render_home(settings, shown.posts, categories, !page.next_cursor.empty(), m.reader, popular.posts),
      m.reader);
  boost::json::object posts_page{
      {"language", language}, {"items", std::move(shown.items)}, {"nextCursor", cursor_json(page.next_cursor)}};
  m.page_data = boost::json::serialize(
      boost::json::object{{"siteSettings", boost::json::value_from(settings)},
                          {"categories", std::move(names)},
                          {"posts", std::move(posts_page)},
                          {"popular", {{"language", language}, {"items", std::move(popular.items)}}}});
}

// A category page as the app first paints it, and its first page of the reader's posts
// (GET /api/categories/{category}) for the app's query.
void render_category_page(const page_services& s, const domain::site_settings& settings, const std::string& category,
                          page_meta& m) {
  const auto& language = m.reader.content_language;
  auto page = category_posts(s.posts, s.search, category, language, readmodel::default_page_size, 0);
  auto shown = cards_of(page.posts);
  auto categories = category_names(s.db, s.site);
  boost::json::array names;
  for (const auto& name : categories) names.emplace_back(name);
  // Only the pages of categories that exist are kept: any other name is a page of its own.
  m.shared = std::ranges::any_of(categories, [&](const std::string& name) { return name == category; });
  m.root_html = render::render_frame(
      settings.site_title,
      render::render_category(category, shown.posts, !page.next_cursor.empty(), categories, m.reader), m.reader);
  boost::json::object posts_page{{"category", category},
                                 {"language", language},
                                 {"items", std::move(shown.items)},
                                 {"nextCursor", cursor_json(page.next_cursor)}};
  m.page_data = boost::json::serialize(boost::json::object{{"siteSettings", boost::json::value_from(settings)},
                                                           {"categories", std::move(names)},
                                                           {"categoryPosts", std::move(posts_page)}});
}

// The app asks for this many hits a page (web/src/features/search/api/search-posts.ts).
constexpr std::size_t search_page_size = 12;

// Search results as the app first paints them, with the answer of GET /api/search in the reader's
// content language; nothing for a blank or too long query (the app handles those itself).
void render_search_page(const page_services& s, const domain::site_settings& settings, std::string_view text,
                        std::string_view category, page_meta& m) {
  search_page page;
  try {
    page = search_posts(s.posts, s.search, text, m.reader.content_language, search_page_size, 0, category);
  } catch (const blog::error&) {
    return;
  }
  if (page.query.empty()) return;
  bool more = !page.hits.empty() && page.hits.size() < std::max<std::uint64_t>(page.total, page.hits.size());
  m.root_html = render::render_frame(
      settings.site_title, render::render_search(page.query, page.hits, page.total, page.suggestion, more, *m.reader.t),
      m.reader);
  m.page_data = boost::json::serialize(boost::json::object{{"siteSettings", boost::json::value_from(settings)},
                                                           {"search",
                                                            {{"language", m.reader.content_language},
                                                             {"category", domain::trim(category)},
                                                             {"answer", search_json(page)}}}});
}

// What a post's page shows: the post, its counterpart and its related posts, each by its entry.
readmodel::page_shows shows_of_post_page(const readmodel::snapshot& snap, const readmodel::entry& shown,
                                         const std::vector<const readmodel::entry*>& related) {
  readmodel::page_shows shows;
  shows.posts.emplace_back(shown.post.id, shown.version);
  if (const auto& other = shown.post.translation) {
    const auto* e = snap.by_id(other->id);
    shows.posts.emplace_back(other->id, e ? e->version : 0);
    // A counterpart published for later appears in the page's head and links at its time.
    if (other->published && !other->hidden_by_admin && other->published_at_ms > posts::now_ms())
      shows.until_ms = other->published_at_ms;
  }
  for (const auto* e : related) shows.related.emplace_back(e->post.id, e->version);
  return shows;
}

page_meta meta_for(const page_services& s, const std::string& path, render::reader reader, std::string_view search_text,
                   std::string_view search_category) {
  auto site = s.site.current();  // memory only: pages answer while PostgreSQL is away
  const auto& settings = site->settings;
  page_meta m;
  m.language = std::string(reader.t->language);
  m.reader = std::move(reader);
  m.title = settings.site_title;
  // The hero's description in the reader's interface language, falling back as the app's hero does.
  m.description = domain::hero_description(settings, m.language);
  m.path = path;
  m.image = absolute_url(s.cfg.effective_public_url(), settings.hero_image);
  m.status = is_page_path(path) ? 200 : 404;
  if (m.status == 404) {
    m.title = std::string(m.reader.t->not_found_title) + " | " + settings.site_title;
    return m;
  }
  std::string_view p = path;
  auto slug_of = [&](std::string_view prefix) -> std::string {
    if (p.rfind(prefix, 0) != 0) return {};
    return std::string(p.substr(prefix.size()));
  };
  std::string slug = slug_of("/post/");
  // /posts/{slug} is a post; /posts/new and /posts/edit/{slug} are the editor.
  if (slug.empty() && path != "/posts/new" && path.rfind("/posts/edit/", 0) != 0) slug = slug_of("/posts/");
  if (!slug.empty()) {
    auto snap = s.posts.current();
    const auto* found = snap->by_slug(slug);
    if (!found || !found->post.visible_at(posts::now_ms())) {
      m.status = 404;
      m.title = std::string(m.reader.t->post_not_found_title) + " | " + settings.site_title;
      return m;
    }
    // The read model holds no bodies: the article comes whole (page cache or PostgreSQL).
    std::optional<posts::post> whole;
    try {
      whole = s.post_pages.full_post(*found);
    } catch (const blog::error& e) {
      if (e.kind() != blog::error_kind::unavailable) throw;
    }
    if (!whole) {
      // Neither cached nor readable (PostgreSQL away): the app's shell, which asks again and says
      // so, rather than an article without its text.
      m.status = 503;
      m.title = found->post.title + " | " + settings.site_title;
      return m;
    }
    const auto& post = *whole;
    m.shared = true;
    auto base = s.cfg.effective_public_url();
    m.title = post.title + " | " + settings.site_title;
    m.description = post.excerpt;
    m.path = "/post/" + post.slug;
    m.language = post.language;
    const posts::counterpart* translation = nullptr;
    if (post.translation && post.translation->visible_at(posts::now_ms())) {
      translation = &*post.translation;
      m.alternate_language = translation->language;
      m.alternate_path = "/post/" + translation->slug;
    }
    m.type = "article";
    if (!post.cover_image.empty()) m.image = absolute_url(base, post.cover_image);
    m.json_ld = render::article_json_ld({.headline = post.title,
                                         .description = post.excerpt,
                                         .published_ms = post.published_at_ms,
                                         .modified_ms = std::max(post.updated_at_ms, post.published_at_ms),
                                         .language = post.language,
                                         .section = post.category,
                                         .url = m.status == 404 ? "" : base + m.path,
                                         .author = post.author_name.empty() ? settings.site_title : post.author_name,
                                         .publisher = settings.site_title,
                                         .image = m.image});
    // Under the article, 'Get new articles by e-mail', as the app's PostRoute shows it.
    m.root_html = render::render_frame(settings.site_title,
                                       render::render_post_article(post, translation, *m.reader.t) +
                                           "<div class=\"container max-w-4xl pb-12\">" +
                                           render::render_subscribe_box(*m.reader.t) + "</div>",
                                       m.reader);
    // The site settings too: the app's frame reads them on every page.
    // The related posts under the article too: the app asks for nothing when it takes over.
    boost::json::value related;
    std::vector<const readmodel::entry*> related_shown;
    try {
      related = boost::json::parse(related_cards(s.search, *snap, post, &related_shown));
    } catch (const std::exception& e) {
      spdlog::warn("related posts left out of the page of {}: {}", post.slug, e.what());
    }
    m.shows = shows_of_post_page(*snap, *found, related_shown);
    boost::json::object data{{"siteSettings", boost::json::value_from(settings)}, {"post", posts::full_json(post)}};
    if (related.is_array()) data["related"] = std::move(related);
    m.page_data = boost::json::serialize(data);
    return m;
  }
  if (path == "/") {
    render_home_page(s, settings, m);
    m.shared = true;
    return m;
  }
  std::string category = slug_of("/category/");
  if (!category.empty()) {
    m.title = category + " | " + settings.site_title;
    m.description = render::fill(m.reader.t->category_description, "category", category);
    render_category_page(s, settings, category, m);
  }
  if (path == "/search") render_search_page(s, settings, search_text, search_category, m);
  return m;
}

// What a shared page is rendered from now.
readmodel::page_sources page_sources_now(const page_services& s) {
  readmodel::page_sources now;
  now.posts = s.posts.current();
  now.site = s.site.current();
  auto index = s.search.current();
  now.index_revision = index->revision();
  now.index = std::move(index);
  now.now_ms = posts::now_ms();
  return now;
}

// The reader a page is rendered for. The app keeps its language choices in localStorage and copies
// them into these cookies (web/src/lib/i18n/language.ts), so that the page arrives in the language
// the app will show. Behind https H1 may name the session cookie __Host-sid; either name counts.
render::reader reader_of(const http::request& req) {
  return render::reader{.t = &render::labels_for(req.cookie("language")),
                        .content_language = req.cookie("contentLanguage") == "cs" ? "cs" : "en",
                        .session = has_session_cookie(req) || !req.cookie("__Host-sid").empty()};
}

// The page cache's key of a page readers share, or "" for one rendered per request. The pages
// readers share are rendered and compressed once for what they show (readmodel/page_cache.hpp);
// the rest (a search, the app's other screens) per request.
std::string shared_page_key(const page_services& s, const http::request& req, const render::reader& reader) {
  if (req.path != "/" && !req.path.starts_with("/post/") && !req.path.starts_with("/posts/") &&
      !req.path.starts_with("/category/"))
    return {};
  std::string key = req.path + '\n' + std::string(reader.t->language) + ' ' + reader.content_language +
                    (reader.session ? " session" : "");
  // The home page shows the week's popular posts: a new ranking is a new page (the old one ages
  // out of the cache), while the same ranking keeps hitting the kept one.
  if (req.path == "/" && s.ctx.views) key += " popular " + std::to_string(s.ctx.views->popular()->revision);
  return key;
}

// What serve_page answers without blocking, on the I/O thread: a file of the web app, or a shared
// page the cache keeps, read by a reader without a session (for one with a session, counting the
// view may look the user up in PostgreSQL). nullopt: serve_page on the workers. Most reads of
// pages are such hits; each trip to the workers and back was two more threads to wake, and on a
// busy machine each wake may wait for a core (perf sched during bench/import.sh).
std::optional<http::response> kept_answer(const page_services& s, const http::request& req, bool& refresh) {
  if (req.method != "GET" && req.method != "HEAD") return std::nullopt;
  if (req.path.rfind("/api/", 0) == 0 || req.path == "/api") return std::nullopt;
  const auto accept_encoding = req.header("accept-encoding");
  if (auto file = s.web.find(req.path, accept_encoding); file && req.path != "/index.html")
    return http::response::from_prebuilt(file);
  if (!s.web.content("/index.html")) return std::nullopt;
  const render::reader reader = reader_of(req);
  if (reader.session) return std::nullopt;
  const std::string key = shared_page_key(s, req, reader);
  if (key.empty()) return std::nullopt;
  auto page = s.pages.find_or_refresh(page_sources_now(s), key, refresh);
  if (!page) return std::nullopt;
  count_view(s.ctx, req, req.path, referrer_domain(req.header("referer"), req.header("host")));
  return http::response::from_prebuilt(page->for_encoding(accept_encoding));
}

// GET of a page: see routes.hpp. `refreshing`: rendered anew for the cache, for no reader (no view
// is counted, the kept page is not looked at).
http::response serve_page(const page_services& s, const http::request& req, bool refreshing = false) {
  if (req.path.rfind("/api/", 0) == 0 || req.path == "/api")
    return http::response::json(404, {{"message", "Not found"}});
  if (req.method != "GET" && req.method != "HEAD") {
    auto res = http::response::json(405, {{"message", "Method not allowed"}});
    res.set("Allow", "GET, HEAD");
    return res;
  }
  if (auto file = s.web.find(req.path, req.header("accept-encoding")); file && req.path != "/index.html")
    return http::response::from_prebuilt(file);
  const std::string* index = s.web.content("/index.html");
  if (!index) {
    return http::response::text(503, "The web app is not built yet: run tools/bootstrap (it builds web/dist).\n");
  }
  render::reader reader = reader_of(req);
  auto accept_encoding = req.header("accept-encoding");
  const std::string key = shared_page_key(s, req, reader);
  const bool may_share = !key.empty();
  readmodel::page_sources sources;
  if (may_share) {
    sources = page_sources_now(s);
    if (auto page = refreshing ? nullptr : s.pages.find(sources, key)) {
      count_view(s.ctx, req, req.path, referrer_domain(req.header("referer"), req.header("host")));
      return http::response::from_prebuilt(page->for_encoding(accept_encoding));
    }
  }
  auto meta = meta_for(s, req.path, std::move(reader), req.query("q").value_or(""), req.query("category").value_or(""));
  auto html = fill_index(*index, meta, s.cfg.effective_public_url());
  if (meta.status == 200 && !refreshing)
    count_view(s.ctx, req, req.path, referrer_domain(req.header("referer"), req.header("host")));
  // The language cookies and the session cookie choose what the page says.
  if (may_share && meta.shared && meta.status == 200) {
    try {
      auto page = http::encoded_answer::build("text/html; charset=utf-8", html, "no-cache",
                                              http::encoded_answer::copies::brotli_and_gzip, {{"Vary", "Cookie"}});
      s.pages.put(sources, std::move(meta.shows), key, page);
      return http::response::from_prebuilt(page->for_encoding(accept_encoding));
    } catch (const std::runtime_error& e) {
      spdlog::warn("page {} sent uncompressed: {}", req.path, e.what());
    }
  }
  auto res = http::response::text(meta.status, std::move(html), "text/html; charset=utf-8");
  res.set("Cache-Control", "no-cache");
  res.set("Vary", "Cookie");
  return res;
}

// A copy of a reader's request, with its own handle on the workers, outliving the request.
struct refresh_job {
  http::request req;
  http::lane workers;
};

// Renders a kept page anew on the workers while readers go on getting the kept one.
boost::asio::awaitable<void> refresh_page(page_services s, std::shared_ptr<refresh_job> job) {
  try {
    co_await job->workers.run([&] { serve_page(s, job->req, true); });
  } catch (const std::exception& e) {
    // The pool full, a render that failed: the kept page stays, and a reader asks again later.
    spdlog::debug("page {} not refreshed: {}", job->req.path, e.what());
  }
}

}  // namespace

http::handler page_handler(api::context& ctx) {
  const page_services s{ctx.cfg, ctx.db, ctx.posts, *ctx.post_pages, ctx.site, *ctx.search, ctx.pages, ctx.web, ctx};
  http::handler rendered = http::on_workers([s](http::request& req) { return serve_page(s, req); });
  return [s, rendered = std::move(rendered)](http::request& req) -> boost::asio::awaitable<http::response> {
    bool refresh = false;
    if (auto kept = kept_answer(s, req, refresh)) {
      if (refresh && req.workers) {
        auto job = std::make_shared<refresh_job>(refresh_job{req, *req.workers});
        job->req.workers = &job->workers;
        job->req.passwords = nullptr;
        job->req.body.clear();
        boost::asio::co_spawn(co_await boost::asio::this_coro::executor, refresh_page(s, std::move(job)),
                              boost::asio::detached);
      }
      co_return std::move(*kept);
    }
    co_return co_await rendered(req);
  };
}

}  // namespace blog::api
