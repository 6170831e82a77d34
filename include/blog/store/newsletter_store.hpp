// SQL of the newsletter's subscribers and their confirmation links. Every function blocks on
// PostgreSQL (worker threads only) and throws blog::error 503 when it cannot be reached.
#pragma once

#include "blog/store/database.hpp"
#include "blog/store/mail_outbox_store.hpp"

#include <chrono>
#include <functional>
#include <optional>
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

// Makes `email` an active subscriber in `language` at once (its owner proved the address), lifting
// its suppression and dropping its unused confirmation links. `unsubscribe_token` is kept for a
// new address only.
void activate_subscription(database& db, const std::string& email, const std::string& language,
                           const std::string& unsubscribe_token);

// Unsubscribes `email` as the unsubscribe link does (a suppressed address stays suppressed).
// False when the address never subscribed.
bool unsubscribe_address(database& db, const std::string& email);

// The mail kind of a newsletter: queued without text, rendered when sent.
inline constexpr const char* newsletter_kind = "newsletter";

// Decides the newsletter of posts that became visible to readers while undecided: a 'pending'
// one becomes 'sent' and its mails are queued (queue_story_mails), an 'off' one 'skipped'. A few
// posts per call, each locked with FOR UPDATE SKIP LOCKED, all in one transaction: any number of
// nodes may call it, and a post's mails are queued exactly once. Returns how many posts were sent.
int queue_due_newsletters(pqxx::connection& c);

// An admin's send of a post that was not sent (imported, from before the newsletter, or
// published with the switch off).
enum class send_outcome { queued, already_sent, not_visible, not_found };
struct send_result {
  send_outcome outcome = send_outcome::not_found;
  long long mails = 0;  // queued by this send
};
send_result send_newsletter_now(database& db, int post_id);

}  // namespace blog::store
