// Accounts over HTTP: register, login (with its second step), logout, the current user, email
// verification and passwords.
#include "blog/api/auth/accounts.hpp"
#include "blog/api/auth/mails.hpp"
#include "blog/api/auth/two_factor.hpp"
#include "blog/api/guard.hpp"
#include "blog/api/handlers.hpp"
#include "blog/api/json.hpp"
#include "blog/api/mail_sender.hpp"
#include "blog/domain/auth/secrets.hpp"
#include "blog/domain/auth/user_agent.hpp"
#include "blog/domain/text.hpp"
#include "blog/store/mail_outbox_store.hpp"
#include "blog/store/two_factor_store.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <ctime>
#include <memory>
#include <thread>

namespace blog::api {
namespace {

std::string text(const boost::json::object& body, std::string_view name) {
  return optional_string(body, name).value_or("");
}

// The bodies of the account calls, decoded beside their handlers (tag_invoke): an absent text field
// is "", one of another type is refused naming it (optional_string).
struct registration_body {
  auth::registration form;
};
registration_body tag_invoke(boost::json::value_to_tag<registration_body>, const boost::json::value& v) {
  const auto& o = v.as_object();
  return {{domain::trim(text(o, "username")), domain::trim(text(o, "email")), text(o, "password"),
           text(o, "confirmPassword")}};
}

// The spec's login form names its username-or-email box `email`; API clients send `username`.
struct login_body {
  std::string field;  // "username" or "email": the one that names the account
  std::string name, password, code;
};
login_body tag_invoke(boost::json::value_to_tag<login_body>, const boost::json::value& v) {
  const auto& o = v.as_object();
  std::string field = !text(o, "username").empty() || !o.contains("email") ? "username" : "email";
  auto name = text(o, field);
  return {std::move(field), std::move(name), text(o, "password"), text(o, "code")};
}

// {token}, {email}: one text field.
struct token_body {
  std::string token;
};
token_body tag_invoke(boost::json::value_to_tag<token_body>, const boost::json::value& v) {
  return {text(v.as_object(), "token")};
}
struct email_body {
  std::string email;
};
email_body tag_invoke(boost::json::value_to_tag<email_body>, const boost::json::value& v) {
  return {text(v.as_object(), "email")};
}

// {token, password, confirmPassword}: a reset by the mailed link.
struct reset_body {
  std::string token, password, confirm;
};
reset_body tag_invoke(boost::json::value_to_tag<reset_body>, const boost::json::value& v) {
  const auto& o = v.as_object();
  return {text(o, "token"), text(o, "password"), text(o, "confirmPassword")};
}

// {currentPassword, password, confirmPassword}: a signed-in change.
struct change_body {
  std::string current, password, confirm;
};
change_body tag_invoke(boost::json::value_to_tag<change_body>, const boost::json::value& v) {
  const auto& o = v.as_object();
  return {text(o, "currentPassword"), text(o, "password"), text(o, "confirmPassword")};
}

http::response message(unsigned status, std::string_view text) {
  return http::response::json(status, {{"message", text}});
}

constexpr std::string_view password_reset_kind = "password_reset";
// The long-lived cookie that tells a browser seen before on an account from a new one.
constexpr std::string_view browser_cookie = "bid";
constexpr long long browser_cookie_days = 400;  // the longest a browser keeps a cookie

struct auth_services {
  sessions callers;
  const config& cfg;
  store::database& db;
  readmodel::site_cache& site;  // the site's name for the new sign-in mail
  // Builds the dummy hash the first unknown-account login compares against; held by the routes, so
  // it is joined when they go.
  std::shared_ptr<std::jthread> dummy_hash;
  metrics::counter& wrong_credentials;  // blog_login_failures_total by reason
  metrics::counter& throttled;
  metrics::counter& invalid_login;
};

// The account as GET /api/user shows it: the user object, and whether it must set up two-factor
// sign-in before anything else (the app then takes it to the setup screen).
boost::json::object account_body(const auth_services& s, const auth::user& u) {
  auto body = boost::json::value_from(u).as_object();
  body["twoFactorSetupRequired"] = two_factor_setup_pending(s.site.current()->settings, u);
  return body;
}

// The account, with the cookie that starts its session.
http::response signed_in(const auth_services& s, const auth::user& u, const std::string& token, unsigned status) {
  auto res = http::response::json(status, account_body(s, u));
  res.set("Set-Cookie", session_cookie_header(s.cfg, token));
  return no_store(res);
}

std::string utc_now_text() {
  auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M UTC", &tm);
  return buffer;
}

// Notes the browser on the account (giving it its cookie when it has none) and, when the account
// never saw it before and `tell` is set, queues the new sign-in mail.
void note_browser(const auth_services& s, const http::request& req, http::response& res, const auth::user& account,
                  bool tell) {
  auto id = req.cookie(browser_cookie);
  bool fresh = id.size() < 20 || id.size() > 100;
  if (fresh) id = auth::new_token();
  bool new_here = store::remember_browser(s.db, account.id, auth::token_hash(id));
  if (fresh) {
    std::string cookie = std::string(browser_cookie) + "=" + id +
                         "; HttpOnly; SameSite=Lax; Path=/; Max-Age=" + std::to_string(browser_cookie_days * 24 * 3600);
    if (s.cfg.effective_cookie_secure()) cookie += "; Secure";
    res.headers.emplace_back("Set-Cookie", std::move(cookie));
  }
  if (!new_here || !tell) return;
  auto names = auth::describe_user_agent(req.header("user-agent"));
  auto mail = auth::new_sign_in_mail(account, s.cfg.effective_public_url(), s.site.current()->settings.site_title,
                                     {utc_now_text(), names.browser, names.system, req.remote_address});
  // Queued in the durable outbox like every mail; a sign-in never fails for want of it.
  try {
    enqueue_mail(s.cfg, s.db, mail, "new_sign_in");
  } catch (const std::exception& e) {
    spdlog::error("new sign-in mail to {} not queued: {}", account.email, e.what());
  }
}

// POST /api/register: the account, its session, and the verification mail (sent afterwards).
http::response register_account(const auth_services& s, const http::request& req) {
  const auto body = parse_body<registration_body>(req);
  auto done = auth::register_account(s.db, body.form, req.remote_address, std::string(req.header("user-agent")));
  // Queued in the durable outbox: a mail server that is away delays it, a restart does not lose it.
  try {
    enqueue_mail(s.cfg, s.db,
                 auth::verification_mail(done.account, s.cfg.effective_public_url(), done.verification_token),
                 "verification");
  } catch (const std::exception& e) {
    spdlog::error("verification mail to {} not queued: {}", done.account.email, e.what());
  }
  auto res = signed_in(s, done.account, done.session_token, 201);
  note_browser(s, req, res, done.account, false);  // the browser that made the account is known to it
  return res;
}

// POST /api/login {username or email, password, code}.
http::response login(const auth_services& s, const http::request& req) {
  const auto body = parse_body<login_body>(req);
  auth::sign_in_extras extras{body.code, std::string(req.header("user-agent")), s.cfg.secret_key};
  try {
    auto done = auth::sign_in(s.db, body.name, body.password, body.field, req.remote_address, extras);
    auto res = signed_in(s, done.account, done.session_token, 200);
    note_browser(s, req, res, done.account, true);
    return res;
  } catch (const auth::two_factor_required& e) {
    if (std::string_view(e.what()) != auth::two_factor_prompt) s.wrong_credentials.add();
    auto res = http::response::json(401, {{"message", e.what()}, {"twoFactorRequired", true}});
    return no_store(res);
  } catch (const blog::error& e) {
    (e.kind() == blog::error_kind::unauthenticated ? s.wrong_credentials
     : e.kind() == blog::error_kind::rate_limited  ? s.throttled
                                                   : s.invalid_login)
        .add();
    throw;
  }
}

http::response logout(const auth_services& s, const http::request& req) {
  auth::sign_out(s.db, session_token(s.cfg, req));
  auto res = message(200, "Logged out successfully");
  res.set("Set-Cookie", cleared_session_cookie_header(s.cfg));
  return no_store(res);
}

http::response current_account(const auth_services& s, const http::request& req) {
  auto u = current_user(s.callers, req);
  auto res = u ? http::response::json(200, account_body(s, *u)) : message(401, "Not authenticated");
  return no_store(res);
}

http::response verify_email(const auth_services& s, const http::request& req) {
  auth::verify_email(s.db, parse_body<token_body>(req).token);
  auto res = message(200, "Email verified");
  return no_store(res);
}

http::response forgot_password(const auth_services& s, const http::request& req) {
  auto email = auth::accept_reset_request(s.db, parse_body<email_body>(req).email, req.remote_address);
  // The same answer, in the same time, whether or not an account has that address, so that
  // nobody learns which do: the outbox holds the address alone, and looking the account up, the
  // token and the text all happen when the sender takes it (the renderer below).
  if (!email.empty()) store::enqueue_mail(s.db, {std::string(password_reset_kind), email, ""});
  auto res = message(200, "If an account exists for that address, we sent a link to reset the password.");
  return no_store(res);
}

http::response reset_password(const auth_services& s, const http::request& req) {
  const auto body = parse_body<reset_body>(req);
  auth::reset_password(s.db, body.token, body.password, body.confirm, req.remote_address);
  auto res = message(200, "Your password has been reset. Please sign in with the new password.");
  res.set("Set-Cookie", cleared_session_cookie_header(s.cfg));
  return no_store(res);
}

http::response change_password(const auth_services& s, const http::request& req) {
  auto u = require_login(s.callers, req);
  const auto body = parse_body<change_body>(req);
  auth::change_password(s.db, u, body.current, body.password, body.confirm, session_token(s.cfg, req),
                        req.remote_address);
  auto res = message(200, "Password changed");
  return no_store(res);
}

}  // namespace

auth_handlers auth_api(api::context& ctx) {
  const std::string failures_help = "Sign-ins refused: wrong credentials, throttled, or not valid.";
  const auth_services s{
      {ctx.cfg, ctx.db, ctx.site},
      ctx.cfg,
      ctx.db,
      ctx.site,
      // The first unknown-account login must not be the one that builds the dummy hash (and so take
      // longer). Built on a thread of its own: two argon2id runs are most of a second a start need
      // not wait for.
      std::make_shared<std::jthread>([] { auth::verify_against_dummy(""); }),
      ctx.metrics.make_counter("blog_login_failures_total", failures_help, {{"reason", "credentials"}}),
      ctx.metrics.make_counter("blog_login_failures_total", failures_help, {{"reason", "throttled"}}),
      ctx.metrics.make_counter("blog_login_failures_total", failures_help, {{"reason", "invalid"}})};

  ctx.mail->add_renderer(
      std::string(password_reset_kind),
      [&cfg = ctx.cfg, &db = ctx.db](const store::claimed_mail& row) -> std::optional<mail::message> {
        auto reset = auth::request_password_reset(db, row.recipient);
        if (!reset) return std::nullopt;
        return auth::password_reset_mail(reset->account, cfg.effective_public_url(), reset->token);
      });

  // Register, login, reset-password and change-password run argon2id: they run on the router's
  // password lane (its own small, low-priority, bounded pool), so that password work never delays a page.
  return {.register_account = http::on_passwords([s](http::request& req) { return register_account(s, req); }),
          .login = http::on_passwords([s](http::request& req) { return login(s, req); }),
          .logout = http::on_workers([s](http::request& req) { return logout(s, req); }),
          .current_account = http::on_workers([s](http::request& req) { return current_account(s, req); }),
          .verify_email = http::on_workers([s](http::request& req) { return verify_email(s, req); }),
          .forgot_password = http::on_workers([s](http::request& req) { return forgot_password(s, req); }),
          .reset_password = http::on_passwords([s](http::request& req) { return reset_password(s, req); }),
          .change_password = http::on_passwords([s](http::request& req) { return change_password(s, req); })};
}

}  // namespace blog::api
