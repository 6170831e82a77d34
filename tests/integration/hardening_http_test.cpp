// Issue 10, the HTTP layer: paths in normal form, rules taken from the matched route, JSON-only
// calls, access checked before a body is read, bounded bodies and connections, trusted proxies,
// security headers, the __Host- cookie and the password lane. Real blogd, real sockets.
#include "blog/api/guard.hpp"
#include "blog/http/server.hpp"
#include "support/harness.hpp"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <thread>
#include <tuple>
#include <vector>

using blog::test::http_client;
using blog::test::http_response;
using blog::test::raw_exchange;
using blog::test::test_server;
namespace http = blog::http;
using namespace std::chrono_literals;

namespace {

test_server& server() {
  static test_server instance("hardening_http");
  return instance;
}

std::string unique(const std::string& stem) {
  static int n = 0;
  return stem + std::to_string(::getpid()) + "x" + std::to_string(++n);
}

// Registers an account, gives it `status` (and admin when asked) and returns "sid=…".
std::string cookie_of(test_server& s, const std::string& status, bool admin = false) {
  http_client client(s.url());
  auto name = unique("hard");
  auto res =
      client.post("/api/register", boost::json::serialize(boost::json::object{{"username", name},
                                                                              {"email", name + "@example.com"},
                                                                              {"password", "password1"},
                                                                              {"confirmPassword", "password1"}}));
  EXPECT_EQ(res.status, 201) << res.body;
  auto id = std::to_string(res.json().at("id").as_int64());
  s.sql("UPDATE users SET approval_status = '" + status + "'" + (admin ? ", role = 'admin'" : "") +
        " WHERE id = " + id);
  auto cookie = res.header("set-cookie");
  return cookie.substr(0, cookie.find(';'));
}

bool has_category(test_server& s, const std::string& name) {
  http_client client(s.url());
  return client.get("/api/categories").body.find(name) != std::string::npos;
}

std::string status_line(const std::string& reply) {
  return reply.substr(0, reply.find("\r\n"));
}

// A raw request with a body and Connection: close.
std::string raw_request(const std::string& method, const std::string& target, const std::string& headers,
                        const std::string& body) {
  return method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers +
         "Content-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
}

// A TCP connection the test keeps open while it does other things.
struct open_socket {
  int fd = -1;
  explicit open_socket(std::uint16_t port) {
    fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) throw std::runtime_error("connect failed");
  }
  ~open_socket() { ::close(fd); }
  void send(const std::string& bytes) const { (void)::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL); }
  // Reads until `until` appears, the peer closes or the time is up.
  std::string read(std::chrono::milliseconds within, const std::string& until = "") const {
    std::string out;
    auto deadline = std::chrono::steady_clock::now() + within;
    char buffer[8192];
    while (std::chrono::steady_clock::now() < deadline) {
      pollfd p{fd, POLLIN, 0};
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (::poll(&p, 1, static_cast<int>(std::max<long>(1, left.count()))) <= 0) break;
      auto n = ::recv(fd, buffer, sizeof buffer, 0);
      if (n <= 0) break;
      out.append(buffer, static_cast<std::size_t>(n));
      if (!until.empty() && out.find(until) != std::string::npos) break;
    }
    return out;
  }
};

// An http::server of the test's own routes, on a free port, run on a thread.
struct own_server {
  http::router routes;
  std::unique_ptr<http::server> srv;
  std::thread thread;
  std::uint16_t port = 0;

  void start(http::server_options options) {
    options.address = "127.0.0.1";
    options.port = 0;
    options.worker_threads = 2;
    srv = std::make_unique<http::server>(options, routes,
                                         http::at_once([](http::request&) { return http::response::text(404, "no"); }));
    port = srv->listen();
    thread = std::thread([this] { srv->run(); });
  }
  ~own_server() {
    if (srv) srv->stop();
    if (thread.joinable()) thread.join();
  }
};

}  // namespace

TEST(PathNormalForm, AStateChangeSpelledOtherwiseIsRefusedBeforeRoutingAndChecks) {
  auto cookie = cookie_of(server(), "approved");
  for (std::string target : {"//api/categories", "/api//categories", "/./api/categories", "/x/../api/categories",
                             "/api/categories/.", "/api%2fcategories", "/api/%2e/categories", "/api\\categories"}) {
    auto name = unique("Sneaky");
    auto reply = raw_exchange(
        server().port(),
        raw_request("POST", target,
                    "Origin: https://evil.example\r\nContent-Type: text/plain\r\nCookie: " + cookie + "\r\n",
                    "{\"name\":\"" + name + "\"}"));
    EXPECT_EQ(status_line(reply), "HTTP/1.1 400 Bad Request") << target;
    EXPECT_NE(reply.find("{\"message\":"), std::string::npos) << target;
    EXPECT_FALSE(has_category(server(), name)) << target;
  }
  // Reads too: one spelling per resource.
  EXPECT_EQ(
      status_line(raw_exchange(server().port(), "GET //api/posts HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")),
      "HTTP/1.1 400 Bad Request");
  EXPECT_EQ(status_line(raw_exchange(server().port(),
                                     "GET /api/posts/%2e%2e HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")),
            "HTTP/1.1 400 Bad Request");
}

TEST(PathNormalForm, OddMethodSpellingsAreNotTakenForKnownOnes) {
  for (std::string method : {"get", "Get", "hEAD", "FOO"}) {
    auto reply = raw_exchange(server().port(), method + " /api/posts HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(reply.find("HTTP/1.1 200"), std::string::npos) << method;
    EXPECT_EQ(reply.find("\"posts\""), std::string::npos) << method;
  }
}

TEST(SameSite, TheRuleComesFromTheRouteNotFromThePathsSpelling) {
  // A state-changing route outside /api is guarded like every other.
  std::atomic<int> calls{0};
  own_server own;
  own.routes.post("/hook", http::on_workers([&](http::request&) {
                    ++calls;
                    return http::response::no_content();
                  }));
  http::server_options options;
  blog::api::install_guard(options, {server().ctx().cfg, server().ctx().db, server().ctx().site});
  own.start(options);
  auto reply = raw_exchange(
      own.port,
      raw_request("POST", "/hook", "Origin: https://evil.example\r\nContent-Type: application/json\r\n", "{}"));
  EXPECT_EQ(status_line(reply), "HTTP/1.1 403 Forbidden");
  EXPECT_NE(reply.find("Cross-site request refused"), std::string::npos);
  EXPECT_EQ(calls, 0);
  auto same = raw_exchange(own.port, raw_request("POST", "/hook", "Content-Type: application/json\r\n", "{}"));
  EXPECT_EQ(status_line(same), "HTTP/1.1 204 No Content");
  EXPECT_EQ(calls, 1);
}

TEST(SameSite, SecFetchSiteCrossSiteIsRefusedOnStateChanges) {
  http_client client(server().url());
  auto res = client.post("/api/login", R"({"username":"nobody","password":"x"})", {{"Sec-Fetch-Site", "cross-site"}});
  EXPECT_EQ(res.status, 403);
  EXPECT_EQ(res.json().at("message").as_string(), "Cross-site request refused");
  EXPECT_EQ(client.get("/api/site-settings", {{"Sec-Fetch-Site", "cross-site"}}).status, 200);
}

TEST(JsonOnly, CallsTakingJsonRefuseOtherBodiesWith415) {
  http_client client(server().url());
  for (std::string type :
       {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx"}) {
    auto res = client.post("/api/login", R"({"username":"nobody","password":"x"})", {{"Content-Type", type}});
    EXPECT_EQ(res.status, 415) << type;
    EXPECT_EQ(res.json().at("message").as_string(), "Send the request body as JSON (Content-Type: application/json)");
  }
  auto no_type =
      raw_exchange(server().port(), raw_request("POST", "/api/login", "", R"({"username":"a","password":"b"})"));
  EXPECT_EQ(status_line(no_type), "HTTP/1.1 415 Unsupported Media Type");
  // A charset parameter and any case are fine; so is a bodyless call without a Content-Type.
  auto ok = client.post("/api/login", R"({"username":"nobody","password":"x"})",
                        {{"Content-Type", "Application/JSON; charset=UTF-8"}});
  EXPECT_NE(ok.status, 415);
  auto bodyless = raw_exchange(server().port(), raw_request("POST", "/api/logout", "", ""));
  EXPECT_EQ(status_line(bodyless), "HTTP/1.1 200 OK");
}

// The route table says which calls take no body (every GET and DELETE): a body sent to one is
// refused before any handler runs, so nothing downstream can read what it was never meant to take.
TEST(JsonOnly, CallsTakingNoBodyRefuseOneWith415) {
  const std::string json = "Content-Type: application/json\r\n";
  const std::string signed_in =
      json + "Origin: http://127.0.0.1\r\nCookie: " + cookie_of(server(), "approved") + "\r\n";
  for (const auto& [method, target, headers] :
       {std::tuple{"GET", "/api/posts", json}, std::tuple{"GET", "/api/search?q=platby", json},
        std::tuple{"DELETE", "/api/user/sessions/1", signed_in}}) {
    auto reply = raw_exchange(server().port(), raw_request(method, target, headers, R"({"x":1})"));
    EXPECT_EQ(status_line(reply), "HTTP/1.1 415 Unsupported Media Type") << method << " " << target;
    EXPECT_NE(reply.find("This request takes no body"), std::string::npos) << target;
  }
  // Without a body, a Content-Type alone changes nothing.
  auto plain = raw_exchange(server().port(), raw_request("GET", "/api/posts", json, ""));
  EXPECT_EQ(status_line(plain), "HTTP/1.1 200 OK");
}

TEST(AccessBeforeBody, PendingAccountsMayNotCreateCategories) {
  http_client client(server().url());
  auto name = unique("Pending");
  auto res =
      client.post("/api/categories", "{\"name\":\"" + name + "\"}", {{"Cookie", cookie_of(server(), "pending")}});
  EXPECT_EQ(res.status, 403);
  EXPECT_EQ(res.json().at("message").as_string(), "Your account is pending approval");
  EXPECT_FALSE(has_category(server(), name));
  auto rejected =
      client.post("/api/categories", "{\"name\":\"" + name + "\"}", {{"Cookie", cookie_of(server(), "rejected")}});
  EXPECT_EQ(rejected.status, 403);
  auto approved =
      client.post("/api/categories", "{\"name\":\"" + name + "\"}", {{"Cookie", cookie_of(server(), "approved")}});
  EXPECT_EQ(approved.status, 201) << approved.body;
}

TEST(AccessBeforeBody, AnUploadIsRefusedFromItsHeaderWithoutWaitingForTheBody) {
  auto header = [](const std::string& cookie) {
    return "POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(server().port()) +
           "\r\nOrigin: " + server().url() +
           "\r\nContent-Type: multipart/form-data; boundary=b\r\n"
           "Content-Length: 5000000\r\n" +
           (cookie.empty() ? "" : "Cookie: " + cookie + "\r\n") + "\r\nGIF89a";
  };
  auto started = std::chrono::steady_clock::now();
  auto pending = raw_exchange(server().port(), header(cookie_of(server(), "pending")), 4000);
  EXPECT_EQ(status_line(pending), "HTTP/1.1 403 Forbidden");
  EXPECT_NE(pending.find("Your account is pending approval"), std::string::npos);
  EXPECT_NE(pending.find("Connection: close"), std::string::npos);
  auto anonymous = raw_exchange(server().port(), header(""), 4000);
  EXPECT_EQ(status_line(anonymous), "HTTP/1.1 401 Unauthorized");
  EXPECT_LT(std::chrono::steady_clock::now() - started, 3s);
}

TEST(Headers, EveryAnswerCarriesNosniffReferrerPolicyAndNoFraming) {
  http_client client(server().url());
  auto check = [](const http_response& res, const std::string& what) {
    EXPECT_EQ(res.headers.count("x-content-type-options"), 1u) << what;
    EXPECT_EQ(res.header("x-content-type-options"), "nosniff") << what;
    EXPECT_EQ(res.header("referrer-policy"), "strict-origin-when-cross-origin") << what;
    EXPECT_EQ(res.header("x-frame-options"), "DENY") << what;
    EXPECT_EQ(res.header("strict-transport-security"), "") << what << ": no HSTS over plain http";
  };
  auto list = client.get("/api/posts");  // a prebuilt answer of the read model
  check(list, "prebuilt");
  auto again = client.get("/api/posts", {{"If-None-Match", list.header("etag")}});
  EXPECT_EQ(again.status, 304);
  check(again, "304");
  check(client.get("/api/no-such-thing"), "404");
  check(client.get("/api/site-settings"), "JSON");
  check(client.get("/favicon.svg"), "static file");
  check(client.post("/api/login", "{}", {{"Content-Type", "text/plain"}}), "415");
  auto page = client.get("/");
  check(page, "HTML page");
  ASSERT_EQ(page.status, 200) << "web/dist is built by tools/bootstrap";
  auto csp = page.header("content-security-policy");
  for (std::string part :
       {"default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"})
    EXPECT_NE(csp.find(part), std::string::npos) << part << " in " << csp;
  EXPECT_EQ(csp.find("unsafe-eval"), std::string::npos);
  EXPECT_EQ(list.header("content-security-policy"), "");
}

TEST(HttpsSite, TheCookieIsSecureHostPrefixedAndHstsIsSent) {
  test_server https("hardening_https", [](blog::config& c) { c.public_url = "https://blog.example"; });
  http_client client(https.url());
  auto name = unique("tls");
  auto res =
      client.post("/api/register", boost::json::serialize(boost::json::object{{"username", name},
                                                                              {"email", name + "@example.com"},
                                                                              {"password", "password1"},
                                                                              {"confirmPassword", "password1"}}));
  ASSERT_EQ(res.status, 201) << res.body;
  auto set_cookie = res.header("set-cookie");
  EXPECT_EQ(set_cookie.rfind("__Host-sid=", 0), 0u) << set_cookie;
  EXPECT_NE(set_cookie.find("; Secure"), std::string::npos);
  EXPECT_NE(set_cookie.find("; Path=/"), std::string::npos);
  EXPECT_EQ(set_cookie.find("Domain"), std::string::npos);
  auto token = set_cookie.substr(11, set_cookie.find(';') - 11);
  http_client other(https.url());
  EXPECT_EQ(other.get("/api/user", {{"Cookie", "__Host-sid=" + token}}).status, 200);
  EXPECT_EQ(other.get("/api/user", {{"Cookie", "sid=" + token}}).status, 401);
  EXPECT_EQ(res.header("strict-transport-security"), "max-age=31536000; includeSubDomains");
  EXPECT_EQ(other.get("/api/posts").header("strict-transport-security"), "max-age=31536000; includeSubDomains");
}

TEST(Limits, BodiesInFlightAreBoundedAcrossConnections) {
  test_server limited("hardening_limits", [](blog::config& c) { c.max_body_bytes_in_flight = 100000; });
  auto cookie = cookie_of(limited, "approved");
  auto header = "POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(limited.port()) +
                "\r\nOrigin: " + limited.url() +
                "\r\nContent-Type: multipart/form-data; boundary=b\r\n"
                "Content-Length: 90000\r\nCookie: " +
                cookie + "\r\n\r\n";
  open_socket slow(limited.port());
  slow.send(header + "--b\r\n");  // and then nothing: its 90000 bytes stay reserved
  std::this_thread::sleep_for(300ms);
  auto started = std::chrono::steady_clock::now();
  auto second = raw_exchange(limited.port(), header, 3000);
  EXPECT_EQ(status_line(second), "HTTP/1.1 503 Service Unavailable");
  EXPECT_NE(second.find("Retry-After: 1"), std::string::npos);
  EXPECT_NE(second.find("The server is busy. Please try again in a moment."), std::string::npos);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 2s);
}

TEST(Limits, ConnectionsPerAddressAreCapped) {
  test_server capped("hardening_caps", [](blog::config& c) { c.max_connections_per_address = 3; });
  std::this_thread::sleep_for(200ms);
  std::vector<std::unique_ptr<open_socket>> held;
  for (int i = 0; i < 3; ++i) {
    held.push_back(std::make_unique<open_socket>(capped.port()));
    held.back()->send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    EXPECT_NE(held.back()->read(2s, "\"ok\"").find("200 OK"), std::string::npos) << i;
  }
  open_socket over(capped.port());
  over.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_EQ(over.read(2s), "");
  held.pop_back();
  std::this_thread::sleep_for(300ms);
  auto reply = raw_exchange(capped.port(), "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(status_line(reply), "HTTP/1.1 200 OK");
}

TEST(Limits, AnIdleKeepAliveConnectionIsClosedSoon) {
  blog::config defaults;
  EXPECT_LE(defaults.idle_timeout_s, 5u);
  open_socket idle(server().port());
  idle.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
  auto started = std::chrono::steady_clock::now();
  auto got = idle.read(10s);  // the answer, then the close
  EXPECT_NE(got.find("200 OK"), std::string::npos);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 7s);
}

TEST(TrustedProxies, ForwardedForIsBelievedOnlyFromThem) {
  auto who = [](http::request& req) { return http::response::text(200, req.remote_address + " " + req.scheme); };
  const std::string forwarded =
      "X-Forwarded-For: 6.6.6.6, 198.51.100.7\r\nX-Forwarded-Proto: https\r\nConnection: close\r\n\r\n";
  own_server trusting;
  trusting.routes.get("/who", http::at_once(who));
  http::server_options options;
  options.trusted_proxies = http::address_set::parse("127.0.0.0/8");
  trusting.start(options);
  auto reply = raw_exchange(trusting.port, "GET /who HTTP/1.1\r\nHost: x\r\n" + forwarded);
  EXPECT_NE(reply.find("\r\n\r\n198.51.100.7 https"), std::string::npos) << reply;

  own_server direct;
  direct.routes.get("/who", http::at_once(who));
  direct.start({});
  auto plain = raw_exchange(direct.port, "GET /who HTTP/1.1\r\nHost: x\r\n" + forwarded);
  EXPECT_NE(plain.find("\r\n\r\n127.0.0.1 http"), std::string::npos) << plain;
}

TEST(PasswordLane, AFloodOfPasswordWorkIsBoundedAndNeverDelaysOtherRequests) {
  std::atomic<int> niceness{-100};
  own_server own;
  own.routes.post("/slow", http::on_passwords([&](http::request&) {
                    niceness = getpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)));
                    std::this_thread::sleep_for(800ms);
                    return http::response::no_content();
                  }));
  own.routes.get("/fast", http::at_once([](http::request&) { return http::response::text(200, "fast"); }));
  http::server_options options;
  options.password_threads = 1;
  options.password_queue = 1;
  own.start(options);

  std::vector<std::future<std::pair<std::string, std::chrono::steady_clock::duration>>> flood;
  for (int i = 0; i < 6; ++i) {
    flood.push_back(std::async(std::launch::async, [&own] {
      auto started = std::chrono::steady_clock::now();
      auto reply =
          raw_exchange(own.port, raw_request("POST", "/slow", "Content-Type: application/json\r\n", "{}"), 5000);
      return std::make_pair(reply, std::chrono::steady_clock::now() - started);
    }));
  }
  std::this_thread::sleep_for(200ms);
  auto started = std::chrono::steady_clock::now();
  auto fast = raw_exchange(own.port, "GET /fast HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(status_line(fast), "HTTP/1.1 200 OK");
  EXPECT_LT(std::chrono::steady_clock::now() - started, 300ms);

  int done = 0, busy = 0;
  for (auto& f : flood) {
    auto [reply, took] = f.get();
    if (status_line(reply) == "HTTP/1.1 204 No Content") ++done;
    if (status_line(reply) == "HTTP/1.1 503 Service Unavailable") {
      ++busy;
      EXPECT_NE(reply.find("Retry-After: 1"), std::string::npos);
      EXPECT_NE(reply.find("The server is busy. Please try again in a moment."), std::string::npos);
      EXPECT_LT(took, 500ms) << "a full lane answers at once";
    }
  }
  EXPECT_EQ(done + busy, 6);
  EXPECT_LE(done, 2);  // one running, one waiting
  EXPECT_GE(busy, 4);
  EXPECT_EQ(niceness, 10);
}

TEST(AccessBeforeBody, TheCallerResolvedBeforeTheBodyIsReusedByTheHandler) {
  auto cookie = cookie_of(server(), "approved");
  own_server own;
  own.routes.get(
      "/me", http::on_workers([](http::request& req) {
        // The session is gone from the database by now: only the answer cached on the request knows it.
        server().sql("DELETE FROM sessions");
        auto me = blog::api::require_author({server().ctx().cfg, server().ctx().db, server().ctx().site}, req);
        return http::response::text(200, me.username);
      }),
      http::access::author);
  http::server_options options;
  blog::api::install_guard(options, {server().ctx().cfg, server().ctx().db, server().ctx().site});
  own.start(options);
  auto reply =
      raw_exchange(own.port, "GET /me HTTP/1.1\r\nHost: x\r\nCookie: " + cookie + "\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(status_line(reply), "HTTP/1.1 200 OK") << reply;
  EXPECT_NE(reply.find("\r\n\r\nhard"), std::string::npos) << reply;
  auto anonymous = raw_exchange(own.port, "GET /me HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(status_line(anonymous), "HTTP/1.1 401 Unauthorized");
}

TEST(Workers, AHandlerRunsOnAnIoThreadAndItsBlockingWorkOnTheWorkers) {
  std::atomic<std::thread::id> handler_thread, blocking_thread;
  own_server own;
  own.routes.get("/hop", [&](http::request& req) -> boost::asio::awaitable<http::response> {
    handler_thread = std::this_thread::get_id();
    auto body = co_await req.workers->run([&] {
      blocking_thread = std::this_thread::get_id();
      return std::string("done");
    });
    co_return http::response::text(200, body);
  });
  own.start({});
  auto reply = raw_exchange(own.port, "GET /hop HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_NE(reply.find("\r\n\r\ndone"), std::string::npos) << reply;
  EXPECT_NE(handler_thread.load(), blocking_thread.load());
  EXPECT_NE(blocking_thread.load(), std::thread::id());
}

TEST(Workers, AnAnswerMadeOnThePoolAfterTheHeadersDeadlineStillGoesOut) {
  // The header's deadline covers an answer made at once; the server sees that the handler went
  // to the pool and gives the write a fresh one. The answer is larger than the socket's buffers,
  // so that its write has to wait, and a spent deadline would cut it short.
  const std::size_t size = std::size_t{32} * 1024 * 1024;
  own_server own;
  own.routes.get("/slow", [size](http::request& req) -> boost::asio::awaitable<http::response> {
    co_await req.workers->run([] { std::this_thread::sleep_for(1500ms); });
    co_return http::response::text(200, std::string(size, 'x'), "application/octet-stream");
  });
  http::server_options options;
  options.header_timeout = std::chrono::seconds(1);
  own.start(options);
  auto reply = raw_exchange(own.port, "GET /slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 5000);
  EXPECT_EQ(status_line(reply), "HTTP/1.1 200 OK") << reply.substr(0, 200);
  auto body = reply.find("\r\n\r\n");
  ASSERT_NE(body, std::string::npos);
  EXPECT_EQ(reply.size() - body - 4, size);
}

namespace {

// Whether this process may raise a thread to real-time priority (root, CAP_SYS_NICE, RLIMIT_RTPRIO).
bool realtime_permitted() {
  bool ok = false;
  std::thread([&] {
    sched_param param{};
    param.sched_priority = 1;
    ok = pthread_setschedparam(pthread_self(), SCHED_RR, &param) == 0;
  }).join();
  return ok;
}

// Every core kept busy (at nice 0) while it lives: the machine an import makes.
struct busy_machine {
  std::atomic<bool> stop{false};
  std::vector<std::jthread> spinners;
  busy_machine() {
    for (unsigned i = 0; i < std::max(1u, std::thread::hardware_concurrency()); ++i)
      spinners.emplace_back([this] {
        while (!stop.load(std::memory_order_relaxed)) {
        }
      });
  }
  ~busy_machine() { stop = true; }
};

// The scheduling policy of the I/O thread answering GET /policy (the server has one).
int io_policy(std::uint16_t port, const std::atomic<int>& seen) {
  raw_exchange(port, "GET /policy HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  return seen.load();
}

}  // namespace

TEST(IoPriority, OnABusyMachineTheIoThreadAnswersAtRealTimePriorityAndTheWorkersDoNot) {
  if (!realtime_permitted()) GTEST_SKIP() << "real-time priority is not permitted here";
  for (bool realtime : {true, false}) {
    std::atomic<int> policy{-1}, worker_policy{-1};
    own_server own;
    own.routes.get("/policy", [&](http::request& req) -> boost::asio::awaitable<http::response> {
      policy = sched_getscheduler(0);
      worker_policy = co_await req.workers->run([] { return sched_getscheduler(0); });
      co_return http::response::text(200, "ok");
    });
    http::server_options options;
    options.io_threads = 1;
    options.realtime_io = realtime;
    own.start(options);
    busy_machine busy;
    // The governor looks every 100 ms: raised within a few of its periods.
    for (int i = 0; i < (realtime ? 30 : 5) && io_policy(own.port, policy) != SCHED_RR; ++i)
      std::this_thread::sleep_for(100ms);
    EXPECT_EQ(policy.load(), realtime ? SCHED_RR : SCHED_OTHER) << "realtime_io " << realtime;
    EXPECT_EQ(worker_policy.load(), SCHED_OTHER) << "blocking work stays at the normal scheduler";
  }
}

TEST(IoPriority, ABusyIoThreadSharesTheProcessorUntilItIsQuietAgain) {
  if (!realtime_permitted()) GTEST_SKIP() << "real-time priority is not permitted here";
  std::atomic<int> policy{-1}, policy_at_start{-1}, policy_at_end{-1};
  own_server own;
  // A handler that keeps its I/O thread busy for up to 2 s: the governor hands it back to the
  // normal scheduler within a few of its 100 ms periods.
  own.routes.get("/spin", http::at_once([&](http::request&) {
                   policy_at_start = sched_getscheduler(0);
                   const auto until = std::chrono::steady_clock::now() + 2s;
                   while (std::chrono::steady_clock::now() < until && sched_getscheduler(0) == SCHED_RR) {
                   }
                   policy_at_end = sched_getscheduler(0);
                   return http::response::text(200, "spun");
                 }));
  own.routes.get("/policy", http::at_once([&](http::request&) {
                   policy = sched_getscheduler(0);
                   return http::response::text(200, "ok");
                 }));
  http::server_options options;
  options.io_threads = 1;
  options.realtime_io = true;
  own.start(options);
  busy_machine busy;
  for (int i = 0; i < 30 && io_policy(own.port, policy) != SCHED_RR; ++i) std::this_thread::sleep_for(100ms);
  ASSERT_EQ(policy.load(), SCHED_RR) << "never raised on a busy machine";
  const auto began = std::chrono::steady_clock::now();
  auto reply = raw_exchange(own.port, "GET /spin HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  ASSERT_NE(reply.find("spun"), std::string::npos) << reply;
  EXPECT_EQ(policy_at_start.load(), SCHED_RR);
  EXPECT_EQ(policy_at_end.load(), SCHED_OTHER) << "still real-time after a busy 2 s";
  EXPECT_LT(std::chrono::steady_clock::now() - began, 1500ms) << "demoted only late";
  // Quiet again, the machine still busy: real-time within a few periods.
  policy = -1;
  for (int i = 0; i < 30 && io_policy(own.port, policy) != SCHED_RR; ++i) std::this_thread::sleep_for(100ms);
  EXPECT_EQ(policy.load(), SCHED_RR) << "never raised again once quiet";
}
