// The web app's files and pages: index.html for every route of spec §2, 404 for the rest.
#include "blog/api/guard.hpp"
#include "blog/api/routes.hpp"
#include "blog/render/html.hpp"
#include "blog/render/page.hpp"

#include <boost/json.hpp>

#include <array>

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
    "/language-demo",
    "/format-test",
    "/czech-format-test",
    "/profile",
    "/my-posts",
    "/server-error",
    "/unauthorized",
    "/forgot-password",
    "/reset-password",
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
  bool session_cookie = false;
  std::string root_html;  // the page as the app paints it first, or "" (the app renders it)
  std::string page_data;  // a JSON object the app seeds its queries from, or ""  // whether the request came with one
                          // (the app then asks who it is)
};

std::string absolute_url(const std::string& base, const std::string& url) {
  if (url.empty() || url.rfind("http://", 0) == 0 || url.rfind("https://", 0) == 0) return url;
  return base + (url.front() == '/' ? "" : "/") + url;
}

// JSON inside <script>: '<' escaped so that no "</script>" can close the element early.
std::string script_safe(const std::string& json) {
  std::string out;
  for (char c : json) out += c == '<' ? std::string("\\u003c") : std::string(1, c);
  return out;
}

std::string head_tags(const page_meta& m, const std::string& base) {
  auto e = [](const std::string& t) { return render::html_escape(t); };
  auto canonical = base + m.path;
  std::string tags;
  tags += "<title>" + e(m.title) + "</title>\n";
  tags += "    <meta name=\"description\" content=\"" + e(m.description) + "\" />\n";
  tags += "    <link rel=\"canonical\" href=\"" + e(canonical) + "\" />\n";
  tags += "    <link rel=\"alternate\" hreflang=\"" + m.language + "\" href=\"" + e(canonical) + "\" />\n";
  // A linked pair names both versions; x-default is the English one.
  auto x_default = canonical;
  if (!m.alternate_path.empty()) {
    auto other = base + m.alternate_path;
    tags += "    <link rel=\"alternate\" hreflang=\"" + m.alternate_language + "\" href=\"" + e(other) + "\" />\n";
    if (m.alternate_language == "en") x_default = other;
  }
  tags += "    <link rel=\"alternate\" hreflang=\"x-default\" href=\"" + e(x_default) + "\" />\n";
  tags += "    <link rel=\"alternate\" type=\"application/rss+xml\" title=\"RSS (English)\" href=\"" +
          e(base + "/rss.xml?lang=en") + "\" />\n";
  tags += "    <link rel=\"alternate\" type=\"application/rss+xml\" title=\"RSS (čeština)\" href=\"" +
          e(base + "/rss.xml?lang=cs") + "\" />\n";
  tags += "    <meta property=\"og:type\" content=\"" + m.type + "\" />\n";
  tags += "    <meta property=\"og:title\" content=\"" + e(m.title) + "\" />\n";
  tags += "    <meta property=\"og:description\" content=\"" + e(m.description) + "\" />\n";
  tags += "    <meta property=\"og:url\" content=\"" + e(canonical) + "\" />\n";
  tags +=
      "    <meta property=\"og:locale\" content=\"" + std::string(m.language == "cs" ? "cs_CZ" : "en_US") + "\" />\n";
  tags += "    <meta name=\"twitter:card\" content=\"" +
          std::string(m.image.empty() ? "summary" : "summary_large_image") + "\" />\n";
  tags += "    <meta name=\"twitter:title\" content=\"" + e(m.title) + "\" />\n";
  tags += "    <meta name=\"twitter:description\" content=\"" + e(m.description) + "\" />\n";
  if (!m.image.empty()) {
    tags += "    <meta property=\"og:image\" content=\"" + e(m.image) + "\" />\n";
    tags += "    <meta name=\"twitter:image\" content=\"" + e(m.image) + "\" />\n";
  }
  // The session cookie is HttpOnly: only the server can tell the app whether to ask for the user.
  tags +=
      "    <meta name=\"blog-session\" content=\"" + std::string(m.session_cookie ? "present" : "absent") + "\" />\n";
  if (!m.json_ld.empty()) tags += "    <script type=\"application/ld+json\">" + script_safe(m.json_ld) + "</script>\n";
  return tags;
}

// Removes the first element starting with `open` up to `close` (inclusive).
void erase_between(std::string& html, std::string_view open, std::string_view close) {
  auto start = html.find(open);
  if (start == std::string::npos) return;
  auto end = html.find(close, start);
  if (end == std::string::npos) return;
  html.erase(start, end + close.size() - start);
}

std::string fill_index(std::string html, const page_meta& m, const std::string& base) {
  erase_between(html, "<title>", "</title>");
  auto description = html.find("name=\"description\"");
  if (description != std::string::npos) {
    auto open = html.rfind("<meta", description);
    auto close = html.find('>', description);
    if (open != std::string::npos && close != std::string::npos) html.erase(open, close + 1 - open);
  }
  if (!m.root_html.empty()) {
    auto root = html.find("<div id=\"root\"></div>");
    if (root != std::string::npos) {
      std::string filled = "<div id=\"root\">" + m.root_html + "</div>";
      if (!m.page_data.empty())
        filled += "\n    <script type=\"application/json\" id=\"page-data\">" + script_safe(m.page_data) + "</script>";
      html.replace(root, std::string_view("<div id=\"root\"></div>").size(), filled);
    }
  }
  auto head_end = html.find("</head>");
  if (head_end != std::string::npos) html.insert(head_end, "    " + head_tags(m, base) + "  ");
  auto lang = html.find("<html lang=\"");
  if (lang != std::string::npos) html.replace(lang + 12, 2, m.language);
  return html;
}

page_meta meta_for(app::context& ctx, const std::string& path) {
  auto site = ctx.site.current();  // memory only: pages answer while PostgreSQL is away
  const auto& settings = site->settings;
  page_meta m;
  m.title = settings.site_title;
  // The pages the server fills are in English (the interface language lives in the browser), so the
  // hero's English description, falling back as the app's hero does.
  m.description = domain::hero_description(settings, "en");
  m.path = path;
  m.image = absolute_url(ctx.cfg.effective_public_url(), settings.hero_image);
  m.status = is_page_path(path) ? 200 : 404;
  if (m.status == 404) {
    m.title = "404 Page Not Found | " + settings.site_title;
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
    auto snap = ctx.posts.current();
    const auto* found = snap->by_slug(slug);
    if (!found || !found->post.visible_at(posts::now_ms())) {
      m.status = 404;
      m.title = "Post Not Found | " + settings.site_title;
      return m;
    }
    // The read model holds no bodies: the article comes whole (page cache or PostgreSQL).
    auto whole = ctx.follower->full_post(*found);
    if (!whole) whole = found->post;
    const auto& post = *whole;
    auto base = ctx.cfg.effective_public_url();
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
    boost::json::object ld{
        {"@context", "https://schema.org"},
        {"@type", "Article"},
        {"headline", post.title},
        {"description", post.excerpt},
        {"datePublished", posts::iso_time(post.published_at_ms)},
        {"dateModified", posts::iso_time(std::max(post.updated_at_ms, post.published_at_ms))},
        {"inLanguage", post.language},
        {"articleSection", post.category},
        {"mainEntityOfPage", base + m.path},
        {"author", {{"@type", "Person"}, {"name", post.author_name.empty() ? settings.site_title : post.author_name}}},
        {"publisher", {{"@type", "Organization"}, {"name", settings.site_title}}}};
    if (!m.image.empty()) ld["image"] = m.image;
    m.json_ld = boost::json::serialize(ld);
    m.root_html = render::render_frame(settings.site_title, render::render_post_article(post, translation));
    m.page_data = boost::json::serialize(boost::json::object{{"post", posts::full_json(post)}});
    return m;
  }
  std::string category = slug_of("/category/");
  if (!category.empty()) {
    m.title = category + " | " + settings.site_title;
    m.description = "Articles related to " + category + " in payment technologies and fintech innovations.";
  }
  return m;
}

}  // namespace

http::handler page_handler(app::context& ctx) {
  return [&ctx](http::request& req) {
    if (req.path.rfind("/api/", 0) == 0 || req.path == "/api")
      return http::response::json(404, {{"message", "Not found"}});
    if (req.method != "GET" && req.method != "HEAD") {
      auto res = http::response::json(405, {{"message", "Method not allowed"}});
      res.set("Allow", "GET, HEAD");
      return res;
    }
    if (auto file = ctx.web.find(req.path, req.header("accept-encoding")); file && req.path != "/index.html")
      return http::response::from_prebuilt(file);
    const std::string* index = ctx.web.content("/index.html");
    if (!index) {
      return http::response::text(503, "The web app is not built yet: run tools/bootstrap (it builds web/dist).\n");
    }
    auto meta = meta_for(ctx, req.path);
    // Behind https H1 may name the cookie __Host-sid; either name counts.
    meta.session_cookie = has_session_cookie(req) || !req.cookie("__Host-sid").empty();
    auto res = http::response::text(meta.status, fill_index(*index, meta, ctx.cfg.effective_public_url()),
                                    "text/html; charset=utf-8");
    res.set("Cache-Control", "no-cache");
    return res;
  };
}

}  // namespace blog::api
