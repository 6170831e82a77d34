// SQL for failed sign-ins: counted per key ('account:…', 'address:…') in a sliding window.
// Every function blocks on PostgreSQL (worker pool only) and throws api::error 503 when the
// database cannot be reached.
#pragma once

#include "blog/store/database.hpp"

#include <chrono>
#include <optional>
#include <string>

namespace blog::auth {

// When `key` has `limit` or more failures within `window`: how long until one of them leaves
// the window (at least one second). nullopt while the key may try again.
std::optional<std::chrono::seconds> throttled_for(store::database& db, const std::string& key, unsigned limit,
                                                  std::chrono::seconds window);
// Records one failure for each key and forgets failures older than `window`.
void record_failure(store::database& db, const std::string& account_key, const std::string& address_key,
                    std::chrono::seconds window);
void clear_failures(store::database& db, const std::string& key);

}  // namespace blog::auth
