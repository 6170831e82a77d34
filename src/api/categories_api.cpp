// Categories (spec §7): the list, a category's page of posts (from the search index), and creating
// a custom one. The rules are domain/categories.hpp's, the SQL store/categories_store.hpp's.
#include "blog/api/guard.hpp"
#include "blog/api/json.hpp"
#include "blog/api/routes.hpp"
#include "blog/domain/categories.hpp"
#include "blog/domain/text.hpp"
#include "blog/search/index.hpp"
#include "blog/store/categories_store.hpp"

namespace blog::api {
namespace {

// The built-in categories, then custom ones, without case-insensitive duplicates. With PostgreSQL
// away (or the pool full) the custom names last loaded (readmodel::site_cache) still list.
std::vector<std::string> category_names(app::context& ctx) {
  std::vector<std::string> custom;
  try {
    custom = store::load_custom_categories(ctx.db);
  } catch (const error& e) {
    if (e.kind() != blog::error_kind::unavailable) throw;
    custom = ctx.site.current()->custom_categories;
  }
  return domain::merged_category_names(std::move(custom));
}

http::response list_categories(app::context& ctx) {
  boost::json::array list;
  for (auto& name : category_names(ctx)) list.emplace_back(name);
  auto res = http::response::json(200, list);
  res.set("Cache-Control", "no-cache");
  return res;
}

// A category's posts from the index (a boolean filter, newest first); the cursor is an offset.
http::response category_posts(app::context& ctx, const http::request& req) {
  search::query q;
  q.category = domain::trim(req.param("category"));
  q.language = req.query("language").value_or("en") == "cs" ? "cs" : "en";
  q.now_ms = posts::now_ms();
  q.limit = query_number(req, "limit", readmodel::default_page_size, 1, readmodel::max_page_size);
  auto cursor = req.query("cursor").value_or("");
  if (!cursor.empty()) {
    try {
      std::size_t used = 0;
      q.offset = std::stoul(cursor.substr(1), &used);
      if (cursor[0] != 'o' || used + 1 != cursor.size()) throw std::invalid_argument("cursor");
    } catch (const std::exception&) {
      throw invalid("Invalid cursor");
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
}

// Spec §6 gives category creation to approved users (and admins), like writing posts.
http::response create_category(app::context& ctx, const http::request& req) {
  auto user = require_author(ctx, req);
  auto body = parse_object(req);
  auto name = domain::validated_category_name(optional_string(body, "name").value_or(""));
  domain::check_category_is_new(category_names(ctx), name);
  auto created = store::insert_category(ctx.db, name, user.id);
  ctx.site.reload();  // listed by this node before answering; the others on the NOTIFY
  return http::response::json(201, {{"id", created.id}, {"name", created.name}, {"createdAt", created.created_at}});
}

}  // namespace

void add_category_routes(http::router& r, app::context& ctx) {
  r.get("/api/categories", [&ctx](http::request&) { return list_categories(ctx); });
  r.get("/api/categories/{category}", [&ctx](http::request& req) { return category_posts(ctx, req); });
  r.post(
      "/api/categories", [&ctx](http::request& req) { return create_category(ctx, req); }, http::runs_on::pool,
      http::access::author);
}

}  // namespace blog::api
