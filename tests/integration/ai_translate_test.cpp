// POST /api/ai/translate against a small OpenAI-compatible stand-in on loopback (as ai_test.cpp
// does for generation): the prompt carries the post and every glossary pair, the answer fills
// title, excerpt and content whatever its shape (JSON, fenced, in prose, Markdown); JSON mode and
// a server without it; who may ask (admins, approved authors when the site allows), the
// unconfigured 503, bad requests, rate limits, and the key never in an answer or the log.
#include "support/captured_log.hpp"
#include "support/harness.hpp"
#include "support/loopback_http.hpp"

#include "blog/store/glossary_store.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include <vector>

using blog::test::http_client;
using blog::test::http_response;
using blog::test::log_sink;
using blog::test::test_server;
using blog::test::unique;

namespace {

constexpr const char* secret_key = "sk-translate-9d3e7a";

// Answers every chat completion as a translator would: the user message's JSON back with the
// title and excerpt marked as Czech and the content's markup untouched, so the test sees that
// blogd passes the model's answer through. Records what it received. Its shape is that of a
// well-behaved model, or of one of the smaller ones that stray from "one JSON object".
class translating_ai {
 public:
  enum class shape {
    json,               // the object alone
    json_fence,         // the object in a ```json fence
    json_in_prose,      // "Here is the translation: {…} Hope it helps"
    markdown,           // Markdown with the title as its first heading
    markdown_untitled,  // Markdown paragraphs, no heading
    no_json_mode,       // an older server: 400 to response_format, the object without it
    empty,              // an answer of whitespace
  };

  std::string base_url() const { return server_.url() + "/v1"; }
  std::vector<boost::json::object> requests() {
    std::vector<boost::json::object> all;
    for (const auto& r : server_.requests()) all.push_back(boost::json::parse(r.body).as_object());
    return all;
  }
  void set_shape(shape s) { shape_ = s; }

 private:
  using answer = blog::test::loopback_http::answer;

  answer respond(const blog::test::loopback_http::request& req) {
    auto request = boost::json::parse(req.body).as_object();
    const shape answer_shape = shape_;
    if (answer_shape == shape::no_json_mode && request.contains("response_format"))
      return {400, R"({"error":{"message":"Invalid parameter: 'response_format' is not supported","type":)"
                   R"("invalid_request_error"}})"};
    auto user = boost::json::parse(request.at("messages").as_array().at(1).at("content").as_string()).as_object();
    auto title = "CS: " + std::string(user.at("title").as_string());
    auto excerpt = "CS: " + std::string(user.at("excerpt").as_string());
    auto json = boost::json::serialize(
        boost::json::object{{"title", title}, {"excerpt", excerpt}, {"content", user.at("content")}});
    const std::string markdown_body = "## Key Points\n\n- Okamžitá platba se vypořádá během vteřin\n";
    std::string content;
    switch (answer_shape) {
      case shape::json:
      case shape::no_json_mode:
        content = json;
        break;
      case shape::json_fence:
        content = "```json\n" + json + "\n```";
        break;
      case shape::json_in_prose:
        content = "Here is the translation: " + json + " Hope it helps!";
        break;
      case shape::markdown:
        content = "# " + title + "\n\n" + excerpt + "\n\n" + markdown_body;
        break;
      case shape::markdown_untitled:
        content = excerpt + "\n\nOkamžitá platba se vypořádá během vteřin.";
        break;
      case shape::empty:
        content = " \n ";
        break;
    }
    return {200, boost::json::serialize(boost::json::object{
                     {"choices", boost::json::array{boost::json::object{
                                     {"message", {{"role", "assistant"}, {"content", content}}}}}}})};
  }

  std::atomic<shape> shape_{shape::json};
  // Last: it stops (and its thread ends) before the members its answers read go.
  blog::test::loopback_http server_{[this](const blog::test::loopback_http::request& r) { return respond(r); }};
};

std::unique_ptr<http_client> visitor(test_server& server, const std::string& role) {
  auto name = unique("aitr_" + role);
  auto client = std::make_unique<http_client>(server.url());
  auto res =
      client->post("/api/register", boost::json::serialize(boost::json::object{{"username", name},
                                                                               {"email", name + "@example.com"},
                                                                               {"password", "password1"},
                                                                               {"confirmPassword", "password1"}}));
  EXPECT_EQ(res.status, 201) << res.body;
  server.sql("UPDATE users SET approval_status = 'approved', role = '" + role + "' WHERE username = '" + name + "'");
  return client;
}

int create_post(http_client& author, const std::string& language, bool published = true) {
  auto res =
      author.post("/api/posts", boost::json::serialize(boost::json::object{
                                    {"title", unique("Instant payments ")},
                                    {"excerpt", "Settlement in seconds"},
                                    {"content",
                                     "<h2>Key Points</h2><ul><li>An instant payment settles in seconds</li></ul><p><a "
                                     "href=\"https://example.com/sepa\">SEPA Inst</a> and chargeback rules</p>"},
                                    {"category", "Digital Payments"},
                                    {"language", language},
                                    {"published", published}}));
  EXPECT_EQ(res.status, 201) << res.body;
  return res.status == 201 ? static_cast<int>(res.json().at("id").as_int64()) : 0;
}

http_response translate(http_client& client, int post_id, const std::string& target) {
  auto res = client.post("/api/ai/translate",
                         boost::json::serialize(boost::json::object{{"postId", post_id}, {"targetLanguage", target}}));
  EXPECT_EQ(res.body.find(secret_key), std::string::npos) << res.body;
  return res;
}

class AiTranslate : public ::testing::Test {
 protected:
  void SetUp() override { log_sink(); }
  void TearDown() override { EXPECT_EQ(log_sink()->text().find(secret_key), std::string::npos) << log_sink()->text(); }
};

std::function<void(blog::config&)> pointing_at(const translating_ai& ai) {
  return [base = ai.base_url()](blog::config& c) {
    c.ai_base_url = base;
    c.ai_api_key = secret_key;
    c.ai_model = "translate-test-model";
  };
}

}  // namespace

TEST_F(AiTranslate, AnAdminGetsThePostInTheOtherLanguageWithEveryGlossaryPairSent) {
  translating_ai ai;
  test_server server("ai_translate_ok", pointing_at(ai));
  blog::store::replace_glossary(server.ctx().db, {{"instant payment", "okamžitá platba"},
                                                  {"chargeback", "chargeback"},
                                                  {"strong customer authentication", "silné ověření klienta"}});
  auto admin = visitor(server, "admin");
  int id = create_post(*admin, "en");
  auto res = translate(*admin, id, "cs");
  ASSERT_EQ(res.status, 200) << res.body;
  auto answer = res.json().as_object();
  EXPECT_EQ(answer.at("title").as_string().find("CS: Instant payments "), 0u) << res.body;
  EXPECT_EQ(answer.at("excerpt").as_string(), "CS: Settlement in seconds");
  EXPECT_NE(answer.at("content").as_string().find("<h2>Key Points</h2><ul><li>"), std::string::npos) << res.body;
  EXPECT_NE(res.header("cache-control").find("no-store"), std::string::npos);

  auto sent = ai.requests();
  ASSERT_EQ(sent.size(), 1u);
  // JSON mode, as the OpenAI protocol has it; the prompt says JSON, which that mode requires.
  EXPECT_EQ(sent[0].at("response_format").at("type").as_string(), "json_object");
  auto system = std::string(sent[0].at("messages").as_array().at(0).at("content").as_string());
  EXPECT_NE(system.find("from English to Czech"), std::string::npos) << system;
  EXPECT_NE(system.find("instant payment => okamžitá platba"), std::string::npos) << system;
  EXPECT_NE(system.find("chargeback => chargeback"), std::string::npos) << system;
  EXPECT_NE(system.find("strong customer authentication => silné ověření klienta"), std::string::npos) << system;
  auto user = std::string(sent[0].at("messages").as_array().at(1).at("content").as_string());
  EXPECT_NE(user.find("https://example.com/sepa"), std::string::npos) << user;
}

TEST_F(AiTranslate, AJsonAnswerInAFenceOrInProseIsRead) {
  translating_ai ai;
  test_server server("ai_translate_wrapped", pointing_at(ai));
  auto admin = visitor(server, "admin");
  int id = create_post(*admin, "en");
  for (auto shape : {translating_ai::shape::json_fence, translating_ai::shape::json_in_prose}) {
    ai.set_shape(shape);
    auto res = translate(*admin, id, "cs");
    ASSERT_EQ(res.status, 200) << res.body;
    auto answer = res.json().as_object();
    EXPECT_EQ(answer.at("title").as_string().find("CS: Instant payments "), 0u) << res.body;
    EXPECT_EQ(answer.at("excerpt").as_string(), "CS: Settlement in seconds");
    EXPECT_TRUE(answer.at("content").as_string().starts_with("<h2>Key Points</h2><ul><li>")) << res.body;
  }
}

TEST_F(AiTranslate, AMarkdownAnswerIsTakenAsItComes) {
  translating_ai ai;
  test_server server("ai_translate_markdown", pointing_at(ai));
  auto admin = visitor(server, "admin");
  int id = create_post(*admin, "en");

  ai.set_shape(translating_ai::shape::markdown);
  auto res = translate(*admin, id, "cs");
  ASSERT_EQ(res.status, 200) << res.body;
  auto answer = res.json().as_object();
  EXPECT_EQ(answer.at("title").as_string().find("CS: Instant payments "), 0u) << res.body;
  EXPECT_EQ(answer.at("excerpt").as_string(), "CS: Settlement in seconds");
  std::string content(answer.at("content").as_string());
  EXPECT_TRUE(content.starts_with("<p>CS: Settlement in seconds</p>")) << content;
  EXPECT_NE(content.find("<h2>Key Points</h2>"), std::string::npos) << content;
  EXPECT_NE(content.find("<li>Okamžitá platba se vypořádá během vteřin</li>"), std::string::npos) << content;
  EXPECT_EQ(content.find("Instant payments"), std::string::npos) << "the title heading is the title only";

  ai.set_shape(translating_ai::shape::markdown_untitled);
  res = translate(*admin, id, "cs");
  ASSERT_EQ(res.status, 200) << res.body;
  answer = res.json().as_object();
  EXPECT_EQ(answer.at("title").as_string(), "");
  EXPECT_EQ(answer.at("excerpt").as_string(), "CS: Settlement in seconds");
  EXPECT_EQ(answer.at("content").as_string(),
            "<p>CS: Settlement in seconds</p>\n<p>Okamžitá platba se vypořádá během vteřin.</p>\n");
}

TEST_F(AiTranslate, AServiceWithoutJsonModeIsAskedOnceMoreWithoutIt) {
  translating_ai ai;
  ai.set_shape(translating_ai::shape::no_json_mode);
  test_server server("ai_translate_no_json_mode", pointing_at(ai));
  auto admin = visitor(server, "admin");
  int id = create_post(*admin, "en");
  auto res = translate(*admin, id, "cs");
  ASSERT_EQ(res.status, 200) << res.body;
  EXPECT_EQ(res.json().at("excerpt").as_string(), "CS: Settlement in seconds");
  auto sent = ai.requests();
  ASSERT_EQ(sent.size(), 2u);
  EXPECT_TRUE(sent[0].contains("response_format"));
  EXPECT_FALSE(sent[1].contains("response_format"));
  EXPECT_EQ(sent[1].at("messages"), sent[0].at("messages"));
  EXPECT_NE(log_sink()->text().find("refused JSON mode"), std::string::npos) << log_sink()->text();
}

TEST_F(AiTranslate, AnEmptyAnswerIsStillAnUpstreamError) {
  translating_ai ai;
  ai.set_shape(translating_ai::shape::empty);
  test_server server("ai_translate_empty", pointing_at(ai));
  auto admin = visitor(server, "admin");
  int id = create_post(*admin, "en");
  auto res = translate(*admin, id, "cs");
  EXPECT_EQ(res.status, 502) << res.body;
  EXPECT_EQ(res.json().at("message").as_string(), "The AI service returned an error. Please try again.");
  EXPECT_EQ(ai.requests().size(), 1u) << "an empty answer is not asked again";
}

TEST_F(AiTranslate, AuthorsMayTranslateOnlyWhenTheSiteAllowsIt) {
  translating_ai ai;
  test_server server("ai_translate_authors", pointing_at(ai));
  auto admin = visitor(server, "admin");
  auto author = visitor(server, "user");
  int id = create_post(*author, "cs");
  auto refused = translate(*author, id, "en");
  EXPECT_EQ(refused.status, 403) << refused.body;
  EXPECT_EQ(refused.json().at("message").as_string(), "The AI assistant is available to admins only");
  EXPECT_TRUE(ai.requests().empty());
  auto settings = admin->patch("/api/site-settings", R"({"aiForAuthors": true})");
  ASSERT_EQ(settings.status, 200) << settings.body;
  EXPECT_TRUE(settings.json().at("aiForAuthors").as_bool());
  EXPECT_TRUE(http_client(server.url()).get("/api/site-settings").json().at("aiForAuthors").as_bool());
  auto allowed = translate(*author, id, "en");
  EXPECT_EQ(allowed.status, 200) << allowed.body;
  auto sent = ai.requests();
  ASSERT_EQ(sent.size(), 1u);
  EXPECT_NE(sent[0].at("messages").as_array().at(0).at("content").as_string().find("from Czech to English"),
            std::string::npos);
  // Signed out: no.
  EXPECT_EQ(translate(*std::make_unique<http_client>(server.url()), id, "en").status, 401);
}

TEST_F(AiTranslate, BadRequestsAreRefusedBeforeTheServiceIsAsked) {
  translating_ai ai;
  test_server server("ai_translate_bad", pointing_at(ai));
  auto admin = visitor(server, "admin");
  auto author = visitor(server, "user");
  admin->patch("/api/site-settings", R"({"aiForAuthors": true})");
  int en = create_post(*admin, "en");
  auto same = translate(*admin, en, "en");
  EXPECT_EQ(same.status, 400) << same.body;
  EXPECT_EQ(same.json().at("fields").at("targetLanguage").as_string(), "The post is already in that language");
  EXPECT_EQ(translate(*admin, 999999, "cs").status, 404);
  EXPECT_EQ(translate(*admin, en, "de").status, 400);
  int draft = create_post(*admin, "en", false);
  EXPECT_EQ(translate(*author, draft, "cs").status, 404) << "someone else's draft does not exist for them";
  EXPECT_TRUE(ai.requests().empty());
}

TEST_F(AiTranslate, TheSameRateLimitAsGenerationApplies) {
  translating_ai ai;
  test_server server("ai_translate_limit", pointing_at(ai));
  auto admin = visitor(server, "admin");
  int id = create_post(*admin, "en");
  for (int i = 0; i < 5; ++i) ASSERT_EQ(translate(*admin, id, "cs").status, 200) << i;
  auto refused = translate(*admin, id, "cs");
  EXPECT_EQ(refused.status, 429) << refused.body;
  EXPECT_FALSE(refused.header("retry-after").empty());
  EXPECT_EQ(ai.requests().size(), 5u);
}

TEST_F(AiTranslate, WithoutAServiceConfiguredItAnswers503) {
  test_server server("ai_translate_off", [](blog::config& c) {
    c.ai_base_url = "";
    c.ai_model = "";
  });
  auto admin = visitor(server, "admin");
  int id = create_post(*admin, "en");
  auto res = translate(*admin, id, "cs");
  EXPECT_EQ(res.status, 503) << res.body;
}
