// Every published post's page (the JSON of GET /api/posts/{slug}, brotli-compressed as the read
// model keeps it) on the node's disk, one file per post named by its id and the update time it
// was made from: <dir>/<id>-<updated_at_ms>.br. Memory holds the pages read lately (body_cache);
// this holds them all, so that a post outside that cache still answers while PostgreSQL is away.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
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
  // Creates `dir` when missing and lists what it holds (names only: quick at 100,000 files).
  explicit page_store(std::filesystem::path dir);

  // True when the page of post `id` as of `updated_at_ms` is kept.
  bool has(int id, std::int64_t updated_at_ms) const;
  // Keeps the page (written to a temporary file, then renamed) and drops an older one of the post.
  void save(int id, std::int64_t updated_at_ms, std::string_view brotli);
  // The kept page of post `id` as of `updated_at_ms`, or nullopt.
  std::optional<std::string> load(int id, std::int64_t updated_at_ms) const;
  // Drops the post's page (deleted or no longer published).
  void remove(int id);
  // Drops every page whose post is not in `keep` (sorted ids): posts deleted while the node was down.
  std::size_t remove_all_but(const std::vector<int>& keep);
  std::size_t size() const;

 private:
  std::filesystem::path file_of(int id, std::int64_t updated_at_ms) const;

  std::filesystem::path dir_;
  mutable std::mutex mutex_;
  std::unordered_map<int, std::int64_t> kept_;  // id -> updated_at_ms of its file
  std::atomic<bool> write_failure_logged_{false};
};

}  // namespace blog::readmodel
