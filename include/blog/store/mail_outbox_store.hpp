// SQL of the durable mail outbox: queueing messages, claiming them across nodes, and recording
// what each SMTP attempt did. Every function blocks on PostgreSQL (worker threads only) and
// throws blog::error 503 when the database cannot be reached.
#pragma once

#include "blog/store/database.hpp"

#include <pqxx/connection>
#include <pqxx/transaction_base>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace blog::store {

// The channel a queued message is announced on, so that idle senders wake at once.
inline constexpr const char* mail_channel = "blog_mail";

struct queued_mail {
  std::string kind;       // 'verification', 'password_reset', 'newsletter', …: for logs and counts
  std::string recipient;  // a bare address
  // The whole RFC 5322 message; empty: the sender renders it when it claims the row (a kind
  // whose text depends on the database at that time, such as a password reset's token).
  std::string message;
};

struct claimed_mail {
  std::int64_t id = 0;
  std::string kind;
  std::string recipient;
  std::string message;  // empty when it is still to be rendered
  int attempts = 0;     // earlier attempts
  // A newsletter's: its post (0 when the post was deleted since) and subscriber.
  std::int64_t post_id = 0;
  std::int64_t subscriber_id = 0;
  // The subscriber's language and unsubscribe token, read with the claim; both empty once the
  // subscriber is no longer active (unsubscribed or suppressed since the mail was queued).
  std::string subscriber_language;
  std::string unsubscribe_token;
};

// Queues one message and announces it on mail_channel, in one transaction. Returns its id.
std::int64_t enqueue_mail(database& db, const queued_mail& m);
// The same inside a transaction of the caller's (the message is queued if and only if it commits).
std::int64_t enqueue_mail(pqxx::transaction_base& tx, const queued_mail& m);

// Claims up to `limit` due messages for this connection's backend: queued ones whose time has
// come, and 'sending' ones whose claimer's backend no longer exists (a node that died). Locked
// with FOR UPDATE SKIP LOCKED, so any number of nodes claim disjoint rows. Messages to a
// suppressed address are marked 'dropped' and not returned.
std::vector<claimed_mail> claim_mail(pqxx::connection& c, unsigned limit);

// The outcome of one attempt, each committed at once.
void mail_rendered(pqxx::connection& c, std::int64_t id, const std::string& message);
void mail_sent(pqxx::connection& c, std::int64_t id);
// A temporary failure: queued again for `delay` from now.
void mail_retry(pqxx::connection& c, std::int64_t id, std::chrono::seconds delay, const std::string& error);
// A permanent failure: marked failed; with `suppress`, the recipient is suppressed as well.
void mail_failed(pqxx::connection& c, std::int64_t id, const std::string& error, bool suppress);
// Nothing to send (e.g. a reset for an address with no account): the row is marked dropped.
void mail_dropped(pqxx::connection& c, std::int64_t id, const std::string& why);
// Hands claimed rows not yet attempted back to the queue (a node stopping in an orderly way).
void release_mail(pqxx::connection& c, const std::vector<std::int64_t>& ids);

// True when `address` (any case) is suppressed.
bool mail_suppressed(database& db, const std::string& address);
// Lifts a suppression (the person proved the address works again).
void unsuppress_mail(database& db, const std::string& address);

struct mail_counts {
  long long queued = 0;  // queued or being sent
  long long sent = 0;
  long long failed = 0;  // failed or dropped
};
mail_counts count_mail(database& db);

}  // namespace blog::store
