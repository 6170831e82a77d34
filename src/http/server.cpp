// Beast keep-alive sessions as coroutines, graceful shutdown, limits, access log and error mapping.
// A session reads each request in five steps: read header → admit → read body → dispatch → write.
// Admission does every check before the body is read: method, path in normal form, route,
// origin (state changes), access (session, on the workers), body type, body size, bytes in flight.
#include "blog/http/server.hpp"
#include "blog/core/text.hpp"

#include "blog/core/logging.hpp"
#include "blog/http/error_response.hpp"
#include "blog/http/io_priority.hpp"
#include "blog/http/request_id.hpp"
#include "blog/http/request_metrics.hpp"
#include "blog/http/workers.hpp"
#include "blog/wire/compression.hpp"

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

// One request on its way through a session's steps.
struct exchange {
  bhttp::request_parser<bhttp::string_body> parser;
  request req;
  match found;
  std::chrono::steady_clock::time_point started;
  boost::optional<std::uint64_t> declared;  // Content-Length
  bool has_body = false;
  bool keep_alive = false;
  bool by_fallback = false;  // answered by the fallback, for the metrics
  std::size_t body_limit = 0;
  std::string too_large;  // the 413's message
  in_flight_reservation reservation;
  lane workers, passwords;  // the request's handles on the server's pools
};

struct server::impl {
  server_options options;
  io_priority io_threads_priority;  // options.realtime_io: SCHED_RR while light
  const router& routes;
  handler fallback;
  asio::io_context ioc;
  asio::thread_pool worker_threads;
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
  // What handlers reach through request::workers and request::passwords.
  std::optional<worker_pool> workers;
  std::optional<worker_pool> passwords;
  // Server-wide headers, pre-serialised for the prebuilt answers ("Name: value\r\n"…).
  std::string extra_header_bytes;
  std::string html_header_bytes;
  std::optional<request_metrics> counted;  // when options.metrics is set

  impl(server_options o, const router& r, handler f)
      : options(std::move(o)),
        routes(r),
        fallback(std::move(f)),
        ioc(static_cast<int>(options.io_threads)),
        worker_threads(options.worker_threads) {
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
    workers.emplace(worker_threads.get_executor(), counted ? &*counted : nullptr);
    // A bounded pool: when it is full, the answer comes at once instead of a long wait.
    passwords.emplace(password_ioc.get_executor(), nullptr,
                      std::max(1u, options.password_threads) + options.password_queue);
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
      out.body().open(res.body_file.path().c_str(), beast::file_mode::scan, opened);
      std::error_code removed;
      std::filesystem::remove(res.body_file.path(), removed);  // the open file keeps its bytes until sent
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
      spdlog::error("cannot open the answer's file {}: {}", res.body_file.path(), opened.message());
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

  // The answer of a handler, or of its error; a dynamic answer is settled (tagged, compressed)
  // here unless the handler did it already on the pool.
  asio::awaitable<response> invoke(const handler& handle, request& req) {
    try {
      auto res = co_await handle(req);
      settle_dynamic_answer(req.method, req.header("accept-encoding"), req.header("if-none-match"), res);
      co_return res;
    } catch (const pool_full&) {
      co_return busy();
    } catch (const blog::error& e) {
      co_return error_response(e);
    } catch (const std::exception& e) {
      spdlog::error("{} {}: {}", req.method, req.path, e.what());
      co_return error_response(500, server_error_message);
    }
  }

  // Step 1: waits for a request and reads its header within header_timeout. False: the
  // connection ends (closed, idle, stopping, or a malformed or too large header answered).
  asio::awaitable<bool> read_header(connection& conn, beast::flat_buffer& buffer, exchange& x) {
    boost::system::error_code ec;
    if (buffer.size() == 0) {
      conn.idle = true;
      if (stopping) co_return false;
      conn.stream.expires_after(options.idle_timeout);
      auto n =
          co_await conn.stream.async_read_some(buffer.prepare(8192), asio::redirect_error(asio::use_awaitable, ec));
      if (ec) co_return false;
      buffer.commit(n);
    }
    conn.idle = false;
    x.started = std::chrono::steady_clock::now();
    x.parser.header_limit(static_cast<std::uint32_t>(options.max_header_bytes));
    x.parser.body_limit(boost::none);  // the route's limit is set once the header names the route
    // One deadline for the whole header: a client trickling bytes (slowloris) is cut off.
    conn.stream.expires_after(options.header_timeout);
    co_await bhttp::async_read_header(conn.stream, buffer, x.parser, asio::redirect_error(asio::use_awaitable, ec));
    if (ec == bhttp::error::header_limit) {
      co_await send_error(conn, 431, "Request headers are too large");
      co_return false;
    }
    if (ec) {
      if (ec != bhttp::error::end_of_stream && ec != asio::error::operation_aborted && ec != beast::error::timeout &&
          ec != asio::error::eof)
        co_await send_error(conn, 400, "Malformed request");
      co_return false;
    }
    x.req = to_request(x.parser, conn.peer, options.trusted_proxies);
    x.workers = lane(*workers);
    x.passwords = lane(*passwords);
    x.req.workers = &x.workers;
    x.req.passwords = &x.passwords;
    x.declared = x.parser.content_length();
    x.has_body = x.parser.chunked() || (x.declared && *x.declared > 0);
    x.keep_alive = x.parser.get().keep_alive();
    if (known_method(x.req.method)) x.found = routes.find(x.req);
    co_return true;
  }

  // Step 2: every check before a byte of the body is read: method, path, route, origin, access,
  // body kind, body size and bytes in flight. The refusal's answer, or nullopt to go on.
  asio::awaitable<std::optional<response>> admit(exchange& x) {
    const route* r = x.found.found;
    if (auto refused = check_header(x.req, x.found)) co_return refused;
    if (r && r->who != access::anyone && options.check_access)
      if (auto refused = co_await check_access(*r, x.req)) co_return refused;
    if (r) {
      auto problem = body_kind_problem(*r, x.parser.get()[bhttp::field::content_type], x.has_body);
      if (!problem.empty()) co_return error_response(415, problem);
    }
    if (!r && x.req.method != "GET" && x.req.method != "HEAD") {
      // Nothing answers this but the fallback (404/405): it never needs the body.
      x.by_fallback = true;
      co_return co_await invoke(fallback, x.req);
    }
    x.body_limit = r && r->max_body ? r->max_body : options.max_body_bytes;
    x.too_large = r && !r->body_too_large.empty() ? r->body_too_large : "Request body is too large";
    if (x.declared && *x.declared > x.body_limit) co_return error_response(413, x.too_large);
    if (x.has_body) {
      std::size_t want = x.declared ? static_cast<std::size_t>(*x.declared) : x.body_limit;
      if (body_bytes.fetch_add(want) + want > options.max_body_bytes_in_flight) {
        body_bytes.fetch_sub(want);
        co_return busy();
      }
      x.reservation.total = &body_bytes;
      x.reservation.bytes = want;
    }
    co_return std::nullopt;
  }

  // Step 3: the body of an admitted request, within body_timeout and its route's limit. False:
  // the connection ends (closed, timed out, or over the limit and answered 413).
  asio::awaitable<bool> read_body(connection& conn, beast::flat_buffer& buffer, exchange& x) {
    if (!x.has_body) co_return true;
    boost::system::error_code ec;
    if (beast::iequals(x.parser.get()[bhttp::field::expect], "100-continue")) {
      static const std::string go_on = "HTTP/1.1 100 Continue\r\n\r\n";
      co_await asio::async_write(conn.stream, asio::buffer(go_on), asio::redirect_error(asio::use_awaitable, ec));
      if (ec) co_return false;
    }
    x.parser.body_limit(x.body_limit);
    conn.stream.expires_after(options.body_timeout);
    co_await bhttp::async_read(conn.stream, buffer, x.parser, asio::redirect_error(asio::use_awaitable, ec));
    if (ec == bhttp::error::body_limit) {
      // The rest of the body is still coming: stop sending, then drop some, as write() does.
      co_await send_error(conn, 413, x.too_large);
      conn.stream.socket().shutdown(tcp::socket::shutdown_send, ec);
      co_await drain_briefly(conn);
      co_return false;
    }
    if (ec) co_return false;
    x.req.body = std::move(x.parser.get().body());
    co_return true;
  }

  // Step 4: the route's handler, or the fallback (the web app's files and pages) when none matched.
  asio::awaitable<response> dispatch(exchange& x) {
    if (x.found.found) co_return co_await invoke(x.found.found->handle, x.req);
    x.by_fallback = true;
    co_return co_await invoke(fallback, x.req);
  }

  // Step 5: writes the answer, counts and logs it. A refused request whose body is still on its
  // way ends the connection: the unread body would be taken for the next request. False: the
  // connection ends.
  asio::awaitable<bool> write(connection& conn, exchange& x, response& res, bool refused) {
    boost::system::error_code ec;
    bool drain = refused && x.has_body;
    if (drain || stopping) x.keep_alive = false;
    // The read's deadline still covers a reply made at once; one that waited for a pool may
    // have used it up.
    if (x.workers.used() || x.passwords.used() || x.has_body) conn.stream.expires_after(options.body_timeout);
    std::size_t bytes = 0;
    co_await write_response(conn, x.req, res, x.keep_alive, bytes, ec);
    auto micros = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - x.started);
    const route* r = x.found.found;
    if (counted) counted->record(r, x.by_fallback, res.status, micros);
    log_access({x.req.request_id, x.req.method, x.req.path, r ? std::string_view(r->pattern) : "", x.req.remote_address,
                res.status, bytes, micros});
    if (!ec && drain) {
      // Closing with the body still arriving would reset the connection, and the client could
      // lose the answer it has not read yet: stop sending, then read and drop a little.
      conn.stream.socket().shutdown(tcp::socket::shutdown_send, ec);
      co_await drain_briefly(conn);
      co_return false;
    }
    co_return !ec && x.keep_alive;
  }

  // The route's access rule; the session lookup blocks, so it runs on the workers, and before
  // a byte of the body is read.
  asio::awaitable<std::optional<response>> check_access(const route& r, request& req) {
    co_return co_await req.workers->run([&] { return refusal_of([&] { options.check_access(r, req); }); });
  }

  asio::awaitable<void> session(std::shared_ptr<connection> conn) {
    beast::flat_buffer buffer;
    for (;;) {
      exchange x;
      if (!co_await read_header(*conn, buffer, x)) break;
      auto refused = co_await admit(x);
      if (!refused && !co_await read_body(*conn, buffer, x)) break;
      response res;
      if (refused)
        res = std::move(*refused);
      else
        res = co_await dispatch(x);  // not in a ?: operand: GCC 12 mishandles co_await there
      if (!co_await write(*conn, x, res, refused.has_value())) break;
    }
    boost::system::error_code ec;
    conn->stream.socket().shutdown(tcp::socket::shutdown_send, ec);
    conn->stream.close();
  }

  // Reads and drops what the client still sends, for at most two seconds or 64 MiB, as nginx's
  // lingering close does: a client still sending a refused body when the socket closes gets a reset,
  // and many (curl among them) then report a failed send instead of the answer they were sent.
  // With 1 MiB, a 2 MiB body to /api/login sometimes lost its 413 so (foundation_test, under ASan).
  static asio::awaitable<void> drain_briefly(connection& conn) {
    boost::system::error_code ec;
    std::array<char, 65536> sink;
    std::size_t dropped = 0;
    conn.stream.expires_after(std::chrono::seconds(2));
    while (!ec && dropped < std::size_t{64} * 1024 * 1024)
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
  impl_->worker_threads.join();
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
  auto io_thread = [&i] {
    const bool raised = i.options.realtime_io && i.io_threads_priority.enroll();
    i.ioc.run();
    if (raised) i.io_threads_priority.leave();
  };
  std::vector<std::thread> extra;
  for (unsigned t = 1; t < i.options.io_threads; ++t)
    extra.emplace_back([io_thread] {
      pthread_setname_np(pthread_self(), "blog-io");  // as top -H shows it (the first is the caller's)
      io_thread();
    });
  io_thread();
  for (auto& t : extra) t.join();
  spdlog::info("stopped");
}

void server::stop() {
  impl_->begin_stop();
}

void server::post_blocking(std::function<void()> work) {
  asio::post(impl_->worker_threads, std::move(work));
}

}  // namespace blog::http
