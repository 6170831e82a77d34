// GET /api/site-settings (anyone) and PATCH /api/site-settings (admins).
#include "blog/api/json.hpp"
#include "blog/api/routes.hpp"
#include "blog/store/site_settings_store.hpp"

namespace blog::api {

void add_site_settings_routes(http::router& r, app::context& ctx) {
  r.get("/api/site-settings", [&ctx](http::request&) {
    auto res = ok(store::load_site_settings(ctx.db));
    res.set("Cache-Control", "no-cache");
    return res;
  });
}

}  // namespace blog::api
