// What an operator sees of a node: the node-wide metrics, and the listener serving GET /metrics
// on BLOG_METRICS_ADDRESS, a second address never shared with the public port.
#pragma once

#include <cstdint>
#include <memory>
#include <thread>

namespace blog::http {
class server;
class router;
}  // namespace blog::http

namespace blog::api {
struct context;
}  // namespace blog::api

namespace blog::app {

using api::context;

// Registers the database pool's and the positions' metrics in ctx.metrics. Call once.
void register_node_metrics(context& ctx);

// Brings the positions (the database's newest change, the read model's and the index's) and the
// lag between them up to date; a database that cannot be read leaves blog_database_up at 0.
// Blocks on the database: call it on a worker thread. Does not throw.
void refresh_positions(context& ctx);

// Serves GET /metrics (Prometheus text format) of ctx.metrics on its own thread; every other
// path is 404.
class metrics_listener {
 public:
  // Binds cfg.metrics_address and starts serving. Throws std::runtime_error naming the address
  // when it cannot be bound.
  explicit metrics_listener(context& ctx);
  // Stops serving and waits for the thread.
  ~metrics_listener();
  metrics_listener(const metrics_listener&) = delete;
  metrics_listener& operator=(const metrics_listener&) = delete;

  std::uint16_t port() const { return port_; }

 private:
  std::unique_ptr<http::router> routes_;
  std::unique_ptr<http::server> server_;
  std::thread thread_;
  std::uint16_t port_ = 0;
};

}  // namespace blog::app
