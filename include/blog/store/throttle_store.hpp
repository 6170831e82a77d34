// SQL for the throttles of the account calls: counted attempts per key in a sliding window
// (register, forgot-password, reset-password) and growing delays per (account, address) pair
// after failed sign-ins. Every function blocks on PostgreSQL (worker pool only) and throws
// blog::error 503 when the database cannot be reached.
#pragma once

#include "blog/domain/auth/rules.hpp"
#include "blog/store/database.hpp"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace blog::store {

using auth::delay_policy;

// Counted attempts are forgotten after a day, so no quota's window may be longer.
inline constexpr std::chrono::seconds attempts_kept_for = std::chrono::hours(24);

struct quota {
  std::string key;  // e.g. "register:address:203.0.113.7"
  unsigned limit;   // attempts allowed within the window
  std::chrono::seconds window;
};

// One attempt against every quota, all or nothing: when any key already has `limit` attempts
// within its window, nothing is recorded and the answer is how long until the attempt would be
// allowed (at least one second); otherwise the attempt is recorded for every key and the answer
// is nullopt. Atomic across nodes (an advisory lock per key).
std::optional<std::chrono::seconds> take_attempt(store::database& db, const std::vector<quota>& quotas);

// Starts a sign-in (or password check) of `account_key` from `address`. Refused, with how long
// to wait, while the pair must wait or the address failed on too many accounts lately.
// Otherwise the attempt is counted as a failure at once (so that parallel guesses cannot slip
// past the delay) and the answer is nullopt: then call login_failed or login_succeeded.
std::optional<std::chrono::seconds> begin_login_attempt(store::database& db, const std::string& account_key,
                                                        const std::string& address, const delay_policy& policy);
// The password was wrong: the pair's wait starts again from now, so that it is a wait after the
// answer however long the check took.
void login_failed(store::database& db, const std::string& account_key, const std::string& address,
                  const delay_policy& policy);
// Forgets the pair's failures: a correct password resets it.
void login_succeeded(store::database& db, const std::string& account_key, const std::string& address);
// Forgets every failure of an account (its password was reset by a mailed link).
void forget_login_failures(store::database& db, const std::string& account_key);

}  // namespace blog::store
