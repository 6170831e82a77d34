// GET /healthz (the process answers) and GET /readyz (database reachable, migrations applied).
#include "blog/api/routes.hpp"

#include "blog/store/migrations.hpp"

namespace blog::api {

void add_health_routes(http::router& r, api::context& ctx) {
  r.get(
      "/healthz",
      [](http::request&) {
        return http::response::json(200, {{"status", "ok"}});
      },
      http::runs_on::io);
  r.get("/readyz", [&ctx](http::request&) {
    if (!ctx.db.ping())
      return http::response::json(503, {{"status", "unavailable"}, {"message", "database not reachable"}});
    // Connected again, but not yet listening and caught up: the node would still show old posts.
    if (!ctx.follower->following())
      return http::response::json(503, {{"status", "unavailable"}, {"message", "not following the change log yet"}});
    try {
      auto pending = store::pending_migrations(ctx.db);
      if (!pending.empty())
        return http::response::json(503, {{"status", "unavailable"}, {"message", "migrations pending"}});
    } catch (const std::exception& e) {
      return http::response::json(503, {{"status", "unavailable"}, {"message", e.what()}});
    }
    return http::response::json(200, {{"status", "ready"}});
  });
}

}  // namespace blog::api
