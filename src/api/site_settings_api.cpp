// GET /api/site-settings (anyone) and PATCH /api/site-settings (admins).
#include "blog/api/guard.hpp"
#include "blog/api/json.hpp"
#include "blog/api/routes.hpp"
#include "blog/store/site_settings_store.hpp"

namespace blog::api {

void add_site_settings_routes(http::router& r, api::context& ctx) {
  r.get("/api/site-settings", [&ctx](http::request&) {
    auto res = ok(ctx.site.current()->settings);
    res.set("Cache-Control", "no-cache");
    return res;
  });
  r.patch(
      "/api/site-settings",
      [&ctx](http::request& req) {
        auto admin = require_admin(ctx, req);
        auto patch = parse_object(req);
        auto updated = domain::apply_settings_patch(store::load_site_settings(ctx.db), patch);
        auto saved = store::save_site_settings(ctx.db, updated, admin.id);
        ctx.site.reload();  // this node shows it before answering; the others on the NOTIFY
        return ok(saved);
      },
      http::runs_on::pool, http::access::admin);
}

}  // namespace blog::api
