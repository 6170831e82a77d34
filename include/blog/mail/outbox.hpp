// A background lane for mail, so that no answer waits for SMTP and the work done while a request
// is answered does not depend on whether an account exists: one thread, a bounded queue.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace blog::mail {

class outbox {
 public:
  // `capacity` queued jobs at most; at shutdown the queue gets `shutdown_grace` to empty.
  explicit outbox(std::size_t capacity = 1000, std::chrono::seconds shutdown_grace = std::chrono::seconds(10));
  // Runs the jobs still queued for up to the grace period, then drops (and logs) the rest.
  ~outbox();
  outbox(const outbox&) = delete;
  outbox& operator=(const outbox&) = delete;

  // Queues `job` (which may block: database, SMTP). False, logged with `what`, when the queue is
  // full. A job that throws is logged with `what` and does not stop the lane. Never throws.
  bool post(std::string what, std::function<void()> job) noexcept;

 private:
  struct entry {
    std::string what;
    std::function<void()> job;
  };
  void run();

  std::size_t capacity_;
  std::chrono::seconds grace_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<entry> queue_;
  bool stopping_ = false;
  std::chrono::steady_clock::time_point deadline_{};
  std::thread thread_;
};

}  // namespace blog::mail
