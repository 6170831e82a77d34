// SQL of the newsletter's subscribers and their confirmation links. Every function blocks on
// PostgreSQL (worker threads only) and throws blog::error 503 when it cannot be reached.
#pragma once

#include "blog/store/database.hpp"
#include "blog/store/mail_outbox_store.hpp"

#include <chrono>
#include <functional>
#include <string>

namespace blog::store {

inline constexpr std::chrono::hours newsletter_link_lifetime{24 * 7};

// Records a subscription request of `email` in `language` ("en" or "cs") and, unless the address
// is already an active subscriber, a confirmation link (the hash of its token) with the mail
// `confirmation` built for it, queued in the outbox in the same transaction. A new address is
// 'pending'; an unsubscribed one stays unsubscribed until the link is used. Returns true when a
// mail was queued. `unsubscribe_token` is kept for a new address only.
bool request_subscription(database& db, const std::string& email, const std::string& language,
                          const std::string& token_hash, const std::string& unsubscribe_token,
                          const queued_mail& confirmation);

// Uses a confirmation link: once, within its lifetime. The subscriber becomes active in the
// link's language and the address's suppression is lifted. False for an unknown, used or
// expired link.
bool confirm_subscription(database& db, const std::string& token_hash);

// Unsubscribes the subscriber of `unsubscribe_token` at once (again: no change). False when no
// subscriber has that token.
bool unsubscribe(database& db, const std::string& unsubscribe_token);

}  // namespace blog::store
