// Keeps the Xapian index in step with the change log: applies batches, catches up after a start
// or a rebuild, and rebuilds from PostgreSQL into a new generation while searches go on.
#pragma once

#include "blog/readmodel/change_follower.hpp"
#include "blog/search/index_store.hpp"
#include "blog/store/database.hpp"

#include <atomic>
#include <memory>

namespace blog::readmodel {

// NOTIFY channels of a rebuild: asked for by blogctl, answered by each blogd node.
inline constexpr const char* reindex_channel = "blog_reindex";
inline constexpr const char* reindex_started_channel = "blog_reindex_started";
inline constexpr const char* reindex_done_channel = "blog_reindex_done";

// Sends a NOTIFY on `channel` with `payload`. Throws on database failure.
void notify(store::database& db, const std::string& channel, const std::string& payload);

class search_indexer {
 public:
  search_indexer(search::index_store& indexes, store::database& db, read_model& model);

  // The document of a post: its plain text, language, category and visibility.
  static search::post_doc to_doc(const posts::post& p);

  // A change_follower sink: writes the batch's posts and commits its last_seq.
  void apply(const change_batch& batch);
  // Brings the index from its stored last_seq up to the read model (start-up, after a crash,
  // after a rebuild): replays every change above it, and stores `applied_seq` (the follower's
  // settled seq). Call under the follower's lock.
  void catch_up(std::int64_t applied_seq);
  // Rebuilds every document from PostgreSQL into a new generation and swaps it in; searches keep
  // answering from the old one meanwhile. Throws on database or index failure (the old
  // generation then stays). Returns the number of posts indexed.
  std::size_t rebuild(change_follower& follower);

 private:
  search::index_store& indexes_;
  store::database& db_;
  read_model& model_;
};

}  // namespace blog::readmodel
