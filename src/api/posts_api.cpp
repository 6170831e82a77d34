// Reading posts and categories (spec §7): served from the read model, PostgreSQL untouched.
#include "blog/api/guard.hpp"
#include "blog/api/json.hpp"
#include "blog/api/routes.hpp"
#include "blog/domain/text.hpp"
#include "blog/store/posts_store.hpp"

#include <set>

namespace blog::api {
namespace {

readmodel::page_request page_of(const http::request& req) {
  readmodel::page_request page;
  page.language = req.query("language").value_or("en") == "cs" ? "cs" : "en";
  page.limit = query_number(req, "limit", readmodel::default_page_size, 1, readmodel::max_page_size);
  page.cursor = req.query("cursor").value_or("");
  page.accept_encoding = req.header("accept-encoding");
  return page;
}

// Authors and admins also see their posts that are hidden or scheduled (posts::may_see).
bool may_preview(app::context& ctx, const http::request& req, const posts::post& p) {
  auto user = current_user(ctx, req);
  std::optional<posts::viewer> who;
  if (user) who = posts::viewer{user->id, user->is_admin()};
  return posts::may_see(p, who, posts::now_ms());
}

}  // namespace

std::vector<std::string> category_names(app::context& ctx) {
  std::vector<std::string> names(posts::builtin_categories.begin(), posts::builtin_categories.end());
  std::set<std::string> seen;
  for (const auto& n : names) seen.insert(domain::to_lower_ascii(n));
  for (auto& custom : store::load_custom_categories(ctx.db))
    if (seen.insert(domain::to_lower_ascii(custom)).second) names.push_back(std::move(custom));
  return names;
}

void add_post_read_routes(http::router& r, app::context& ctx) {
  r.get(
      "/api/posts", [&ctx](http::request& req) { return ctx.posts.current()->list(page_of(req)); }, http::runs_on::io);

  r.get(
      "/api/posts/{slug}",
      [&ctx](http::request& req) {
        auto snap = ctx.posts.current();
        const auto* found = snap->by_slug(req.param("slug"));
        bool visible = found && found->post.visible_at(posts::now_ms());
        // The page is compressed once; a client accepting no compression gets it decompressed.
        if (auto page = visible ? found->page() : nullptr)
          return http::response::from_prebuilt(page->for_encoding(req.header("accept-encoding")));
        if (!found) throw error(404, "Post not found");
        // A body not loaded yet (just after a start) comes from PostgreSQL, on the pool.
        if (!req.on_pool) return http::response::run_on_pool();
        auto whole = ctx.follower->full_post(*found);
        if (!whole) throw error(404, "Post not found");
        if (visible) {
          if (auto page = found->page())
            return http::response::from_prebuilt(page->for_encoding(req.header("accept-encoding")));
          return http::response::json(200, posts::full_json(*whole));
        }
        if (!may_preview(ctx, req, *whole)) throw error(404, "Post not found");
        // Not the shared prebuilt answer: that one may be cached anywhere, a preview nowhere.
        auto res = http::response::json(200, posts::full_json(*whole));
        res.set("Cache-Control", "private, no-store");
        return res;
      },
      http::runs_on::io);

  r.get("/api/categories", [&ctx](http::request&) {
    boost::json::array list;
    for (auto& name : category_names(ctx)) list.emplace_back(name);
    auto res = http::response::json(200, list);
    res.set("Cache-Control", "no-cache");
    return res;
  });
}

}  // namespace blog::api
