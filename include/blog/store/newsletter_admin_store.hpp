// SQL of the newsletter's management: the admin's subscriber list, counts, removal and export, each
// post's mails, and a signed-in reader's own subscription. Every function blocks on PostgreSQL
// (worker threads only) and throws blog::error 503 when it cannot be reached.
#pragma once

#include "blog/store/database.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace blog::store {

struct newsletter_subscriber {
  long long id = 0;
  std::string email;
  std::string language;
  std::string state;         // pending, active, unsubscribed, suppressed
  std::string created_at;    // ISO 8601, UTC
  std::string confirmed_at;  // ISO 8601, UTC, or "" when never confirmed
};

// What the admin's list is narrowed to: an address substring (case-insensitive, "" for all), a
// state and a language ("" for any).
struct subscriber_filter {
  std::string q;
  std::string state;
  std::string language;
};

struct subscriber_page {
  std::vector<newsletter_subscriber> subscribers;  // newest first
  std::int64_t total = 0;                          // of the filter, every page
  // language → state → subscribers, over everyone (not the filter); every state present.
  std::map<std::string, std::map<std::string, std::int64_t>> counts;
};

// Page `page` (from 1) of `page_size` subscribers matching `filter`, with the totals.
subscriber_page list_subscribers(database& db, const subscriber_filter& filter, std::size_t page,
                                 std::size_t page_size);

// Every subscriber, oldest first (the CSV export).
std::vector<newsletter_subscriber> all_subscribers(database& db);

// Deletes the subscriber with all their data (confirmation links and outbox rows go by cascade).
// False when there is no such subscriber.
bool delete_subscriber(database& db, long long id);

// A post's newsletter mails by outbox state: queued (queued and sending), sent, failed (failed and
// dropped).
struct post_mail_counts {
  std::int64_t queued = 0;
  std::int64_t sent = 0;
  std::int64_t failed = 0;
};
post_mail_counts mail_counts_of_post(database& db, int post_id);

// The most recently published posts readers can see, newest first, with their newsletter state.
struct post_newsletter {
  int id = 0;
  std::string title;
  std::string slug;
  std::string language;
  std::string newsletter;  // none, pending, off, skipped, sent
  std::string sent_at;     // ISO 8601, UTC, or "" when not sent
  post_mail_counts mails;
};
std::vector<post_newsletter> recent_post_newsletters(database& db, std::size_t limit);

// The subscription of the address `email` (any case): nullopt when it never subscribed.
struct own_subscription {
  std::string state;
  std::string language;
};
std::optional<own_subscription> subscription_of(database& db, const std::string& email);

}  // namespace blog::store
