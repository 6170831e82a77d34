// Two-factor set-up and the sessions a user (or an admin, for any user) can see and end.
#include "blog/api/auth/two_factor.hpp"
#include "blog/api/guard.hpp"
#include "blog/api/handlers.hpp"
#include "blog/api/json.hpp"
#include "blog/domain/auth/secrets.hpp"
#include "blog/domain/auth/user_agent.hpp"
#include "blog/store/session_store.hpp"
#include "blog/store/user_store.hpp"

namespace blog::api {
namespace {

// {code}, and {password, code}: an absent field is "", one of another type is refused naming it.
struct code_body {
  std::string code;
};
code_body tag_invoke(boost::json::value_to_tag<code_body>, const boost::json::value& v) {
  return {optional_string(v.as_object(), "code").value_or("")};
}
struct disable_body {
  std::string password, code;
};
disable_body tag_invoke(boost::json::value_to_tag<disable_body>, const boost::json::value& v) {
  const auto& o = v.as_object();
  return {optional_string(o, "password").value_or(""), optional_string(o, "code").value_or("")};
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
  auto codes = auth::enable_two_factor(s.db, u, parse_body<code_body>(req).code, session_token(s.cfg, req),
                                       s.cfg.secret_key, req.remote_address);
  boost::json::array list;
  for (const auto& c : codes) list.emplace_back(c);
  auto res = http::response::json(200, {{"recoveryCodes", list}});
  return no_store(res);
}

// POST /api/user/2fa/disable {password, code}.
http::response disable(const security_services& s, const http::request& req) {
  auto u = require_login(s.callers, req);
  const auto body = parse_body<disable_body>(req);
  auth::disable_two_factor(s.db, u, body.password, body.code, s.cfg.secret_key, req.remote_address);
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

account_security_handlers account_security_api(api::context& ctx) {
  const security_services s{{ctx.cfg, ctx.db, ctx.site}, ctx.cfg, ctx.db, ctx.site};
  return {.setup_two_factor = http::on_workers([s](http::request& req) { return setup(s, req); }),
          .enable_two_factor = http::on_workers([s](http::request& req) { return enable(s, req); }),
          // Checks the password: argon2id runs on the password lane.
          .disable_two_factor = http::on_passwords([s](http::request& req) { return disable(s, req); }),
          .list_sessions = http::on_workers([s](http::request& req) { return list(s, req); }),
          .end_session = http::on_workers([s](http::request& req) { return end_one(s, req); }),
          .end_other_sessions = http::on_workers([s](http::request& req) { return end_others(s, req); }),
          .end_sessions_of_user = http::on_workers([s](http::request& req) { return end_all_of_user(s, req); })};
}

}  // namespace blog::api
