// The index: one shard_writer behind a mutex, and a pool of readers reopened after each commit.
#include "blog/search/index.hpp"

#include "durable.hpp"
#include "searcher.hpp"
#include "shard_writer.hpp"

#include <xapian.h>

#include <atomic>
#include <fstream>
#include <iterator>
#include <mutex>
#include <string>

namespace blog::search {
namespace {

// Idle readers kept for reuse; more are opened under load and closed when returned.
constexpr std::size_t max_idle_readers = 16;
// Reads of a revision discarded by two commits are retried this often in all.
constexpr int max_read_attempts = 4;

[[noreturn]] void raise(const std::filesystem::path& dir, const Xapian::Error& error) {
  throw index_error("search index " + dir.string() + ": " + error.get_description());
}

// Present while commits may be in the page cache only; holds the boot they were made in.
constexpr std::string_view unsynced_marker = "unsynced";

const std::string& this_boot() {
  static const std::string id = [] {
    std::ifstream in("/proc/sys/kernel/random/boot_id");
    std::string text;
    std::getline(in, text);
    return text;
  }();
  return id;
}

// True when `dir` holds commits of this boot that are not synced yet. An index whose marker
// names another boot (or none that can be read) may have lost any of its last commits with the
// machine, so that its files are no longer a revision Xapian wrote whole: it is emptied, and
// the indexer rebuilds it from PostgreSQL as it does a new index.
bool unsynced_of_this_boot(const std::filesystem::path& dir) {
  const auto marker = dir / unsynced_marker;
  std::error_code ec;
  if (!std::filesystem::exists(marker, ec)) return false;
  std::ifstream in(marker);
  std::string boot((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!this_boot().empty() && boot == this_boot()) return true;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) std::filesystem::remove_all(entry.path(), ec);
  return false;
}

shard_writer open_writer(const std::filesystem::path& dir) {
  try {
    std::filesystem::create_directories(dir);
    return shard_writer(dir.string());
  } catch (const Xapian::Error& e) {
    raise(dir, e);
  } catch (const std::filesystem::filesystem_error& e) {
    throw index_error("search index " + dir.string() + ": " + e.what());
  }
}

}  // namespace

struct index::impl {
  explicit impl(std::filesystem::path directory)
      : dir(std::move(directory)), unsynced(unsynced_of_this_boot(dir)), writer(open_writer(dir)) {
    try {
      last_seq = writer.stored_last_seq();
    } catch (const Xapian::Error& e) {
      raise(dir, e);
    }
  }

  // Runs work on a borrowed reader. A reader whose revision the writer discarded mid-read (two
  // commits during one search, or during the opening of a new reader) reopens and retries; the
  // last attempt holds the write lock, so no commit can discard its revision again.
  template <class F>
  auto read(F&& work) {
    std::unique_ptr<searcher> reader;
    for (int attempt = 1;; ++attempt) {
      try {
        std::unique_lock<std::mutex> no_commits;
        if (attempt == max_read_attempts) no_commits = std::unique_lock(write_mutex);
        if (!reader) {
          reader = borrow();
          reader->catch_up(revision.load());
        } else {
          reader->reopen();
        }
        auto answer = work(*reader);
        no_commits = {};
        give_back(std::move(reader));
        return answer;
      } catch (const Xapian::DatabaseModifiedError& e) {
        if (attempt == max_read_attempts) raise(dir, e);
      } catch (const Xapian::DatabaseCorruptError& e) {
        // Reading a whole posting list (match_counter) over a revision that two commits have
        // discarded can meet reused blocks that no longer decode: a stale read, not a broken
        // index. A fresh reader retries; under the write lock it fails only if the index is.
        if (attempt == max_read_attempts) raise(dir, e);
        reader.reset();
      } catch (const Xapian::Error& e) {
        raise(dir, e);  // the reader is dropped: it may be broken
      }
    }
  }

  // Runs work on the writer under the write lock.
  template <class F>
  void write(F&& work) {
    const std::lock_guard lock(write_mutex);
    try {
      work(writer);
    } catch (const Xapian::Error& e) {
      raise(dir, e);
    }
  }

  std::unique_ptr<searcher> borrow() {
    {
      const std::lock_guard lock(pool_mutex);
      if (!idle.empty()) {
        std::unique_ptr<searcher> reader = std::move(idle.back());
        idle.pop_back();
        return reader;
      }
    }
    try {
      return std::make_unique<searcher>(dir.string());
    } catch (const Xapian::DatabaseModifiedError&) {
      throw;  // opening met a revision a commit discarded: read() retries
    } catch (const Xapian::Error& e) {
      raise(dir, e);
    }
  }

  void give_back(std::unique_ptr<searcher> reader) {
    const std::lock_guard lock(pool_mutex);
    if (idle.size() < max_idle_readers) idle.push_back(std::move(reader));
  }

  // Makes the marker durable before the first commit that may reach the disk without an fsync.
  void mark_unsynced() {
    if (unsynced) return;
    const auto marker = dir / unsynced_marker;
    {
      std::ofstream out(marker, std::ios::trunc);
      out << this_boot();
      if (!out.flush()) throw index_error("search index " + dir.string() + ": cannot write " + marker.string());
    }
    if (!sync_path(marker, false) || !sync_path(dir, true))
      throw index_error("search index " + dir.string() + ": cannot sync " + marker.string());
    unsynced = true;
  }

  bool sync() {
    std::uint64_t seen = 0;
    {
      const std::lock_guard lock(write_mutex);
      if (!unsynced) return true;
      seen = revision.load();
    }
    // Outside the lock: writers go on meanwhile, and a commit among the fsyncs keeps the marker.
    if (!sync_folder(dir, unsynced_marker))
      throw index_error("search index " + dir.string() + ": cannot sync its files");
    const std::lock_guard lock(write_mutex);
    if (revision.load() != seen) return false;
    std::error_code ec;
    std::filesystem::remove(dir / unsynced_marker, ec);
    if (ec || !sync_path(dir, true))
      throw index_error("search index " + dir.string() + ": cannot remove the unsynced marker");
    unsynced = false;
    return true;
  }

  std::filesystem::path dir;
  std::mutex write_mutex;
  bool unsynced = false;  // the marker exists (guarded by write_mutex after construction)
  shard_writer writer;
  std::atomic<std::int64_t> last_seq{0};
  std::atomic<std::uint64_t> revision{0};  // commits since opening; readers reopen when it moves
  std::mutex pool_mutex;
  std::vector<std::unique_ptr<searcher>> idle;
};

index::index(std::filesystem::path dir) : impl_(std::make_unique<impl>(std::move(dir))) {}

index::~index() {
  try {
    impl_->sync();
  } catch (const index_error&) {
    // The marker stays: the next start of another boot rebuilds; of this boot, the page cache has it.
  }
}

void index::replace(const post_doc& post) {
  impl_->write([&](shard_writer& w) { w.replace(post); });
}

void index::remove(std::int64_t id) {
  impl_->write([&](shard_writer& w) { w.remove(id); });
}

void index::commit(std::int64_t last_seq) {
  impl_->write([&](shard_writer& w) {
    impl_->mark_unsynced();
    w.commit(last_seq);
    impl_->last_seq = last_seq;
    ++impl_->revision;
  });
}

bool index::sync() {
  return impl_->sync();
}

std::int64_t index::last_seq() const {
  return impl_->last_seq.load();
}

std::uint64_t index::revision() const {
  return impl_->revision.load();
}

bool index::stale_analysis() const {
  return impl_->writer.stale_analysis();
}

result index::search(const query& q) const {
  return impl_->read([&](searcher& reader) { return reader.search(q); });
}

result index::by_category(const query& q) const {
  return impl_->read([&](searcher& reader) { return reader.by_category(q); });
}

std::vector<std::int64_t> index::related(std::int64_t id, const std::string& language, std::int64_t now_ms,
                                         std::size_t limit) const {
  return impl_->read([&](searcher& reader) { return reader.related(id, language, now_ms, limit); });
}

std::vector<std::int64_t> index::all_ids() const {
  return impl_->read([](searcher& reader) { return reader.all_ids(); });
}

const std::filesystem::path& index::dir() const {
  return impl_->dir;
}

}  // namespace blog::search
