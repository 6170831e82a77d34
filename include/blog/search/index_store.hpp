// The node's index generations under one folder: parallel rebuilds swapped in atomically.
#pragma once

#include "blog/search/index.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>

namespace blog::search {

// What a stored index generation holds, read without opening it for writing (blogctl doctor).
struct index_facts {
  std::uint64_t documents = 0;
  std::uint64_t published = 0;  // documents of published posts
  std::int64_t last_seq = 0;    // the change-log position it reflects
  std::string layout;           // the layout and analysis it was written with ("" when unknown)
  std::string wanted_layout;    // those of this process (its dictionaries, its analysis version)
};
// Reads the facts of the index at `dir` (a generation folder or the `current` symlink); loads the
// dictionaries to know this process's analysis. Throws index_error when it cannot be read.
index_facts read_index_facts(const std::filesystem::path& dir);

// Receives the posts of a rebuild. One worker thread per core analyses and writes them, each into
// its own shard; when the rebuild's fill returns, the shards are merged into one compact index.
// Only index_store::rebuild creates one; use it from one thread.
class bulk_loader {
 public:
  ~bulk_loader();
  bulk_loader(const bulk_loader&) = delete;
  bulk_loader& operator=(const bulk_loader&) = delete;

  // Queues a post, waiting while the workers are behind. A post added twice keeps its last
  // version. Throws index_error when a worker failed to write.
  void add(post_doc post);

  // The change-log position the rebuilt index reflects: its last_seq() once swapped in.
  void set_last_seq(std::int64_t seq);

 private:
  friend class index_store;
  struct impl;
  explicit bulk_loader(std::unique_ptr<impl> state);
  std::unique_ptr<impl> impl_;
};

// The node's index under <root>: generations <root>/gen-N and a symlink <root>/current → gen-N.
// A rebuild fills a fresh generation while the current one keeps answering, then renames the
// symlink atomically; callers pick the new generation up on their next current() call, and the
// old folder is deleted once the last search using it has finished.
class index_store {
 public:
  // Opens the generation `current` points to, or creates gen-1 when there is none; deletes
  // generations and build folders left over by an interrupted rebuild. Throws index_error (or
  // std::filesystem::filesystem_error) when the folder cannot be used.
  explicit index_store(std::filesystem::path root);
  ~index_store();
  index_store(const index_store&) = delete;
  index_store& operator=(const index_store&) = delete;

  // The index searches and writes go to; hold the pointer only for the duration of a call.
  // Does not fail.
  std::shared_ptr<index> current() const;

  // The glossary searches use as synonyms (query::synonyms); empty until set. Both are safe from
  // any thread and do not fail.
  std::shared_ptr<const glossary> synonyms() const;
  void set_synonyms(std::shared_ptr<const glossary> synonyms);

  // Builds a complete index from scratch: fill adds every post (and sets the last_seq the
  // result reflects), then the shards are merged into a new generation, which is swapped in.
  // Changes written to the old generation meanwhile are not carried over: catch up from
  // current()->last_seq() afterwards. When fill throws, the new generation is deleted, the current
  // one stays, and the exception propagates; throws index_error (or filesystem_error) when the new
  // generation cannot be built or swapped in. One rebuild runs at a time.
  void rebuild(const std::function<void(bulk_loader&)>& fill);

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace blog::search
