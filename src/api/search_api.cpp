// GET /api/search (spec §7): ranked full text over the posts a reader may see, with snippets and a
// spelling suggestion; category pages read the same index with a boolean filter.
#include "blog/api/json.hpp"
#include "blog/api/routes.hpp"
#include "blog/domain/text.hpp"
#include "blog/render/html.hpp"
#include "blog/search/index.hpp"

#include <set>

namespace blog::api {
namespace {

constexpr std::size_t default_results = 20;
constexpr std::size_t max_results = 50;
constexpr std::size_t max_query_bytes = 500;

std::string language_of(const http::request& req) {
  return req.query("language").value_or("en") == "cs" ? "cs" : "en";
}

}  // namespace

void add_search_routes(http::router& r, app::context& ctx) {
  r.get("/api/search", [&ctx](http::request& req) {
    auto text = domain::trim(req.query("q").value_or(""));
    if (text.size() > max_query_bytes) throw error(400, "The search query is too long");
    search::query q;
    q.text = text;
    q.language = language_of(req);
    q.now_ms = posts::now_ms();
    q.limit = std::max<std::size_t>(1, query_number(req, "limit", default_results, 0, max_results));
    q.offset = query_number(req, "offset", 0, 0, 10'000);
    boost::json::array results;
    search::result found;
    if (!text.empty()) found = ctx.search->current()->search(q);
    auto snap = ctx.posts.current();
    std::set<int> shown;  // a story in both languages appears once, in the interface language
    for (const auto& hit : found.hits) {
      const auto* e = snap->by_id(static_cast<int>(hit.id));
      if (!e || !e->post.visible_at(q.now_ms)) continue;  // the index may lag a deletion by a moment
      auto snippet = hit.snippet_html;
      if (posts::shown_as_counterpart(e->post, q.language, q.now_ms)) {
        const auto* other = snap->by_id(e->post.translation->id);
        if (!other || !other->post.visible_at(q.now_ms)) continue;
        e = other;
        snippet = render::html_escape(other->post.excerpt);
      }
      if (!shown.insert(e->post.id).second) continue;
      auto card = posts::card_json(e->post);
      card["snippet"] = snippet;
      results.push_back(std::move(card));
    }
    boost::json::object body{{"results", std::move(results)},
                             {"total", found.total_estimate},
                             {"suggestion", found.suggestion},
                             {"query", text}};
    auto res = http::response::json(200, body);
    res.set("Cache-Control", "no-cache");
    return res;
  });

  // Category pages list from the index (a boolean filter, newest first); the cursor is an offset.
  r.get("/api/categories/{category}", [&ctx](http::request& req) {
    search::query q;
    q.category = domain::trim(req.param("category"));
    q.language = language_of(req);
    q.now_ms = posts::now_ms();
    q.limit = query_number(req, "limit", readmodel::default_page_size, 1, readmodel::max_page_size);
    auto cursor = req.query("cursor").value_or("");
    if (!cursor.empty()) {
      try {
        std::size_t used = 0;
        q.offset = std::stoul(cursor.substr(1), &used);
        if (cursor[0] != 'o' || used + 1 != cursor.size()) throw std::invalid_argument("cursor");
      } catch (const std::exception&) {
        throw error(400, "Invalid cursor");
      }
    }
    auto found = ctx.search->current()->by_category(q);
    auto snap = ctx.posts.current();
    std::string body = "[";
    std::size_t shown = 0;
    for (const auto& hit : found.hits) {
      const auto* e = snap->by_id(static_cast<int>(hit.id));
      if (!e || !e->post.visible_at(q.now_ms)) continue;
      if (posts::shown_as_counterpart(e->post, q.language, q.now_ms)) continue;  // listed as its Czech version
      if (shown++) body += ',';
      body += e->card;
    }
    body += ']';
    auto res = http::response::json_text(200, std::move(body));
    res.set("Cache-Control", "no-cache");
    if (q.offset + found.hits.size() < found.total_estimate && found.hits.size() == q.limit)
      res.set("X-Next-Cursor", "o" + std::to_string(q.offset + q.limit));
    return res;
  });
}

}  // namespace blog::api
