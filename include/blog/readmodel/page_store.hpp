// Every published post's page (the JSON of GET /api/posts/{slug}, brotli-compressed as the read
// model keeps it) on the node's disk, appended to pack files (<dir>/pages-<generation>.pack). Memory
// holds the pages read lately (body_cache); this holds them all, so that a post outside that cache
// still answers while PostgreSQL is away.
//
// A pack is a sequence of records: a 24-byte header (magic "BPG1", post id, the update time the
// page was made from, payload size, CRC-32 of the payload) and the page; a record of size 0 drops
// the post's page. The newest record of a post wins. Memory keeps where each post's newest record
// is. A file per page (as before) cost a new inode at every write, and on ext4 without a journal
// the inode allocator skips every inode freed in the last seconds: a sixth of blogd's CPU at 16
// writers. An append costs one write. When the packs hold more dead bytes than live ones (and more
// than a few megabytes), the live records are copied into a new pack and the old packs deleted:
// the disk writer's thread does it (compact_when_worth_it), and loads and saves go on meanwhile.
// Saves made during the copy go to a pack of their own, appended to the new pack at its end;
// loads hold the pack they read open, so a compaction never makes a reader wait (it held every
// save and load for a second or so at 100,000 pages, and a reader's save could start one).
//
// A crash can leave a torn record at a pack's end: the start cuts the pack before a header that is
// not whole or whose page runs past the end, and a page whose CRC does not match is not served.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace blog::readmodel {

// Thread-safe. A failed write or read is logged and answers as if the page were not kept: the
// store is a fallback, never a reason for a request to fail.
class page_store {
 public:
  // Creates `dir` when missing and reads the packs' record headers (not the pages). Files of the
  // earlier one-file-per-page layout are deleted (the start writes the missing pages again).
  explicit page_store(std::filesystem::path dir);
  ~page_store();
  page_store(const page_store&) = delete;
  page_store& operator=(const page_store&) = delete;

  // True when the page of post `id` as of `updated_at_ms` is kept.
  bool has(int id, std::int64_t updated_at_ms) const;
  // Keeps the page (appended) in place of an older one of the post.
  void save(int id, std::int64_t updated_at_ms, std::string_view brotli);
  // The kept page of post `id` as of `updated_at_ms`, or nullopt.
  std::optional<std::string> load(int id, std::int64_t updated_at_ms) const;
  // Drops the post's page (deleted or no longer published).
  void remove(int id);
  // Drops every page whose post is not in `keep` (sorted ids): posts deleted while the node was down.
  std::size_t remove_all_but(const std::vector<int>& keep);
  std::size_t size() const;
  // When the packs hold more dead bytes than live ones (and more than a few megabytes): copies the
  // live records into a new pack and deletes the old ones. Slow (it reads and writes every live
  // page): for the thread that writes the disk copies, never a request's. Saves and loads go on
  // meanwhile; a second call while one runs returns at once.
  void compact_when_worth_it();
  // Tests only: runs `hook` in each compaction after the live records are copied, before the new
  // pack takes over.
  void on_compaction_copied(std::function<void()> hook) { copied_hook_ = std::move(hook); }

  struct usage {
    std::uint64_t bytes = 0;       // in the packs
    std::uint64_t live_bytes = 0;  // of them, the records of kept pages
    std::size_t packs = 0;
  };
  usage stats() const;

 private:
  struct slot {
    std::int64_t updated_at_ms = 0;
    std::uint32_t pack = 0;  // generation
    std::uint64_t offset = 0;
    std::uint32_t size = 0;  // of the page
  };
  // An open pack, closed when the last holder lets go: a load reads from the pack it found its
  // page in even if a compaction has deleted that pack meanwhile.
  struct descriptor {
    explicit descriptor(int f) : fd(f) {}
    ~descriptor();
    descriptor(const descriptor&) = delete;
    descriptor& operator=(const descriptor&) = delete;
    const int fd;
  };
  struct pack_file {
    std::shared_ptr<const descriptor> file;
    std::uint64_t end = 0;
  };

  std::filesystem::path pack_path(std::uint32_t generation) const;
  // Reads one pack's headers into index_; cuts a torn end. Under io_mutex_.
  void read_pack(std::uint32_t generation, pack_file& pack);
  // Appends the bytes to the newest pack; its offset, or nullopt when the write failed. Under io_mutex_.
  std::optional<std::uint64_t> append(std::string_view bytes);
  // Opens (creating) the pack of this generation; nullptr when it cannot.
  std::shared_ptr<const descriptor> open_pack(std::uint32_t generation);
  void log_write_failure(const std::string& what);

  std::filesystem::path dir_;
  bool usable_ = false;
  // Lock order: io_mutex_ before index_mutex_. Appends and changes to the set of packs take
  // io_mutex_; has(), size() and load() take index_mutex_ only.
  mutable std::mutex io_mutex_;
  std::map<std::uint32_t, pack_file> packs_;  // by generation; appends go to the last
  bool compacting_ = false;                   // under io_mutex_
  mutable std::mutex index_mutex_;
  std::unordered_map<int, slot> index_;
  std::map<std::uint32_t, std::shared_ptr<const descriptor>> readable_;  // packs_' files, for load()
  std::uint64_t live_bytes_ = 0;                                         // under index_mutex_
  std::function<void()> copied_hook_;
  std::atomic<bool> write_failure_logged_{false};
};

}  // namespace blog::readmodel
