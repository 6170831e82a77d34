// GET /api/site-settings (anyone) and PATCH /api/site-settings (admins).
#include "blog/api/guard.hpp"
#include "blog/api/json.hpp"
#include "blog/api/routes.hpp"
#include "blog/store/site_settings_store.hpp"

namespace blog::api {
namespace {

struct site_settings_services {
  sessions callers;
  store::database& db;
  readmodel::site_cache& site;
};

// GET /api/site-settings: from memory (readmodel::site_cache), so it answers with PostgreSQL away.
http::response read_settings(const site_settings_services& s, const http::request&) {
  auto res = ok(s.site.current()->settings);
  res.set("Cache-Control", "no-cache");
  return res;
}

// PATCH /api/site-settings: the fields given, validated (domain::apply_settings_patch).
http::response update_settings(const site_settings_services& s, const http::request& req) {
  auto admin = require_admin(s.callers, req);
  auto patch = parse_object(req);
  auto updated = domain::apply_settings_patch(store::load_site_settings(s.db), patch);
  auto saved = store::save_site_settings(s.db, updated, admin.id);
  s.site.reload();  // this node shows it before answering; the others on the NOTIFY
  return ok(saved);
}

}  // namespace

void add_site_settings_routes(http::router& r, api::context& ctx) {
  const site_settings_services s{{ctx.cfg, ctx.db, ctx.site}, ctx.db, ctx.site};
  r.get("/api/site-settings", http::on_workers([s](http::request& req) { return read_settings(s, req); }));
  r.patch("/api/site-settings", http::on_workers([s](http::request& req) { return update_settings(s, req); }),
          http::access::admin);
}

}  // namespace blog::api
