// The server's share of /metrics: requests by route pattern and status, latency by route, and the
// worker pool's queue. The route is the router's pattern, never the raw path, so the number of
// series stays fixed however many paths clients try.
#pragma once

#include "blog/http/router.hpp"
#include "blog/metrics/metrics.hpp"

#include <array>
#include <atomic>
#include <chrono>
#include <memory>
#include <vector>

namespace blog::http {

class request_metrics {
 public:
  // Registers the families, with one series set per route of `routes`, one for what the
  // fallback answers ("(fallback)": pages and files) and one for requests refused before any
  // route could be found ("(none)": malformed, too large a header). Throws std::logic_error
  // when the families exist already.
  request_metrics(metrics::registry& registry, const router& routes);

  // Counts one answered request. `r` is the matched route, or nullptr with `fallback` telling
  // which of the two others it was. Lock-free, allocates nothing.
  void record(const route* r, bool fallback, unsigned status, std::chrono::microseconds elapsed) noexcept;

  // Blocking work queued for the worker pool and not started yet; the wait of each item.
  void queued() noexcept { queue_depth_.fetch_add(1, std::memory_order_relaxed); }
  void started(std::chrono::microseconds waited) noexcept;

 private:
  static constexpr std::size_t status_slots = 32;  // the statuses we answer, and "other"
  struct per_route {
    std::string method, pattern;
    metrics::histogram* latency = nullptr;
    std::array<std::atomic<std::uint64_t>, status_slots> by_status{};
  };
  std::vector<std::unique_ptr<per_route>> routes_;  // by route::index, then fallback, then none
  std::atomic<std::int64_t> queue_depth_{0};
  metrics::histogram* worker_wait_ = nullptr;
};

}  // namespace blog::http
