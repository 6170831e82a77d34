// Beast keep-alive sessions as coroutines, graceful shutdown, limits, access log and error mapping.
#include "blog/http/server.hpp"

#include "blog/api/error.hpp"

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
#include <spdlog/spdlog.h>

#include <atomic>
#include <list>
#include <mutex>
#include <thread>

namespace blog::http {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace bhttp = boost::beast::http;
using tcp = asio::ip::tcp;

namespace {

constexpr const char* server_error_message = "An error occurred on the server. Please try again later.";

response error_response(unsigned status, const std::string& message, const api::field_errors& fields = {}) {
  boost::json::object body{{"message", message}};
  if (!fields.empty()) {
    boost::json::object f;
    for (const auto& [name, text] : fields) f[name] = text;
    body["fields"] = std::move(f);
  }
  return response::json(status, body);
}

response invoke(const route& r, request& req) {
  try {
    return r.handle(req);
  } catch (const api::error& e) {
    auto res = error_response(e.status(), e.what(), e.fields());
    if (e.retry_after()) res.set("Retry-After", std::to_string(e.retry_after()));
    return res;
  } catch (const std::exception& e) {
    spdlog::error("{} {}: {}", req.method, req.path, e.what());
    return error_response(500, server_error_message);
  }
}

request to_request(const bhttp::request_parser<bhttp::string_body>& parser, const std::string& remote) {
  const auto& msg = parser.get();
  request req;
  req.method = std::string(msg.method_string());
  req.target = std::string(msg.target());
  auto q = req.target.find('?');
  req.path = percent_decode(std::string_view(req.target).substr(0, q), false);
  if (q != std::string::npos) req.query_string = req.target.substr(q + 1);
  for (const auto& field : msg) {
    std::string name(field.name_string());
    for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    req.headers.emplace_back(std::move(name), std::string(field.value()));
  }
  req.remote_address = remote;
  return req;
}

}  // namespace

struct connection {
  beast::tcp_stream stream;
  bool idle = true;  // waiting for the first byte of a request; guarded by the strand
  explicit connection(tcp::socket socket) : stream(std::move(socket)) {}
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

  impl(server_options o, const router& r, handler f)
      : options(std::move(o)), routes(r), fallback(std::move(f)), ioc(static_cast<int>(options.io_threads)),
        workers(options.worker_threads) {}

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
      socket.set_option(tcp::no_delay(true), ec);
      auto conn = std::make_shared<connection>(std::move(socket));
      std::list<std::shared_ptr<connection>>::iterator where;
      {
        std::lock_guard lock(connections_mutex);
        where = connections.insert(connections.end(), conn);
      }
      auto executor = conn->stream.get_executor();
      asio::co_spawn(executor, session(conn), [this, where](std::exception_ptr) {
        std::lock_guard lock(connections_mutex);
        connections.erase(where);
      });
    }
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
      co_await asio::async_write(conn.stream, asio::buffer(out.data(), length),
                                 asio::redirect_error(asio::use_awaitable, ec));
      co_return;
    }
    if ((req.method == "GET" || req.method == "HEAD") && res.status == 200 && !res.has_header("etag") &&
        !res.body.empty()) {
      // Every successful read can be revalidated; the pre-serialised ones carry a strong ETag.
      char tag[40];
      std::snprintf(tag, sizeof tag, "W/\"%zx-%zx\"", std::hash<std::string_view>{}(res.body), res.body.size());
      res.set("ETag", tag);
      if (req.header("if-none-match") == tag) {
        res.status = 304;
        res.body.clear();
      }
    }
    bhttp::response<bhttp::string_body> out{static_cast<bhttp::status>(res.status), 11};
    for (auto& [name, value] : res.headers) out.set(name, value);
    out.keep_alive(keep_alive);
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

  asio::awaitable<void> session(std::shared_ptr<connection> conn) {
    beast::flat_buffer buffer;
    boost::system::error_code ec;
    std::string remote;
    {
      auto endpoint = conn->stream.socket().remote_endpoint(ec);
      if (!ec) remote = endpoint.address().to_string();
    }
    for (;;) {
      if (buffer.size() == 0) {
        conn->idle = true;
        if (stopping) break;
        conn->stream.expires_after(options.idle_timeout);
        auto n = co_await conn->stream.async_read_some(buffer.prepare(8192),
                                                       asio::redirect_error(asio::use_awaitable, ec));
        if (ec) break;
        buffer.commit(n);
      }
      conn->idle = false;
      auto started = std::chrono::steady_clock::now();
      bhttp::request_parser<bhttp::string_body> parser;
      parser.header_limit(static_cast<std::uint32_t>(options.max_header_bytes));
      parser.body_limit(boost::none);  // the route's limit is set once the header names the route
      conn->stream.expires_after(options.read_timeout);
      co_await bhttp::async_read_header(conn->stream, buffer, parser, asio::redirect_error(asio::use_awaitable, ec));
      if (ec == bhttp::error::header_limit) {
        co_await send_error(*conn, 431, "Request headers are too large");
        break;
      }
      if (ec) {
        if (ec != bhttp::error::end_of_stream && ec != asio::error::operation_aborted &&
            ec != beast::error::timeout && ec != asio::error::eof)
          co_await send_error(*conn, 400, "Malformed request");
        break;
      }
      request req = to_request(parser, remote);
      auto found = routes.find(req);

      std::size_t limit = options.max_body_bytes;
      std::string too_large = "Request body is too large";
      if (found.found) {
        if (found.found->max_body) limit = found.found->max_body;
        if (!found.found->body_too_large.empty()) too_large = found.found->body_too_large;
      }
      auto declared = parser.content_length();
      if (declared && *declared > limit) {
        co_await send_error(*conn, 413, too_large);
        break;
      }
      if (beast::iequals(parser.get()[bhttp::field::expect], "100-continue")) {
        static const std::string go_on = "HTTP/1.1 100 Continue\r\n\r\n";
        co_await asio::async_write(conn->stream, asio::buffer(go_on), asio::redirect_error(asio::use_awaitable, ec));
        if (ec) break;
      }
      parser.body_limit(limit);
      co_await bhttp::async_read(conn->stream, buffer, parser, asio::redirect_error(asio::use_awaitable, ec));
      if (ec == bhttp::error::body_limit) {
        co_await send_error(*conn, 413, too_large);
        break;
      }
      if (ec) break;
      req.body = std::move(parser.get().body());
      bool keep_alive = parser.get().keep_alive();

      response res;
      if (!found.found && !found.allow.empty()) {
        res = error_response(405, "Method not allowed");
        res.set("Allow", found.allow);
      } else if (!found.found) {
        req.on_pool = true;
        res = co_await asio::co_spawn(workers, [&]() -> asio::awaitable<response> {
          route any{req.method, "", fallback, runs_on::pool, 0, {}};
          co_return invoke(any, req);
        }, asio::use_awaitable);
      } else {
        const route& r = *found.found;
        if (r.where == runs_on::io) res = invoke(r, req);
        if (r.where == runs_on::pool || res.retry_on_pool) {
          req.on_pool = true;
          res = co_await asio::co_spawn(workers, [&]() -> asio::awaitable<response> { co_return invoke(r, req); },
                                        asio::use_awaitable);
        }
      }
      if (stopping) keep_alive = false;
      std::size_t bytes = 0;
      // The read's deadline still covers a reply made at once; a handler that ran on the pool
      // may have used it up.
      if (req.on_pool) conn->stream.expires_after(options.read_timeout);
      co_await write_response(*conn, req, res, keep_alive, bytes, ec);
      auto micros = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started);
      spdlog::info("{} {} {} {}B {}us", req.method, req.path, res.status, bytes, micros.count());
      if (ec || !keep_alive) break;
    }
    conn->stream.socket().shutdown(tcp::socket::shutdown_send, ec);
    conn->stream.close();
  }

  asio::awaitable<void> send_error(connection& conn, unsigned status, const std::string& message) {
    boost::system::error_code ec;
    auto res = error_response(status, message);
    bhttp::response<bhttp::string_body> out{static_cast<bhttp::status>(status), 11};
    for (auto& [name, value] : res.headers) out.set(name, value);
    out.keep_alive(false);
    out.body() = res.body;
    out.prepare_payload();
    conn.stream.expires_after(std::chrono::seconds(5));
    co_await bhttp::async_write(conn.stream, out, asio::redirect_error(asio::use_awaitable, ec));
    spdlog::info("- - {} {}B 0us", status, res.body.size());
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

void server::stop() { impl_->begin_stop(); }

void server::post_blocking(std::function<void()> work) { asio::post(impl_->workers, std::move(work)); }

}  // namespace blog::http
