// Views (issue 26): the app's beacon POST /api/views, the admin's GET /api/admin/analytics, the
// views of posts for My posts, Manage Posts and the editor, and GET /api/posts/popular.
#include "blog/api/guard.hpp"
#include "blog/api/handlers.hpp"
#include "blog/api/json.hpp"
#include "blog/api/view_counter.hpp"
#include "blog/domain/render/labels.hpp"
#include "blog/store/analytics_store.hpp"

#include <spdlog/spdlog.h>

namespace blog::api {
namespace {

constexpr std::size_t top_entries = 10;

int days_of(const http::request& req, std::initializer_list<const char*> allowed, const char* fallback,
            const char* message) {
  const auto days = req.query("days").value_or(fallback);
  for (const char* a : allowed)
    if (days == a) return std::stoi(days);
  throw validation_error({{"days", message}});
}

boost::json::array named(const std::vector<store::named_views>& list, const char* name) {
  boost::json::array out;
  for (const auto& v : list) out.push_back({{name, v.name}, {"views", v.views}});
  return out;
}

boost::json::array day_list(const std::vector<store::day_views>& days, bool visitors) {
  boost::json::array out;
  for (const auto& d : days) {
    boost::json::object o{{"date", d.date}, {"views", d.views}};
    if (visitors) o["visitors"] = d.visitors;
    out.push_back(std::move(o));
  }
  return out;
}

// POST /api/views's body: {path}, nullopt when absent.
struct beacon_body {
  std::optional<std::string> path;
};
beacon_body tag_invoke(boost::json::value_to_tag<beacon_body>, const boost::json::value& v) {
  return {optional_string(v.as_object(), "path")};
}

// POST /api/views {path}: an app navigation the server did not render. Answers 204 whether or
// not it counted, so a page learns nothing about the rules from it.
boost::asio::awaitable<http::response> beacon(api::context& ctx, http::request& req) {
  auto path = parse_body<beacon_body>(req).path;
  if (!path || path->empty() || path->size() > 2048 || path->front() != '/')
    throw validation_error({{"path", "path must be a path of this site"}});
  // Whether the reader wrote the post takes a session lookup, which blocks.
  if (has_session_cookie(req))
    co_await req.workers->run([&] { count_view(ctx, req, *path, {}); });
  else
    count_view(ctx, req, *path, {});
  co_return http::response::no_content();
}

// GET /api/admin/analytics?days=7|30|90.
http::response report(api::context& ctx, const http::request& req) {
  require_admin({ctx.cfg, ctx.db, ctx.site}, req);
  const int days = days_of(req, {"7", "30", "90"}, "30", "Days must be 7, 30 or 90");
  ctx.views->flush();  // what was read a moment ago counts too
  const auto r = store::load_analytics(ctx.db, ctx.views->today(), days, top_entries);
  std::int64_t views = 0;
  std::int64_t visitors = 0;
  for (const auto& d : r.days) {
    views += d.views;
    visitors += d.visitors;
  }
  boost::json::array posts;
  for (const auto& p : r.posts)
    posts.push_back({{"id", p.id}, {"slug", p.slug}, {"title", p.title}, {"language", p.language}, {"views", p.views}});
  boost::json::object body{
      {"days", day_list(r.days, true)},
      {"totals", {{"views", views}, {"visitors", visitors}}},
      {"posts", std::move(posts)},
      {"referrers", named(r.referrers, "domain")},
      {"languages",
       {{"posts", named(r.post_languages, "language")}, {"interface", named(r.interface_languages, "language")}}},
      {"enabled", ctx.site.current()->settings.analytics_enabled}};
  auto res = http::response::json(200, body);
  return no_store(res);
}

// GET /api/post-views?days=30: views per post id over the last days, of the caller's own posts
// (My posts), or of every post for an admin (Manage Posts).
http::response post_views(api::context& ctx, const http::request& req) {
  auto user = require_author({ctx.cfg, ctx.db, ctx.site}, req);
  const int days = days_of(req, {"7", "30", "90"}, "30", "Days must be 7, 30 or 90");
  const bool all = user.is_admin() && req.query("mine").value_or("") != "true";
  auto views =
      store::load_post_views(ctx.db, ctx.views->today(), days, all ? std::nullopt : std::optional<int>(user.id));
  boost::json::object out;
  for (const auto& [id, n] : views) out[std::to_string(id)] = n;
  auto res = http::response::json(200, boost::json::object{{"days", days}, {"views", std::move(out)}});
  return no_store(res);
}

// GET /api/posts/id/{id}/views: one post's last 30 days, for its editor (who may edit it).
http::response one_post_views(api::context& ctx, const http::request& req) {
  auto user = require_author({ctx.cfg, ctx.db, ctx.site}, req);
  const int id = id_param(req, "id", "Post not found");
  auto mine = store::load_post_views(ctx.db, ctx.views->today(), 3650,
                                     user.is_admin() ? std::nullopt : std::optional<int>(user.id));
  auto snap = ctx.posts.current();
  const auto* e = snap->by_id(id);
  const bool may = user.is_admin() || (e && e->post.author_id == user.id) || mine.contains(id);
  if (!may) throw not_found("Post not found");
  auto days = store::load_post_days(ctx.db, id, ctx.views->today(), 30);
  std::int64_t total = 0;
  for (const auto& d : days) total += d.views;
  auto res = http::response::json(200, boost::json::object{{"days", day_list(days, false)}, {"views", total}});
  return no_store(res);
}

// GET /api/posts/popular?language=en|cs: up to four cards, from memory.
http::response popular(api::context& ctx, const http::request& req) {
  const std::string language = req.query("language").value_or("en") == "cs" ? "cs" : "en";
  auto snap = ctx.posts.current();
  std::string body = "[";
  for (const auto* e : popular_entries(ctx, *snap, language)) {
    if (body.size() > 1) body += ',';
    body += e->card();
  }
  body += ']';
  auto res = http::response::json_text(200, std::move(body));
  res.set("Cache-Control", "no-cache");
  return res;
}

}  // namespace

void count_view(api::context& ctx, const http::request& req, std::string_view path, std::string referrer) {
  if (!ctx.views || !ctx.site.current()->settings.analytics_enabled || declines_counting(req)) return;
  auto snap = ctx.posts.current();
  auto page = countable_page(*snap, path);
  if (!page) return;
  if (page->author_id && has_session_cookie(req)) {
    // Staff reading their own post is no reader's view.
    try {
      auto user = current_user({ctx.cfg, ctx.db, ctx.site}, req);
      if (user && user->id == *page->author_id) return;
    } catch (const std::exception& e) {
      spdlog::debug("view of {} not counted: {}", path, e.what());
      return;
    }
  }
  ctx.views->count({.page = std::move(*page),
                    .address = req.remote_address,
                    .user_agent = req.header("user-agent"),
                    .referrer = std::move(referrer),
                    .interface_language = std::string(render::labels_for(req.cookie("language")).language)});
}

std::vector<const readmodel::entry*> popular_entries(api::context& ctx, const readmodel::snapshot& snap,
                                                     std::string_view language, std::size_t max) {
  std::vector<const readmodel::entry*> out;
  if (!ctx.views) return out;
  const auto now = posts::now_ms();
  for (int id : ctx.views->popular()->post_ids) {
    const auto* e = snap.by_id(id);
    if (!e || e->post.language != language || !e->post.visible_at(now)) continue;
    out.push_back(e);
    if (out.size() == max) break;
  }
  return out;
}

analytics_handlers analytics_api(api::context& ctx) {
  auto* c = &ctx;
  return {.beacon = [c](http::request& req) { return beacon(*c, req); },
          .report = http::on_workers([c](http::request& req) { return report(*c, req); }),
          .post_views = http::on_workers([c](http::request& req) { return post_views(*c, req); }),
          .one_post_views = http::on_workers([c](http::request& req) { return one_post_views(*c, req); }),
          .popular = http::at_once([c](http::request& req) { return popular(*c, req); })};
}

}  // namespace blog::api
