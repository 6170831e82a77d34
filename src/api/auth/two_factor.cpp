// The two-factor flows: keys sealed before they are stored, codes checked once, throttled as passwords are.
#include "blog/api/auth/two_factor.hpp"

#include "blog/api/auth/accounts.hpp"
#include "blog/core/crypto.hpp"
#include "blog/domain/auth/secrets.hpp"
#include "blog/domain/auth/totp.hpp"
#include "blog/domain/text.hpp"
#include "blog/store/session_store.hpp"
#include "blog/store/two_factor_store.hpp"
#include "blog/store/user_store.hpp"

#include <chrono>

namespace blog::auth {
namespace {

std::int64_t now_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// Salted with the account, so that one table of hashes serves no other account.
std::string recovery_hash(int user_id, const std::string& normalized) {
  return core::sha256_hex(std::to_string(user_id) + ":" + normalized);
}

// The step `code` is for under the sealed key, when it is current; nullopt otherwise.
std::optional<std::int64_t> current_step(const std::string& sealed, const std::string& code,
                                         const std::string& secret_key) {
  if (sealed.empty()) return std::nullopt;
  return matching_totp_step(open_secret(sealed, secret_key), code, now_seconds());
}

}  // namespace

two_factor_setup start_two_factor_setup(store::database& db, const user& account, const std::string& issuer,
                                        const std::string& secret_key) {
  if (store::load_totp(db, account.id).enabled) throw blog::conflict(two_factor_already_on);
  auto secret = new_totp_secret();
  store::set_pending_totp(db, account.id, seal_secret(secret, secret_key));
  auto text = base32_encode(secret);
  auto uri = otpauth_uri(issuer, account.username, text);
  return {text, uri, qr_svg(uri)};
}

std::vector<std::string> enable_two_factor(store::database& db, const user& account, const std::string& code,
                                           const std::string& current_session_token, const std::string& secret_key,
                                           const std::string& client_address) {
  auto state = store::load_totp(db, account.id);
  if (state.enabled) throw blog::conflict(two_factor_already_on);
  if (state.pending_secret.empty()) throw blog::invalid(two_factor_not_started);
  auto key = account_key(account.id);
  begin_password_check(db, key, client_address);
  auto step = current_step(state.pending_secret, domain::trim(code), secret_key);
  if (!step) {
    store::login_failed(db, key, client_address, login_delays);
    throw validation_error({{"code", invalid_two_factor_code}});
  }
  store::login_succeeded(db, key, client_address);
  auto codes = new_recovery_codes();
  std::vector<std::string> hashes;
  for (const auto& c : codes) hashes.push_back(recovery_hash(account.id, normalize_recovery_code(c)));
  if (!store::enable_totp(db, account.id, *step, hashes, token_hash(current_session_token)))
    throw blog::conflict(two_factor_already_on);  // another request got there first
  return codes;
}

void disable_two_factor(store::database& db, const user& account, const std::string& password, const std::string& code,
                        const std::string& secret_key, const std::string& client_address) {
  field_errors errors;
  if (password.empty()) errors["currentPassword"] = "Current password is required";
  if (domain::trim(code).empty()) errors["code"] = invalid_two_factor_code;
  if (!errors.empty()) throw validation_error(std::move(errors));
  if (!store::load_totp(db, account.id).enabled) throw blog::invalid(two_factor_not_on);
  auto key = account_key(account.id);
  begin_password_check(db, key, client_address);
  auto stored = store::find_credentials_by_id(db, account.id);
  if (!stored || !verify_password(stored->password_hash, password)) {
    store::login_failed(db, key, client_address, login_delays);
    throw validation_error({{"currentPassword", "Current password is incorrect"}});
  }
  if (!check_second_factor(db, account.id, code, secret_key)) {
    store::login_failed(db, key, client_address, login_delays);
    throw validation_error({{"code", invalid_two_factor_code}});
  }
  store::login_succeeded(db, key, client_address);
  store::disable_totp(db, account.id);
}

bool check_second_factor(store::database& db, int user_id, const std::string& code, const std::string& secret_key) {
  auto typed = domain::trim(code);
  if (looks_like_totp_code(typed)) {
    auto step = current_step(store::load_totp(db, user_id).secret, typed, secret_key);
    return step && store::use_totp_step(db, user_id, *step);
  }
  auto normalized = normalize_recovery_code(typed);
  return !normalized.empty() && store::use_recovery_code(db, user_id, recovery_hash(user_id, normalized));
}

bool reset_two_factor(store::database& db, const std::string& username) {
  auto found = store::find_credentials(db, username);
  if (!found) return false;
  store::disable_totp(db, found->account.id);
  // The lost device may still hold a session.
  store::delete_other_sessions(db, found->account.id, "");
  return true;
}

}  // namespace blog::auth
