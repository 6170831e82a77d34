// Index generations under one folder: parallel shard builds, compaction, an atomically swapped symlink.
#include "blog/search/index_store.hpp"

#include "analysis.hpp"
#include "blog/search/schema.hpp"
#include "durable.hpp"
#include "shard_writer.hpp"

#include <xapian.h>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

namespace blog::search {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view generation_prefix = "gen-";
constexpr std::string_view build_suffix = ".build";
constexpr std::string_view current_link = "current";
constexpr std::string_view staging_link = "current.tmp";

// Posts waiting per worker: enough to keep it busy, few enough to bound memory.
constexpr std::size_t queue_capacity = 64;
// A shard commits every this many posts. Xapian's in-memory posting maps stay small and cheap to
// update, and the shards need no fsync: measured at 20k posts, batches of 100-500 take about half
// the CPU of Xapian's default 10,000.
constexpr std::size_t shard_flush_every = 200;
constexpr unsigned max_workers = 4;

std::optional<unsigned long> generation_number(const fs::path& name) {
  const std::string text = name.filename().string();
  if (!text.starts_with(generation_prefix)) return std::nullopt;
  unsigned long number = 0;
  const char* begin = text.data() + generation_prefix.size();
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(begin, end, number);
  if (error != std::errc() || stop == begin) return std::nullopt;
  return number;
}

std::string generation_name(unsigned long number) {
  return std::string(generation_prefix) + std::to_string(number);
}

unsigned long next_generation(const fs::path& root) {
  unsigned long highest = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(root)) {
    if (const auto number = generation_number(entry.path())) highest = std::max(highest, *number);
  }
  return highest + 1;
}

// Makes the rename of the symlink durable.
void sync_directory(const fs::path& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

// Points root/current at `name`, replacing the old link in one rename(2).
void point_current_at(const fs::path& root, const std::string& name) {
  const fs::path staging = root / staging_link;
  fs::remove(staging);
  fs::create_directory_symlink(name, staging);
  fs::rename(staging, root / current_link);
  sync_directory(root);
}

// An open generation; once retired, its folder is deleted when the last user drops it.
struct generation {
  std::shared_ptr<index> live;
  std::shared_ptr<std::atomic<bool>> retired;
};

generation open_generation(const fs::path& dir) {
  auto retired = std::make_shared<std::atomic<bool>>(false);
  auto live = std::shared_ptr<index>(new index(dir), [retired, dir](index* p) {
    delete p;
    if (retired->load()) {
      std::error_code ignored;
      fs::remove_all(dir, ignored);
    }
  });
  return {std::move(live), std::move(retired)};
}

[[noreturn]] void raise(const fs::path& dir, const Xapian::Error& error) {
  throw index_error("search index " + dir.string() + ": " + error.get_description());
}

}  // namespace

// One shard per worker thread, fed through a bounded queue; posts go to shard id % workers, so
// every version of a post lands in the same shard, in order.
struct bulk_loader::impl {
  struct worker {
    std::unique_ptr<shard_writer> writer;
    std::mutex mutex;
    std::condition_variable readable;
    std::condition_variable writable;
    std::deque<post_doc> queue;
    bool closing = false;
    std::thread thread;
  };

  impl(fs::path build, unsigned count) : build_dir(std::move(build)) {
    fs::create_directories(build_dir);
    try {
      for (unsigned i = 0; i < count; ++i) {
        auto w = std::make_unique<worker>();
        w->writer = std::make_unique<shard_writer>((build_dir / ("shard-" + std::to_string(i))).string(),
                                                   shard_writer::mode::bulk);
        workers.push_back(std::move(w));
      }
    } catch (const Xapian::Error& e) {
      raise(build_dir, e);
    }
    for (auto& w : workers) w->thread = std::thread([this, raw = w.get()] { run(*raw); });
  }

  ~impl() { stop(); }

  void run(worker& w) {
    while (true) {
      post_doc post;
      {
        std::unique_lock lock(w.mutex);
        w.readable.wait(lock, [&] { return !w.queue.empty() || w.closing; });
        if (w.queue.empty()) return;
        post = std::move(w.queue.front());
        w.queue.pop_front();
      }
      w.writable.notify_one();
      try {
        w.writer->replace(post);
        if (w.writer->pending() >= shard_flush_every) w.writer->flush();
      } catch (...) {
        fail(std::current_exception());
        return;
      }
    }
  }

  void fail(std::exception_ptr error) {
    {
      const std::lock_guard lock(error_mutex);
      if (!first_error) first_error = std::move(error);
    }
    failed = true;
    for (auto& w : workers) {
      {
        const std::lock_guard lock(w->mutex);
      }
      w->writable.notify_all();
    }
  }

  void rethrow_failure() {
    const std::lock_guard lock(error_mutex);
    try {
      std::rethrow_exception(first_error);
    } catch (const Xapian::Error& e) {
      raise(build_dir, e);
    }
  }

  void add(post_doc post) {
    worker& w = *workers[static_cast<std::uint64_t>(post.id) % workers.size()];
    {
      std::unique_lock lock(w.mutex);
      w.writable.wait(lock, [&] { return w.queue.size() < queue_capacity || failed; });
      if (!failed) w.queue.push_back(std::move(post));
    }
    if (failed) rethrow_failure();
    w.readable.notify_one();
  }

  // Lets the workers finish their queues and joins them.
  void stop() {
    for (auto& w : workers) {
      {
        const std::lock_guard lock(w->mutex);
        w->closing = true;
      }
      w->readable.notify_all();
    }
    for (auto& w : workers) {
      if (w->thread.joinable()) w->thread.join();
    }
  }

  // Commits every shard and merges them into a compact database at `out`.
  void finish(const fs::path& out) {
    stop();
    if (failed) rethrow_failure();
    try {
      for (unsigned i = 1; i < workers.size(); ++i) {
        workers[i]->writer->hand_spelling_to(*workers[0]->writer);
      }
      Xapian::Database shards;
      for (unsigned i = 0; i < workers.size(); ++i) {
        workers[i]->writer->commit(last_seq);
        workers[i]->writer.reset();
        shards.add_database(Xapian::Database((build_dir / ("shard-" + std::to_string(i))).string()));
      }
      shards.compact(out.string());
    } catch (const Xapian::Error& e) {
      raise(out, e);
    }
  }

  fs::path build_dir;
  std::vector<std::unique_ptr<worker>> workers;
  std::atomic<bool> failed{false};
  std::mutex error_mutex;
  std::exception_ptr first_error;
  std::int64_t last_seq = 0;
};

bulk_loader::bulk_loader(std::unique_ptr<impl> state) : impl_(std::move(state)) {}

bulk_loader::~bulk_loader() = default;

void bulk_loader::add(post_doc post) {
  impl_->add(std::move(post));
}

void bulk_loader::set_last_seq(std::int64_t seq) {
  impl_->last_seq = seq;
}

struct index_store::impl {
  fs::path root;
  mutable std::mutex mutex;  // guards current
  generation current;
  std::mutex rebuild_mutex;  // one rebuild at a time
  std::atomic<std::shared_ptr<const glossary>> synonyms{std::make_shared<const glossary>()};
  // Syncs the current generation's commits to the disk once a second (see index::sync).
  std::mutex syncer_mutex;
  std::condition_variable syncer_wake;
  bool stopping = false;
  std::thread syncer;

  void sync_every_second() {
    std::unique_lock lock(syncer_mutex);
    while (!syncer_wake.wait_for(lock, std::chrono::seconds(1), [&] { return stopping; })) {
      lock.unlock();
      std::shared_ptr<index> live;
      {
        const std::lock_guard current_lock(mutex);
        live = current.live;
      }
      try {
        live->sync();
      } catch (const index_error&) {
        // The marker stays: a start after a system crash rebuilds the index; the writes that
        // fail meanwhile are reported by the indexer.
      }
      lock.lock();
    }
  }
};

index_store::index_store(fs::path root) : impl_(std::make_unique<impl>()) {
  impl_->root = std::move(root);
  const fs::path& dir = impl_->root;
  fs::create_directories(dir);

  const fs::path link = dir / current_link;
  std::string name;
  if (fs::is_symlink(link) && generation_number(fs::read_symlink(link))) {
    name = fs::read_symlink(link).filename().string();
    impl_->current = open_generation(dir / name);
  } else {
    name = generation_name(next_generation(dir));
    impl_->current = open_generation(dir / name);
    point_current_at(dir, name);
  }

  // Leftovers of an interrupted rebuild; the open generation holds the write lock, so no other
  // process is using them.
  std::error_code ignored;
  fs::remove(dir / staging_link, ignored);
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
    const std::string entry_name = entry.path().filename().string();
    if (entry_name.starts_with(generation_prefix) && entry_name != name) {
      fs::remove_all(entry.path(), ignored);
    }
  }
  impl_->syncer = std::thread([state = impl_.get()] { state->sync_every_second(); });
}

index_store::~index_store() {
  {
    const std::lock_guard lock(impl_->syncer_mutex);
    impl_->stopping = true;
  }
  impl_->syncer_wake.notify_all();
  impl_->syncer.join();
}

std::shared_ptr<const glossary> index_store::synonyms() const {
  return impl_->synonyms.load();
}

void index_store::set_synonyms(std::shared_ptr<const glossary> synonyms) {
  impl_->synonyms.store(std::move(synonyms));
}

std::shared_ptr<index> index_store::current() const {
  const std::lock_guard lock(impl_->mutex);
  return impl_->current.live;
}

void index_store::rebuild(const std::function<void(bulk_loader&)>& fill) {
  const std::lock_guard rebuilding(impl_->rebuild_mutex);
  const fs::path& root = impl_->root;
  const std::string name = generation_name(next_generation(root));
  const fs::path dir = root / name;
  const fs::path build = root / (name + std::string(build_suffix));
  const auto clean_up = [&] {
    std::error_code ignored;
    fs::remove_all(build, ignored);
    fs::remove_all(dir, ignored);
  };
  clean_up();

  generation fresh;
  try {
    const unsigned workers = std::clamp(std::thread::hardware_concurrency(), 1U, max_workers);
    bulk_loader loader(std::make_unique<bulk_loader::impl>(build, workers));
    fill(loader);
    loader.impl_->finish(dir);
    loader.impl_.reset();
    fs::remove_all(build);
    // Compacted without fsyncs: on the disk before the link points at it.
    if (!sync_folder(dir)) throw index_error("search index " + dir.string() + ": cannot sync the new generation");
    fresh = open_generation(dir);
    point_current_at(root, name);
  } catch (...) {
    if (fresh.retired) fresh.retired->store(true);
    fresh = {};
    clean_up();
    throw;
  }

  generation old;
  {
    const std::lock_guard lock(impl_->mutex);
    old = std::exchange(impl_->current, std::move(fresh));
  }
  old.retired->store(true);
}

index_facts read_index_facts(const std::filesystem::path& dir) {
  try {
    Xapian::Database db(std::filesystem::canonical(dir).string());
    index_facts facts;
    facts.documents = db.get_doccount();
    facts.published = db.get_termfreq(std::string(schema::published_term));
    auto stored = db.get_metadata(std::string(schema::last_seq_key));
    if (!stored.empty()) facts.last_seq = std::stoll(stored);
    facts.layout = db.get_metadata(std::string(schema::layout_key));
    facts.wanted_layout = index_layout();
    return facts;
  } catch (const Xapian::Error& e) {
    throw index_error(dir.string() + ": " + e.get_description());
  } catch (const std::exception& e) {
    throw index_error(dir.string() + ": " + e.what());
  }
}

}  // namespace blog::search
