// The account flows of spec §4 and §5: register, sign in and out, verify the email address, reset
// and change the password. Each blocks on argon2id and PostgreSQL (worker pool only); expected
// failures are api::error in the spec's words, and the database's absence is api::error 503.
#pragma once

#include "blog/auth/rules.hpp"
#include "blog/auth/user.hpp"
#include "blog/store/database.hpp"

#include <chrono>
#include <optional>
#include <string>

namespace blog::auth {

inline constexpr std::chrono::seconds session_lifetime = std::chrono::hours(24 * 30);
inline constexpr std::chrono::seconds reset_link_lifetime = std::chrono::hours(1);

// Failed sign-ins allowed within the window, per account and per client address. The window
// slides: once the oldest counted failure is older than it, the next attempt is allowed.
inline constexpr unsigned failures_per_account = 5;
inline constexpr unsigned failures_per_address = 20;
inline constexpr std::chrono::seconds failure_window = std::chrono::minutes(15);

struct signed_in {
  user account;
  std::string session_token;  // for the cookie only; the database keeps its hash
};

struct registered {
  user account;
  std::string session_token;
  std::string verification_token;  // for the mailed link only
};

// A new pending account, signed in. Throws api::validation_error (400) or api::error 409.
registered register_account(store::database& db, const registration& form);

// Checks the credentials of `login` (a username or an email address). Throws
// api::validation_error when a field is empty, 429 with Retry-After while the account or the
// address is throttled, and 401 'Invalid username or password' for any other failure, answered
// in about the same time whether the account exists or not.
signed_in sign_in(store::database& db, const std::string& login, const std::string& password,
                  const std::string& login_field, const std::string& client_address);

// The account of a session token from a cookie; nullopt when unknown or expired.
std::optional<user> user_for_session(store::database& db, const std::string& session_token);
void sign_out(store::database& db, const std::string& session_token);

// Marks the address verified. Throws api::error 400 'Invalid or expired verification link'.
user verify_email(store::database& db, const std::string& token);

struct reset_request {
  user account;
  std::string token;  // for the mailed link only
};
// A one-time reset token valid for an hour, or nullopt when no account has that address.
std::optional<reset_request> request_password_reset(store::database& db, const std::string& email);
// Sets a new password from a reset link and ends every session of the account. Throws
// api::validation_error for the password fields, 400 'Invalid or expired reset link' otherwise.
user reset_password(store::database& db, const std::string& token, const std::string& password,
                    const std::string& confirm_password);
// Changes the password of a signed-in account, keeping only the current session. Throws
// api::validation_error, including 'Current password is incorrect' on currentPassword (a failed
// sign-in for throttling), and 429 while the account or address is throttled.
void change_password(store::database& db, const user& account, const std::string& current_password,
                     const std::string& password, const std::string& confirm_password,
                     const std::string& current_session_token, const std::string& client_address);

// Sets a non-admin account's approval status (pending, approved, rejected). Throws
// api::validation_error for another status, 404 'User not found', and 403 for an admin's account.
user change_approval(store::database& db, int user_id, const std::string& status);

}  // namespace blog::auth
