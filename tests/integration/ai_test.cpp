// POST /api/ai/generate against a small OpenAI-compatible server on loopback: success (a fence
// around the answer dropped), the unconfigured 503, upstream errors and time-outs as 502,
// permissions, validation, rate limits, and the API key never shown in a response or the log.
#include "support/captured_log.hpp"
#include "support/harness.hpp"
#include "support/loopback_http.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include <atomic>
#include <chrono>
#include <vector>

using blog::test::http_client;
using blog::test::http_response;
using blog::test::log_sink;
using blog::test::test_server;

namespace {

constexpr const char* secret_key = "sk-test-4f9a1c7e2b";
constexpr const char* model_name = "paytech-test-model";

// What the fake service received.
struct received : blog::test::loopback_http::request {
  boost::json::object json() const { return boost::json::parse(body).as_object(); }
  std::string message(std::size_t i, const char* field) const {
    return std::string(json().at("messages").as_array().at(i).at(field).as_string());
  }
};

// Just enough of an OpenAI-compatible chat-completions service. Like the real thing it answers 401
// to a wrong Bearer key.
class fake_ai {
 public:
  enum class mode { success, slow, error500, malformed, empty_content, html_fence, plain_fence };

  explicit fake_ai(std::string key = secret_key) : key_(std::move(key)) {}

  // The base URL as an operator writes it for OpenAI: with the API version path.
  std::string base_url() const { return server_.url() + "/v1"; }
  std::uint16_t port() const { return server_.port(); }
  void set_mode(mode m) { mode_ = m; }
  std::vector<received> requests() {
    std::vector<received> all;
    for (auto& r : server_.requests()) all.push_back({std::move(r)});
    return all;
  }

 private:
  using answer = blog::test::loopback_http::answer;

  static std::string completion(const std::string& content) {
    return boost::json::serialize(boost::json::object{
        {"id", "chatcmpl-test"},
        {"object", "chat.completion"},
        {"model", model_name},
        {"choices", boost::json::array{boost::json::object{
                        {"index", 0},
                        {"message", boost::json::object{{"role", "assistant"}, {"content", content}}},
                        {"finish_reason", "stop"}}}}});
  }

  answer respond(const received& req) {
    const mode m = mode_;
    if (m == mode::slow) server_.pause(std::chrono::seconds(3));
    auto auth = req.headers.find("authorization");
    bool key_ok =
        key_.empty() ? auth == req.headers.end() : auth != req.headers.end() && auth->second == "Bearer " + key_;
    if (!key_ok) return {401, R"({"error":{"message":"Incorrect API key provided","type":"invalid_request_error"}})"};
    switch (m) {
      case mode::success:
      case mode::slow:
        return {200, completion("# Draft\n\nYou asked: " + req.message(1, "content"))};
      case mode::error500:
        // Echoes the key, as some services' error pages do: blogd must pass none of it on.
        return {500, std::string(R"({"error":{"message":"Internal error for key )") + key_ + R"("}})"};
      case mode::malformed:
        return {200, R"({"choices":[{"message":)"};
      case mode::empty_content:
        return {200, completion("  ")};
      // Fences around the whole answer, as smaller local models add although asked not to.
      case mode::html_fence:
        return {200, completion("```html\n<h1>Draft</h1>\n<p>" + req.message(1, "content") + "</p>\n```")};
      case mode::plain_fence:
        return {200, completion("```\n# Draft\n\n" + req.message(1, "content") + "\n```")};
    }
    return {500, "{}"};
  }

  std::string key_;
  std::atomic<mode> mode_{mode::success};
  // Last: it stops (and its thread ends) before the members its answers read go.
  blog::test::loopback_http server_{[this](const blog::test::loopback_http::request& r) { return respond({r}); }};
};

std::function<void(blog::config&)> pointing_at(const fake_ai& ai, const std::string& key = secret_key) {
  return [base = ai.base_url(), key](blog::config& c) {
    c.ai_base_url = base;
    c.ai_api_key = key;
    c.ai_model = model_name;
  };
}

// A signed-in browser of a fresh account; role 'admin' or an approval status for a plain user.
std::unique_ptr<http_client> visitor(test_server& server, const std::string& name, const std::string& kind) {
  auto client = std::make_unique<http_client>(server.url());
  auto res =
      client->post("/api/register", boost::json::serialize(boost::json::object{{"username", name},
                                                                               {"email", name + "@example.com"},
                                                                               {"password", "password1"},
                                                                               {"confirmPassword", "password1"}}));
  EXPECT_EQ(res.status, 201) << res.body;
  auto id = std::to_string(res.json().at("id").as_int64());
  if (kind == "admin") {
    server.sql("UPDATE users SET role = 'admin', approval_status = 'approved' WHERE id = " + id);
  } else {
    server.sql("UPDATE users SET approval_status = '" + kind + "' WHERE id = " + id);
  }
  return client;
}

// Every answer of the route passes through here: none may show the key.
http_response generate(http_client& client, const boost::json::object& body) {
  auto res = client.post("/api/ai/generate", boost::json::serialize(body));
  EXPECT_EQ(res.body.find(secret_key), std::string::npos) << res.body;
  for (const auto& [name, value] : res.headers) EXPECT_EQ(value.find(secret_key), std::string::npos) << name;
  return res;
}

std::string message_of(const http_response& res) {
  return std::string(res.json().at("message").as_string());
}

class Ai : public ::testing::Test {
 protected:
  void SetUp() override { log_sink(); }
  void TearDown() override { EXPECT_EQ(log_sink()->text().find(secret_key), std::string::npos) << log_sink()->text(); }
};

}  // namespace

TEST_F(Ai, AdminGetsTheServicesMarkdown) {
  fake_ai ai;
  test_server server("ai_success", pointing_at(ai));
  auto admin = visitor(server, "ai_admin", "admin");

  auto res = generate(*admin, {{"prompt", "  Write about open banking in Prague  "}, {"language", "cs"}});
  ASSERT_EQ(res.status, 200) << res.body;
  EXPECT_EQ(res.json().at("content").as_string(), "# Draft\n\nYou asked: Write about open banking in Prague");
  EXPECT_NE(res.header("cache-control").find("no-store"), std::string::npos);

  auto sent = ai.requests();
  ASSERT_EQ(sent.size(), 1u);
  EXPECT_EQ(sent[0].method, "POST");
  EXPECT_EQ(sent[0].path, "/v1/chat/completions");
  EXPECT_EQ(sent[0].headers["authorization"], std::string("Bearer ") + secret_key);
  EXPECT_NE(sent[0].headers["content-type"].find("application/json"), std::string::npos);
  auto body = sent[0].json();
  EXPECT_EQ(body.at("model").as_string(), model_name);
  EXPECT_DOUBLE_EQ(body.at("temperature").to_number<double>(), 0.7);
  EXPECT_FALSE(body.contains("response_format")) << "a draft is Markdown, not JSON";
  ASSERT_EQ(body.at("messages").as_array().size(), 2u);
  EXPECT_EQ(sent[0].message(0, "role"), "system");
  EXPECT_NE(sent[0].message(0, "content").find("PayTech Blog"), std::string::npos);
  EXPECT_NE(sent[0].message(0, "content").find("Markdown"), std::string::npos);
  EXPECT_TRUE(sent[0].message(0, "content").ends_with("Write in Czech.")) << sent[0].message(0, "content");
  EXPECT_EQ(sent[0].message(1, "role"), "user");
  EXPECT_EQ(sent[0].message(1, "content"), "Write about open banking in Prague");

  // The test pages send only the prompt: no language line then; English names work too.
  ASSERT_EQ(generate(*admin, {{"prompt", "Mobile wallets"}}).status, 200);
  ASSERT_EQ(generate(*admin, {{"prompt", "Mobile wallets"}, {"language", "German"}}).status, 200);
  sent = ai.requests();
  ASSERT_EQ(sent.size(), 3u);
  EXPECT_TRUE(sent[1].message(0, "content").ends_with("Write in the language the user asks for."));
  EXPECT_TRUE(sent[2].message(0, "content").ends_with("Write in German."));
}

TEST_F(Ai, AFenceAroundTheWholeAnswerIsDropped) {
  fake_ai ai;
  test_server server("ai_fenced", pointing_at(ai));
  auto admin = visitor(server, "ai_admin", "admin");
  ai.set_mode(fake_ai::mode::html_fence);
  auto res = generate(*admin, {{"prompt", "Open banking"}});
  ASSERT_EQ(res.status, 200) << res.body;
  EXPECT_EQ(res.json().at("content").as_string(), "<h1>Draft</h1>\n<p>Open banking</p>");
  ai.set_mode(fake_ai::mode::plain_fence);
  res = generate(*admin, {{"prompt", "Open banking"}});
  ASSERT_EQ(res.status, 200) << res.body;
  EXPECT_EQ(res.json().at("content").as_string(), "# Draft\n\nOpen banking");
}

TEST_F(Ai, WithoutAKeyNoAuthorizationIsSent) {
  fake_ai ai("");
  test_server server("ai_keyless", [base = ai.base_url() + "/"](blog::config& c) {
    c.ai_base_url = base;  // a trailing slash changes nothing
    c.ai_model = model_name;
  });
  auto admin = visitor(server, "ai_admin", "admin");
  auto res = generate(*admin, {{"prompt", "Payment security"}});
  ASSERT_EQ(res.status, 200) << res.body;
  auto sent = ai.requests();
  ASSERT_EQ(sent.size(), 1u);
  EXPECT_EQ(sent[0].path, "/v1/chat/completions");
  EXPECT_EQ(sent[0].headers.count("authorization"), 0u);
}

TEST_F(Ai, UnconfiguredServerAnswers503) {
  test_server server("ai_unconfigured", [](blog::config& c) {
    c.ai_base_url = "http://127.0.0.1:9/v1";  // a base URL without a model is not enough
    c.ai_api_key = secret_key;
  });
  auto admin = visitor(server, "ai_admin", "admin");
  auto res = generate(*admin, {{"prompt", "Anything"}});
  EXPECT_EQ(res.status, 503);
  EXPECT_EQ(message_of(res),
            "The AI assistant is not configured. Set BLOG_AI_BASE_URL, BLOG_AI_MODEL and, if the service needs one, "
            "BLOG_AI_API_KEY, then restart blogd.");
}

TEST_F(Ai, UpstreamFailuresAnswer502) {
  fake_ai ai;
  test_server server("ai_upstream", pointing_at(ai));
  auto admin = visitor(server, "ai_admin", "admin");
  const std::string failed = "The AI service returned an error. Please try again.";

  ai.set_mode(fake_ai::mode::error500);
  auto res = generate(*admin, {{"prompt", "Crypto"}});
  EXPECT_EQ(res.status, 502);
  EXPECT_EQ(message_of(res), failed);
  auto log = log_sink()->text();
  EXPECT_NE(log.find("answered 500"), std::string::npos) << log;

  ai.set_mode(fake_ai::mode::malformed);
  res = generate(*admin, {{"prompt", "Crypto"}});
  EXPECT_EQ(res.status, 502);
  EXPECT_EQ(message_of(res), failed);

  ai.set_mode(fake_ai::mode::empty_content);
  res = generate(*admin, {{"prompt", "Crypto"}});
  EXPECT_EQ(res.status, 502);
  EXPECT_EQ(message_of(res), failed);
  EXPECT_EQ(ai.requests().size(), 3u);
}

TEST_F(Ai, AWrongKeyIsAnUpstreamError) {
  fake_ai ai;
  test_server server("ai_wrong_key", pointing_at(ai, "sk-not-the-right-one"));
  auto admin = visitor(server, "ai_admin", "admin");
  auto res = generate(*admin, {{"prompt", "Crypto"}});
  EXPECT_EQ(res.status, 502);
  EXPECT_EQ(res.body.find("sk-not-the-right-one"), std::string::npos);
  EXPECT_NE(log_sink()->text().find("answered 401"), std::string::npos);
  EXPECT_EQ(log_sink()->text().find("sk-not-the-right-one"), std::string::npos);
}

TEST_F(Ai, ASlowServiceTimesOutWith502) {
  fake_ai ai;
  ai.set_mode(fake_ai::mode::slow);
  auto tweak = pointing_at(ai);
  test_server server("ai_slow", [&](blog::config& c) {
    tweak(c);
    c.ai_timeout_ms = 500;
  });
  auto admin = visitor(server, "ai_admin", "admin");
  auto started = std::chrono::steady_clock::now();
  auto res = generate(*admin, {{"prompt", "Cross-border payments"}});
  auto took = std::chrono::steady_clock::now() - started;
  EXPECT_EQ(res.status, 502);
  EXPECT_EQ(message_of(res), "The AI service did not answer in time. Please try again.");
  EXPECT_LT(took, std::chrono::milliseconds(2500));
}

TEST_F(Ai, AnUnreachableServiceAnswers502) {
  std::uint16_t closed_port = 0;
  {
    fake_ai probe;
    closed_port = probe.port();
  }
  test_server server("ai_unreachable", [&](blog::config& c) {
    c.ai_base_url = "http://127.0.0.1:" + std::to_string(closed_port) + "/v1";
    c.ai_api_key = secret_key;
    c.ai_model = model_name;
  });
  auto admin = visitor(server, "ai_admin", "admin");
  auto res = generate(*admin, {{"prompt", "Fintech trends"}});
  EXPECT_EQ(res.status, 502);
  EXPECT_EQ(message_of(res), "The AI service could not be reached. Please try again.");
}

TEST_F(Ai, OnlyAdminsMayGenerate) {
  fake_ai ai;
  test_server server("ai_permissions", pointing_at(ai));
  http_client anonymous(server.url());
  auto res = generate(anonymous, {{"prompt", "Hi"}});
  EXPECT_EQ(res.status, 401);
  EXPECT_EQ(message_of(res), "You must be logged in to view this page");
  for (const char* kind : {"pending", "rejected", "approved"}) {
    auto user = visitor(server, std::string("ai_") + kind, kind);
    res = generate(*user, {{"prompt", "Hi"}});
    EXPECT_EQ(res.status, 403) << kind;
    EXPECT_EQ(message_of(res), "You do not have permission to access this page.");
  }
  EXPECT_TRUE(ai.requests().empty());
}

TEST_F(Ai, RequestsAreValidatedBeforeTheServiceIsAsked) {
  fake_ai ai;
  test_server server("ai_validation", pointing_at(ai));
  auto admin = visitor(server, "ai_admin", "admin");

  auto res = generate(*admin, {{"prompt", "   "}});
  EXPECT_EQ(res.status, 400);
  EXPECT_EQ(res.json().at("fields").at("prompt").as_string(), "Prompt is required");
  res = generate(*admin, {});
  EXPECT_EQ(res.json().at("fields").at("prompt").as_string(), "Prompt is required");
  res = generate(*admin, {{"prompt", std::string(4001, 'x')}});
  EXPECT_EQ(res.status, 400);
  EXPECT_EQ(res.json().at("fields").at("prompt").as_string(), "Prompt must be at most 4000 characters");
  res = generate(*admin, {{"prompt", "Topic"}, {"language", "Klingon"}});
  EXPECT_EQ(res.status, 400);
  EXPECT_EQ(res.json().at("fields").at("language").as_string(),
            "Language must be one of: English, Czech, Spanish, French, German");
  res = generate(*admin, {{"prompt", 42}});
  EXPECT_EQ(res.status, 400);
  res = admin->post("/api/ai/generate", "{not json");
  EXPECT_EQ(res.status, 400);
  EXPECT_TRUE(ai.requests().empty());

  // None of those counted against the rate limit.
  for (int i = 0; i < 5; ++i) EXPECT_EQ(generate(*admin, {{"prompt", "Topic"}}).status, 200) << i;
}

TEST_F(Ai, EachAdminHasFiveRequestsAMinute) {
  fake_ai ai;
  test_server server("ai_rate", pointing_at(ai));
  auto first = visitor(server, "ai_first", "admin");
  auto second = visitor(server, "ai_second", "admin");
  for (int i = 0; i < 5; ++i) ASSERT_EQ(generate(*first, {{"prompt", "Topic"}}).status, 200) << i;
  auto res = generate(*first, {{"prompt", "Topic"}});
  EXPECT_EQ(res.status, 429);
  EXPECT_EQ(message_of(res), "Too many generation requests. Please wait a minute and try again.");
  ASSERT_FALSE(res.header("retry-after").empty());
  auto wait = std::stoi(res.header("retry-after"));
  EXPECT_GE(wait, 1);
  EXPECT_LE(wait, 60);
  EXPECT_EQ(ai.requests().size(), 5u);
  // Another admin is counted apart.
  EXPECT_EQ(generate(*second, {{"prompt", "Topic"}}).status, 200);
}
