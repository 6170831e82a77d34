// GET /api/site-settings (anyone) and PATCH /api/site-settings (admins).
#include "blog/api/guard.hpp"
#include "blog/api/handlers.hpp"
#include "blog/api/json.hpp"
#include "blog/api/settings_request.hpp"
#include "blog/store/site_settings_store.hpp"

namespace blog::domain {

settings_patch tag_invoke(const boost::json::value_to_tag<settings_patch>&, const boost::json::value& v) {
  const auto& o = v.as_object();
  settings_patch patch;
  auto text = [&](const char* name, std::optional<std::string> settings_patch::*field) {
    const auto* given = o.if_contains(name);
    if (!given) return;
    if (given->is_string())
      patch.*field = std::string(given->as_string());
    else
      patch.problems[name] = std::string(name) + " must be text";
  };
  auto flag = [&](const char* name, std::optional<bool> settings_patch::*field) {
    const auto* given = o.if_contains(name);
    if (!given) return;
    if (given->is_bool())
      patch.*field = given->as_bool();
    else
      patch.problems[name] = std::string(name) + " must be true or false";
  };
  text("siteTitle", &settings_patch::site_title);
  text("siteDescription", &settings_patch::site_description);
  text("heroBackgroundColor", &settings_patch::hero_background_color);
  text("titleColor", &settings_patch::title_color);
  text("subtitleColor", &settings_patch::subtitle_color);
  text("heroImage", &settings_patch::hero_image);
  text("heroImageWidth", &settings_patch::hero_image_width);
  text("heroImageHeight", &settings_patch::hero_image_height);
  text("heroBadgeEn", &settings_patch::hero_badge_en);
  text("heroBadgeCs", &settings_patch::hero_badge_cs);
  text("heroTitleEn", &settings_patch::hero_title_en);
  text("heroTitleCs", &settings_patch::hero_title_cs);
  text("heroDescriptionEn", &settings_patch::hero_description_en);
  text("heroDescriptionCs", &settings_patch::hero_description_cs);
  flag("imageOnRight", &settings_patch::image_on_right);
  flag("aiForAuthors", &settings_patch::ai_for_authors);
  flag("analyticsEnabled", &settings_patch::analytics_enabled);
  flag("requireTwoFactorForAdmins", &settings_patch::require_two_factor_for_admins);
  flag("requireTwoFactorForAuthors", &settings_patch::require_two_factor_for_authors);
  return patch;
}

}  // namespace blog::domain

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
  const auto patch = parse_body<domain::settings_patch>(req);
  auto updated = domain::apply_settings_patch(store::load_site_settings(s.db), patch);
  auto saved = store::save_site_settings(s.db, updated, admin.id);
  s.site.reload();  // this node shows it before answering; the others on the NOTIFY
  return ok(saved);
}

}  // namespace

site_settings_handlers site_settings_api(api::context& ctx) {
  const site_settings_services s{{ctx.cfg, ctx.db, ctx.site}, ctx.db, ctx.site};
  return {.read = http::on_workers([s](http::request& req) { return read_settings(s, req); }),
          .update = http::on_workers([s](http::request& req) { return update_settings(s, req); })};
}

}  // namespace blog::api
