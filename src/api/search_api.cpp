// GET /api/search (spec §7): ranked full text over the posts a reader may see, with snippets and a
// spelling suggestion; category pages read the same index with a boolean filter.
#include "blog/api/json.hpp"
#include "blog/api/routes.hpp"
#include "blog/domain/text.hpp"
#include "blog/search/index.hpp"

namespace blog::api {
namespace {

constexpr std::size_t default_results = 20;
constexpr std::size_t max_results = 50;
constexpr std::size_t max_query_bytes = 500;

std::string language_of(const http::request& req) {
  return req.query("language").value_or("en") == "cs" ? "cs" : "en";
}

}  // namespace

search_page search_posts(app::context& ctx, std::string_view raw_text, const std::string& language, std::size_t limit,
                         std::size_t offset) {
  auto text = domain::trim(raw_text);
  if (text.size() > max_query_bytes) throw error(400, "The search query is too long");
  search::query q;
  q.text = text;
  q.language = language == "cs" ? "cs" : "en";
  q.now_ms = posts::now_ms();
  q.limit = limit;
  q.offset = offset;
  search::result found;
  if (!text.empty()) found = ctx.search->current()->search(q);
  search_page page;
  page.snap = ctx.posts.current();
  for (const auto& hit : found.hits) {
    const auto* e = page.snap->by_id(static_cast<int>(hit.id));
    if (!e || !e->post.visible_at(q.now_ms)) continue;  // the index may lag a deletion by a moment
    page.hits.emplace_back(&e->post, hit.snippet_html);
  }
  page.total = found.total_estimate;
  page.suggestion = found.suggestion;
  page.query = text;
  return page;
}

boost::json::object search_json(const search_page& page) {
  boost::json::array results;
  for (const auto& [post, snippet] : page.hits) {
    auto card = posts::card_json(*post);
    card["snippet"] = snippet;
    results.push_back(std::move(card));
  }
  return {
      {"results", std::move(results)}, {"total", page.total}, {"suggestion", page.suggestion}, {"query", page.query}};
}

category_page category_posts(app::context& ctx, std::string_view category, const std::string& language,
                             std::size_t limit, std::size_t offset) {
  search::query q;
  q.category = domain::trim(category);
  q.language = language == "cs" ? "cs" : "en";
  q.now_ms = posts::now_ms();
  q.limit = limit;
  q.offset = offset;
  auto found = ctx.search->current()->by_category(q);
  category_page page;
  page.snap = ctx.posts.current();
  for (const auto& hit : found.hits) {
    const auto* e = page.snap->by_id(static_cast<int>(hit.id));
    if (!e || !e->post.visible_at(q.now_ms)) continue;
    page.posts.push_back(e);
  }
  if (q.offset + found.hits.size() < found.total_estimate && found.hits.size() == q.limit)
    page.next_cursor = "o" + std::to_string(q.offset + q.limit);
  return page;
}

void add_search_routes(http::router& r, app::context& ctx) {
  r.get("/api/search", [&ctx](http::request& req) {
    auto page = search_posts(ctx, req.query("q").value_or(""), language_of(req),
                             std::max<std::size_t>(1, query_number(req, "limit", default_results, 0, max_results)),
                             query_number(req, "offset", 0, 0, 10'000));
    auto res = http::response::json(200, search_json(page));
    res.set("Cache-Control", "no-cache");
    return res;
  });

  // Category pages list from the index (a boolean filter, newest first); the cursor is an offset.
  r.get("/api/categories/{category}", [&ctx](http::request& req) {
    auto limit = query_number(req, "limit", readmodel::default_page_size, 1, readmodel::max_page_size);
    std::size_t offset = 0;
    auto cursor = req.query("cursor").value_or("");
    if (!cursor.empty()) {
      try {
        std::size_t used = 0;
        offset = std::stoul(cursor.substr(1), &used);
        if (cursor[0] != 'o' || used + 1 != cursor.size()) throw std::invalid_argument("cursor");
      } catch (const std::exception&) {
        throw error(400, "Invalid cursor");
      }
    }
    auto page = category_posts(ctx, req.param("category"), language_of(req), limit, offset);
    std::string body = "[";
    for (std::size_t i = 0; i < page.posts.size(); ++i) {
      if (i > 0) body += ',';
      body += page.posts[i]->card;
    }
    body += ']';
    auto res = http::response::json_text(200, std::move(body));
    res.set("Cache-Control", "no-cache");
    if (!page.next_cursor.empty()) res.set("X-Next-Cursor", page.next_cursor);
    return res;
  });
}

}  // namespace blog::api
