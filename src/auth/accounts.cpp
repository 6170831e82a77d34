// The account flows: rules first, then argon2id, then the stores.
#include "blog/auth/accounts.hpp"

#include "blog/auth/login_throttle_store.hpp"
#include "blog/auth/secrets.hpp"
#include "blog/auth/session_store.hpp"
#include "blog/auth/user_store.hpp"
#include "blog/domain/text.hpp"

namespace blog::auth {
namespace {

constexpr const char* invalid_credentials = "Invalid username or password";

std::string minutes_text(std::chrono::seconds wait) {
  auto minutes = (wait.count() + 59) / 60;
  return std::to_string(minutes) + (minutes == 1 ? " minute" : " minutes");
}

void throw_if_throttled(store::database& db, const std::string& account_key, const std::string& address_key) {
  auto account_wait = throttled_for(db, account_key, failures_per_account, failure_window);
  auto address_wait = throttled_for(db, address_key, failures_per_address, failure_window);
  if (!account_wait && !address_wait) return;
  auto wait = std::max(account_wait.value_or(std::chrono::seconds(0)), address_wait.value_or(std::chrono::seconds(0)));
  throw api::error(429, "Too many failed login attempts. Please try again in " + minutes_text(wait) + ".")
      .with_retry_after(static_cast<unsigned>(wait.count()));
}

std::string start_session(store::database& db, int user_id) {
  auto token = new_token();
  insert_session(db, token_hash(token), user_id, session_lifetime);
  return token;
}

}  // namespace

registered register_account(store::database& db, const registration& form) {
  if (auto errors = check_registration(form); !errors.empty()) throw api::validation_error(std::move(errors));
  new_user u;
  u.username = form.username;
  u.email = form.email;
  u.password_hash = hash_password(form.password);
  auto verification = new_token();
  u.verification_token_hash = token_hash(verification);
  auto account = insert_user(db, u);
  return {account, start_session(db, account.id), verification};
}

signed_in sign_in(store::database& db, const std::string& login, const std::string& password,
                  const std::string& login_field, const std::string& client_address) {
  auto name = domain::trim(login);
  if (auto errors = check_login(name, password, login_field); !errors.empty())
    throw api::validation_error(std::move(errors));
  auto found = find_credentials(db, name);
  // Keyed by the account when it exists, so that its name and its address share one count.
  std::string account_key = found ? "account:" + std::to_string(found->account.id)
                                  : "account:" + domain::to_lower_ascii(name);
  std::string address_key = "address:" + client_address;
  throw_if_throttled(db, account_key, address_key);

  bool ok = false;
  if (found) {
    ok = verify_password(found->password_hash, password);
  } else {
    verify_against_dummy(password);
  }
  if (!ok) {
    record_failure(db, account_key, address_key, failure_window);
    throw api::error(401, invalid_credentials);
  }
  clear_failures(db, account_key);
  return {found->account, start_session(db, found->account.id)};
}

std::optional<user> user_for_session(store::database& db, const std::string& session_token) {
  if (session_token.empty()) return std::nullopt;
  return session_user(db, token_hash(session_token));
}

void sign_out(store::database& db, const std::string& session_token) {
  if (!session_token.empty()) delete_session(db, token_hash(session_token));
}

user verify_email(store::database& db, const std::string& token) {
  std::optional<user> verified;
  if (!token.empty()) verified = consume_verification_token(db, token_hash(token));
  if (!verified) throw api::error(400, "Invalid or expired verification link");
  return *verified;
}

std::optional<reset_request> request_password_reset(store::database& db, const std::string& email) {
  auto address = domain::trim(email);
  if (!is_valid_email(address)) return std::nullopt;
  auto account = find_user_by_email(db, address);
  if (!account) return std::nullopt;
  auto token = new_token();
  set_reset_token(db, account->id, token_hash(token), reset_link_lifetime);
  return reset_request{*account, token};
}

user reset_password(store::database& db, const std::string& token, const std::string& password,
                    const std::string& confirm_password) {
  if (auto errors = check_new_password(password, confirm_password); !errors.empty())
    throw api::validation_error(std::move(errors));
  std::optional<user> account;
  if (!token.empty()) account = consume_reset_token(db, token_hash(token), hash_password(password));
  if (!account) throw api::error(400, "Invalid or expired reset link");
  clear_failures(db, "account:" + std::to_string(account->id));
  return *account;
}

void change_password(store::database& db, const user& account, const std::string& current_password,
                     const std::string& password, const std::string& confirm_password,
                     const std::string& current_session_token, const std::string& client_address) {
  api::field_errors errors = check_new_password(password, confirm_password);
  if (current_password.empty()) errors["currentPassword"] = "Current password is required";
  if (!errors.empty()) throw api::validation_error(std::move(errors));
  // A borrowed session must not become a way to guess the password without limits.
  std::string account_key = "account:" + std::to_string(account.id);
  std::string address_key = "address:" + client_address;
  throw_if_throttled(db, account_key, address_key);
  auto stored = find_credentials_by_id(db, account.id);
  if (!stored || !verify_password(stored->password_hash, current_password)) {
    record_failure(db, account_key, address_key, failure_window);
    throw api::validation_error({{"currentPassword", "Current password is incorrect"}});
  }
  set_password(db, account.id, hash_password(password), token_hash(current_session_token));
}

user change_approval(store::database& db, int user_id, const std::string& status) {
  if (!is_approval_status(status))
    throw api::validation_error({{"status", "Status must be pending, approved or rejected"}});
  auto target = find_user(db, user_id);
  if (!target) throw api::error(404, "User not found");
  constexpr const char* admin_refusal = "The approval status of an administrator cannot be changed";
  if (target->is_admin()) throw api::error(403, admin_refusal);
  auto updated = set_approval_status(db, user_id, status);
  if (!updated) throw api::error(403, admin_refusal);  // made an admin in the meantime
  return *updated;
}

}  // namespace blog::auth
