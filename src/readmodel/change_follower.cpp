// Applies post_changes in order, woken by NOTIFY and, as a safety net, once a second.
#include "blog/readmodel/change_follower.hpp"

#include "blog/store/posts_store.hpp"

#include <pqxx/pqxx>
#include <spdlog/spdlog.h>

#include <set>

namespace blog::readmodel {
namespace {

// Sequence numbers are handed out before commit, so a change with a lower seq can become
// visible after a higher one. Changes this recent are read again on every pass; applying a
// change twice is harmless since it reloads the post's current row.
constexpr std::int64_t late_commit_window_ms = 10'000;

struct wake_up : pqxx::notification_receiver {
  wake_up(pqxx::connection_base& c, std::atomic<bool>& flag) : pqxx::notification_receiver(c, "post_changes"), woke(flag) {}
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

change_follower::~change_follower() { stop(); }

void change_follower::add_sink(std::function<void(const change_batch&)> sink) {
  std::lock_guard lock(mutex_);
  sinks_.push_back(std::move(sink));
}

void change_follower::start(const std::function<void(std::int64_t)>& after_load) {
  {
    std::lock_guard lock(mutex_);
    // The seq is read first: a change landing during the load is applied again by catch_up.
    auto seq = store::last_change_seq(db_);
    model_.replace_all(store::load_all_posts(db_));
    applied_seq_ = seq;
    if (after_load) after_load(seq);
  }
  thread_ = std::thread([this] { listen_loop(); });
}

void change_follower::run_exclusive(const std::function<void(std::int64_t)>& fn) {
  std::lock_guard lock(mutex_);
  fn(applied_seq_.load());
}

void change_follower::stop() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
}

void change_follower::catch_up() {
  std::lock_guard lock(mutex_);
  auto from = applied_seq_.load();
  auto changes = store::changes_since(db_, std::max<std::int64_t>(0, from - 1000));
  std::int64_t cutoff = posts::now_ms() - late_commit_window_ms;
  change_batch batch;
  std::set<int> ids;
  for (const auto& c : changes) {
    if (c.seq <= from && c.changed_at_ms < cutoff) continue;
    ids.insert(c.post_id);
    batch.last_seq = std::max(batch.last_seq, c.seq);
  }
  if (ids.empty()) return;
  batch.changed.assign(ids.begin(), ids.end());
  batch.loaded = store::load_posts(db_, batch.changed);
  batch.last_seq = std::max(batch.last_seq, from);
  model_.apply(batch.changed, batch.loaded);
  for (const auto& sink : sinks_) sink(batch);
  applied_seq_ = batch.last_seq;
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
