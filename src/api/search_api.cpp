// GET /api/search (spec §7): ranked full text over the posts a reader may see, with snippets, a
// spelling suggestion, facets and what the language filter hid; category pages read the same index.
#include "blog/api/guard.hpp"
#include "blog/api/handlers.hpp"
#include "blog/api/json.hpp"
#include "blog/api/search_counter.hpp"
#include "blog/domain/paging.hpp"
#include "blog/domain/render/html.hpp"
#include "blog/domain/text.hpp"
#include "blog/search/index.hpp"
#include "blog/store/search_stats_store.hpp"

#include <memory>
#include <set>

namespace blog::api {
namespace {

constexpr std::size_t default_results = 20;
constexpr std::size_t max_results = 50;
constexpr std::size_t max_query_bytes = 500;
// How deep a cursor may page into a ranked or filtered list.
constexpr std::size_t max_offset = 10'000;

constexpr std::size_t related_posts = 3;
constexpr std::size_t stats_entries = 20;
// Searches are counted in memory and written this often.
constexpr auto counts_interval = std::chrono::seconds(3);
std::string language_of(const http::request& req) {
  return req.query("language").value_or("en") == "cs" ? "cs" : "en";
}

struct search_services {
  sessions callers;
  store::database& db;
  readmodel::read_model& posts;
  search::index_store& search;
  std::shared_ptr<search_counter> counter;  // owned by the routes, which the app drops before the database
};

// Authors and admins also see their posts that are hidden or scheduled (posts::may_see).
bool may_see(const sessions& callers, const http::request& req, const posts::post& p) {
  if (p.visible_at(posts::now_ms())) return true;
  return posts::may_see(p, current_viewer(callers, req), posts::now_ms());
}

boost::json::array query_counts(const std::vector<store::query_count>& counts) {
  boost::json::array out;
  for (const auto& c : counts) out.push_back({{"query", c.query}, {"count", c.count}});
  return out;
}

}  // namespace

search_page search_posts(readmodel::read_model& posts, const search::index_store& index, std::string_view raw_text,
                         const std::string& language, std::size_t limit, std::size_t offset,
                         std::string_view category) {
  auto text = domain::trim(raw_text);
  if (text.size() > max_query_bytes) throw invalid("The search query is too long");
  search::query q;
  q.text = text;
  q.language = language == "cs" ? "cs" : "en";
  q.now_ms = posts::now_ms();
  q.limit = limit;
  q.offset = offset;
  q.synonyms = index.synonyms();
  if (auto c = domain::trim(category); !c.empty()) q.category = c;
  search::result found;
  if (!text.empty()) found = index.current()->search(q);
  search_page page;
  page.snap = posts.current();
  std::set<int> shown;  // a story in both languages appears once, in the interface language
  for (const auto& hit : found.hits) {
    const auto* e = page.snap->by_id(static_cast<int>(hit.id));
    if (!e || !e->post.visible_at(q.now_ms)) continue;  // the index may lag a deletion by a moment
    auto snippet = hit.snippet_html;
    if (posts::shown_as_counterpart(e->post, q.language, q.now_ms)) {
      const auto* other = page.snap->by_id(e->post.translation->id);
      if (!other || !other->post.visible_at(q.now_ms)) continue;
      e = other;
      snippet = render::html_escape(other->post.excerpt);
    }
    if (!shown.insert(e->post.id).second) continue;
    page.hits.emplace_back(&e->post, std::move(snippet));
  }
  page.total = found.total_estimate;
  page.next_cursor = domain::next_offset_cursor(q.offset, q.limit, found.hits.size(), found.total_estimate, max_offset);
  page.suggestion = found.suggestion;
  page.query = text;
  page.categories = std::move(found.categories);
  page.languages = std::move(found.languages);
  page.hidden_by_language = found.hidden_by_language;
  return page;
}

boost::json::object search_json(const search_page& page) {
  boost::json::array results;
  for (const auto& [post, snippet] : page.hits) {
    auto card = posts::card_json(*post);
    card["snippet"] = snippet;
    results.push_back(std::move(card));
  }
  boost::json::array categories;
  for (const auto& f : page.categories) categories.push_back({{"name", f.value}, {"count", f.count}});
  boost::json::array languages;
  for (const auto& f : page.languages) languages.push_back({{"language", f.value}, {"count", f.count}});
  boost::json::object facets;
  facets["categories"] = std::move(categories);
  facets["languages"] = std::move(languages);
  boost::json::value next = nullptr;
  if (!page.next_cursor.empty()) next = page.next_cursor;
  return {{"results", std::move(results)},
          {"nextCursor", std::move(next)},
          {"total", page.total},
          {"suggestion", page.suggestion},
          {"query", page.query},
          {"facets", std::move(facets)},
          {"hiddenByLanguage", page.hidden_by_language}};
}

std::string related_cards(const search::index_store& index, const readmodel::snapshot& snap, const posts::post& post,
                          std::vector<const readmodel::entry*>* shown_entries) {
  const auto now = posts::now_ms();
  const auto ids = index.current()->related(post.id, post.language, now, related_posts + 2);
  std::string body = "[";
  std::size_t shown = 0;
  for (const auto id : ids) {
    const auto* e = snap.by_id(static_cast<int>(id));
    if (!e || e->post.id == post.id || !e->post.visible_at(now)) continue;
    if (shown++) body += ',';
    body += e->card();
    if (shown_entries) shown_entries->push_back(e);
    if (shown == related_posts) break;
  }
  body += ']';
  return body;
}

namespace {

// GET /api/search: a page of ranked hits; a first page of a query is counted for the statistics.
http::response run_search(const search_services& s, const http::request& req) {
  const auto cursor = req.query("cursor").value_or("");
  const auto offset = cursor.empty() ? 0 : domain::parse_offset_cursor(cursor, max_offset);
  const auto category = req.query("category").value_or("");
  auto page = search_posts(s.posts, s.search, req.query("q").value_or(""), language_of(req),
                           page_limit(req, default_results, max_results), offset, category);
  // Paging and narrowing repeat a search; only a first page counts.
  if (!page.query.empty() && offset == 0 && domain::trim(category).empty())
    s.counter->count(page.query, page.total == 0);
  auto res = http::response::json(200, search_json(page));
  res.set("Cache-Control", "no-cache");
  if (!page.next_cursor.empty()) res.set("X-Next-Cursor", page.next_cursor);
  return res;
}

// GET /api/admin/search-stats: the top queries and those that found nothing, over 7 or 30 days.
http::response search_stats(const search_services& s, const http::request& req) {
  require_admin(s.callers, req);
  const auto days = req.query("days").value_or("7");
  if (days != "7" && days != "30") throw validation_error({{"days", "Days must be 7 or 30"}});
  s.counter->flush();  // what was searched a moment ago counts too
  const auto stats = store::load_search_stats(s.db, std::stoi(days), stats_entries);
  boost::json::object body;
  body["top"] = query_counts(stats.top);
  body["zeroResults"] = query_counts(stats.zero_results);
  auto res = http::response::json(200, body);
  no_store(res);
  return res;
}

// GET /api/posts/{slug}/related: up to three posts like this one, in its language, by the index's
// relevance-set similarity.
http::response related(const search_services& s, const http::request& req) {
  auto snap = s.posts.current();
  const auto* found = snap->by_slug(req.param("slug"));
  if (!found || !may_see(s.callers, req, found->post)) throw not_found("Post not found");
  auto res = http::response::json_text(200, related_cards(s.search, *snap, found->post));
  res.set("Cache-Control", "no-cache");
  return res;
}

}  // namespace

search_handlers search_api(api::context& ctx) {
  const search_services s{{ctx.cfg, ctx.db, ctx.site},
                          ctx.db,
                          ctx.posts,
                          *ctx.search,
                          std::make_shared<search_counter>(ctx.db, counts_interval)};
  return {.search = http::on_workers([s](http::request& req) { return run_search(s, req); }),
          .stats = http::on_workers([s](http::request& req) { return search_stats(s, req); }),
          .related = http::on_workers([s](http::request& req) { return related(s, req); })};
}

}  // namespace blog::api
