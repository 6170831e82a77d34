// The HTTP server: Beast on C++20 coroutines, one coroutine per connection, blocking handlers on a worker pool.
#pragma once

#include "blog/http/router.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace blog::http {

struct server_options {
  std::string address = "0.0.0.0";
  std::uint16_t port = 8080;
  unsigned io_threads = 1;
  unsigned worker_threads = 8;
  std::size_t max_header_bytes = 16 * 1024;
  std::size_t max_body_bytes = 1024 * 1024;
  std::chrono::seconds read_timeout{30};
  std::chrono::seconds idle_timeout{75};
  bool handle_signals = false;  // SIGINT/SIGTERM start a graceful stop
};

// Runs `fn` on the worker pool; used by anything that blocks outside a request (indexer, timers).
using blocking_executor = std::function<void(std::function<void()>)>;

class server {
 public:
  // `fallback` answers every request no route matched (the web app's files and pages).
  server(server_options options, const router& routes, handler fallback);
  ~server();
  server(const server&) = delete;
  server& operator=(const server&) = delete;

  // Binds and listens. Returns the port (useful with port 0). Throws std::system_error when the
  // address cannot be bound.
  std::uint16_t listen();
  // Serves until stop() or a signal; requests in flight finish, idle connections close.
  void run();
  // Thread-safe; returns at once. run() returns once in-flight requests are done.
  void stop();
  // Posts blocking work to the worker pool.
  void post_blocking(std::function<void()> work);

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace blog::http
