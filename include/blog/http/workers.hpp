// Where blocking work runs: the server's pools, and a request's handle on one (`co_await req.workers->run(fn)`).
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/use_awaitable.hpp>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace blog::http {

class request_metrics;

// Thrown by run() on a bounded pool that is full: the server answers 503 with Retry-After: 1 at
// once instead of letting the request wait in a long queue.
struct pool_full : std::runtime_error {
  pool_full() : std::runtime_error("the pool's queue is full") {}
};

// A pool of threads for blocking work, owned by the server: libpqxx, libcurl, libvips, Xapian
// writes on the workers; argon2id on the small, low-priority password pool. A bound (work queued
// or running) makes run() refuse at once past it; with metrics, each item's wait is counted.
class worker_pool {
 public:
  explicit worker_pool(boost::asio::any_io_executor executor, request_metrics* counted = nullptr, std::size_t bound = 0)
      : executor_(std::move(executor)), counted_(counted), bound_(bound) {}
  worker_pool(const worker_pool&) = delete;
  worker_pool& operator=(const worker_pool&) = delete;

  // Runs fn on a thread of the pool and resumes the caller with its result (or its exception).
  template <class Fn>
  boost::asio::awaitable<std::invoke_result_t<Fn&>> run(Fn fn) {
    using result = std::invoke_result_t<Fn&>;
    enter();
    struct leave_on_exit {
      worker_pool* pool;
      ~leave_on_exit() { pool->leave(); }
    } leaving{this};
    auto queued_at = queued();
    co_return co_await boost::asio::co_spawn(
        executor_,
        [&]() -> boost::asio::awaitable<result> {
          started(queued_at);
          co_return fn();
        },
        boost::asio::use_awaitable);
  }

 private:
  void enter();  // throws pool_full past the bound
  void leave() noexcept;
  std::chrono::steady_clock::time_point queued() noexcept;
  void started(std::chrono::steady_clock::time_point queued_at) noexcept;

  boost::asio::any_io_executor executor_;
  request_metrics* counted_;
  std::size_t bound_;  // 0: none
  std::atomic<std::size_t> pending_{0};
};

// One request's handle on a pool. It remembers that it was used, so that the server knows,
// without asking the handler, that the answer's deadline may have run down meanwhile.
class lane {
 public:
  lane() = default;
  explicit lane(worker_pool& pool) : pool_(&pool) {}

  template <class Fn>
  boost::asio::awaitable<std::invoke_result_t<Fn&>> run(Fn fn) {
    if (!pool_) throw std::logic_error("no pool for blocking work");
    used_ = true;
    return pool_->run(std::move(fn));
  }
  bool used() const { return used_; }

 private:
  worker_pool* pool_ = nullptr;
  bool used_ = false;
};

}  // namespace blog::http
