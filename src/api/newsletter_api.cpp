// The newsletter's subscription calls: subscribe (double opt-in, always the same 202), confirm, unsubscribe.
#include "blog/api/json.hpp"
#include "blog/api/mail_sender.hpp"
#include "blog/api/routes.hpp"
#include "blog/auth/rules.hpp"
#include "blog/auth/secrets.hpp"
#include "blog/core/text.hpp"
#include "blog/domain/text.hpp"
#include "blog/store/newsletter_store.hpp"
#include "blog/store/throttle_store.hpp"

#include <chrono>

namespace blog::api {
namespace {

// Anyone can type anyone's address: calls are throttled per client, and confirmation mails per
// address mailed are capped (past the cap the answer is the same, only no mail goes out).
constexpr unsigned subscribes_per_client = 10;
constexpr std::chrono::seconds subscribe_window = std::chrono::hours(1);
constexpr unsigned confirmations_per_address = 3;
constexpr std::chrono::seconds confirmation_window = std::chrono::hours(24);

constexpr std::string_view subscribe_answer = "Check your inbox: we sent a link to confirm your subscription.";

mail::message confirmation_mail(const std::string& to, const std::string& language, const std::string& link) {
  mail::message m;
  m.to = to;
  if (language == "cs") {
    m.subject = "Potvrďte odběr nových článků z PayTech Blogu";
    m.text =
        "Dobrý den,\n\nněkdo (doufáme, že vy) požádal o zasílání nových článků z PayTech Blogu e-mailem na tuto "
        "adresu. Odběr potvrdíte tak, že do 7 dnů otevřete tento odkaz a stisknete tlačítko:\n" +
        link +
        "\n\nPokud jste to nebyli vy, zprávu ignorujte: bez potvrzení vám od nás nic dalšího "
        "nepřijde.\n";
  } else {
    m.subject = "Confirm your subscription to PayTech Blog";
    m.text =
        "Hello,\n\nsomeone (we hope it was you) asked to get new articles from PayTech Blog by e-mail at this "
        "address. To confirm, open this link within 7 days and press the button:\n" +
        link + "\n\nIf it was not you, ignore this message: without confirmation you will get nothing more from us.\n";
  }
  return m;
}

// POST /api/newsletter/subscribe {email, language}: 202 with the same body for a new, pending,
// active or unsubscribed address, so that the answer tells nobody which addresses subscribe.
http::response subscribe(api::context& ctx, const http::request& req) {
  auto body = parse_object(req);
  auto email = domain::trim(optional_string(body, "email").value_or(""));
  auto language = optional_string(body, "language").value_or("en");
  if (email.size() > auth::max_email_length || !auth::is_valid_email(email))
    throw validation_error({{"email", "Please enter a valid email address"}});
  if (language != "en" && language != "cs") throw validation_error({{"language", "Choose English or Czech"}});
  if (auto wait = store::take_attempt(
          ctx.db, {{"newsletter:address:" + req.remote_address, subscribes_per_client, subscribe_window}}))
    throw blog::rate_limited("Too many subscription requests. Please try again later.")
        .with_retry_after(static_cast<unsigned>(wait->count()));
  auto address_key = "newsletter:email:" + core::to_lower_ascii(email);
  if (!store::take_attempt(ctx.db, {{address_key, confirmations_per_address, confirmation_window}})) {
    auto token = auth::new_token();
    auto m = confirmation_mail(email, language, ctx.cfg.effective_public_url() + "/newsletter/confirm?token=" + token);
    store::request_subscription(ctx.db, email, language, auth::token_hash(token), auth::new_token(),
                                {"newsletter_confirmation", email, mail::format(ctx.cfg, m)});
  }
  auto res = http::response::json(202, {{"message", subscribe_answer}});
  return no_store(res);
}

// POST /api/newsletter/confirm {token}: the confirm page's button. A GET of the page changes
// nothing, since mail scanners open links.
http::response confirm(api::context& ctx, const http::request& req) {
  auto body = parse_object(req);
  auto token = optional_string(body, "token").value_or("");
  if (token.empty() || !store::confirm_subscription(ctx.db, auth::token_hash(token)))
    throw blog::invalid("Invalid or expired confirmation link");
  auto res = http::response::json(200, {{"message", "Subscription confirmed"}});
  return no_store(res);
}

// POST /api/newsletter/unsubscribe {token}: the unsubscribe page's button.
http::response unsubscribe(api::context& ctx, const http::request& req) {
  auto body = parse_object(req);
  auto token = optional_string(body, "token").value_or("");
  if (token.empty() || !store::unsubscribe(ctx.db, token)) throw blog::invalid("Invalid unsubscribe link");
  auto res = http::response::json(200, {{"message", "You are unsubscribed"}});
  return no_store(res);
}

}  // namespace

void add_newsletter_routes(http::router& r, api::context& ctx) {
  r.post("/api/newsletter/subscribe", [&ctx](http::request& req) { return subscribe(ctx, req); });
  r.post("/api/newsletter/confirm", [&ctx](http::request& req) { return confirm(ctx, req); });
  r.post("/api/newsletter/unsubscribe", [&ctx](http::request& req) { return unsubscribe(ctx, req); });
}

}  // namespace blog::api
