// The write side of one Xapian database: documents, id lookups, spelling counts, commits (internal header).
#pragma once

#include "blog/search/index.hpp"
#include "document_builder.hpp"

#include <xapian.h>

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace blog::search {

// Not thread-safe: one thread writes at a time. Every method throws Xapian::Error on failure.
class shard_writer {
 public:
  enum class mode {
    incremental,  // open or create; commits without fsync (the index syncs, see index::sync)
    bulk,         // a new private database filled once: no fsync, in-place updates, no id lookups
  };
  explicit shard_writer(const std::string& dir, mode m = mode::incremental);

  // Adds the post, or replaces the document holding its id.
  void replace(const post_doc& post);
  // Removes the post's document; no-op when absent.
  void remove(std::int64_t id);
  // Commits the changes with last_seq stored as metadata in the same commit.
  void commit(std::int64_t last_seq);
  // Commits without touching last_seq (bulk loads bound the writer's memory this way).
  void flush();

  // Moves this writer's pending spelling changes into `other`, which writes them in its next
  // commit: shards of a bulk load share one spelling table instead of each building a copy.
  void hand_spelling_to(shard_writer& other);

  // Writes since the last commit or flush.
  std::size_t pending() const { return pending_; }
  // The last_seq stored by the last commit; 0 for a new database or one of another layout
  // version. One of this layout version written with another analysis keeps its last_seq and is
  // marked stale (see stale_analysis()).
  std::int64_t stored_last_seq();
  // The documents were analysed otherwise than this process analyses (found by stored_last_seq()).
  // Commits then store a layout no analysis has: documents written now are of the new analysis,
  // the rest of the old, and only a rebuild makes the index current again, whatever the analysis
  // of the next start.
  bool stale_analysis() const { return stale_analysis_; }

 private:
  Xapian::docid find(std::int64_t id);
  void forget_spelling(Xapian::docid docid);
  void flush_spelling();

  std::string dir_;
  mode mode_;
  Xapian::WritableDatabase db_;
  document_builder builder_;
  // Docids of posts written since the last commit (0: removed), or since creation in bulk mode. Older posts are looked
  // up in the last commit through a private reader: opening a posting list on the writer flushes its buffered changes,
  // which would turn a bulk load into one flush per post.
  std::unordered_map<std::int64_t, Xapian::docid> session_;
  std::optional<Xapian::Database> lookup_;
  // Spelling frequency changes since the last commit, handed to Xapian once per word.
  std::unordered_map<std::string, std::int64_t> spelling_delta_;
  std::size_t pending_ = 0;
  bool stale_analysis_ = false;
};

}  // namespace blog::search
