// The newsletter's confirmation mail and its cap per address, for the profile's subscription of an
// account whose address is not verified (the public subscribe call has the same rules).
#include "blog/api/newsletter_confirmation.hpp"

#include "blog/core/text.hpp"
#include "blog/domain/auth/secrets.hpp"
#include "blog/store/newsletter_store.hpp"
#include "blog/store/throttle_store.hpp"

#include <chrono>

namespace blog::api {
namespace {

// Anyone may ask for anyone's address: confirmation mails per address are capped.
constexpr unsigned confirmations_per_address = 3;
constexpr std::chrono::seconds confirmation_window = std::chrono::hours(24);

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

}  // namespace

bool request_newsletter_confirmation(api::context& ctx, const std::string& email, const std::string& language) {
  // The same key as the public call's, so that both together stay within the cap.
  auto address_key = "newsletter:email:" + core::to_lower_ascii(email);
  if (store::take_attempt(ctx.db, {{address_key, confirmations_per_address, confirmation_window}})) return false;
  auto token = auth::new_token();
  auto m = confirmation_mail(email, language, ctx.cfg.effective_public_url() + "/newsletter/confirm?token=" + token);
  return store::request_subscription(ctx.db, email, language, auth::token_hash(token), auth::new_token(),
                                     {"newsletter_confirmation", email, mail::format(ctx.cfg, m)});
}

}  // namespace blog::api
