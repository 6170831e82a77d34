// Cookie-free view counting (issue 26): which requests count as a reader's view, and the counter
// that tallies them in memory and writes one batch per node every few seconds and on a clean stop.
#pragma once

#include "blog/core/crypto.hpp"
#include "blog/readmodel/read_model.hpp"
#include "blog/store/database.hpp"
#include "blog/wire/message.hpp"

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_set>
#include <utility>
#include <vector>

namespace blog::api {

// True for user agents of known bots, crawlers, link previews and HTTP tools, and for none at all
// (every browser sends one). Case-insensitive. Does not fail.
bool is_bot_user_agent(std::string_view user_agent);

// True when a request must not be counted whatever it shows: HEAD, a prefetch (Sec-Purpose or
// Purpose: prefetch), a bot's user agent, or a visitor asking not to be tracked (DNT: 1 or
// Sec-GPC: 1). Does not fail.
bool declines_counting(const http::request& req);

// The host of a Referer (lower case, without "www."), or "" when there is none, it is not
// http(s), or it is the site itself (`own_host`, as in the Host header, port ignored).
std::string referrer_domain(std::string_view referer, std::string_view own_host);

// What a page path shows, when it is a page whose views count: the home page, a visible post
// (/post/{slug}, /posts/{slug}), a category or the search page; nullopt for anything else.
struct counted_page {
  std::optional<int> post_id;  // set for a post
  std::string post_language;   // the post's, for a post
  std::optional<int> author_id;
};
std::optional<counted_page> countable_page(const readmodel::snapshot& posts, std::string_view path);

// One view as counted: nothing of it is stored as it is (see store::view_batch).
struct view {
  counted_page page;
  std::string_view address;     // the client's, as the server resolved it
  std::string_view user_agent;  // with the address, makes the day's visitor hash
  std::string referrer;         // referrer_domain, or ""
  std::string interface_language;
};

class view_counter {
 public:
  using clock = std::function<std::chrono::system_clock::time_point()>;

  // Starts the thread that writes the counts every `interval` and rolls up old days every hour.
  // Write failures are logged and the counts of that batch dropped.
  view_counter(store::database& db, std::chrono::milliseconds interval);
  // Stops the thread after a last write: nothing counted is lost on a clean stop.
  ~view_counter();
  view_counter(const view_counter&) = delete;
  view_counter& operator=(const view_counter&) = delete;

  // Counts one view today (UTC, by the counter's clock). Takes a short lock and never touches the
  // database, and hashes a visitor with SHA-256 only the first time in a batch; past the limits of one batch, new
  // visitors or referrers are left out of it (the view itself still counts). Does not fail.
  void count(const view& v);

  // Writes what was counted so far now. Throws on database failure (the batch is then lost).
  void flush();

  // The most viewed posts of the last 7 days, most first (then by id), at most max_popular; read
  // again by the counter's thread every popular_every, so pages never wait for PostgreSQL. The
  // revision changes whenever the order does (the home page's cache key holds it).
  struct ranking {
    std::vector<int> post_ids;
    std::uint64_t revision = 0;
  };
  std::shared_ptr<const ranking> popular() const;
  // Reads the ranking now. Throws on database failure.
  void refresh_popular();

  // Today (UTC) by the counter's clock, "YYYY-MM-DD".
  std::string today() const;
  // Replaces the wall clock (tests cross a day boundary with it).
  void set_clock(clock now);

  static constexpr std::size_t max_visitors = 200'000;  // per day in one batch
  static constexpr std::size_t max_referrers = 1'000;
  static constexpr int keep_days = 90;
  static constexpr std::size_t max_popular = 200;
  static constexpr auto popular_every = std::chrono::seconds(60);

 private:
  // One day's counts of one batch. Per view only cheap work is done here: a visitor is a short
  // hash of (address, user agent) under a key that lives only in this process; its SHA-256 (the
  // hash PostgreSQL salts) is made once per visitor and batch. Neither the address nor the user
  // agent is kept.
  struct tally {
    std::int64_t views = 0;
    std::unordered_set<std::uint64_t> seen;  // short hashes of the visitors of this batch
    std::vector<std::string> visitors;       // their SHA-256, one per entry of `seen`
    std::map<int, std::int64_t> posts;
    std::map<std::string, std::int64_t> referrers;
    std::array<std::int64_t, 4> languages{};  // post en, post cs, interface en, interface cs
  };
  std::chrono::system_clock::time_point now() const;
  // Salts and visitor hashes of days before this one are deleted: a day's last batches may
  // arrive a little after midnight.
  std::string expired_before() const;
  void run();

  store::database& db_;
  std::chrono::milliseconds interval_;
  mutable std::mutex clock_mutex_;
  clock clock_;
  std::atomic<bool> own_clock_ = false;  // set_clock was called: read clock_ under its lock
  const core::short_hash_key visitor_key_;
  std::mutex mutex_;                       // guards pending_ and stopping_
  std::map<std::int64_t, tally> pending_;  // day (since 1970-01-01, UTC) → counts
  bool stopping_ = false;
  std::condition_variable wake_;
  std::mutex flush_mutex_;  // one write at a time
  mutable std::mutex popular_mutex_;
  std::shared_ptr<const ranking> popular_ = std::make_shared<ranking>();
  std::thread thread_;
};

}  // namespace blog::api
