// The account flows of spec §4 and §5: register, sign in and out, verify the email address, reset
// and change the password. Each blocks on argon2id and PostgreSQL (worker pool only); expected
// failures are blog::error in the spec's words, and the database's absence is blog::error 503.
#pragma once

#include "blog/domain/auth/rules.hpp"
#include "blog/domain/auth/user.hpp"
#include "blog/store/database.hpp"
#include "blog/store/throttle_store.hpp"

#include <chrono>
#include <optional>
#include <string>

namespace blog::auth {

inline constexpr std::chrono::seconds session_lifetime = std::chrono::hours(24 * 30);
inline constexpr std::chrono::seconds reset_link_lifetime = std::chrono::hours(1);

// Failed sign-ins slow an (account, client address) pair down instead of locking the account for
// everyone (one address behind a proxy used to lock out everybody): three failures in a row are
// free, then the pair waits 1 s, 2 s, 4 s, … up to 15 minutes before each next attempt; a correct
// password resets the pair and a day without failures forgets it. Another address is not slowed.
// Password spraying: one address that failed on 20 different accounts within 15 minutes waits
// until the oldest of those failures is 15 minutes old.
inline constexpr delay_policy login_delays{
    3, std::chrono::seconds(1), std::chrono::minutes(15), std::chrono::hours(24), 20, std::chrono::minutes(15)};

// Throttles of the calls that cost argon2id or send mail, per client address and, for mail, per
// address mailed (so that nobody can fill a stranger's inbox). Counted: registrations that pass
// the field rules, reset requests with a valid address, reset attempts whose password fields pass.
inline constexpr unsigned registrations_per_address = 20;
inline constexpr std::chrono::seconds registration_window = std::chrono::hours(1);
inline constexpr unsigned reset_requests_per_address = 5;
inline constexpr unsigned reset_requests_per_email = 3;
inline constexpr std::chrono::seconds reset_request_window = std::chrono::minutes(15);
inline constexpr std::chrono::seconds reset_request_email_window = std::chrono::hours(1);
inline constexpr unsigned resets_per_address = 10;
inline constexpr std::chrono::seconds reset_window = std::chrono::minutes(15);

struct signed_in {
  user account;
  std::string session_token;  // for the cookie only; the database keeps its hash
};

struct registered {
  user account;
  std::string session_token;
  std::string verification_token;  // for the mailed link only
};

// A new pending account, signed in. Every cheap check comes before argon2id: the field rules
// (validation_error 400), the throttle of `client_address` (429 with Retry-After), a taken
// username or email (409).
registered register_account(store::database& db, const registration& form, const std::string& client_address,
                            const std::string& user_agent = "");

// What a sign-in carries besides the credentials.
struct sign_in_extras {
  std::string code;        // the second factor: 6 digits or a recovery code; "" for none
  std::string user_agent;  // for the sessions list
  std::string secret_key;  // config::secret_key, which opens the authenticator key
};

// Checks the credentials of `login` (a username or an email address). Throws
// validation_error when a field is empty, 429 with Retry-After while the (account, address)
// pair must wait or the address failed on too many accounts (checked before argon2id), and 401
// 'Invalid username or password' for any other failure, answered in about the same time whether
// the account exists or not. With two-factor on, a right password without a code throws
// two_factor_required(two_factor_prompt) and a wrong code two_factor_required(invalid_two_factor_code),
// which counts towards the pair's delay as a wrong password does; neither starts a session.
signed_in sign_in(store::database& db, const std::string& login, const std::string& password,
                  const std::string& login_field, const std::string& client_address, const sign_in_extras& extras = {});

// The account of a session token from a cookie; nullopt when unknown or expired.
std::optional<user> user_for_session(store::database& db, const std::string& session_token);
void sign_out(store::database& db, const std::string& session_token);

// Marks the address verified. Throws blog::error 400 'Invalid or expired verification link'.
user verify_email(store::database& db, const std::string& token);

struct reset_request {
  user account;
  std::string token;  // for the mailed link only
};
// The request path of forgot-password, the same work for every address: checks the address
// (validation_error) and counts the request against the throttles of the client address and
// of the address mailed (429 with Retry-After). Returns the trimmed address.
std::string accept_reset_request(store::database& db, const std::string& email, const std::string& client_address);
// A one-time reset token valid for an hour, or nullopt when no account has that address. For the
// mail lane, after accept_reset_request.
std::optional<reset_request> request_password_reset(store::database& db, const std::string& email);
// Sets a new password from a reset link and ends every session of the account. Throws
// validation_error for the password fields, 429 while `client_address` is throttled and 400
// 'Invalid or expired reset link'; all of them before argon2id runs.
user reset_password(store::database& db, const std::string& token, const std::string& password,
                    const std::string& confirm_password, const std::string& client_address);
// Changes the password of a signed-in account, keeping only the current session. Throws
// validation_error, including 'Current password is incorrect' on currentPassword (a failed
// attempt of the (account, address) pair), and 429 while that pair must wait.
void change_password(store::database& db, const user& account, const std::string& current_password,
                     const std::string& password, const std::string& confirm_password,
                     const std::string& current_session_token, const std::string& client_address);

// The throttle key of an account's (account, address) pair, and the check that starts a password
// (or code) attempt: 429 with Retry-After while the pair must wait, else the attempt is counted
// (then call store::login_failed or store::login_succeeded).
std::string account_key(int user_id);
void begin_password_check(store::database& db, const std::string& key, const std::string& client_address);

// Sets a non-admin account's approval status (pending, approved, rejected). Throws
// validation_error for another status, 404 'User not found', and 403 for an admin's account.
user change_approval(store::database& db, int user_id, const std::string& status);

}  // namespace blog::auth
