// The post pages of a node: the read model's cache, PostgreSQL, and copies on disk for when it is away.
#include "blog/readmodel/post_pages.hpp"

#include "blog/core/error.hpp"
#include "blog/store/posts_store.hpp"

#include <malloc.h>
#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <utility>

namespace blog::readmodel {
namespace {

// The warm-up stops before a page would push another out of the cache.
constexpr std::size_t warm_room = std::size_t{16} * 1024;
// Posts read per query of the warm-up and of the disk's fill.
constexpr std::size_t warm_batch = 200;

bool shown_to_readers(const posts::post& p) {
  return p.published && !p.hidden_by_admin;
}

}  // namespace

post_pages::post_pages(store::database& db, read_model& model) : db_(db), model_(model) {}

post_pages::~post_pages() {
  stop();
}

void post_pages::keep_on_disk(std::filesystem::path dir) {
  pages_on_disk_ = std::make_unique<page_store>(std::move(dir));
  disk_thread_ = std::thread([this] { write_to_disk(); });
}

void post_pages::start() {
  warm_thread_ = std::thread([this] { warm_up(); });
}

void post_pages::stop() {
  stopping_ = true;
  if (warm_thread_.joinable()) warm_thread_.join();
  {
    std::lock_guard lock(disk_mutex_);
    disk_stopping_ = true;
  }
  disk_wake_.notify_all();
  // The jobs still queued are written first: a restart finds the pages of every answered write.
  if (disk_thread_.joinable()) disk_thread_.join();
}

void post_pages::apply(const change_batch& batch) {
  if (!pages_on_disk_) return;
  // The disk follows: the changed posts' new pages (made by the read model's apply), and none of a
  // post gone. Writing is done beside the follower, not under its lock: the disk only answers
  // while PostgreSQL is away, so it never holds a writer up.
  auto snap = model_.current();
  {
    std::lock_guard lock(disk_mutex_);
    for (int id : batch.changed) {
      const auto* e = snap->by_id(id);
      auto page = e ? model_.cached_page(*e) : nullptr;
      disk_jobs_[id] = page ? disk_job{std::move(page), e->post.updated_at_ms} : disk_job{};
    }
    ++disk_handed_;
  }
  disk_wake_.notify_all();
}

void post_pages::write_to_disk() {
  // The disk copies are for when PostgreSQL is away: never urgent, and a file created for each
  // changed post (thousands a second during an import) is CPU readers should have first.
  setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10);
  std::unique_lock lock(disk_mutex_);
  for (;;) {
    disk_wake_.wait(lock, [&] { return disk_stopping_ || !disk_jobs_.empty() || disk_written_ < disk_handed_; });
    if (disk_jobs_.empty() && disk_written_ >= disk_handed_ && disk_stopping_) return;
    auto jobs = std::exchange(disk_jobs_, {});
    const auto handed = disk_handed_;
    lock.unlock();
    for (const auto& [id, job] : jobs) {
      try {
        follow_on_disk(id, job.page, job.updated_at_ms);
      } catch (const std::exception& e) {
        spdlog::warn("post pages on disk: post {} not followed ({})", id, e.what());
      }
    }
    // Here, not in a save: a request that keeps a page it read must never be the one that copies
    // every live page.
    pages_on_disk_->compact_when_worth_it();
    lock.lock();
    disk_written_ = handed;
    disk_wake_.notify_all();
  }
}

void post_pages::follow_on_disk(int id, const std::shared_ptr<const encoded_answer>& page, std::int64_t updated_at_ms) {
  // What the read model holds now decides: a post hidden or deleted since the job was queued loses
  // its copy; a page older than the post's current version is not written (the newer change
  // brings its own).
  auto snap = model_.current();
  const auto* e = snap->by_id(id);
  if (!e || !shown_to_readers(e->post))
    pages_on_disk_->remove(id);
  else if (page && e->post.updated_at_ms == updated_at_ms)
    store_page(*e, *page);
}

void post_pages::warm_up() {
  // Compressing thousands of pages is minutes of CPU on a busy machine: it waits until the node
  // serves, and then yields to every request (nice 19 for this thread only: at 10, writes at a cold
  // start of 100,000 posts waited behind it, p99 up to 2.5x; bench/write_path.sh), while still
  // getting on with it on a machine that is never idle.
  for (int i = 0; i < 20 && !stopping_; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 19);
  auto started = std::chrono::steady_clock::now();
  std::size_t filled = 0;
  auto& cache = model_.bodies();
  try {
    // The newest posts are read most, and are what a reader finds while PostgreSQL is away: they
    // come from the list's order, a few hundred at a time by id (no sort of the table).
    auto snap = model_.current();
    auto range = snap->visible("cs");
    auto it = range.begin();
    while (!stopping_ && !cache.full(warm_room) && it != range.end()) {
      std::vector<int> ids;
      for (; it != range.end() && ids.size() < warm_batch; ++it) ids.push_back((*it)->post.id);
      for (const auto& p : store::load_posts(db_, ids)) {
        if (stopping_ || cache.full(warm_room)) break;
        const auto* e = model_.current()->by_id(p.id);
        if (e && !model_.cached_page(*e)) {
          auto page = model_.keep_page(*e, p);
          if (p.updated_at_ms == e->post.updated_at_ms) store_page(*e, *page);
          ++filled;
        }
      }
    }
  } catch (const std::exception& e) {
    // Pages are read one by one on request meanwhile.
    spdlog::warn("read model: warming the page cache failed ({})", e.what());
  }
  // Bodies passed through in rows and compression buffers now freed.
  malloc_trim(0);
  warmed_ = true;
  spdlog::info(
      "read model: {} newest pages cached ({} kB) in {} ms", filled, cache.held_bytes() / 1024,
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count());
  try {
    fill_page_store();
  } catch (const std::exception& e) {
    // The pages are written as they are read meanwhile, and by the next start.
    spdlog::warn("read model: writing the post pages to disk stopped ({})", e.what());
  }
}

std::shared_ptr<const encoded_answer> post_pages::page(const entry& e) {
  if (auto page = model_.cached_page(e)) return page;
  std::vector<posts::post> found;
  try {
    found = store::load_posts(db_, {e.post.id});
  } catch (const blog::error& error) {
    if (error.kind() != blog::error_kind::unavailable) throw;
    if (auto page = stored_page(e)) return page;
    throw;
  }
  if (found.empty()) return nullptr;
  auto page = model_.keep_page(e, found.front());
  if (found.front().updated_at_ms == e.post.updated_at_ms) store_page(e, *page);
  return page;
}

std::optional<posts::post> post_pages::full_post(const entry& e) {
  // The page holds the body: one way to it (memory, PostgreSQL, or the disk while it is away).
  auto whole = page(e);
  if (!whole) return std::nullopt;
  return read_model::post_of(e, *whole);
}

void post_pages::store_page(const entry& e, const encoded_answer& page) {
  if (!pages_on_disk_ || !shown_to_readers(e.post) || pages_on_disk_->has(e.post.id, e.post.updated_at_ms)) return;
  pages_on_disk_->save(e.post.id, e.post.updated_at_ms, page.brotli_body());
}

std::shared_ptr<const encoded_answer> post_pages::stored_page(const entry& e) {
  if (!pages_on_disk_) return nullptr;
  auto brotli = pages_on_disk_->load(e.post.id, e.post.updated_at_ms);
  if (!brotli) return nullptr;
  return model_.keep_stored_page(e, *brotli);
}

void post_pages::fill_page_store() {
  if (!pages_on_disk_) return;
  auto started = std::chrono::steady_clock::now();
  auto snap = model_.current();
  std::vector<int> all, missing;
  for (const auto& [id, e] : snap->entries()) {
    all.push_back(id);
    if (shown_to_readers(e->post) && !pages_on_disk_->has(id, e->post.updated_at_ms)) missing.push_back(id);
  }
  std::sort(all.begin(), all.end());
  auto dropped = pages_on_disk_->remove_all_but(all);
  std::size_t written = 0;
  for (std::size_t at = 0; at < missing.size() && !stopping_; at += warm_batch) {
    std::vector<int> ids(missing.begin() + static_cast<std::ptrdiff_t>(at),
                         missing.begin() + static_cast<std::ptrdiff_t>(std::min(missing.size(), at + warm_batch)));
    for (const auto& p : store::load_posts(db_, ids)) {
      const auto* e = model_.current()->by_id(p.id);
      if (!e || e->post.updated_at_ms != p.updated_at_ms) continue;  // changed meanwhile: its change writes it
      store_page(*e, *read_model::make_page(*e, p));
      ++written;
    }
    // A node serving readers comes first: a pause between batches.
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  malloc_trim(0);
  spdlog::info(
      "read model: {} post pages written to disk, {} dropped, {} kept, in {} ms", written, dropped,
      pages_on_disk_->size(),
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count());
}

}  // namespace blog::readmodel
