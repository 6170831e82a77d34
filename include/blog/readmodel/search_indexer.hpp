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
  // The same with the post's plain text already extracted.
  static search::post_doc to_doc(const posts::post& p, std::string text);

  // A change_follower sink: writes the batch's posts and commits its position. Does not throw
  // for a failed index write (disk full, permissions): that is logged once, searches go on
  // answering from the last good commit, and retry() catches the index up once it can be
  // written again (batches meanwhile are left to it).
  void apply(const change_batch& batch);
  // Like catch_up, but a failed index write only marks the index as failing (see apply). Call
  // under the follower's lock.
  void resume(applied_position applied);
  // When a write failed, tries again (after a delay that grows while it keeps failing) to bring
  // the index up to `applied`: by the log from its last commit, or, when the index object
  // is unusable, as a new generation built from PostgreSQL. Otherwise does nothing. Call
  // under the follower's lock (change_follower::every_second). Does not throw.
  void retry(applied_position applied);
  // False from a failed index write until a retry succeeds.
  bool writable() const { return !failing_.load(); }
  // The follower's settled seq that the index's documents reflect (its last batch, catch-up or
  // rebuild). The index may store a lower one for a restart to resume from (stored_seq).
  std::int64_t indexed_seq() const { return indexed_seq_.load(); }
  // Brings the index from its stored last_seq up to the read model (start-up, after a crash,
  // after a rebuild): replays every change above it, and stores the follower's settled seq
  // (see stored_seq). Call under the follower's lock.
  void catch_up(applied_position applied);
  // Rebuilds every document from PostgreSQL (the read model holds no bodies), streamed one post at
  // a time, into a new generation and swaps it in; searches keep answering from the old one meanwhile. Throws on
  // database or index failure (the old generation then stays). Returns the number of posts indexed.
  std::size_t rebuild(change_follower& follower);

 private:
  void write_failed(const std::exception& e);
  // Every post read from PostgreSQL into a new generation at `applied`; returns the count.
  std::size_t rebuild_from_database(applied_position applied);
  // The position to store for a restart to resume from: the settled seq, but while the start's
  // open transactions may still commit below it, no further than the index stood at that start
  // (0 for an index built then: rebuilt again after a crash). A restart replays every change
  // above the stored position, so a late commit is not skipped by a second crash.
  std::int64_t stored_seq(applied_position applied);
  static constexpr std::chrono::milliseconds first_retry_delay{1000};
  static constexpr std::chrono::milliseconds max_retry_delay{30000};

  search::index_store& indexes_;
  store::database& db_;
  std::atomic<bool> failing_{false};
  // The index's position at a start with open transactions; -1: none pending. Read by a rebuild's
  // thread too.
  std::atomic<std::int64_t> start_seq_{-1};
  std::atomic<std::int64_t> indexed_seq_{0};
  // Retries back off (1 s doubling to 30 s): a full disk must not be rewritten every second.
  std::chrono::milliseconds retry_delay_ = first_retry_delay;
  std::chrono::steady_clock::time_point next_retry_;
};

}  // namespace blog::readmodel
