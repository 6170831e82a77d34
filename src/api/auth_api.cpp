// Accounts over HTTP: register, login, logout, the current user, email verification and passwords.
#include "blog/api/guard.hpp"
#include "blog/api/json.hpp"
#include "blog/api/routes.hpp"
#include "blog/auth/accounts.hpp"
#include "blog/auth/mails.hpp"
#include "blog/auth/secrets.hpp"
#include "blog/domain/text.hpp"
#include "blog/mail/outbox.hpp"

#include <spdlog/spdlog.h>

#include <memory>
#include <thread>

namespace blog::api {
namespace {

std::string text(const boost::json::object& body, std::string_view name) {
  return optional_string(body, name).value_or("");
}

http::response message(unsigned status, std::string_view text) {
  return http::response::json(status, {{"message", text}});
}

// The account's user object, with the cookie that starts its session.
http::response signed_in(api::context& ctx, const auth::user& u, const std::string& token, unsigned status) {
  auto res = ok(u, status);
  res.set("Set-Cookie", session_cookie_header(ctx.cfg, token));
  return no_store(res);
}

// A mail that cannot go out is the operator's problem, not the visitor's: the call still succeeds.
// Runs on the mail lane, never while a request waits.
void send_or_log(api::context& ctx, const mail::message& m) {
  try {
    mail::send(ctx.cfg, m);
  } catch (const std::exception& e) {
    spdlog::error("mail '{}' to {} not sent: {}", m.subject, m.to, e.what());
  }
}

}  // namespace

void add_auth_routes(http::router& r, api::context& ctx) {
  // The first unknown-account login must not be the one that builds the dummy hash (and so take longer).
  // Built on a thread of its own: two argon2id runs are most of a second a start need not wait
  // for. The login route holds the thread, so it is joined when the routes go.
  auto dummy_hash = std::make_shared<std::jthread>([] { auth::verify_against_dummy(""); });
  // Shared by the handlers, so it lives as long as the routes (and stops after the server has).
  auto outbox = std::make_shared<mail::outbox>();

  // Register, login, reset-password and change-password run argon2id: they run on the router's
  // password lane (its own small, low-priority, bounded pool), so that password work never delays a page.
  r.post(
      "/api/register",
      [&ctx, outbox](http::request& req) {
        auto body = parse_object(req);
        auth::registration form{domain::trim(text(body, "username")), domain::trim(text(body, "email")),
                                text(body, "password"), text(body, "confirmPassword")};
        auto done = auth::register_account(ctx.db, form, req.remote_address);
        auto mail = auth::verification_mail(done.account, ctx.cfg.effective_public_url(), done.verification_token);
        outbox->post("verification mail", [&ctx, mail] { send_or_log(ctx, mail); });
        return signed_in(ctx, done.account, done.session_token, 201);
      },
      http::runs_on::password);

  // The spec's login form names its username-or-email box `email`; API clients send `username`.
  const std::string failures_help = "Sign-ins refused: wrong credentials, throttled, or not valid.";
  auto& wrong = ctx.metrics.make_counter("blog_login_failures_total", failures_help, {{"reason", "credentials"}});
  auto& throttled = ctx.metrics.make_counter("blog_login_failures_total", failures_help, {{"reason", "throttled"}});
  auto& invalid = ctx.metrics.make_counter("blog_login_failures_total", failures_help, {{"reason", "invalid"}});
  r.post(
      "/api/login",
      [&ctx, &wrong, &throttled, &invalid, dummy_hash](http::request& req) {
        auto body = parse_object(req);
        std::string field = !text(body, "username").empty() || !body.contains("email") ? "username" : "email";
        try {
          auto done = auth::sign_in(ctx.db, text(body, field), text(body, "password"), field, req.remote_address);
          return signed_in(ctx, done.account, done.session_token, 200);
        } catch (const blog::error& e) {
          (e.kind() == blog::error_kind::unauthenticated ? wrong
           : e.kind() == blog::error_kind::rate_limited  ? throttled
                                                         : invalid)
              .add();
          throw;
        }
      },
      http::runs_on::password);

  r.post("/api/logout", [&ctx](http::request& req) {
    auth::sign_out(ctx.db, session_token(ctx.cfg, req));
    auto res = message(200, "Logged out successfully");
    res.set("Set-Cookie", cleared_session_cookie_header(ctx.cfg));
    return no_store(res);
  });

  r.get("/api/user", [&ctx](http::request& req) {
    auto u = current_user(ctx, req);
    auto res = u ? ok(*u) : message(401, "Not authenticated");
    return no_store(res);
  });

  r.post("/api/verify-email", [&ctx](http::request& req) {
    auto body = parse_object(req);
    auth::verify_email(ctx.db, text(body, "token"));
    auto res = message(200, "Email verified");
    return no_store(res);
  });

  r.post("/api/forgot-password", [&ctx, outbox](http::request& req) {
    auto body = parse_object(req);
    auto email = auth::accept_reset_request(ctx.db, text(body, "email"), req.remote_address);
    // The same answer, in the same time, whether or not an account has that address, so that
    // nobody learns which do: looking the account up, the token and the mail all happen later.
    outbox->post("password reset mail", [&ctx, email] {
      if (auto reset = auth::request_password_reset(ctx.db, email))
        send_or_log(ctx, auth::password_reset_mail(reset->account, ctx.cfg.effective_public_url(), reset->token));
    });
    auto res = message(200, "If an account exists for that address, we sent a link to reset the password.");
    return no_store(res);
  });

  r.post(
      "/api/reset-password",
      [&ctx](http::request& req) {
        auto body = parse_object(req);
        auth::reset_password(ctx.db, text(body, "token"), text(body, "password"), text(body, "confirmPassword"),
                             req.remote_address);
        auto res = message(200, "Your password has been reset. Please sign in with the new password.");
        res.set("Set-Cookie", cleared_session_cookie_header(ctx.cfg));
        return no_store(res);
      },
      http::runs_on::password);

  r.post(
      "/api/user/password",
      [&ctx](http::request& req) {
        auto u = require_login(ctx, req);
        auto body = parse_object(req);
        auth::change_password(ctx.db, u, text(body, "currentPassword"), text(body, "password"),
                              text(body, "confirmPassword"), session_token(ctx.cfg, req), req.remote_address);
        auto res = message(200, "Password changed");
        return no_store(res);
      },
      http::runs_on::password, http::access::signed_in);
}

}  // namespace blog::api
