// The account flows: rules and throttles first, then argon2id, then the stores.
#include "blog/api/auth/accounts.hpp"

#include "blog/api/auth/two_factor.hpp"
#include "blog/core/text.hpp"
#include "blog/domain/auth/secrets.hpp"
#include "blog/domain/text.hpp"
#include "blog/store/session_store.hpp"
#include "blog/store/throttle_store.hpp"
#include "blog/store/user_store.hpp"

namespace blog::auth {
namespace {

constexpr const char* invalid_credentials = "Invalid username or password";

// "in 5 seconds", "in 1 minute": seconds while the wait is under a minute, whole minutes above.
std::string wait_text(std::chrono::seconds wait) {
  auto n = wait.count();
  if (n < 60) return std::to_string(n) + (n == 1 ? " second" : " seconds");
  auto minutes = (n + 59) / 60;
  return std::to_string(minutes) + (minutes == 1 ? " minute" : " minutes");
}

[[noreturn]] void throw_too_many(const std::string& what, std::chrono::seconds wait) {
  throw blog::rate_limited("Too many " + what + ". Please try again in " + wait_text(wait) + ".")
      .with_retry_after(static_cast<unsigned>(wait.count()));
}

std::string address_key(const char* call, const std::string& client_address) {
  return std::string(call) + ":address:" + client_address;
}

std::string start_session(store::database& db, int user_id, const store::session_origin& origin) {
  auto token = new_token();
  insert_session(db, token_hash(token), user_id, session_lifetime, origin);
  return token;
}

}  // namespace

// The pair's account half: the account when it exists, so that its name and its address share
// one count; otherwise the name typed, so that unknown names cost the same.
std::string account_key(int user_id) {
  return "id:" + std::to_string(user_id);
}

void begin_password_check(store::database& db, const std::string& key, const std::string& client_address) {
  if (auto wait = begin_login_attempt(db, key, client_address, login_delays))
    throw_too_many("failed login attempts", *wait);
}

registered register_account(store::database& db, const registration& form, const std::string& client_address,
                            const std::string& user_agent) {
  if (auto errors = check_registration(form); !errors.empty()) throw validation_error(std::move(errors));
  if (auto wait =
          take_attempt(db, {{address_key("register", client_address), registrations_per_address, registration_window}}))
    throw_too_many("registration attempts", *wait);
  check_name_and_email_free(db, form.username, form.email);
  store::new_user u;
  u.username = form.username;
  u.email = form.email;
  u.password_hash = hash_password(form.password);
  auto verification = new_token();
  u.verification_token_hash = token_hash(verification);
  auto account = insert_user(db, u);
  return {account, start_session(db, account.id, {user_agent, client_address}), verification};
}

signed_in sign_in(store::database& db, const std::string& login, const std::string& password,
                  const std::string& login_field, const std::string& client_address, const sign_in_extras& extras) {
  auto name = domain::trim(login);
  if (auto errors = check_login(name, password, login_field); !errors.empty())
    throw validation_error(std::move(errors));
  auto found = find_credentials(db, name);
  std::string key = found ? account_key(found->account.id) : "name:" + core::to_lower_ascii(name);
  begin_password_check(db, key, client_address);

  bool ok = false;
  if (found) {
    ok = verify_password(found->password_hash, password);
  } else {
    verify_against_dummy(password);
  }
  if (!ok) {
    login_failed(db, key, client_address, login_delays);  // counted already by begin_password_check
    throw blog::unauthenticated(invalid_credentials);
  }
  if (found->account.two_factor_enabled) {
    // Without a code the attempt stays counted (no wait is added): a correct password alone
    // never clears the pair, so codes cannot be guessed between free attempts.
    if (domain::trim(extras.code).empty()) throw two_factor_required(two_factor_prompt);
    if (!check_second_factor(db, found->account.id, extras.code, extras.secret_key)) {
      login_failed(db, key, client_address, login_delays);
      throw two_factor_required(invalid_two_factor_code);
    }
  }
  login_succeeded(db, key, client_address);
  return {found->account, start_session(db, found->account.id, {extras.user_agent, client_address})};
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
  if (!verified) throw blog::invalid("Invalid or expired verification link");
  return *verified;
}

std::string accept_reset_request(store::database& db, const std::string& email, const std::string& client_address) {
  auto address = domain::trim(email);
  if (!is_valid_email(address)) throw validation_error({{"email", "Please enter a valid email address"}});
  // Keyed by the address typed, whether or not an account has it, so that the throttle tells nothing.
  if (auto wait = take_attempt(
          db,
          {{address_key("forgot", client_address), reset_requests_per_address, reset_request_window},
           {"forgot:email:" + core::to_lower_ascii(address), reset_requests_per_email, reset_request_email_window}}))
    throw_too_many("password reset requests", *wait);
  return address;
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
                    const std::string& confirm_password, const std::string& client_address) {
  if (auto errors = check_new_password(password, confirm_password); !errors.empty())
    throw validation_error(std::move(errors));
  if (auto wait = take_attempt(db, {{address_key("reset", client_address), resets_per_address, reset_window}}))
    throw_too_many("password reset requests", *wait);
  constexpr const char* invalid_link = "Invalid or expired reset link";
  if (token.empty() || !find_user_by_reset_token(db, token_hash(token))) throw blog::invalid(invalid_link);
  // Consumed only if still valid: a second use racing this one finds it gone.
  auto account = consume_reset_token(db, token_hash(token), hash_password(password));
  if (!account) throw blog::invalid(invalid_link);
  forget_login_failures(db, account_key(account->id));
  return *account;
}

void change_password(store::database& db, const user& account, const std::string& current_password,
                     const std::string& password, const std::string& confirm_password,
                     const std::string& current_session_token, const std::string& client_address) {
  field_errors errors = check_new_password(password, confirm_password);
  if (current_password.empty()) errors["currentPassword"] = "Current password is required";
  if (!errors.empty()) throw validation_error(std::move(errors));
  // A borrowed session must not become a way to guess the password without limits.
  auto key = account_key(account.id);
  begin_password_check(db, key, client_address);
  auto stored = find_credentials_by_id(db, account.id);
  if (!stored || !verify_password(stored->password_hash, current_password)) {
    login_failed(db, key, client_address, login_delays);
    throw validation_error({{"currentPassword", "Current password is incorrect"}});
  }
  login_succeeded(db, key, client_address);
  set_password(db, account.id, hash_password(password), token_hash(current_session_token));
}

user change_approval(store::database& db, int user_id, const std::string& status) {
  if (!is_approval_status(status)) throw validation_error({{"status", "Status must be pending, approved or rejected"}});
  auto target = find_user(db, user_id);
  if (!target) throw blog::not_found("User not found");
  constexpr const char* admin_refusal = "The approval status of an administrator cannot be changed";
  if (target->is_admin()) throw blog::forbidden(admin_refusal);
  auto updated = set_approval_status(db, user_id, status);
  if (!updated) throw blog::forbidden(admin_refusal);  // made an admin in the meantime
  return *updated;
}

}  // namespace blog::auth
