// The HTTP server: Beast on C++20 coroutines, one coroutine per connection, blocking work on a worker pool.
#pragma once

#include "blog/http/client_address.hpp"
#include "blog/http/router.hpp"
#include "blog/metrics/metrics.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace blog::http {

struct server_options {
  std::string address = "0.0.0.0";
  std::uint16_t port = 8080;
  unsigned io_threads = 1;
  unsigned worker_threads = 8;
  unsigned password_threads = 1;    // request::passwords: their own threads, at nice 10
  std::size_t password_queue = 32;  // password work waiting past the busy threads; more: 503
  std::size_t max_header_bytes = std::size_t{16} * 1024;
  std::size_t max_body_bytes = std::size_t{1024} * 1024;
  // Bodies being read or handled at once, summed (declared lengths); a body past it: 503.
  std::size_t max_body_bytes_in_flight = std::size_t{64} * 1024 * 1024;
  std::size_t max_connections = 2048;            // more are closed at once
  std::size_t max_connections_per_address = 64;  // per TCP peer; trusted proxies are exempt
  std::chrono::seconds header_timeout{10};       // from a request's first byte to its blank line
  std::chrono::seconds body_timeout{60};         // reading a body, writing an answer
  std::chrono::seconds idle_timeout{5};          // a keep-alive connection waiting for a request
  address_set trusted_proxies;                   // peers whose X-Forwarded-For/-Proto are believed
  header_list response_headers;                  // on every answer (nosniff, Referrer-Policy, HSTS, …)
  std::string html_policy;                       // Content-Security-Policy of HTML answers without one
  // Called before a state-changing route's body is read; never blocks. Throws blog::error to
  // refuse (e.g. a cross-site request).
  std::function<void(const route&, const request&)> check_origin;
  // Called on the worker pool before the body of a route whose access is not `anyone` is read;
  // may block (session lookup) and may leave the caller in request::caller. Throws blog::error
  // to refuse (401/403); the connection is then closed if a body was on its way.
  std::function<void(const route&, request&)> check_access;
  bool handle_signals = false;  // SIGINT/SIGTERM start a graceful stop
  // The I/O threads at real-time priority while the machine is busy and they are not (io_priority.hpp),
  // where permitted.
  bool realtime_io = false;
  // Set: requests by route and status, latencies, open connections and the worker queue are
  // counted in it (see request_metrics). Must outlive the server.
  metrics::registry* metrics = nullptr;
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
