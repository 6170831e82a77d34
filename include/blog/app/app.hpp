// Wiring: configuration → database (migrated) → routes → server.
#pragma once

#include "blog/config/config.hpp"

#include <cstdint>
#include <memory>

namespace blog::api {
struct context;
}  // namespace blog::api

namespace blog::app {

class app {
 public:
  // Connects, applies pending migrations and loads the web app. Throws
  // store::migration_error or std::runtime_error with a message fit for an operator.
  explicit app(config cfg, bool handle_signals = false);
  ~app();
  app(const app&) = delete;
  app& operator=(const app&) = delete;

  // Binds the port, and the metrics listener's when configured; returns the public port (the
  // real one when configured as 0). Throws std::runtime_error when either cannot be bound.
  std::uint16_t listen();
  // The metrics listener's port, 0 when metrics are off.
  std::uint16_t metrics_port() const;
  // Serves until stop() or SIGINT/SIGTERM (when handle_signals).
  void run();
  void stop();
  api::context& ctx();

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace blog::app
