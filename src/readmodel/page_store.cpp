// Post pages on disk, one file each, for reads while PostgreSQL is away.
#include "blog/readmodel/page_store.hpp"

#include "blog/core/files.hpp"
#include "blog/core/text.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

namespace blog::readmodel {
namespace {

// "<id>-<updated_at_ms>.br" → {id, updated_at_ms}; nullopt for any other name.
std::optional<std::pair<int, std::int64_t>> parse_name(std::string_view name) {
  if (!name.ends_with(".br")) return std::nullopt;
  name.remove_suffix(3);
  auto dash = name.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  auto id = core::parse_id(name.substr(0, dash));
  auto stamp_part = name.substr(dash + 1);
  std::int64_t stamp = 0;
  auto [stamp_end, stamp_ec] = std::from_chars(stamp_part.data(), stamp_part.data() + stamp_part.size(), stamp);
  if (!id || stamp_ec != std::errc{} || stamp_end != stamp_part.data() + stamp_part.size()) return std::nullopt;
  return std::pair{*id, stamp};
}

}  // namespace

page_store::page_store(std::filesystem::path dir) : dir_(std::move(dir)) {
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  if (ec) {
    spdlog::warn("post pages on disk: cannot create {} ({}); pages are kept in memory only", dir_.string(),
                 ec.message());
    return;
  }
  for (auto it = std::filesystem::directory_iterator(dir_, ec); !ec && it != std::filesystem::directory_iterator();
       it.increment(ec)) {
    auto name = it->path().filename().string();
    auto parsed = parse_name(name);
    if (!parsed) {
      // A temporary file a crash left behind.
      if (name.find(".tmp") != std::string::npos) std::filesystem::remove(it->path(), ec);
      continue;
    }
    auto [id, stamp] = *parsed;
    auto [at, fresh] = kept_.try_emplace(id, stamp);
    if (!fresh && at->second != stamp) {
      // Two versions of one post: the newer stays.
      std::error_code ignored;
      std::filesystem::remove(file_of(id, std::min(at->second, stamp)), ignored);
      at->second = std::max(at->second, stamp);
    }
  }
}

std::filesystem::path page_store::file_of(int id, std::int64_t updated_at_ms) const {
  return dir_ / (std::to_string(id) + "-" + std::to_string(updated_at_ms) + ".br");
}

bool page_store::has(int id, std::int64_t updated_at_ms) const {
  std::lock_guard lock(mutex_);
  auto it = kept_.find(id);
  return it != kept_.end() && it->second == updated_at_ms;
}

void page_store::save(int id, std::int64_t updated_at_ms, std::string_view brotli) {
  try {
    core::write_file_atomically(file_of(id, updated_at_ms), brotli);
  } catch (const std::exception& e) {
    // Once: a full or read-only disk would fail every page the same way.
    if (!write_failure_logged_.exchange(true))
      spdlog::warn("post pages on disk: {} (posts outside the memory cache answer 503 while PostgreSQL is away)",
                   e.what());
    return;
  }
  std::error_code ec;
  std::lock_guard lock(mutex_);
  auto [at, fresh] = kept_.try_emplace(id, updated_at_ms);
  if (!fresh && at->second != updated_at_ms) {
    std::filesystem::remove(file_of(id, at->second), ec);
    at->second = updated_at_ms;
  }
}

std::optional<std::string> page_store::load(int id, std::int64_t updated_at_ms) const {
  if (!has(id, updated_at_ms)) return std::nullopt;
  std::ifstream in(file_of(id, updated_at_ms), std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return std::move(bytes).str();
}

void page_store::remove(int id) {
  std::lock_guard lock(mutex_);
  auto it = kept_.find(id);
  if (it == kept_.end()) return;
  std::error_code ignored;
  std::filesystem::remove(file_of(id, it->second), ignored);
  kept_.erase(it);
}

std::size_t page_store::remove_all_but(const std::vector<int>& keep) {
  std::lock_guard lock(mutex_);
  std::size_t removed = 0;
  for (auto it = kept_.begin(); it != kept_.end();) {
    if (std::binary_search(keep.begin(), keep.end(), it->first)) {
      ++it;
      continue;
    }
    std::error_code ignored;
    std::filesystem::remove(file_of(it->first, it->second), ignored);
    it = kept_.erase(it);
    ++removed;
  }
  return removed;
}

std::size_t page_store::size() const {
  std::lock_guard lock(mutex_);
  return kept_.size();
}

}  // namespace blog::readmodel
