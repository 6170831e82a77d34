// Post pages on disk, appended to pack files, for reads while PostgreSQL is away.
#include "blog/readmodel/page_store.hpp"

#include <fcntl.h>
#include <spdlog/spdlog.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>

namespace blog::readmodel {
namespace {

constexpr char magic[4] = {'B', 'P', 'G', '1'};
constexpr std::size_t header_size = 24;
// No page comes near this: a header claiming more is not a header.
constexpr std::uint32_t max_page = 64u << 20;
// Dead bytes below this are left alone (a compaction rewrites every live page).
constexpr std::uint64_t compact_above = 16u << 20;
// Live records copied per write during a compaction.
constexpr std::size_t copy_chunk = 1u << 20;

struct header {
  std::int32_t id = 0;
  std::int64_t updated_at_ms = 0;
  std::uint32_t size = 0;
  std::uint32_t crc = 0;
};

// The header's bytes in the machine's own order (the packs are this node's, not an exchange format).
std::string encode(const header& h) {
  std::string bytes(header_size, '\0');
  std::memcpy(bytes.data(), magic, 4);
  std::memcpy(bytes.data() + 4, &h.id, 4);
  std::memcpy(bytes.data() + 8, &h.updated_at_ms, 8);
  std::memcpy(bytes.data() + 16, &h.size, 4);
  std::memcpy(bytes.data() + 20, &h.crc, 4);
  return bytes;
}

std::optional<header> decode(const char* bytes) {
  if (std::memcmp(bytes, magic, 4) != 0) return std::nullopt;
  header h;
  std::memcpy(&h.id, bytes + 4, 4);
  std::memcpy(&h.updated_at_ms, bytes + 8, 8);
  std::memcpy(&h.size, bytes + 16, 4);
  std::memcpy(&h.crc, bytes + 20, 4);
  if (h.size > max_page) return std::nullopt;
  return h;
}

std::uint32_t crc_of(std::string_view bytes) {
  return static_cast<std::uint32_t>(
      crc32(0, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
}

// "pages-<generation>.pack" → generation.
std::optional<std::uint32_t> generation_of(std::string_view name) {
  constexpr std::string_view prefix = "pages-", suffix = ".pack";
  if (!name.starts_with(prefix) || !name.ends_with(suffix)) return std::nullopt;
  name = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
  std::uint32_t generation = 0;
  auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), generation);
  if (ec != std::errc{} || end != name.data() + name.size() || generation == 0) return std::nullopt;
  return generation;
}

// The files of the layout before the packs ("<id>-<updated_at_ms>.br", and their temporary
// copies), and a compaction's unfinished pack.
bool left_over(std::string_view name) {
  return name.ends_with(".br") || name.find(".br.tmp") != std::string_view::npos || name.ends_with(".pack.tmp");
}

bool read_exactly(int fd, char* into, std::size_t size, std::uint64_t offset) {
  while (size > 0) {
    auto got = ::pread(fd, into, size, static_cast<off_t>(offset));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return false;
    into += got;
    size -= static_cast<std::size_t>(got);
    offset += static_cast<std::uint64_t>(got);
  }
  return true;
}

bool write_exactly(int fd, std::string_view bytes, std::uint64_t offset) {
  while (!bytes.empty()) {
    auto put = ::pwrite(fd, bytes.data(), bytes.size(), static_cast<off_t>(offset));
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(put));
    offset += static_cast<std::uint64_t>(put);
  }
  return true;
}

std::string record(int id, std::int64_t updated_at_ms, std::string_view page) {
  auto bytes = encode({id, updated_at_ms, static_cast<std::uint32_t>(page.size()), crc_of(page)});
  bytes.append(page);
  return bytes;
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
  std::vector<std::uint32_t> generations;
  for (auto it = std::filesystem::directory_iterator(dir_, ec); !ec && it != std::filesystem::directory_iterator();
       it.increment(ec)) {
    auto name = it->path().filename().string();
    if (auto generation = generation_of(name)) {
      generations.push_back(*generation);
    } else if (left_over(name)) {
      std::error_code ignored;
      std::filesystem::remove(it->path(), ignored);
    }
  }
  if (generations.empty()) generations.push_back(1);
  // Replayed in generation order: a newer pack's record of a post wins.
  std::sort(generations.begin(), generations.end());
  std::lock_guard io(io_mutex_);
  for (auto generation : generations) {
    auto file = open_pack(generation);
    if (!file) {
      spdlog::warn("post pages on disk: cannot open {} ({}); pages are kept in memory only",
                   pack_path(generation).string(), std::strerror(errno));
      return;
    }
    read_pack(generation, packs_[generation] = pack_file{file, 0});
  }
  usable_ = true;
}

page_store::~page_store() = default;

page_store::descriptor::~descriptor() {
  ::close(fd);
}

std::shared_ptr<const page_store::descriptor> page_store::open_pack(std::uint32_t generation) {
  int fd = ::open(pack_path(generation).c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return nullptr;
  auto file = std::make_shared<const descriptor>(fd);
  std::lock_guard lock(index_mutex_);
  readable_[generation] = file;
  return file;
}

std::filesystem::path page_store::pack_path(std::uint32_t generation) const {
  return dir_ / ("pages-" + std::to_string(generation) + ".pack");
}

void page_store::read_pack(std::uint32_t generation, pack_file& pack) {
  const auto file_size = static_cast<std::uint64_t>(::lseek(pack.file->fd, 0, SEEK_END));
  std::uint64_t at = 0;
  char bytes[header_size];
  std::lock_guard lock(index_mutex_);
  while (at + header_size <= file_size && read_exactly(pack.file->fd, bytes, header_size, at)) {
    auto h = decode(bytes);
    if (!h || at + header_size + h->size > file_size) break;
    auto found = index_.find(h->id);
    if (found != index_.end()) {
      live_bytes_ -= header_size + found->second.size;
      index_.erase(found);
    }
    if (h->size > 0) {
      index_[h->id] = slot{h->updated_at_ms, generation, at, h->size};
      live_bytes_ += header_size + h->size;
    }
    at += header_size + h->size;
  }
  if (at < file_size) {
    spdlog::warn("post pages on disk: {} ends in a torn record after {} bytes; cut there",
                 pack_path(generation).string(), at);
    if (::ftruncate(pack.file->fd, static_cast<off_t>(at)) != 0)
      spdlog::warn("post pages on disk: cannot cut {} ({})", pack_path(generation).string(), std::strerror(errno));
  }
  pack.end = at;
}

void page_store::log_write_failure(const std::string& what) {
  // Once: a full or read-only disk would fail every page the same way.
  if (!write_failure_logged_.exchange(true))
    spdlog::warn("post pages on disk: {} (posts outside the memory cache answer 503 while PostgreSQL is away)", what);
}

std::optional<std::uint64_t> page_store::append(std::string_view bytes) {
  auto& [generation, pack] = *packs_.rbegin();
  const auto at = pack.end;
  if (!write_exactly(pack.file->fd, bytes, at)) {
    log_write_failure("cannot write " + pack_path(generation).string() + ": " + std::strerror(errno));
    return std::nullopt;
  }
  pack.end += bytes.size();
  return at;
}

bool page_store::has(int id, std::int64_t updated_at_ms) const {
  std::lock_guard lock(index_mutex_);
  auto it = index_.find(id);
  return it != index_.end() && it->second.updated_at_ms == updated_at_ms;
}

void page_store::save(int id, std::int64_t updated_at_ms, std::string_view brotli) {
  if (!usable_ || brotli.empty() || brotli.size() > max_page) return;
  std::lock_guard io(io_mutex_);
  auto at = append(record(id, updated_at_ms, brotli));
  if (!at) return;
  {
    std::lock_guard lock(index_mutex_);
    auto& kept = index_[id];
    if (kept.size > 0) live_bytes_ -= header_size + kept.size;
    kept = slot{updated_at_ms, packs_.rbegin()->first, *at, static_cast<std::uint32_t>(brotli.size())};
    live_bytes_ += header_size + kept.size;
  }
}

std::optional<std::string> page_store::load(int id, std::int64_t updated_at_ms) const {
  // Not under io_mutex_: the record is whole once its slot is in the index, and the pack stays
  // open for this read whatever a compaction does meanwhile.
  slot kept;
  std::shared_ptr<const descriptor> file;
  {
    std::lock_guard lock(index_mutex_);
    auto it = index_.find(id);
    if (it == index_.end() || it->second.updated_at_ms != updated_at_ms) return std::nullopt;
    kept = it->second;
    auto pack = readable_.find(kept.pack);
    if (pack == readable_.end()) return std::nullopt;
    file = pack->second;
  }
  std::string bytes(header_size + kept.size, '\0');
  if (!read_exactly(file->fd, bytes.data(), bytes.size(), kept.offset)) return std::nullopt;
  auto h = decode(bytes.data());
  std::string_view page = std::string_view(bytes).substr(header_size);
  // A record the disk lost (zeros after a crash, a bit gone bad) is no page.
  if (!h || h->id != id || h->updated_at_ms != updated_at_ms || h->size != kept.size || h->crc != crc_of(page))
    return std::nullopt;
  return std::string(page);
}

void page_store::remove(int id) {
  if (!usable_) return;
  std::lock_guard io(io_mutex_);
  {
    std::lock_guard lock(index_mutex_);
    auto it = index_.find(id);
    if (it == index_.end()) return;
    live_bytes_ -= header_size + it->second.size;
    index_.erase(it);
  }
  append(record(id, 0, {}));
}

std::size_t page_store::remove_all_but(const std::vector<int>& keep) {
  if (!usable_) return 0;
  std::lock_guard io(io_mutex_);
  std::string tombstones;
  std::size_t removed = 0;
  {
    std::lock_guard lock(index_mutex_);
    for (auto it = index_.begin(); it != index_.end();) {
      if (std::binary_search(keep.begin(), keep.end(), it->first)) {
        ++it;
        continue;
      }
      tombstones += record(it->first, 0, {});
      live_bytes_ -= header_size + it->second.size;
      it = index_.erase(it);
      ++removed;
    }
  }
  if (!tombstones.empty()) append(tombstones);
  return removed;
}

std::size_t page_store::size() const {
  std::lock_guard lock(index_mutex_);
  return index_.size();
}

page_store::usage page_store::stats() const {
  std::lock_guard io(io_mutex_);
  usage u;
  for (const auto& [generation, pack] : packs_) u.bytes += pack.end;
  u.packs = packs_.size();
  std::lock_guard lock(index_mutex_);
  u.live_bytes = live_bytes_;
  return u;
}

void page_store::compact_when_worth_it() {
  // 1. Under io_mutex_ (briefly): decide, and send the saves made from now on to a pack of their own.
  std::vector<std::pair<int, slot>> live;
  std::map<std::uint32_t, std::shared_ptr<const descriptor>> old;  // the packs copied from
  std::uint32_t side = 0;                                          // the saves' pack meanwhile
  std::uint64_t bytes = 0;
  {
    std::lock_guard io(io_mutex_);
    if (!usable_ || compacting_) return;
    for (const auto& [generation, pack] : packs_) bytes += pack.end;
    {
      std::lock_guard lock(index_mutex_);
      const auto dead = bytes - live_bytes_;
      if (dead <= compact_above || dead <= live_bytes_) return;
      live.assign(index_.begin(), index_.end());
    }
    side = packs_.rbegin()->first + 1;
    auto file = open_pack(side);
    if (!file) {
      log_write_failure("cannot write " + pack_path(side).string() + ": " + std::strerror(errno));
      return;
    }
    for (const auto& [generation, pack] : packs_) old.emplace(generation, pack.file);
    packs_[side] = pack_file{file, 0};
    compacting_ = true;
  }
  // 2. With no lock: the live records, in file order, into the new pack (a generation above the
  // saves' pack, so a restart replays it last: see step 3).
  const auto generation = side + 1;
  const auto path = pack_path(generation);
  auto unfinished = path;
  unfinished += ".tmp";
  auto give_up = [&](int fd, const std::string& what) {
    if (fd >= 0) ::close(fd);
    std::error_code ignored;
    std::filesystem::remove(unfinished, ignored);
    log_write_failure(what);
    std::lock_guard io(io_mutex_);
    compacting_ = false;  // the saves' pack stays, as any other: a later compaction takes it in
  };
  int fd = ::open(unfinished.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return give_up(fd, "cannot write " + unfinished.string() + ": " + std::strerror(errno));
  std::sort(live.begin(), live.end(), [](const auto& a, const auto& b) {
    return a.second.pack != b.second.pack ? a.second.pack < b.second.pack : a.second.offset < b.second.offset;
  });
  std::vector<std::pair<int, slot>> moved;  // (id, its record's old place)
  moved.reserve(live.size());
  std::string chunk;
  std::uint64_t written = 0;
  bool ok = true;
  for (const auto& [id, kept] : live) {
    const auto start = chunk.size();
    chunk.resize(start + header_size + kept.size);
    ok = read_exactly(old.at(kept.pack)->fd, chunk.data() + start, header_size + kept.size, kept.offset);
    if (!ok) break;
    moved.emplace_back(id, kept);
    if (chunk.size() >= copy_chunk) {
      if (!(ok = write_exactly(fd, chunk, written))) break;
      written += chunk.size();
      chunk.clear();
    }
  }
  if (ok && !chunk.empty()) {
    ok = write_exactly(fd, chunk, written);
    written += chunk.size();
  }
  if (!ok) return give_up(fd, "cannot compact into " + path.string());
  if (copied_hook_) copied_hook_();
  // 3. Under io_mutex_ (briefly: what was saved during the copy): the saves' pack is appended to
  // the new one, which then takes over. A restart before the rename replays the old packs and the
  // saves' pack; after it, the new pack last, which holds both in their order.
  std::lock_guard io(io_mutex_);
  compacting_ = false;
  auto& saved = packs_.at(side);
  std::string since(saved.end, '\0');
  if (!read_exactly(saved.file->fd, since.data(), since.size(), 0) || !write_exactly(fd, since, written)) {
    ::close(fd);
    std::error_code ignored;
    std::filesystem::remove(unfinished, ignored);
    log_write_failure("cannot compact into " + path.string());
    return;
  }
  std::error_code ec;
  std::filesystem::rename(unfinished, path, ec);
  if (ec) {
    ::close(fd);
    std::filesystem::remove(unfinished, ec);
    log_write_failure("cannot compact into " + path.string());
    return;
  }
  const auto file = std::make_shared<const descriptor>(fd);
  const std::uint64_t copied = written;
  {
    std::lock_guard lock(index_mutex_);
    // A post saved or removed during the copy keeps what it has now; the rest moved.
    std::uint64_t at = 0;
    for (const auto& [id, was] : moved) {
      auto it = index_.find(id);
      if (it != index_.end() && it->second.pack == was.pack && it->second.offset == was.offset)
        it->second = slot{was.updated_at_ms, generation, at, was.size};
      at += header_size + was.size;
    }
    for (auto& [id, kept] : index_)
      if (kept.pack == side) kept = slot{kept.updated_at_ms, generation, copied + kept.offset, kept.size};
    readable_.clear();
    readable_[generation] = file;
  }
  for (const auto& [gone, pack] : packs_) std::filesystem::remove(pack_path(gone), ec);
  packs_.clear();
  packs_[generation] = pack_file{file, copied + since.size()};
  spdlog::info("post pages on disk: compacted {} MB into {} MB ({} pages)", bytes >> 20, (copied + since.size()) >> 20,
               moved.size());
}

}  // namespace blog::readmodel
