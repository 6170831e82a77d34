// Beast keep-alive sessions as coroutines, graceful shutdown, limits, access log and error mapping.
// Order of the checks on a request, all before its body is read: method, path in normal form,
// route, origin (state changes), access (session, on the pool), body type, body size, bytes in
// flight.
#include "blog/http/server.hpp"
#include "blog/core/text.hpp"

#include "blog/http/compression.hpp"
#include "blog/http/error_response.hpp"
#include "blog/http/request_id.hpp"
#include "blog/http/request_metrics.hpp"
#include "blog/logging.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/json.hpp>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <filesystem>
#include <list>
#include <mutex>
#include <optional>
#include <thread>
#include <type_traits>
#include <unordered_map>

namespace blog::http {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace bhttp = boost::beast::http;
using tcp = asio::ip::tcp;

namespace {

constexpr const char* server_error_message = "An error occurred on the server. Please try again later.";
constexpr const char* busy_message = "The server is busy. Please try again in a moment.";

bool known_method(std::string_view m) {
  return m == "GET" || m == "HEAD" || m == "POST" || m == "PUT" || m == "PATCH" || m == "DELETE";
}

// The media type of a Content-Type value, lower-cased, without parameters or spaces.
std::string media_type(std::string_view value) {
  return core::to_lower_ascii(core::trim_ows(value.substr(0, value.find(';'))));
}

// The 415 message when a request's body does not fit what its route takes, or "".
std::string body_kind_problem(const route& r, std::string_view content_type, bool has_body) {
  if (content_type.empty() && !has_body) return {};
  auto type = media_type(content_type);
  switch (r.body) {
    case body_kind::json:
      if (type == "application/json") return {};
      return "Send the request body as JSON (Content-Type: application/json)";
    case body_kind::multipart:
      if (type == "multipart/form-data") return {};
      return "Send the request body as multipart/form-data";
    case body_kind::form:
      if (type == "application/x-www-form-urlencoded" || type == "multipart/form-data") return {};
      return "Send the request body as a form (application/x-www-form-urlencoded or multipart/form-data)";
    case body_kind::none:
      if (!has_body) return {};
      return "This request takes no body";
  }
  return {};
}

response invoke(const route& r, request& req) {
  try {
    auto res = r.handle(req);
    // Tagged and compressed here, on the thread that made the answer, not on an I/O thread.
    settle_dynamic_answer(req.method, req.header("accept-encoding"), req.header("if-none-match"), res);
    return res;
  } catch (const blog::error& e) {
    return error_response(e);
  } catch (const std::exception& e) {
    spdlog::error("{} {}: {}", req.method, req.path, e.what());
    return error_response(500, server_error_message);
  }
}

request to_request(const bhttp::request_parser<bhttp::string_body>& parser, const std::string& remote,
                   const address_set& proxies) {
  const auto& msg = parser.get();
  request req;
  req.method = std::string(msg.method_string());
  req.target = std::string(msg.target());
  auto q = req.target.find('?');
  req.path = percent_decode(std::string_view(req.target).substr(0, q), false);
  if (q != std::string::npos) req.query_string = req.target.substr(q + 1);
  for (const auto& field : msg) {
    req.headers.emplace_back(core::to_lower_ascii(field.name_string()), std::string(field.value()));
  }
  req.remote_address = remote;
  bool trusted = !proxies.empty() && proxies.contains(remote);
  req.request_id = request_id_for(req.header("x-request-id"), trusted);
  if (trusted) {
    // Every X-Forwarded-For line, in order, as one list.
    std::string forwarded;
    for (const auto& [name, value] : req.headers) {
      if (name != "x-forwarded-for") continue;
      if (!forwarded.empty()) forwarded += ',';
      forwarded += value;
    }
    req.remote_address = client_address(remote, forwarded, proxies);
    auto proto = req.header("x-forwarded-proto");
    if (beast::iequals(proto, "https")) req.scheme = "https";
  }
  return req;
}

}  // namespace

struct connection {
  beast::tcp_stream stream;
  std::string peer;  // the TCP peer's address
  bool idle = true;  // waiting for the first byte of a request; guarded by the strand
  connection(tcp::socket socket, std::string address) : stream(std::move(socket)), peer(std::move(address)) {}
};

// Gives back reserved body bytes when a request is done, however it ends.
struct in_flight_reservation {
  std::atomic<std::size_t>* total = nullptr;
  std::size_t bytes = 0;
  in_flight_reservation() = default;
  in_flight_reservation(const in_flight_reservation&) = delete;
  in_flight_reservation& operator=(const in_flight_reservation&) = delete;
  ~in_flight_reservation() {
    if (total) total->fetch_sub(bytes);
  }
};

struct server::impl {
  server_options options;
  const router& routes;
  handler fallback;
  asio::io_context ioc;
  asio::thread_pool workers;
  tcp::acceptor acceptor{ioc};
  std::optional<asio::signal_set> signals;
  std::atomic<bool> stopping{false};
  std::mutex connections_mutex;
  std::list<std::shared_ptr<connection>> connections;
  std::unordered_map<std::string, std::size_t> per_address;  // guarded by connections_mutex
  std::atomic<std::size_t> body_bytes{0};
  // The password lane: its own io_context run by low-priority threads, and a bound on its work.
  asio::io_context password_ioc;
  std::optional<asio::executor_work_guard<asio::io_context::executor_type>> password_work;
  std::vector<std::thread> password_threads;
  std::atomic<std::size_t> password_pending{0};
  // Server-wide headers, pre-serialised for the prebuilt answers ("Name: value\r\n"…).
  std::string extra_header_bytes;
  std::string html_header_bytes;
  std::optional<request_metrics> counted;  // when options.metrics is set

  impl(server_options o, const router& r, handler f)
      : options(std::move(o)),
        routes(r),
        fallback(std::move(f)),
        ioc(static_cast<int>(options.io_threads)),
        workers(options.worker_threads) {
    for (const auto& [name, value] : options.response_headers)
      extra_header_bytes.append(name).append(": ").append(value).append("\r\n");
    if (!options.html_policy.empty()) html_header_bytes = "Content-Security-Policy: " + options.html_policy + "\r\n";
    if (options.metrics) {
      counted.emplace(*options.metrics, routes);
      options.metrics->gauge_from("blog_http_connections_open", "Open client connections.", {}, [this] {
        std::lock_guard lock(connections_mutex);
        return static_cast<double>(connections.size());
      });
    }
    password_work.emplace(password_ioc.get_executor());
    for (unsigned t = 0; t < std::max(1u, options.password_threads); ++t) {
      password_threads.emplace_back([this] {
        // Lower priority than the I/O and worker threads: argon2id then only gets the CPU they leave.
        setpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)), 10);
        password_ioc.run();
      });
    }
  }

  ~impl() {
    password_work.reset();
    for (auto& t : password_threads) t.join();
  }

  template <class Body>
  void add_server_headers(bhttp::response<Body>& out) {
    for (const auto& [name, value] : options.response_headers)
      if (out.find(name) == out.end()) out.set(name, value);
    if (!options.html_policy.empty() && out.find("Content-Security-Policy") == out.end() &&
        beast::iequals(out[bhttp::field::content_type].substr(0, 9), "text/html"))
      out.set("Content-Security-Policy", options.html_policy);
  }

  asio::awaitable<void> accept_loop() {
    for (;;) {
      boost::system::error_code ec;
      // With one I/O thread every handler already runs in order: a strand would only cost time.
      tcp::socket socket = options.io_threads > 1 ? tcp::socket(asio::make_strand(ioc)) : tcp::socket(ioc);
      co_await acceptor.async_accept(socket, asio::redirect_error(asio::use_awaitable, ec));
      if (stopping) co_return;
      if (ec) {
        // Out of file handles and the like: keep accepting after a pause instead of dying.
        spdlog::warn("accept failed: {}", ec.message());
        asio::steady_timer pause(ioc, std::chrono::milliseconds(50));
        co_await pause.async_wait(asio::redirect_error(asio::use_awaitable, ec));
        continue;
      }
      std::string peer;
      if (auto endpoint = socket.remote_endpoint(ec); !ec) peer = endpoint.address().to_string();
      // A trusted proxy carries many clients' connections: the per-address cap is not for it.
      bool capped_peer = !options.trusted_proxies.contains(peer);
      std::list<std::shared_ptr<connection>>::iterator where;
      std::shared_ptr<connection> conn;
      {
        std::lock_guard lock(connections_mutex);
        auto& mine = per_address[peer];
        if (connections.size() >= options.max_connections ||
            (capped_peer && mine >= options.max_connections_per_address)) {
          // Over a cap: closed at once, before a byte is read, so a flood costs only the accept.
          if (mine == 0) per_address.erase(peer);
          socket.close(ec);
          continue;
        }
        ++mine;
        socket.set_option(tcp::no_delay(true), ec);
        conn = std::make_shared<connection>(std::move(socket), peer);
        where = connections.insert(connections.end(), conn);
      }
      auto executor = conn->stream.get_executor();
      asio::co_spawn(executor, session(conn), [this, where, peer](const std::exception_ptr&) {
        std::lock_guard lock(connections_mutex);
        connections.erase(where);
        if (auto it = per_address.find(peer); it != per_address.end() && --it->second == 0) per_address.erase(it);
      });
    }
  }

  template <class Body>
  void copy_headers(const response& res, const request& req, bool keep_alive, bhttp::response<Body>& out) {
    // Each cookie needs a Set-Cookie line of its own (a sign-in sets the session's and the browser's).
    for (const auto& [name, value] : res.headers) {
      if (core::iequals_ascii(name, "Set-Cookie")) {
        out.insert(name, value);
      } else {
        out.set(name, value);
      }
    }
    add_server_headers(out);
    out.set("X-Request-Id", req.request_id);
    out.keep_alive(keep_alive);
  }

  asio::awaitable<void> write_response(connection& conn, const request& req, response& res, bool keep_alive,
                                       std::size_t& bytes, boost::system::error_code& ec) {
    bool head = req.method == "HEAD";
    if (res.prebuilt) {
      const auto& ready = *res.prebuilt;
      auto inm = req.header("if-none-match");
      const std::string& out = (!inm.empty() && inm == ready.etag) ? ready.not_modified : ready.bytes;
      res.status = (&out == &ready.not_modified) ? 304 : ready.status;
      std::size_t length = out.size();
      if (head) length = out.find("\r\n\r\n") + 4;
      bytes = length - (out.find("\r\n\r\n") + 4);
      // The server-wide headers go in after the status line, as separate buffers: the prebuilt
      // bytes stay shared and untouched, and nothing is copied or allocated here.
      std::size_t line = out.find("\r\n") + 2;
      char id_line[160];
      int id_length = std::snprintf(id_line, sizeof id_line, "X-Request-Id: %s\r\n", req.request_id.c_str());
      std::array<asio::const_buffer, 5> parts{
          asio::buffer(out.data(), line), asio::buffer(extra_header_bytes),
          asio::buffer(id_line, static_cast<std::size_t>(std::clamp(id_length, 0, 159))),
          asio::buffer(ready.html ? std::string_view(html_header_bytes) : std::string_view()),
          asio::buffer(out.data() + line, length - line)};
      co_await asio::async_write(conn.stream, parts, asio::redirect_error(asio::use_awaitable, ec));
      co_return;
    }
    if (!res.body_file.empty()) {
      bhttp::response<bhttp::file_body> out{static_cast<bhttp::status>(res.status), 11};
      beast::error_code opened;
      out.body().open(res.body_file.c_str(), beast::file_mode::scan, opened);
      std::error_code removed;
      std::filesystem::remove(res.body_file, removed);  // the open file keeps its bytes until sent
      if (!opened) {
        copy_headers(res, req, keep_alive, out);
        bytes = out.body().size();
        out.prepare_payload();
        bhttp::response_serializer<bhttp::file_body> sr{out};
        if (head) {
          co_await bhttp::async_write_header(conn.stream, sr, asio::redirect_error(asio::use_awaitable, ec));
          co_return;
        }
        // Each piece gets the write deadline anew: a large file may take longer than one.
        while (!ec && !sr.is_done()) {
          conn.stream.expires_after(options.body_timeout);
          co_await bhttp::async_write_some(conn.stream, sr, asio::redirect_error(asio::use_awaitable, ec));
        }
        co_return;
      }
      spdlog::error("cannot open the answer's file {}: {}", res.body_file, opened.message());
      res = error_response(500, server_error_message);
    }
    bhttp::response<bhttp::string_body> out{static_cast<bhttp::status>(res.status), 11};
    copy_headers(res, req, keep_alive, out);
    bytes = res.body.size();
    out.body() = std::move(res.body);
    out.prepare_payload();
    if (head) {
      bhttp::response_serializer<bhttp::string_body> sr{out};
      co_await bhttp::async_write_header(conn.stream, sr, asio::redirect_error(asio::use_awaitable, ec));
    } else {
      co_await bhttp::async_write(conn.stream, out, asio::redirect_error(asio::use_awaitable, ec));
    }
  }

  // Runs a check that throws blog::error, giving its answer (or nullopt when it passed).
  template <class Check>
  static std::optional<response> refusal_of(Check&& check) {
    try {
      check();
      return std::nullopt;
    } catch (const blog::error& e) {
      return error_response(e);
    } catch (const std::exception& e) {
      spdlog::error("request check: {}", e.what());
      return error_response(500, server_error_message);
    }
  }

  static response busy() {
    auto res = error_response(503, busy_message);
    res.set("Retry-After", "1");
    return res;
  }

  // The checks on a request's header that never block: method, path, 405, origin. The answer
  // of a refused request, or nullopt to go on. A plain read costs a few comparisons here.
  std::optional<response> check_header(const request& req, const match& found) const {
    if (!known_method(req.method)) return error_response(501, "Method not implemented");
    if (!is_normal_path(std::string_view(req.target).substr(0, req.target.find('?'))))
      return error_response(400, "The request path is not in normal form");
    if (!found.found) {
      if (found.allow.empty()) return std::nullopt;
      auto res = error_response(405, "Method not allowed");
      res.set("Allow", found.allow);
      return res;
    }
    if (changes_state(*found.found) && !found.found->any_site && options.check_origin)
      return refusal_of([&] { options.check_origin(*found.found, req); });
    return std::nullopt;
  }

  // Runs fn on the worker pool; its time in the queue is measured when metrics are on.
  template <class Fn>
  asio::awaitable<std::invoke_result_t<Fn&>> on_workers(Fn fn) {
    using result = std::invoke_result_t<Fn&>;
    auto queued_at = std::chrono::steady_clock::now();
    if (counted) counted->queued();
    co_return co_await asio::co_spawn(
        workers,
        [&]() -> asio::awaitable<result> {
          if (counted)
            counted->started(
                std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - queued_at));
          co_return fn();
        },
        asio::use_awaitable);
  }

  // The route's access rule; the session lookup blocks, so it runs on the pool, and before a
  // byte of the body is read.
  asio::awaitable<std::optional<response>> check_access(const route& r, request& req) {
    req.on_pool = true;
    co_return co_await on_workers([&] { return refusal_of([&] { options.check_access(r, req); }); });
  }

  asio::awaitable<response> run_handler(const route& r, request& req) {
    response res;
    if (r.where == runs_on::io) res = invoke(r, req);
    if (r.where == runs_on::pool || (r.where == runs_on::io && res.retry_on_pool)) {
      req.on_pool = true;
      res = co_await on_workers([&] { return invoke(r, req); });
    }
    if (r.where == runs_on::password) {
      // A bounded lane: when it is full, the answer comes at once instead of a long wait.
      std::size_t limit = std::max(1u, options.password_threads) + options.password_queue;
      if (password_pending.fetch_add(1) >= limit) {
        password_pending.fetch_sub(1);
        co_return busy();
      }
      req.on_pool = true;
      try {
        res = co_await asio::co_spawn(
            password_ioc, [&]() -> asio::awaitable<response> { co_return invoke(r, req); }, asio::use_awaitable);
      } catch (...) {
        password_pending.fetch_sub(1);
        throw;
      }
      password_pending.fetch_sub(1);
    }
    co_return res;
  }

  asio::awaitable<void> session(std::shared_ptr<connection> conn) {
    beast::flat_buffer buffer;
    boost::system::error_code ec;
    const std::string& remote = conn->peer;
    for (;;) {
      if (buffer.size() == 0) {
        conn->idle = true;
        if (stopping) break;
        conn->stream.expires_after(options.idle_timeout);
        auto n =
            co_await conn->stream.async_read_some(buffer.prepare(8192), asio::redirect_error(asio::use_awaitable, ec));
        if (ec) break;
        buffer.commit(n);
      }
      conn->idle = false;
      auto started = std::chrono::steady_clock::now();
      bhttp::request_parser<bhttp::string_body> parser;
      parser.header_limit(static_cast<std::uint32_t>(options.max_header_bytes));
      parser.body_limit(boost::none);  // the route's limit is set once the header names the route
      // One deadline for the whole header: a client trickling bytes (slowloris) is cut off.
      conn->stream.expires_after(options.header_timeout);
      co_await bhttp::async_read_header(conn->stream, buffer, parser, asio::redirect_error(asio::use_awaitable, ec));
      if (ec == bhttp::error::header_limit) {
        co_await send_error(*conn, 431, "Request headers are too large");
        break;
      }
      if (ec) {
        if (ec != bhttp::error::end_of_stream && ec != asio::error::operation_aborted && ec != beast::error::timeout &&
            ec != asio::error::eof)
          co_await send_error(*conn, 400, "Malformed request");
        break;
      }
      request req = to_request(parser, remote, options.trusted_proxies);
      auto declared = parser.content_length();
      bool has_body = parser.chunked() || (declared && *declared > 0);
      bool keep_alive = parser.get().keep_alive();
      match found;
      if (known_method(req.method)) found = routes.find(req);

      response res;
      auto refused = check_header(req, found);
      if (!refused && found.found && found.found->who != access::anyone && options.check_access)
        refused = co_await check_access(*found.found, req);
      if (!refused && found.found && changes_state(*found.found)) {
        auto problem = body_kind_problem(*found.found, parser.get()[bhttp::field::content_type], has_body);
        if (!problem.empty()) refused = error_response(415, problem);
      }
      in_flight_reservation reservation;
      bool by_fallback = false;
      if (!refused && !found.found && req.method != "GET" && req.method != "HEAD") {
        // Nothing answers this but the fallback (404/405): it never needs the body.
        req.on_pool = true;
        by_fallback = true;
        refused = co_await on_workers([&] {
          route any{req.method, "", fallback, runs_on::pool, 0, {}};
          return invoke(any, req);
        });
      }
      if (!refused) {
        std::size_t limit = options.max_body_bytes;
        std::string too_large = "Request body is too large";
        if (found.found) {
          if (found.found->max_body) limit = found.found->max_body;
          if (!found.found->body_too_large.empty()) too_large = found.found->body_too_large;
        }
        if (declared && *declared > limit) {
          refused = error_response(413, too_large);
        } else if (has_body) {
          std::size_t want = declared ? static_cast<std::size_t>(*declared) : limit;
          if (body_bytes.fetch_add(want) + want > options.max_body_bytes_in_flight) {
            body_bytes.fetch_sub(want);
            refused = busy();
          } else {
            reservation.total = &body_bytes;
            reservation.bytes = want;
          }
        }
        if (!refused && has_body) {
          if (beast::iequals(parser.get()[bhttp::field::expect], "100-continue")) {
            static const std::string go_on = "HTTP/1.1 100 Continue\r\n\r\n";
            co_await asio::async_write(conn->stream, asio::buffer(go_on),
                                       asio::redirect_error(asio::use_awaitable, ec));
            if (ec) break;
          }
          parser.body_limit(limit);
          conn->stream.expires_after(options.body_timeout);
          co_await bhttp::async_read(conn->stream, buffer, parser, asio::redirect_error(asio::use_awaitable, ec));
          if (ec == bhttp::error::body_limit) {
            co_await send_error(*conn, 413, too_large);
            break;
          }
          if (ec) break;
          req.body = std::move(parser.get().body());
        }
      }
      bool drain = false;
      if (refused) {
        res = std::move(*refused);
        // The unread body would be taken for the next request: such a connection ends here.
        if (has_body) keep_alive = false;
        drain = has_body;
      } else if (!found.found) {
        req.on_pool = true;
        by_fallback = true;
        res = co_await on_workers([&] {
          route any{req.method, "", fallback, runs_on::pool, 0, {}};
          return invoke(any, req);
        });
      } else {
        res = co_await run_handler(*found.found, req);
      }
      if (stopping) keep_alive = false;
      std::size_t bytes = 0;
      // The read's deadline still covers a reply made at once; a handler that ran on the pool
      // may have used it up.
      if (req.on_pool || has_body) conn->stream.expires_after(options.body_timeout);
      co_await write_response(*conn, req, res, keep_alive, bytes, ec);
      auto micros = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started);
      if (counted) counted->record(found.found, by_fallback, res.status, micros);
      log_access({req.request_id, req.method, req.path, found.found ? std::string_view(found.found->pattern) : "",
                  req.remote_address, res.status, bytes, micros});
      if (!ec && drain) {
        // Closing with the body still arriving would reset the connection, and the client could
        // lose the answer it has not read yet: stop sending, then read and drop a little.
        conn->stream.socket().shutdown(tcp::socket::shutdown_send, ec);
        co_await drain_briefly(*conn);
        break;
      }
      if (ec || !keep_alive) break;
    }
    conn->stream.socket().shutdown(tcp::socket::shutdown_send, ec);
    conn->stream.close();
  }

  // Reads and drops what the client still sends, for at most a second or 1 MiB.
  static asio::awaitable<void> drain_briefly(connection& conn) {
    boost::system::error_code ec;
    std::array<char, 16384> sink;
    std::size_t dropped = 0;
    conn.stream.expires_after(std::chrono::seconds(1));
    while (!ec && dropped < std::size_t{1024} * 1024)
      dropped +=
          co_await conn.stream.async_read_some(asio::buffer(sink), asio::redirect_error(asio::use_awaitable, ec));
  }

  asio::awaitable<void> send_error(connection& conn, unsigned status, const std::string& message) {
    boost::system::error_code ec;
    auto res = error_response(status, message);
    auto id = new_request_id();
    bhttp::response<bhttp::string_body> out{static_cast<bhttp::status>(status), 11};
    for (auto& [name, value] : res.headers) out.set(name, value);
    add_server_headers(out);
    out.set("X-Request-Id", id);
    out.keep_alive(false);
    out.body() = res.body;
    out.prepare_payload();
    conn.stream.expires_after(std::chrono::seconds(5));
    co_await bhttp::async_write(conn.stream, out, asio::redirect_error(asio::use_awaitable, ec));
    if (counted) counted->record(nullptr, false, status, std::chrono::microseconds(0));
    log_access({id, "-", "-", "", conn.peer, status, res.body.size(), std::chrono::microseconds(0)});
  }

  void begin_stop() {
    if (stopping.exchange(true)) return;
    spdlog::info("stopping: finishing requests in flight");
    asio::post(ioc, [this] {
      boost::system::error_code ec;
      acceptor.close(ec);
      if (signals) signals->cancel(ec);
      std::lock_guard lock(connections_mutex);
      for (auto& conn : connections) {
        asio::post(conn->stream.get_executor(), [conn] {
          if (conn->idle) conn->stream.cancel();
        });
      }
    });
  }
};

server::server(server_options options, const router& routes, handler fallback)
    : impl_(std::make_unique<impl>(std::move(options), routes, std::move(fallback))) {}

server::~server() {
  impl_->workers.join();
}

std::uint16_t server::listen() {
  auto& i = *impl_;
  tcp::endpoint endpoint{asio::ip::make_address(i.options.address), i.options.port};
  i.acceptor.open(endpoint.protocol());
  i.acceptor.set_option(asio::socket_base::reuse_address(true));
  i.acceptor.bind(endpoint);
  i.acceptor.listen(asio::socket_base::max_listen_connections);
  return i.acceptor.local_endpoint().port();
}

void server::run() {
  auto& i = *impl_;
  if (i.options.handle_signals) {
    i.signals.emplace(i.ioc, SIGINT, SIGTERM);
    i.signals->async_wait([this](const boost::system::error_code& ec, int) {
      if (!ec) impl_->begin_stop();
    });
  }
  asio::co_spawn(i.ioc, i.accept_loop(), asio::detached);
  std::vector<std::thread> extra;
  for (unsigned t = 1; t < i.options.io_threads; ++t) extra.emplace_back([&i] { i.ioc.run(); });
  i.ioc.run();
  for (auto& t : extra) t.join();
  spdlog::info("stopped");
}

void server::stop() {
  impl_->begin_stop();
}

void server::post_blocking(std::function<void()> work) {
  asio::post(impl_->workers, std::move(work));
}

}  // namespace blog::http
