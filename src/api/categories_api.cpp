// Categories (spec §7): the list, a category's page of posts (from the search index), and creating
// a custom one. The rules are domain/categories.hpp's, the SQL store/categories_store.hpp's.
#include "blog/api/guard.hpp"
#include "blog/api/handlers.hpp"
#include "blog/api/json.hpp"
#include "blog/domain/categories.hpp"
#include "blog/domain/paging.hpp"
#include "blog/domain/text.hpp"
#include "blog/search/index.hpp"
#include "blog/store/categories_store.hpp"

namespace blog::api {
namespace {

// How deep a cursor may page into a category.
constexpr std::size_t max_offset = 10'000;

}  // namespace

// The built-in categories, then custom ones, without case-insensitive duplicates. With PostgreSQL
// away (or the pool full) the custom names last loaded (readmodel::site_cache) still list.
std::vector<std::string> category_names(store::database& db, const readmodel::site_cache& site) {
  std::vector<std::string> custom;
  try {
    custom = store::load_custom_categories(db);
  } catch (const error& e) {
    if (e.kind() != blog::error_kind::unavailable) throw;
    custom = site.current()->custom_categories;
  }
  return domain::merged_category_names(std::move(custom));
}

category_page category_posts(readmodel::read_model& posts, const search::index_store& index, std::string_view category,
                             const std::string& language, std::size_t limit, std::size_t offset) {
  search::query q;
  q.category = domain::trim(category);
  q.language = language == "cs" ? "cs" : "en";
  q.now_ms = posts::now_ms();
  q.limit = limit;
  q.offset = offset;
  auto found = index.current()->by_category(q);
  category_page page;
  page.snap = posts.current();
  for (const auto& hit : found.hits) {
    const auto* e = page.snap->by_id(static_cast<int>(hit.id));
    if (!e || !e->post.visible_at(q.now_ms)) continue;
    if (posts::shown_as_counterpart(e->post, q.language, q.now_ms)) continue;  // listed as its Czech version
    page.posts.push_back(e);
  }
  page.next_cursor = domain::next_offset_cursor(q.offset, q.limit, found.hits.size(), found.total_estimate, max_offset);
  return page;
}

namespace {

struct categories_services {
  sessions callers;
  store::database& db;
  readmodel::site_cache& site;
  readmodel::read_model& posts;
  search::index_store& search;
};

// GET /api/categories: the built-in names, then the custom ones.
http::response list_categories(const categories_services& s, const http::request&) {
  boost::json::array list;
  for (auto& name : category_names(s.db, s.site)) list.emplace_back(name);
  auto res = http::response::json(200, list);
  res.set("Cache-Control", "no-cache");
  return res;
}

// A category's posts from the index (a boolean filter, newest first); the cursor holds an offset.
http::response list_category_posts(const categories_services& s, const http::request& req) {
  auto limit = page_limit(req, readmodel::default_page_size, readmodel::max_page_size);
  auto cursor = req.query("cursor").value_or("");
  std::size_t offset = cursor.empty() ? 0 : domain::parse_offset_cursor(cursor, max_offset);
  auto language = req.query("language").value_or("en") == "cs" ? "cs" : "en";
  auto page = category_posts(s.posts, s.search, req.param("category"), language, limit, offset);
  std::string body = "[";
  for (std::size_t i = 0; i < page.posts.size(); ++i) {
    if (i > 0) body += ',';
    body += page.posts[i]->card();
  }
  body += ']';
  auto res = http::response::json_text(200, std::move(body));
  res.set("Cache-Control", "no-cache");
  if (!page.next_cursor.empty()) res.set("X-Next-Cursor", page.next_cursor);
  return res;
}

// POST /api/categories's body: {name}.
struct category_body {
  std::string name;
};
category_body tag_invoke(boost::json::value_to_tag<category_body>, const boost::json::value& v) {
  return {optional_string(v.as_object(), "name").value_or("")};
}

// Spec §6 gives category creation to approved users (and admins), like writing posts.
http::response create_category(const categories_services& s, const http::request& req) {
  auto user = require_author(s.callers, req);
  auto name = domain::validated_category_name(parse_body<category_body>(req).name);
  domain::check_category_is_new(category_names(s.db, s.site), name);
  auto created = store::insert_category(s.db, name, user.id);
  s.site.reload();  // listed by this node before answering; the others on the NOTIFY
  return http::response::json(201, {{"id", created.id}, {"name", created.name}, {"createdAt", created.created_at}});
}

}  // namespace

category_handlers category_api(api::context& ctx) {
  const categories_services s{{ctx.cfg, ctx.db, ctx.site}, ctx.db, ctx.site, ctx.posts, *ctx.search};
  return {.list = http::on_workers([s](http::request& req) { return list_categories(s, req); }),
          .posts = http::on_workers([s](http::request& req) { return list_category_posts(s, req); }),
          .create = http::on_workers([s](http::request& req) { return create_category(s, req); })};
}

}  // namespace blog::api
