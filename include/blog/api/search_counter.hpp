// Counts searches per day and normalised query in memory and writes them in batches, off the
// request path, so counting never slows a search.
#pragma once

#include "blog/store/database.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>

namespace blog::api {

// The form a query is counted under: NFC, lowercased, trimmed, each run of whitespace one space,
// at most 200 bytes (never a split character). "" when nothing is left. Does not fail.
std::string normalise_search_query(std::string_view text);

class search_counter {
 public:
  // Starts the thread that writes the counts every `interval` and purges days older than 90 at
  // start and every hour. Write failures are logged and the counts of that batch dropped.
  search_counter(store::database& db, std::chrono::milliseconds interval);
  // Stops the thread after a last write.
  ~search_counter();
  search_counter(const search_counter&) = delete;
  search_counter& operator=(const search_counter&) = delete;

  // Counts one search of `text` (normalised here; empty ones are not counted) today (UTC).
  // Takes a short lock and never touches the database; past max_pending distinct queries in one
  // batch, new ones are dropped until the next write. Does not fail.
  void count(std::string_view text, bool found_nothing);

  // Writes the counts gathered so far now (the admin's statistics read them at once). Throws on
  // database failure (the batch is then lost).
  void flush();

  static constexpr std::size_t max_pending = 10'000;
  static constexpr int keep_days = 90;

 private:
  struct tally {
    std::int64_t searches = 0;
    std::int64_t zero_results = 0;
  };
  void run();

  store::database& db_;
  std::chrono::milliseconds interval_;
  std::mutex mutex_;                                              // guards pending_ and stopping_
  std::map<std::pair<std::string, std::string>, tally> pending_;  // (day, query) → counts
  bool stopping_ = false;
  std::condition_variable wake_;
  std::mutex flush_mutex_;  // one write at a time
  std::thread thread_;
};

}  // namespace blog::api
