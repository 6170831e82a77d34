// Reading posts and categories (spec §7): served from the read model, PostgreSQL untouched.
#include "blog/api/guard.hpp"
#include "blog/api/json.hpp"
#include "blog/api/routes.hpp"
#include "blog/core/text.hpp"
#include "blog/store/posts_store.hpp"

#include <set>

namespace blog::api {
namespace {

readmodel::page_request page_of(const http::request& req) {
  readmodel::page_request page;
  page.language = req.query("language").value_or("en") == "cs" ? "cs" : "en";
  page.limit = query_number(req, "limit", readmodel::default_page_size, 1, readmodel::max_page_size);
  page.cursor = req.query("cursor").value_or("");
  return page;
}

// The signed-in caller as the post rules see them: authors and admins also see their posts that are
// hidden or scheduled (posts::may_see).
std::optional<posts::viewer> viewer_of(app::context& ctx, const http::request& req) {
  auto user = current_user(ctx, req);
  if (!user) return std::nullopt;
  return posts::viewer{user->id, user->is_admin()};
}

}  // namespace

std::vector<std::string> category_names(app::context& ctx) {
  std::vector<std::string> names(posts::builtin_categories.begin(), posts::builtin_categories.end());
  std::set<std::string> seen;
  for (const auto& n : names) seen.insert(core::to_lower_ascii(n));
  std::vector<std::string> custom;
  try {
    custom = store::load_custom_categories(ctx.db);
  } catch (const error& e) {
    // PostgreSQL away (or the pool full): the names last loaded (readmodel::site_cache) still list.
    if (e.kind() != blog::error_kind::unavailable) throw;
    custom = ctx.site.current()->custom_categories;
  }
  for (auto& name : custom)
    if (seen.insert(core::to_lower_ascii(name)).second) names.push_back(std::move(name));
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
        const auto now = posts::now_ms();
        const bool visible = found && found->post.visible_at(now);
        // The prebuilt answer names the counterpart only when every reader may see it; its author
        // and admins also see a draft or scheduled one, below.
        const auto& translation = visible ? found->post.translation : std::nullopt;
        if (visible && (!translation || translation->visible_at(now) || !has_session_cookie(req)))
          return http::response::from_prebuilt(found->page);
        if (!found) throw not_found("Post not found");
        if (!req.on_pool) return http::response::run_on_pool();
        auto who = viewer_of(ctx, req);
        if (!posts::may_see(found->post, who, now)) throw not_found("Post not found");
        if (visible && !posts::may_see(*translation, who, now)) return http::response::from_prebuilt(found->page);
        // Not the shared prebuilt answer: that one may be cached anywhere, a preview nowhere.
        auto res = http::response::json(200, posts::full_json(found->post, who, now));
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
