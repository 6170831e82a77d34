// What an operator sees: /metrics on its own loopback listener, request ids in answers and log
// lines, JSON logs, and a start refused when the metrics would be public by accident.
#include "support/blogd_process.hpp"
#include "support/harness.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <optional>
#include <regex>
#include <sstream>
#include <thread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

using blog::test::http_client;
using blog::test::json_body;
using blog::test::test_server;

namespace {

test_server& server() {
  static test_server s("observability", [](blog::config& c) {
    c.metrics_address = "127.0.0.1:0";
    c.trusted_proxies = "127.0.0.2";  // not the tests' own address: their X-Request-Id is not believed
  });
  return s;
}

std::string metrics_url(const std::string& path = "/metrics") {
  return "http://127.0.0.1:" + std::to_string(server().metrics_port()) + path;
}

// The value of the sample whose name and labels are exactly `series`, or nullopt.
std::optional<double> sample(const std::string& text, const std::string& series) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.size() > series.size() && line.compare(0, series.size(), series) == 0 && line[series.size()] == ' ')
      return std::stod(line.substr(series.size() + 1));
  }
  return std::nullopt;
}

std::string scrape() {
  http_client c(metrics_url(""));
  auto res = c.get("/metrics");
  EXPECT_EQ(res.status, 200);
  return res.body;
}

// A request is counted once its answer is written, which may be a moment after the client has
// read it: scrapes until `series` reads `value`, for at most two seconds.
std::string scrape_until(const std::string& series, double value) {
  auto text = scrape();
  for (int i = 0; i < 200 && sample(text, series) != value; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    text = scrape();
  }
  return text;
}

}  // namespace

TEST(Metrics, AreServedOnTheirOwnListenerAndNeverOnThePublicPort) {
  ASSERT_NE(server().metrics_port(), 0);
  ASSERT_NE(server().metrics_port(), server().port());
  http_client metrics(metrics_url(""));
  auto res = metrics.get("/metrics");
  EXPECT_EQ(res.status, 200);
  EXPECT_NE(res.header("content-type").find("text/plain; version=0.0.4"), std::string::npos);
  EXPECT_NE(res.body.find("# TYPE blog_http_requests_total counter"), std::string::npos);
  EXPECT_EQ(metrics.get("/").status, 404);
  EXPECT_EQ(metrics.get("/api/posts").status, 404);

  http_client site(server().url());
  auto public_try = site.get("/metrics");
  EXPECT_EQ(public_try.body.find("blog_http_requests_total"), std::string::npos);
}

TEST(Metrics, RequestsAreCountedByRoutePatternNotByRawPath) {
  http_client site(server().url());
  auto before = scrape();
  auto key = R"(blog_http_requests_total{method="GET",route="/api/posts/{slug}",status="404"})";
  double was = sample(before, key).value_or(0);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(site.get("/api/posts/no-such-post-" + std::to_string(i)).status, 404);
  auto after = scrape_until(key, was + 3);
  EXPECT_EQ(sample(after, key).value_or(0), was + 3) << after;
  EXPECT_EQ(after.find("no-such-post"), std::string::npos);  // never a raw path as a label
  EXPECT_TRUE(
      sample(after, R"(blog_http_request_duration_seconds_count{method="GET",route="/api/posts/{slug}"})").has_value());
  // What the web app's fallback answered counts under one name, whatever the path.
  site.get("/some/page/nobody/has");
  EXPECT_EQ(scrape().find("/some/page"), std::string::npos);
}

TEST(Metrics, ShowTheWorkerPoolTheDatabasePoolAndLoginFailures) {
  http_client site(server().url());
  auto before = scrape();
  auto failures = R"(blog_login_failures_total{reason="credentials"})";
  double was = sample(before, failures).value_or(-1);
  ASSERT_GE(was, 0) << before;
  auto res =
      site.post("/api/login",
                json_body({{"username", "nobody-" + blog::test::unique("x")}, {"password", "wrong password here"}}));
  EXPECT_EQ(res.status, 401);
  auto after = scrape();
  EXPECT_EQ(sample(after, failures), was + 1);
  EXPECT_GT(sample(after, "blog_worker_wait_seconds_count").value_or(0), 0);  // the login ran on the pool
  EXPECT_TRUE(sample(after, "blog_worker_queue_depth").has_value());
  EXPECT_GE(sample(after, R"(blog_db_pool_connections{state="open"})").value_or(0), 1);
  EXPECT_TRUE(sample(after, R"(blog_db_pool_connections{state="in_use"})").has_value());
  EXPECT_TRUE(sample(after, "blog_db_errors_total").has_value());
  EXPECT_TRUE(sample(after, "blog_ai_calls_total").has_value());
  EXPECT_TRUE(sample(after, "blog_uploads_total").has_value());
  EXPECT_GE(sample(after, "blog_http_connections_open").value_or(0), 1);
}

TEST(Metrics, ShowHowFarTheReadModelAndIndexLagBehindTheDatabase) {
  // A change row written behind the node's back (no NOTIFY): the database is ahead until the
  // node catches up, and the lag says by how much.
  server().sql("INSERT INTO post_changes (post_id) VALUES (987654321)");
  auto text = scrape();
  EXPECT_EQ(sample(text, "blog_database_up"), 1);
  double newest = sample(text, R"(blog_change_seq{of="database"})").value_or(-1);
  double applied = sample(text, R"(blog_change_seq{of="read_model"})").value_or(-1);
  EXPECT_GE(newest, 1);
  EXPECT_EQ(sample(text, R"(blog_change_lag{of="read_model"})"), newest - applied) << text;

  server().ctx().follower->catch_up();
  text = scrape();
  EXPECT_EQ(sample(text, R"(blog_change_lag{of="read_model"})"), 0) << text;
  // The index writer commits on its own thread, just after the read model.
  for (int i = 0; i < 100 && sample(text, R"(blog_change_lag{of="search_index"})") != 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    text = scrape();
  }
  EXPECT_EQ(sample(text, R"(blog_change_lag{of="search_index"})"), 0) << text;
  EXPECT_EQ(sample(text, R"(blog_change_seq{of="search_index"})"), sample(text, R"(blog_change_seq{of="database"})"));
}

TEST(RequestIds, EveryAnswerCarriesOneAndOnlyATrustedProxyMayChooseIt) {
  http_client site(server().url());
  auto api = site.get("/api/posts");
  auto page = site.get("/");  // a pre-serialised answer
  auto missing = site.get("/api/posts/not-there");
  std::regex generated("[0-9a-f]{14}");
  for (const auto* res : {&api, &page, &missing})
    EXPECT_TRUE(std::regex_match(res->header("x-request-id"), generated)) << res->header("x-request-id");
  EXPECT_NE(api.header("x-request-id"), page.header("x-request-id"));
  // The tests' address is not a trusted proxy: the id it offers is replaced.
  auto offered = site.get("/api/posts", {{"X-Request-Id", "chosen-by-client"}});
  EXPECT_NE(offered.header("x-request-id"), "chosen-by-client");
}

TEST(RequestIds, ATrustedProxysIdIsKeptWhenSaneAndReplacedWhenNot) {
  // 127.0.0.2 is the trusted proxy: connect from it.
  auto ask = [](const std::string& id) {
    std::string raw = "GET /api/posts HTTP/1.1\r\nHost: x\r\nX-Request-Id: " + id + "\r\nConnection: close\r\n\r\n";
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in from{};
    from.sin_family = AF_INET;
    from.sin_addr.s_addr = htonl(0x7f000002);
    EXPECT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof from), 0);
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(server().port());
    to.sin_addr.s_addr = htonl(0x7f000001);
    EXPECT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to), 0);
    EXPECT_EQ(::write(fd, raw.data(), raw.size()), static_cast<ssize_t>(raw.size()));
    std::string answer;
    char buf[4096];
    for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) answer.append(buf, static_cast<std::size_t>(n));
    ::close(fd);
    std::smatch m;
    std::regex header("\r\nX-Request-Id: ([^\r]*)\r\n", std::regex::icase);
    return std::regex_search(answer, m, header) ? m[1].str() : std::string("(none)");
  };
  EXPECT_EQ(ask("lb-7f3a.2_x"), "lb-7f3a.2_x");
  EXPECT_EQ(ask(std::string(128, 'a')), std::string(128, 'a'));
  EXPECT_TRUE(std::regex_match(ask(std::string(129, 'a')), std::regex("[0-9a-f]{14}")));
  EXPECT_TRUE(std::regex_match(ask("has\"quote"), std::regex("[0-9a-f]{14}")));
}

TEST(JsonLogs, BlogdWritesOneJsonObjectPerLineWithTheRequestId) {
  blog::test::temp_dir dir;
  auto url = blog::test::create_database(blog::test::unique("jsonlogs"));
  const char* source = std::getenv("BLOG_SOURCE_DIR");
  const auto log = dir.path / "log";
  const pid_t pid =
      blog::test::spawn_blogd({"BLOG_DATABASE_URL=" + url, "BLOG_DATA_DIR=" + dir.path.string(), "BLOG_HTTP_PORT=0",
                               "BLOG_HTTP_ADDRESS=127.0.0.1", "BLOG_LOG_FORMAT=json", "BLOG_TRUSTED_PROXIES=127.0.0.1",
                               "BLOG_WEB_DIR=" + (std::filesystem::path(source ? source : ".") / "web/dist").string()},
                              log);
  http_client site("http://127.0.0.1:" + std::to_string(blog::test::wait_until_listening(log)));
  EXPECT_EQ(site.get("/api/posts/missing-one", {{"X-Request-Id", "trace-me-123"}}).status, 404);
  ::kill(pid, SIGTERM);
  int status = 0;
  ::waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);

  std::istringstream lines(blog::test::read_text(log));
  bool found = false;
  std::size_t count = 0;
  for (std::string line; std::getline(lines, line); ++count) {
    boost::json::object entry;
    ASSERT_NO_THROW(entry = boost::json::parse(line).as_object()) << line;
    EXPECT_TRUE(entry.contains("time") && entry.contains("level") && entry.contains("message")) << line;
    if (entry.contains("requestId") && entry.at("requestId").as_string() == "trace-me-123") {
      found = true;
      EXPECT_EQ(entry.at("route").as_string(), "/api/posts/{slug}");
      EXPECT_EQ(entry.at("path").as_string(), "/api/posts/missing-one");
      EXPECT_EQ(entry.at("status").to_number<int>(), 404);
      EXPECT_TRUE(entry.at("ms").is_number());
    }
  }
  EXPECT_GT(count, 2u);
  EXPECT_TRUE(found);
}

TEST(Metrics, APublicMetricsAddressIsRefusedAtStartUnlessAskedFor) {
  blog::test::temp_dir dir;
  const auto log = dir.path / "log";
  const pid_t pid = blog::test::spawn_blogd({"BLOG_DATABASE_URL=postgresql:///nowhere?host=/nonexistent",
                                             "BLOG_METRICS_ADDRESS=0.0.0.0:0", "BLOG_DATA_DIR=" + dir.path.string()},
                                            log);
  int status = 0;
  ::waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1);
  auto text = blog::test::read_text(log);
  EXPECT_NE(text.find("not a loopback address"), std::string::npos) << text;
  EXPECT_NE(text.find("BLOG_METRICS_PUBLIC=1"), std::string::npos) << text;
}
