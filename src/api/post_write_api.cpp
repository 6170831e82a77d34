// Writing posts (spec §7): create, update by id or slug, and the admin's post management.
// Every write waits until the change is in the read model and the search index (read-your-writes).
#include "blog/api/guard.hpp"
#include "blog/api/json.hpp"
#include "blog/api/routes.hpp"
#include "blog/posts/rules.hpp"
#include "blog/store/posts_store.hpp"

#include <algorithm>

namespace blog::api {
namespace {

// A post in any state, or 404. The snapshot outlives the call, so the reference stays valid.
const posts::post& find_any(const readmodel::entry* found) {
  if (!found) throw error(404, "Post not found");
  return found->post;
}

int parse_id(const std::string& text) {
  try {
    std::size_t used = 0;
    int id = std::stoi(text, &used);
    if (used == text.size() && id > 0) return id;
  } catch (const std::exception&) {
  }
  throw error(404, "Post not found");
}

// Permission first, then existence: a visitor who may not write learns nothing about posts.
http::response update(app::context& ctx, http::request& req,
                      const std::function<const readmodel::entry*(const readmodel::snapshot&)>& find) {
  auto user = require_author(ctx, req);
  auto snap = ctx.posts.current();
  const auto& current = find_any(find(*snap));
  if (!user.is_admin() && (!current.author_id || *current.author_id != user.id))
    throw error(403, "You can only edit your own posts");
  auto next = posts::post_from_update(current, parse_object(req));
  if (!store::update_post(ctx.db, next)) throw error(404, "Post not found");
  ctx.follower->catch_up();
  return http::response::json(200, {{"id", next.id}, {"slug", next.slug}});
}

http::response admin_change(app::context& ctx, http::request& req,
                             const std::function<boost::json::object(posts::post&)>& change) {
  require_admin(ctx, req);
  auto snap = ctx.posts.current();
  auto post = find_any(snap->by_id(parse_id(req.param("id"))));
  auto reply = change(post);
  if (!store::update_post(ctx.db, post)) throw error(404, "Post not found");
  ctx.follower->catch_up();
  reply["post"] = posts::card_json(post);
  return http::response::json(200, reply);
}

}  // namespace

void add_post_write_routes(http::router& r, app::context& ctx) {
  r.post("/api/posts", [&ctx](http::request& req) {
    auto user = require_author(ctx, req);
    auto post = posts::post_from_create(parse_object(req), posts::now_ms());
    post.author_id = user.id;
    post.id = store::insert_post(ctx.db, post);
    ctx.follower->catch_up();
    return http::response::json(201, {{"id", post.id}, {"slug", post.slug}});
  }, http::runs_on::pool, http::access::author);

  r.put("/api/posts/id/{id}", [&ctx](http::request& req) {
    return update(ctx, req, [&](const readmodel::snapshot& snap) { return snap.by_id(parse_id(req.param("id"))); });
  }, http::runs_on::pool, http::access::author);

  r.put("/api/posts/{slug}", [&ctx](http::request& req) {
    return update(ctx, req, [&](const readmodel::snapshot& snap) { return snap.by_slug(req.param("slug")); });
  }, http::runs_on::pool, http::access::author);

  r.get("/api/admin/posts", [&ctx](http::request& req) {
    require_admin(ctx, req);
    auto snap = ctx.posts.current();
    std::vector<const readmodel::entry*> all;
    for (const auto& [id, e] : snap->entries()) all.push_back(e.get());
    std::sort(all.begin(), all.end(), [](const auto* a, const auto* b) {
      return a->post.published_at_ms != b->post.published_at_ms ? a->post.published_at_ms > b->post.published_at_ms
                                                                : a->post.id > b->post.id;
    });
    std::string body = "[";
    for (std::size_t i = 0; i < all.size(); ++i) body += (i ? "," : "") + all[i]->card;
    body += "]";
    auto res = http::response::json_text(200, std::move(body));
    return no_store(res);
  }, http::runs_on::pool, http::access::admin);

  r.patch("/api/admin/posts/{id}/update-date", [&ctx](http::request& req) {
    return admin_change(ctx, req, [&](posts::post& p) {
      auto when = posts::parse_iso_time(optional_string(parse_object(req), "publishedAt").value_or(""));
      if (!when) throw validation_error({{"publishedAt", "Please pick a valid date and time"}});
      p.published_at_ms = *when;
      return boost::json::object{{"message", "Date updated"}};
    });
  }, http::runs_on::pool, http::access::admin);

  r.patch("/api/admin/posts/{id}/toggle-published", [&ctx](http::request& req) {
    return admin_change(ctx, req, [](posts::post& p) {
      p.published = !p.published;
      return boost::json::object{
          {"published", p.published},
          {"message", p.published ? "Post published successfully" : "Post unpublished successfully"}};
    });
  }, http::runs_on::pool, http::access::admin);

  r.del("/api/admin/posts/{id}", [&ctx](http::request& req) {
    require_admin(ctx, req);
    if (!store::delete_post(ctx.db, parse_id(req.param("id")))) throw error(404, "Post not found");
    ctx.follower->catch_up();
    return http::response::json(200, {{"message", "Post deleted"}});
  }, http::runs_on::pool, http::access::admin);
}

}  // namespace blog::api
