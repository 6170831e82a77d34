// The account rules of spec §5: what a sign-in, a registration and a new password must contain.
#pragma once

#include "blog/core/error.hpp"

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>

namespace blog::auth {

// The spec leaves lengths open. Usernames: 3 to 50 ASCII letters, digits, '.', '_' or '-', so that
// they read the same everywhere and cannot imitate each other with look-alike letters.
// Passwords: at least 8 characters (NIST SP 800-63B's minimum); the upper bound only keeps
// requests small, argon2id takes any length.
inline constexpr std::size_t min_username_length = 3;
inline constexpr std::size_t max_username_length = 50;
inline constexpr std::size_t min_password_length = 8;
inline constexpr std::size_t max_password_length = 1024;
inline constexpr std::size_t max_email_length = 254;

struct registration {
  std::string username;  // trimmed
  std::string email;     // trimmed
  std::string password;
  std::string confirm_password;
};

// Empty when the form is acceptable; otherwise a message per field (camelCase names).
field_errors check_registration(const registration& form);
// `login_field` is the name the client used for the username/email box ("username" or "email").
field_errors check_login(std::string_view login, std::string_view password, const std::string& login_field);
// A new password and its confirmation (reset and change).
field_errors check_new_password(std::string_view password, std::string_view confirm);

bool is_valid_email(std::string_view email);
bool is_valid_username(std::string_view username);

// How failed sign-ins slow a pair down; see accounts.hpp for the numbers.
struct delay_policy {
  unsigned free_failures;            // failures answered without any wait
  std::chrono::seconds first_delay;  // after the first failure beyond them; doubles after each
  std::chrono::seconds max_delay;
  std::chrono::seconds forget_after;    // a pair without failures for this long starts again
  unsigned accounts_per_address;        // the ceiling: accounts one address may fail on …
  std::chrono::seconds address_window;  // … within this window
};

// The wait a pair owes after its `failures`-th failure in a row: none within the free failures,
// then first_delay, doubling each time up to max_delay.
std::chrono::seconds delay_after(const delay_policy& policy, unsigned failures);

}  // namespace blog::auth
