// The operator's listener (BLOG_METRICS_ADDRESS): GET /metrics in Prometheus' text format, and a 404
// for anything else. app/observability starts the listener and says what to refresh first.
#include "blog/api/handlers.hpp"

namespace blog::api {
namespace {

struct metrics_services {
  metrics::registry& registry;
  std::function<void()> refresh;  // the values read at scrape time (pool, change-log positions)
};

http::response scrape(const metrics_services& s, const http::request&) {
  s.refresh();
  auto res = http::response::text(200, s.registry.render(), "text/plain; version=0.0.4; charset=utf-8");
  res.set("Cache-Control", "no-store");
  return res;
}

}  // namespace

void add_metrics_routes(http::router& r, metrics::registry& registry, std::function<void()> refresh) {
  const metrics_services s{registry, std::move(refresh)};
  r.get("/metrics", http::on_workers([s](http::request& req) { return scrape(s, req); }));
}

http::response metrics_only(const http::request&) {
  return http::response::text(404, "Only /metrics is served here.\n");
}

}  // namespace blog::api
