// The route table (spec §7): one line per route, read top to bottom. The server checks `who` and
// `body` from the matched line before it reads a body (http/server.cpp), so a handler only ever
// sees callers and bodies its line accepts; it still checks the caller's rights itself (api/guard).
// Order matters only where two patterns are equally literal: the first line wins.
#include "blog/app/routes.hpp"

#include "blog/api/handlers.hpp"
#include "blog/app/export_route.hpp"

namespace blog::app {

// Each line names only the fields it sets; GCC 12 warns of the others even though they have
// default initializers (its -Wmissing-field-initializers treats designated initializers as positional).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
http::router route_table(api::context& ctx) {
  using enum http::access;
  using enum http::body_kind;
  const auto health = api::health_api(ctx);
  const auto settings = api::site_settings_api(ctx);
  const auto auth = api::auth_api(ctx);
  const auto users = api::admin_users_api(ctx);
  const auto security = api::account_security_api(ctx);
  const auto reading = api::post_read_api(ctx);
  const auto feeds = api::feed_api(ctx);
  const auto search = api::search_api(ctx);
  const auto writing = api::post_write_api(ctx);
  const auto uploads = api::upload_api(ctx);
  const auto categories = api::category_api(ctx);
  const auto ai = api::ai_api(ctx);
  const auto glossary = api::glossary_api(ctx);
  const auto desk = api::author_desk_api(ctx);
  const auto analytics = api::analytics_api(ctx);
  const auto newsletter = api::newsletter_api(ctx);
  const auto newsletter_admin = api::newsletter_admin_api(ctx);
  const auto redirects = api::redirect_api(ctx);
  const auto imports = api::import_api(ctx);

  // A table reads best with one route per line (two for the longest), as clang-format would not keep it.
  // clang-format off
  const std::vector<http::route> table{
      // Health
      {.method = "GET", .pattern = "/healthz", .who = anyone, .body = none, .handle = health.alive},
      {.method = "GET", .pattern = "/readyz", .who = anyone, .body = none, .handle = health.ready},
      // Site settings
      {.method = "GET", .pattern = "/api/site-settings", .who = anyone, .body = none, .handle = settings.read},
      {.method = "PATCH", .pattern = "/api/site-settings", .who = admin, .body = json, .handle = settings.update},
      // Accounts
      {.method = "POST", .pattern = "/api/register", .who = anyone, .body = json, .handle = auth.register_account},
      {.method = "POST", .pattern = "/api/login", .who = anyone, .body = json, .handle = auth.login},
      {.method = "POST", .pattern = "/api/logout", .who = anyone, .body = json, .handle = auth.logout},
      {.method = "GET", .pattern = "/api/user", .who = anyone, .body = none, .handle = auth.current_account},
      {.method = "POST", .pattern = "/api/verify-email", .who = anyone, .body = json, .handle = auth.verify_email},
      {.method = "POST", .pattern = "/api/forgot-password", .who = anyone, .body = json, .handle = auth.forgot_password},
      {.method = "POST", .pattern = "/api/reset-password", .who = anyone, .body = json, .handle = auth.reset_password},
      {.method = "POST", .pattern = "/api/user/password", .who = signed_in, .body = json, .handle = auth.change_password},
      {.method = "GET", .pattern = "/api/admin/users", .who = admin, .body = none, .handle = users.list},
      {.method = "PATCH", .pattern = "/api/admin/users/{userId}/approval", .who = admin, .body = json,
       .handle = users.set_approval},
      // Two-factor sign-in and sessions
      {.method = "POST", .pattern = "/api/user/2fa/setup", .who = signed_in, .body = json,
       .handle = security.setup_two_factor},
      {.method = "POST", .pattern = "/api/user/2fa/enable", .who = signed_in, .body = json,
       .handle = security.enable_two_factor},
      {.method = "POST", .pattern = "/api/user/2fa/disable", .who = signed_in, .body = json,
       .handle = security.disable_two_factor},
      {.method = "GET", .pattern = "/api/user/sessions", .who = signed_in, .body = none,
       .handle = security.list_sessions},
      {.method = "DELETE", .pattern = "/api/user/sessions/{sessionId}", .who = signed_in, .body = none,
       .handle = security.end_session},
      {.method = "POST", .pattern = "/api/user/sessions/revoke-others", .who = signed_in, .body = json,
       .handle = security.end_other_sessions},
      {.method = "DELETE", .pattern = "/api/admin/users/{userId}/sessions", .who = admin, .body = none,
       .handle = security.end_sessions_of_user},
      // Reading
      {.method = "GET", .pattern = "/api/posts", .who = anyone, .body = none, .handle = reading.list},
      {.method = "GET", .pattern = "/api/posts/{slug}", .who = anyone, .body = none, .handle = reading.read},
      {.method = "GET", .pattern = "/robots.txt", .who = anyone, .body = none, .handle = feeds.robots},
      {.method = "GET", .pattern = "/sitemap.xml", .who = anyone, .body = none, .handle = feeds.sitemap},
      {.method = "GET", .pattern = "/rss.xml", .who = anyone, .body = none, .handle = feeds.rss},
      {.method = "GET", .pattern = "/api/search", .who = anyone, .body = none, .handle = search.search},
      {.method = "GET", .pattern = "/api/admin/search-stats", .who = admin, .body = none, .handle = search.stats},
      {.method = "GET", .pattern = "/api/posts/{slug}/related", .who = anyone, .body = none, .handle = search.related},
      // Writing
      {.method = "POST", .pattern = "/api/posts", .who = author, .body = json, .handle = writing.create},
      {.method = "PUT", .pattern = "/api/posts/id/{id}", .who = author, .body = json, .handle = writing.update_by_id},
      {.method = "PUT", .pattern = "/api/posts/{slug}", .who = author, .body = json, .handle = writing.update_by_slug},
      {.method = "GET", .pattern = "/api/admin/posts", .who = admin, .body = none, .handle = writing.admin_list},
      {.method = "PATCH", .pattern = "/api/admin/posts/{id}/update-date", .who = admin, .body = json,
       .handle = writing.update_date},
      {.method = "PATCH", .pattern = "/api/admin/posts/{id}/toggle-published", .who = admin, .body = json,
       .handle = writing.toggle_published},
      {.method = "DELETE", .pattern = "/api/admin/posts/{id}", .who = admin, .body = none, .handle = writing.remove},
      {.method = "POST", .pattern = "/api/upload", .who = author, .body = multipart, .handle = uploads.upload,
       .max_body = api::max_upload_body, .body_too_large = uploads::too_large_message},
      {.method = "GET", .pattern = "/uploads/{file}", .who = anyone, .body = none, .handle = uploads.serve},
      {.method = "GET", .pattern = "/api/categories", .who = anyone, .body = none, .handle = categories.list},
      {.method = "GET", .pattern = "/api/categories/{category}", .who = anyone, .body = none,
       .handle = categories.posts},
      {.method = "POST", .pattern = "/api/categories", .who = author, .body = json, .handle = categories.create},
      {.method = "POST", .pattern = "/api/ai/generate", .who = admin, .body = json, .handle = ai.generate},
      {.method = "POST", .pattern = "/api/ai/translate", .who = author, .body = json, .handle = ai.translate},
      {.method = "GET", .pattern = "/api/admin/glossary", .who = admin, .body = none, .handle = glossary.read},
      {.method = "PUT", .pattern = "/api/admin/glossary", .who = admin, .body = json, .handle = glossary.replace},
      {.method = "GET", .pattern = "/api/user/posts", .who = signed_in, .body = none, .handle = desk.own_posts},
      {.method = "GET", .pattern = "/api/posts/{id}/revisions", .who = author, .body = none, .handle = desk.revisions},
      {.method = "POST", .pattern = "/api/preview", .who = author, .body = json, .handle = desk.preview},
      // Analytics
      {.method = "POST", .pattern = "/api/views", .who = anyone, .body = json, .handle = analytics.beacon},
      {.method = "GET", .pattern = "/api/admin/analytics", .who = admin, .body = none, .handle = analytics.report},
      {.method = "GET", .pattern = "/api/post-views", .who = author, .body = none, .handle = analytics.post_views},
      {.method = "GET", .pattern = "/api/posts/id/{id}/views", .who = author, .body = none,
       .handle = analytics.one_post_views},
      {.method = "GET", .pattern = "/api/posts/popular", .who = anyone, .body = none, .handle = analytics.popular},
      // Newsletter
      {.method = "POST", .pattern = "/api/newsletter/subscribe", .who = anyone, .body = json,
       .handle = newsletter.subscribe},
      {.method = "POST", .pattern = "/api/newsletter/confirm", .who = anyone, .body = json,
       .handle = newsletter.confirm},
      {.method = "POST", .pattern = "/api/newsletter/unsubscribe", .who = anyone, .body = json,
       .handle = newsletter.unsubscribe},
      // RFC 8058's one click, posted by mail providers from their own sites: its URL is its credential.
      {.method = "POST", .pattern = "/newsletter/unsubscribe", .who = anyone, .body = form,
       .handle = newsletter.one_click_unsubscribe, .any_site = true},
      {.method = "GET", .pattern = "/newsletter/unsubscribe", .who = anyone, .body = none,
       .handle = newsletter.unsubscribe_page},
      {.method = "GET", .pattern = "/api/posts/id/{id}/newsletter", .who = author, .body = none,
       .handle = newsletter.post_newsletter},
      {.method = "POST", .pattern = "/api/admin/newsletter/posts/{id}/send", .who = admin, .body = json,
       .handle = newsletter.send_post},
      {.method = "GET", .pattern = "/api/admin/newsletter/subscribers", .who = admin, .body = none,
       .handle = newsletter_admin.subscribers},
      {.method = "GET", .pattern = "/api/admin/newsletter/subscribers.csv", .who = admin, .body = none,
       .handle = newsletter_admin.subscribers_csv},
      {.method = "DELETE", .pattern = "/api/admin/newsletter/subscribers/{id}", .who = admin, .body = none,
       .handle = newsletter_admin.remove_subscriber},
      {.method = "GET", .pattern = "/api/admin/newsletter/posts", .who = admin, .body = none,
       .handle = newsletter_admin.posts},
      {.method = "GET", .pattern = "/api/admin/newsletter/posts/{id}", .who = admin, .body = none,
       .handle = newsletter_admin.post_mails},
      {.method = "GET", .pattern = "/api/user/newsletter", .who = signed_in, .body = none,
       .handle = newsletter_admin.own},
      {.method = "POST", .pattern = "/api/user/newsletter", .who = signed_in, .body = json,
       .handle = newsletter_admin.subscribe_own},
      {.method = "DELETE", .pattern = "/api/user/newsletter", .who = signed_in, .body = none,
       .handle = newsletter_admin.unsubscribe_own},
      // Moving in and out
      {.method = "GET", .pattern = "/api/admin/redirects", .who = admin, .body = none, .handle = redirects.list},
      {.method = "DELETE", .pattern = "/api/admin/redirects", .who = admin, .body = none, .handle = redirects.remove},
      {.method = "POST", .pattern = "/api/admin/import", .who = admin, .body = multipart, .handle = imports.start,
       .max_body = api::max_import_body, .body_too_large = api::import_too_large},
      {.method = "GET", .pattern = "/api/admin/import/{id}", .who = admin, .body = none, .handle = imports.status},
      {.method = "GET", .pattern = "/api/admin/export", .who = admin, .body = none, .handle = export_handler(ctx)},
  };
  // clang-format on
  http::router routes;
  for (const auto& route : table) routes.add(route);
  return routes;
}
#pragma GCC diagnostic pop

}  // namespace blog::app
