// Request ids and the JSON log format: what a log shipper and an operator grepping for an id see.
#include "blog/core/logging.hpp"
#include "blog/http/request_id.hpp"

#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>
#include <boost/json.hpp>

#include <set>
#include <sstream>

using namespace blog;

TEST(RequestId, OnlySaneIdsFromTrustedProxiesAreKept) {
  EXPECT_TRUE(http::valid_request_id("abc-123_X.y"));
  EXPECT_TRUE(http::valid_request_id(std::string(128, 'a')));
  EXPECT_FALSE(http::valid_request_id(std::string(129, 'a')));
  EXPECT_FALSE(http::valid_request_id(""));
  EXPECT_FALSE(http::valid_request_id("a b"));
  EXPECT_FALSE(http::valid_request_id("a\"b"));
  EXPECT_FALSE(http::valid_request_id("a\nb"));
  EXPECT_EQ(http::request_id_for("from-proxy.1", true), "from-proxy.1");
  EXPECT_NE(http::request_id_for("from-proxy.1", false), "from-proxy.1");
  EXPECT_NE(http::request_id_for("bad id", true), "bad id");
}

TEST(RequestId, GeneratedIdsAreValidAndDoNotRepeat) {
  std::set<std::string> seen;
  for (int i = 0; i < 10000; ++i) {
    auto id = http::new_request_id();
    EXPECT_TRUE(http::valid_request_id(id)) << id;
    seen.insert(id);
  }
  EXPECT_EQ(seen.size(), 10000u);
}

TEST(JsonLogs, EveryLineIsOneJsonObjectAndAccessLinesCarryTheirFields) {
  std::ostringstream out;
  auto previous = spdlog::default_logger();
  spdlog::set_default_logger(
      std::make_shared<spdlog::logger>("test", std::make_shared<spdlog::sinks::ostream_sink_mt>(out)));
  setup_logging("info", "json");
  spdlog::warn("a \"quoted\" message\nover two lines");
  log_access({"rid-42", "GET", "/api/posts/hello", "/api/posts/{slug}", "127.0.0.1", 200, 512,
              std::chrono::microseconds(1500)});
  spdlog::info("after");
  setup_logging("info", "text");
  spdlog::set_default_logger(previous);

  std::istringstream lines(out.str());
  std::vector<boost::json::object> parsed;
  for (std::string line; std::getline(lines, line);) parsed.push_back(boost::json::parse(line).as_object());
  ASSERT_EQ(parsed.size(), 3u) << out.str();
  EXPECT_EQ(parsed[0].at("level").as_string(), "warning");
  EXPECT_EQ(parsed[0].at("message").as_string(), "a \"quoted\" message\nover two lines");
  EXPECT_TRUE(parsed[0].contains("time"));
  EXPECT_EQ(parsed[1].at("requestId").as_string(), "rid-42");
  EXPECT_EQ(parsed[1].at("method").as_string(), "GET");
  EXPECT_EQ(parsed[1].at("route").as_string(), "/api/posts/{slug}");
  EXPECT_EQ(parsed[1].at("path").as_string(), "/api/posts/hello");
  EXPECT_EQ(parsed[1].at("status").to_number<int>(), 200);
  EXPECT_EQ(parsed[1].at("bytes").to_number<int>(), 512);
  EXPECT_DOUBLE_EQ(parsed[1].at("ms").to_number<double>(), 1.5);
  EXPECT_FALSE(parsed[2].contains("requestId"));  // the fields belong to their own line only
}
