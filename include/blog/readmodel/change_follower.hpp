// Follows the post change log (post_changes + NOTIFY) and applies each change to the read model
// and to any other sink (the search index), so every node converges on PostgreSQL's state.
#pragma once

#include "blog/readmodel/read_model.hpp"
#include "blog/store/database.hpp"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace blog::readmodel {

struct change_batch {
  std::vector<int> changed;               // post ids touched
  std::vector<posts::post> loaded;        // their current rows; a missing id was deleted
  std::int64_t last_seq = 0;              // the highest seq included
};

class change_follower {
 public:
  change_follower(store::database& db, read_model& model, std::string listen_url);
  ~change_follower();
  change_follower(const change_follower&) = delete;
  change_follower& operator=(const change_follower&) = delete;

  // Another consumer of every batch, called in seq order under the follower's lock.
  void add_sink(std::function<void(const change_batch&)> sink);
  // Loads every post, calls after_load(applied_seq) (e.g. to bring the search index up to
  // date), then follows the log on a thread of its own. Throws when the database cannot be read.
  void start(const std::function<void(std::int64_t)>& after_load = {});
  void stop();
  // Applies every change committed so far; returns when they are in the read model and the
  // sinks (a writer calls this after its commit: read-your-writes). Thread-safe.
  void catch_up();
  std::int64_t applied_seq() const { return applied_seq_.load(); }
  // Calls fn(payload) on the follower's thread for every NOTIFY on `channel` (keep it quick).
  // Call before start().
  void on_notify(std::string channel, std::function<void(const std::string&)> fn);
  // Runs fn(applied_seq) while no batch is being applied.
  void run_exclusive(const std::function<void(std::int64_t)>& fn);

 private:
  void listen_loop();

  store::database& db_;
  read_model& model_;
  std::string listen_url_;
  std::mutex mutex_;
  std::vector<std::function<void(const change_batch&)>> sinks_;
  std::vector<std::pair<std::string, std::function<void(const std::string&)>>> listeners_;
  std::atomic<std::int64_t> applied_seq_{0};
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace blog::readmodel
