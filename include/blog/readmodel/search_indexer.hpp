// Keeps the Xapian index in step with the change log: applies batches, catches up after a start
// or a rebuild, and rebuilds from PostgreSQL into a new generation while searches go on.
#pragma once

#include "blog/readmodel/change_follower.hpp"
#include "blog/search/index_store.hpp"
#include "blog/store/database.hpp"

#include <atomic>
#include <chrono>
#include <memory>

namespace blog::readmodel {

class search_indexer {
 public:
  search_indexer(search::index_store& indexes, store::database& db);

  // The document of a post: its plain text, language, category and visibility.
  static search::post_doc to_doc(const posts::post& p);

  // A change_follower sink: writes the batch's posts and commits its last_seq. Does not throw
  // for a failed index write (disk full, permissions): that is logged once, searches go on
  // answering from the last good commit, and retry() catches the index up once it can be
  // written again (batches meanwhile are left to it).
  void apply(const change_batch& batch);
  // Like catch_up, but a failed index write only marks the index as failing (see apply). Call
  // under the follower's lock.
  void resume(std::int64_t applied_seq);
  // When a write failed, tries again (after a delay that grows while it keeps failing) to bring
  // the index up to `applied_seq`: by the log from its last commit, or, when the index object
  // is unusable, as a new generation built from PostgreSQL. Otherwise does nothing. Call
  // under the follower's lock (change_follower::every_second). Does not throw.
  void retry(std::int64_t applied_seq);
  // False from a failed index write until a retry succeeds.
  bool writable() const { return !failing_.load(); }
  // Brings the index from its stored last_seq up to the read model (start-up, after a crash,
  // after a rebuild): replays every change above it, and stores `applied_seq` (the follower's
  // settled seq). Call under the follower's lock.
  void catch_up(std::int64_t applied_seq);
  // Rebuilds every document from PostgreSQL (the read model holds no bodies), streamed one post at
  // a time, into a new generation and swaps it in; searches keep answering from the old one meanwhile. Throws on
  // database or index failure (the old generation then stays). Returns the number of posts indexed.
  std::size_t rebuild(change_follower& follower);

 private:
  void write_failed(const std::exception& e);
  // Every post read from PostgreSQL into a new generation at applied_seq; returns the count.
  std::size_t rebuild_from_database(std::int64_t applied_seq);
  static constexpr std::chrono::milliseconds first_retry_delay{1000};
  static constexpr std::chrono::milliseconds max_retry_delay{30000};

  search::index_store& indexes_;
  store::database& db_;
  std::atomic<bool> failing_{false};
  // Retries back off (1 s doubling to 30 s): a full disk must not be rewritten every second.
  std::chrono::milliseconds retry_delay_ = first_retry_delay;
  std::chrono::steady_clock::time_point next_retry_;
};

}  // namespace blog::readmodel
