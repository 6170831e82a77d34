// Two-factor set-up and the sessions a user (or an admin, for any user) can see and end.
#include "blog/api/guard.hpp"
#include "blog/api/json.hpp"
#include "blog/api/routes.hpp"
#include "blog/auth/secrets.hpp"
#include "blog/auth/two_factor.hpp"
#include "blog/auth/user_agent.hpp"
#include "blog/store/session_store.hpp"
#include "blog/store/user_store.hpp"

namespace blog::api {
namespace {

std::string text(const boost::json::object& body, std::string_view name) {
  return optional_string(body, name).value_or("");
}

struct security_services {
  sessions callers;
  const config& cfg;
  store::database& db;
  readmodel::site_cache& site;  // the site's name is the authenticator app's issuer
};

// POST /api/user/2fa/setup: a new key waiting for its first code.
http::response setup(const security_services& s, const http::request& req) {
  auto u = require_login(s.callers, req);
  auto done = auth::start_two_factor_setup(s.db, u, s.site.current()->settings.site_title, s.cfg.secret_key);
  auto res =
      http::response::json(200, {{"secret", done.secret}, {"otpauthUri", done.otpauth_uri}, {"qrSvg", done.qr_svg}});
  return no_store(res);
}

// POST /api/user/2fa/enable {code}: on, with the recovery codes shown this once.
http::response enable(const security_services& s, const http::request& req) {
  auto u = require_login(s.callers, req);
  auto body = parse_object(req);
  auto codes = auth::enable_two_factor(s.db, u, text(body, "code"), session_token(s.cfg, req), s.cfg.secret_key,
                                       req.remote_address);
  boost::json::array list;
  for (const auto& c : codes) list.emplace_back(c);
  auto res = http::response::json(200, {{"recoveryCodes", list}});
  return no_store(res);
}

// POST /api/user/2fa/disable {password, code}.
http::response disable(const security_services& s, const http::request& req) {
  auto u = require_login(s.callers, req);
  auto body = parse_object(req);
  auth::disable_two_factor(s.db, u, text(body, "password"), text(body, "code"), s.cfg.secret_key, req.remote_address);
  auto res = http::response::json(200, {{"message", "Two-factor sign-in is off"}});
  return no_store(res);
}

boost::json::object session_json(const store::session_info& info) {
  auto names = auth::describe_user_agent(info.user_agent);
  return {{"id", info.id},           {"browser", names.browser},     {"system", names.system},
          {"address", info.address}, {"createdAt", info.created_at}, {"lastUsedAt", info.last_used_at},
          {"current", info.current}};
}

// GET /api/user/sessions: most recently used first, the caller's own marked current.
http::response list(const security_services& s, const http::request& req) {
  auto u = require_login(s.callers, req);
  boost::json::array out;
  for (const auto& info : store::list_sessions(s.db, u.id, auth::token_hash(session_token(s.cfg, req))))
    out.push_back(session_json(info));
  auto res = http::response::json(200, out);
  return no_store(res);
}

// DELETE /api/user/sessions/{sessionId}: ends one; ending one's own also clears the cookie.
http::response end_one(const security_services& s, const http::request& req) {
  auto u = require_login(s.callers, req);
  int id = id_param(req, "sessionId", "Session not found");
  auto own = store::list_sessions(s.db, u.id, auth::token_hash(session_token(s.cfg, req)));
  bool current = std::any_of(own.begin(), own.end(), [&](const auto& i) { return i.id == id && i.current; });
  if (!store::delete_user_session(s.db, u.id, id)) throw blog::not_found("Session not found");
  auto res = http::response::json(200, {{"message", "Signed out"}});
  if (current) res.set("Set-Cookie", cleared_session_cookie_header(s.cfg));
  return no_store(res);
}

// POST /api/user/sessions/revoke-others: every session but the caller's.
http::response end_others(const security_services& s, const http::request& req) {
  auto u = require_login(s.callers, req);
  auto ended = store::delete_other_sessions(s.db, u.id, auth::token_hash(session_token(s.cfg, req)));
  auto res = http::response::json(200, {{"ended", ended}});
  return no_store(res);
}

// DELETE /api/admin/users/{userId}/sessions: an admin signs a user out everywhere.
http::response end_all_of_user(const security_services& s, const http::request& req) {
  require_admin(s.callers, req);
  int id = id_param(req, "userId", "User not found");
  if (!store::find_user(s.db, id)) throw blog::not_found("User not found");
  auto ended = store::delete_other_sessions(s.db, id, "");
  auto res = http::response::json(200, {{"ended", ended}});
  return no_store(res);
}

}  // namespace

void add_account_security_routes(http::router& r, api::context& ctx) {
  const security_services s{{ctx.cfg, ctx.db, ctx.site}, ctx.cfg, ctx.db, ctx.site};
  using http::access;
  r.post("/api/user/2fa/setup", http::on_workers([s](http::request& req) { return setup(s, req); }), access::signed_in);
  r.post("/api/user/2fa/enable", http::on_workers([s](http::request& req) { return enable(s, req); }),
         access::signed_in);
  // Checks the password: argon2id runs on the password lane.
  r.post("/api/user/2fa/disable", http::on_passwords([s](http::request& req) { return disable(s, req); }),
         access::signed_in);
  r.get("/api/user/sessions", http::on_workers([s](http::request& req) { return list(s, req); }), access::signed_in);
  r.del("/api/user/sessions/{sessionId}", http::on_workers([s](http::request& req) { return end_one(s, req); }),
        access::signed_in);
  r.post("/api/user/sessions/revoke-others", http::on_workers([s](http::request& req) { return end_others(s, req); }),
         access::signed_in);
  r.del("/api/admin/users/{userId}/sessions",
        http::on_workers([s](http::request& req) { return end_all_of_user(s, req); }), access::admin);
}

}  // namespace blog::api
