// GET /healthz (the process answers) and GET /readyz (database reachable, migrations applied).
#include "blog/api/handlers.hpp"
#include "blog/store/migrations.hpp"

namespace blog::api {
namespace {

struct health_services {
  store::database& db;
  readmodel::change_follower& follower;
};

http::response unavailable_because(const char* why) {
  return http::response::json(503, {{"status", "unavailable"}, {"message", why}});
}

http::response alive(const http::request&) {
  return http::response::json(200, {{"status", "ok"}});
}

// Ready: the database answers, every migration is applied, and the node follows the change log.
http::response ready(const health_services& s, const http::request&) {
  if (!s.db.ping()) return unavailable_because("database not reachable");
  // Connected again, but not yet listening and caught up: the node would still show old posts.
  if (!s.follower.following()) return unavailable_because("not following the change log yet");
  try {
    if (!store::pending_migrations(s.db).empty()) return unavailable_because("migrations pending");
  } catch (const std::exception& e) {
    return unavailable_because(e.what());
  }
  return http::response::json(200, {{"status", "ready"}});
}

}  // namespace

health_handlers health_api(api::context& ctx) {
  const health_services s{ctx.db, *ctx.follower};
  return {.alive = http::at_once(alive), .ready = http::on_workers([s](http::request& req) { return ready(s, req); })};
}

}  // namespace blog::api
