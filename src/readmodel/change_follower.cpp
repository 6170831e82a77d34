// Applies post_changes in order, woken by NOTIFY and, as a safety net, once a second.
#include "blog/readmodel/change_follower.hpp"

#include "blog/store/changes_store.hpp"
#include "blog/store/post_stream.hpp"
#include "blog/store/posts_store.hpp"

#include <malloc.h>
#include <spdlog/spdlog.h>
#include <pqxx/pqxx>

#include <chrono>
#include <set>

namespace blog::readmodel {
namespace {

// Changes read per query; a longer backlog is read in several passes.
constexpr std::size_t batch_limit = 10000;

struct wake_up : pqxx::notification_receiver {
  wake_up(pqxx::connection_base& c, std::atomic<bool>& flag)
      : pqxx::notification_receiver(c, "post_changes"), woke(flag) {}
  void operator()(const std::string&, int) override { woke = true; }
  std::atomic<bool>& woke;
};

struct forward : pqxx::notification_receiver {
  forward(pqxx::connection_base& c, const std::string& channel, std::function<void(const std::string&)> f)
      : pqxx::notification_receiver(c, channel), fn(std::move(f)) {}
  void operator()(const std::string& payload, int) override { fn(payload); }
  std::function<void(const std::string&)> fn;
};

}  // namespace

void change_follower::on_notify(std::string channel, std::function<void(const std::string&)> fn) {
  listeners_.emplace_back(std::move(channel), std::move(fn));
}

change_follower::change_follower(store::database& db, read_model& model, std::string listen_url)
    : db_(db), model_(model), listen_url_(std::move(listen_url)) {}

change_follower::~change_follower() {
  stop();
}

void change_follower::add_sink(std::function<void(const change_batch&)> sink) {
  std::lock_guard lock(mutex_);
  sinks_.push_back(std::move(sink));
}

void change_follower::start(const std::function<void(std::int64_t)>& after_load) {
  {
    std::lock_guard lock(mutex_);
    // The position is read first: whatever commits before or during the load is read again by
    // catch_up (seqs above last_seq, or open in the position's snapshot), at worst applied twice
    // here at start, never missed.
    auto at = store::current_position(db_);
    auto started = std::chrono::steady_clock::now();
    // The bodies wait for load_bodies: a start reads and builds only what lists need.
    std::vector<posts::post> summaries;
    store::for_each_post(db_, store::post_parts::summary, [&](posts::post&& p) { summaries.push_back(std::move(p)); });
    auto count = summaries.size();
    model_.replace_all(std::move(summaries));
    // The rows and summaries just freed are tens of megabytes at 100,000 posts: back to the system.
    malloc_trim(0);
    spdlog::info(
        "read model: {} posts loaded in {} ms", count,
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count());
    applied_seq_ = at.last_seq;
    newest_seq_ = at.last_seq;
    gaps_.clear();
    late_seen_.clear();
    if (at.xmin < at.xmax) loaded_at_ = at;  // some transactions were open: they may commit later
    if (after_load) after_load(at.last_seq);
  }
  thread_ = std::thread([this] { listen_loop(); });
  bodies_thread_ = std::thread([this] { load_bodies(); });
}

void change_follower::load_bodies() {
  auto started = std::chrono::steady_clock::now();
  std::size_t filled = 0;
  while (!stopping_) {
    try {
      store::for_each_post_body(db_, [&](store::post_body&& body) {
        filled += model_.set_body(body.id, body.updated_at_ms, body.content, body.content_html);
        return !stopping_.load();
      });
      break;
    } catch (const std::exception& e) {
      // The missing pages are loaded one by one on request (full_post) meanwhile.
      spdlog::warn("read model: loading the posts' bodies failed ({}); retrying", e.what());
      for (int i = 0; i < 10 && !stopping_; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
  if (stopping_) return;
  // Every body passed through once, in rows and compression buffers now freed.
  malloc_trim(0);
  bodies_loaded_ = true;
  spdlog::info(
      "read model: bodies of {} posts compressed in {} ms", filled,
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count());
}

std::optional<posts::post> change_follower::full_post(const entry& e) {
  if (auto whole = e.full_post()) return whole;
  auto found = store::load_posts(db_, {e.post.id});
  if (found.empty()) return std::nullopt;
  model_.set_body(found.front().id, found.front().updated_at_ms, found.front().content, found.front().content_html);
  return found.front();
}

std::vector<std::int64_t> change_follower::gaps() {
  std::lock_guard lock(mutex_);
  std::vector<std::int64_t> seqs;
  for (const auto& [seq, horizon] : gaps_) seqs.push_back(seq);
  return seqs;
}

void change_follower::run_exclusive(const std::function<void(std::int64_t)>& fn) {
  std::lock_guard lock(mutex_);
  fn(applied_seq_.load());
}

void change_follower::stop() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
  if (bodies_thread_.joinable()) bodies_thread_.join();
}

void change_follower::catch_up() {
  std::lock_guard lock(mutex_);
  while (read_once()) {
  }
}

bool change_follower::read_once() {
  std::vector<std::int64_t> asked;
  asked.reserve(gaps_.size());
  for (const auto& [seq, horizon] : gaps_) asked.push_back(seq);
  auto read = store::read_changes(db_, newest_seq_.load(), asked, loaded_at_ ? &*loaded_at_ : nullptr, batch_limit);
  // The new state is built aside and kept only once the batch is applied: a failure reads it all again.
  auto gaps = gaps_;
  auto late_seen = late_seen_;
  auto loaded_at = loaded_at_;
  std::set<int> ids;
  std::size_t count = 0;
  auto newest = newest_seq_.load();
  for (const auto& c : read.newer) {
    // Seqs skipped on the way up belong to transactions still open in this snapshot, or rolled back.
    for (auto missing = newest + 1; missing < c.seq; ++missing) gaps.emplace(missing, read.at.xmax);
    newest = c.seq;
    ids.insert(c.post_id);
    ++count;
  }
  for (const auto& c : read.filled) {
    gaps.erase(c.seq);
    ids.insert(c.post_id);
    ++count;
  }
  if (loaded_at) {
    for (const auto& c : read.late) {
      if (!late_seen.insert(c.seq).second) continue;
      ids.insert(c.post_id);
      ++count;
    }
    // Every transaction open at the load has ended, and what it committed was read just now.
    if (read.at.xmin >= loaded_at->xmax) {
      loaded_at.reset();
      late_seen.clear();
    }
  }
  // A gap whose every possible writer has ended and that this snapshot still lacks was rolled back.
  std::erase_if(gaps, [&](const auto& gap) { return gap.second <= read.at.xmin; });
  auto settled = std::max(applied_seq_.load(), gaps.empty() ? newest : std::min(newest, gaps.begin()->first - 1));
  if (!ids.empty()) {
    change_batch batch;
    batch.changed.assign(ids.begin(), ids.end());
    batch.loaded = store::load_posts(db_, batch.changed);
    batch.last_seq = settled;
    batch.changes = count;
    model_.apply(batch.changed, batch.loaded);
    for (const auto& sink : sinks_) sink(batch);
    applied_changes_ += count;
  }
  gaps_ = std::move(gaps);
  late_seen_ = std::move(late_seen);
  loaded_at_ = std::move(loaded_at);
  newest_seq_ = newest;
  applied_seq_ = settled;
  return read.newer.size() >= batch_limit;
}

void change_follower::listen_loop() {
  while (!stopping_) {
    try {
      pqxx::connection conn(listen_url_);
      std::atomic<bool> woke{false};
      wake_up receiver(conn, woke);
      std::vector<std::unique_ptr<forward>> others;
      for (const auto& [channel, fn] : listeners_) others.push_back(std::make_unique<forward>(conn, channel, fn));
      catch_up();
      while (!stopping_) {
        conn.await_notification(0, 250'000);
        if (woke.exchange(false)) catch_up();
        static thread_local int ticks = 0;
        if (++ticks % 4 == 0) catch_up();
      }
    } catch (const std::exception& e) {
      if (stopping_) break;
      spdlog::warn("change log follower: {}; retrying", e.what());
      for (int i = 0; i < 10 && !stopping_; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
}

}  // namespace blog::readmodel
