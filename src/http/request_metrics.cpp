// Request counts by route and status in fixed slots, so recording one is two atomic adds.
#include "blog/http/request_metrics.hpp"

namespace blog::http {
namespace {

// The statuses given a slot of their own; any other is counted as "other" (slot 0).
constexpr std::array<unsigned, 31> named_statuses = {200, 201, 202, 204, 206, 301, 302, 303, 304, 307, 308,
                                                     400, 401, 403, 404, 405, 406, 409, 410, 411, 412, 413,
                                                     414, 415, 416, 422, 429, 431, 500, 501, 503};

std::size_t slot_of(unsigned status) {
  for (std::size_t i = 0; i < named_statuses.size(); ++i)
    if (named_statuses[i] == status) return i + 1;
  return 0;
}

}  // namespace

request_metrics::request_metrics(metrics::registry& registry, const router& routes) {
  auto add = [&](std::string method, std::string pattern) {
    auto r = std::make_unique<per_route>();
    r->method = std::move(method);
    r->pattern = std::move(pattern);
    r->latency = &registry.make_histogram("blog_http_request_duration_seconds",
                                          "Time from a request's first byte to its answer written, by route.",
                                          metrics::latency_buckets(), {{"method", r->method}, {"route", r->pattern}});
    routes_.push_back(std::move(r));
  };
  for (const auto& r : routes.routes()) add(r.method, r.pattern);
  add("*", "(fallback)");
  add("*", "(none)");
  registry.collect("blog_http_requests_total", "Requests answered, by route pattern and status.", "counter",
                   [this](metrics::sample_writer& w) {
                     for (const auto& r : routes_) {
                       for (std::size_t s = 0; s < status_slots; ++s) {
                         auto n = r->by_status[s].load(std::memory_order_relaxed);
                         if (n == 0) continue;
                         std::string status = s == 0 ? "other" : std::to_string(named_statuses[s - 1]);
                         w.sample("blog_http_requests_total",
                                  {{"method", r->method}, {"route", r->pattern}, {"status", status}},
                                  static_cast<double>(n));
                       }
                     }
                   });
  registry.gauge_from("blog_worker_queue_depth", "Blocking work waiting for a worker thread.", {},
                      [this] { return static_cast<double>(queue_depth_.load(std::memory_order_relaxed)); });
  worker_wait_ = &registry.make_histogram("blog_worker_wait_seconds", "Time blocking work waited for a worker thread.");
}

void request_metrics::record(const route* r, bool fallback, unsigned status,
                             std::chrono::microseconds elapsed) noexcept {
  std::size_t at = r ? r->index : routes_.size() - (fallback ? 2 : 1);
  if (at >= routes_.size()) at = routes_.size() - 1;
  auto& mine = *routes_[at];
  mine.by_status[slot_of(status)].fetch_add(1, std::memory_order_relaxed);
  mine.latency->observe(static_cast<double>(elapsed.count()) / 1e6);
}

void request_metrics::started(std::chrono::microseconds waited) noexcept {
  queue_depth_.fetch_sub(1, std::memory_order_relaxed);
  worker_wait_->observe(static_cast<double>(waited.count()) / 1e6);
}

}  // namespace blog::http
