// The two-factor flows: set up an authenticator app, turn it on and off, and check a code at
// sign-in. Each blocks on PostgreSQL (worker pool only); failures are blog::error in the spec's voice.
#pragma once

#include "blog/core/error.hpp"
#include "blog/domain/auth/user.hpp"
#include "blog/store/database.hpp"

#include <string>
#include <vector>

namespace blog::auth {

inline constexpr const char* two_factor_prompt = "Enter the code from your authenticator app";
inline constexpr const char* invalid_two_factor_code = "Invalid two-factor code";
inline constexpr const char* two_factor_already_on = "Two-factor sign-in is already on";
inline constexpr const char* two_factor_not_started = "Set up two-factor sign-in first";
inline constexpr const char* two_factor_not_on = "Two-factor sign-in is not on";
inline constexpr const char* two_factor_needed = "Your account must use two-factor sign-in. Set it up to continue.";

// A sign-in that needs (another) second factor: 401 with twoFactorRequired in the answer.
class two_factor_required : public blog::error {
 public:
  explicit two_factor_required(const std::string& message) : blog::error(error_kind::unauthenticated, message) {}
};

struct two_factor_setup {
  std::string secret;       // base32, for typing into the app
  std::string otpauth_uri;  // otpauth://totp/{issuer}:{username}?…
  std::string qr_svg;       // the URI's QR code
};

// A new pending key for `account` (replacing any earlier pending one), sealed with `secret_key`.
// Throws 409 two_factor_already_on when it is on.
two_factor_setup start_two_factor_setup(store::database& db, const user& account, const std::string& issuer,
                                        const std::string& secret_key);

// Turns two-factor on when `code` is a current code of the pending key, and ends every other
// session of the account. Returns the recovery codes (shown once; stored hashed). Throws
// validation_error on code (invalid_two_factor_code, counted towards the (account, address)
// delay), 400 two_factor_not_started, 409 two_factor_already_on, 429 while the pair must wait.
std::vector<std::string> enable_two_factor(store::database& db, const user& account, const std::string& code,
                                           const std::string& current_session_token, const std::string& secret_key,
                                           const std::string& client_address);

// Turns two-factor off when `password` is the account's and `code` a current code or an unused
// recovery code. Throws validation_error (currentPassword or code), 400 two_factor_not_on, 429.
void disable_two_factor(store::database& db, const user& account, const std::string& password, const std::string& code,
                        const std::string& secret_key, const std::string& client_address);

// True when `code` (6 digits, or a recovery code) is the account's and was not used before;
// using it. A 6-digit code is accepted one step either side of now, once.
bool check_second_factor(store::database& db, int user_id, const std::string& code, const std::string& secret_key);

// Turns two-factor off for the account named `username` (or with that email; blogctl reset-2fa,
// for a lost device) and ends all its sessions; false when no account has that name.
bool reset_two_factor(store::database& db, const std::string& username);

}  // namespace blog::auth
