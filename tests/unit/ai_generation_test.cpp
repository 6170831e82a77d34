// The AI assistant's rules: request checks, languages, the system prompt and the wire format.
#include "blog/ai/client.hpp"
#include "blog/ai/generation.hpp"
#include "blog/core/error.hpp"
#include "blog/http/error_response.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include <optional>
#include <string>

namespace ai = blog::ai;

namespace {

// The field errors read_generation_request throws, as "field: message" lines.
std::string refusal(const std::optional<std::string>& prompt, const std::optional<std::string>& language) {
  try {
    ai::read_generation_request(prompt, language);
    return "accepted";
  } catch (const blog::error& e) {
    std::string out = std::to_string(blog::http::status_of(e.kind()));
    for (const auto& [field, message] : e.fields()) out += " " + field + ": " + message + ";";
    return out;
  }
}

std::string answer(std::string_view content_json) {
  return R"({"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":)" +
         std::string(content_json) + R"(},"finish_reason":"stop"}]})";
}

}  // namespace

TEST(AiLanguages, CodesAndEnglishNamesInAnyCase) {
  for (const char* text : {"cs", "CS", "Czech", "czech", " Czech "}) {
    auto l = ai::find_language(text);
    ASSERT_TRUE(l) << text;
    EXPECT_EQ(l->code, "cs");
    EXPECT_EQ(l->name, "Czech");
  }
  EXPECT_EQ(ai::find_language("en")->name, "English");
  EXPECT_EQ(ai::find_language("Spanish")->code, "es");
  EXPECT_EQ(ai::find_language("fr")->name, "French");
  EXPECT_EQ(ai::find_language("GERMAN")->code, "de");
  EXPECT_FALSE(ai::find_language("pl"));
  EXPECT_FALSE(ai::find_language("Klingon"));
  EXPECT_FALSE(ai::find_language(""));
}

TEST(AiRequest, PromptIsTrimmedAndRequired) {
  auto ok = ai::read_generation_request("  Write about open banking \n", std::nullopt);
  EXPECT_EQ(ok.prompt, "Write about open banking");
  EXPECT_FALSE(ok.target);
  EXPECT_EQ(refusal(std::nullopt, std::nullopt), "400 prompt: Prompt is required;");
  EXPECT_EQ(refusal(" \t\n", std::nullopt), "400 prompt: Prompt is required;");
}

TEST(AiRequest, PromptHasAtMost4000Characters) {
  EXPECT_EQ(refusal(std::string(4000, 'a'), std::nullopt), "accepted");
  EXPECT_EQ(refusal(std::string(4001, 'a'), std::nullopt), "400 prompt: Prompt must be at most 4000 characters;");
  // Characters, not bytes: 4000 'č' are 8000 bytes and still allowed.
  std::string czech;
  for (int i = 0; i < 4000; ++i) czech += "č";
  EXPECT_EQ(refusal(czech, std::nullopt), "accepted");
  EXPECT_EQ(refusal(czech + "č", std::nullopt), "400 prompt: Prompt must be at most 4000 characters;");
}

TEST(AiRequest, LanguageIsOptionalButMustBeKnown) {
  EXPECT_EQ(ai::read_generation_request("Topic", "cs").target->name, "Czech");
  EXPECT_EQ(ai::read_generation_request("Topic", "German").target->code, "de");
  EXPECT_FALSE(ai::read_generation_request("Topic", "").target);
  EXPECT_FALSE(ai::read_generation_request("Topic", "  ").target);
  EXPECT_EQ(refusal("Topic", "Klingon"),
            "400 language: Language must be one of: English, Czech, Spanish, French, German;");
  EXPECT_EQ(
      refusal("", "xx"),
      "400 language: Language must be one of: English, Czech, Spanish, French, German; prompt: Prompt is required;");
}

TEST(AiPrompt, SystemPromptNamesTheWriterAndTheLanguage) {
  auto plain = ai::system_prompt(std::nullopt);
  EXPECT_NE(plain.find("PayTech Blog"), std::string::npos);
  EXPECT_NE(plain.find("fintech"), std::string::npos);
  EXPECT_NE(plain.find("Markdown"), std::string::npos);
  EXPECT_EQ(plain.find("Write in Czech."), std::string::npos);
  auto czech = ai::system_prompt(ai::find_language("cs"));
  EXPECT_TRUE(czech.starts_with(plain));
  EXPECT_TRUE(czech.ends_with("\nWrite in Czech.")) << czech;
  EXPECT_TRUE(ai::system_prompt(ai::find_language("es")).ends_with("\nWrite in Spanish."));
}

TEST(AiPrompt, SystemPromptNamesTheHighlightHeadingsInTheTargetLanguage) {
  auto czech = ai::system_prompt(ai::find_language("cs"));
  EXPECT_NE(czech.find("'Klíčové body', 'Hlavní funkce', 'Výhody', 'Implementace'; a final 'Závěr' section ends them."),
            std::string::npos)
      << czech;
  EXPECT_EQ(czech.find("Key Points"), std::string::npos) << czech;
  auto english = ai::system_prompt(ai::find_language("en"));
  EXPECT_NE(english.find("'Key Points', 'Key Features', 'Benefits', 'Implementation'; a final 'Conclusion'"),
            std::string::npos)
      << english;
  EXPECT_NE(ai::system_prompt(ai::find_language("de")).find("'Key Points'"), std::string::npos);
  EXPECT_EQ(ai::system_prompt(std::nullopt).find("Key Points"), std::string::npos);
}

TEST(AiWire, CompletionsUrlIsTheBaseAsGivenPlusChatCompletions) {
  EXPECT_EQ(ai::chat_completions_url("https://api.openai.com/v1"), "https://api.openai.com/v1/chat/completions");
  EXPECT_EQ(ai::chat_completions_url("http://localhost:11434/v1/"), "http://localhost:11434/v1/chat/completions");
  EXPECT_EQ(ai::chat_completions_url("http://127.0.0.1:8081"), "http://127.0.0.1:8081/chat/completions");
  EXPECT_EQ(ai::chat_completions_url("https://example.test/openai/deployments/x//"),
            "https://example.test/openai/deployments/x/chat/completions");
}

TEST(AiWire, EndpointNeedsBaseUrlAndModel) {
  blog::config cfg;
  EXPECT_FALSE(ai::configured_endpoint(cfg));
  cfg.ai_base_url = "http://localhost:11434/v1";
  EXPECT_FALSE(ai::configured_endpoint(cfg));
  cfg.ai_model = "llama3.1";
  auto ep = ai::configured_endpoint(cfg);
  ASSERT_TRUE(ep);
  EXPECT_EQ(ep->url, "http://localhost:11434/v1/chat/completions");
  EXPECT_EQ(ep->api_key, "");
  EXPECT_EQ(ep->time_limit.count(), 60000);
  EXPECT_EQ(ep->connect_limit.count(), 5000);
  cfg.ai_timeout_ms = 500;
  EXPECT_EQ(ai::configured_endpoint(cfg)->connect_limit.count(), 500);
}

TEST(AiWire, RequestBodyHasModelMessagesAndTemperature) {
  auto body = boost::json::parse(ai::chat_request_body("gpt-4o-mini", "You write.", "Write about \"SEPA\" instant"))
                  .as_object();
  EXPECT_EQ(body.at("model").as_string(), "gpt-4o-mini");
  EXPECT_DOUBLE_EQ(body.at("temperature").to_number<double>(), 0.7);
  const auto& messages = body.at("messages").as_array();
  ASSERT_EQ(messages.size(), 2u);
  EXPECT_EQ(messages[0].at("role").as_string(), "system");
  EXPECT_EQ(messages[0].at("content").as_string(), "You write.");
  EXPECT_EQ(messages[1].at("role").as_string(), "user");
  EXPECT_EQ(messages[1].at("content").as_string(), "Write about \"SEPA\" instant");
}

TEST(AiWire, JsonModeAddsResponseFormatAndOnlyThen) {
  auto json = boost::json::parse(ai::chat_request_body("m", "Answer in JSON.", "{}", ai::answer_format::json_object))
                  .as_object();
  EXPECT_EQ(json.at("response_format").at("type").as_string(), "json_object");
  EXPECT_EQ(json.at("messages").as_array().size(), 2u);
  auto text = boost::json::parse(ai::chat_request_body("m", "s", "u", ai::answer_format::text)).as_object();
  EXPECT_FALSE(text.contains("response_format"));
  EXPECT_FALSE(boost::json::parse(ai::chat_request_body("m", "s", "u")).as_object().contains("response_format"));
}

TEST(AiWire, ContentIsReadFromTheFirstChoice) {
  EXPECT_EQ(ai::completion_content(answer(R"("# Open banking\n\nText.")")), "# Open banking\n\nText.");
  EXPECT_EQ(ai::completion_content(answer(R"("  \n# Trimmed\n ")")), "# Trimmed");
  EXPECT_EQ(ai::completion_content(answer(R"("Platby v \u010cesku")")), "Platby v Česku");
}

TEST(AiWire, ThinkingAndAFenceAroundTheWholeAnswerAreDropped) {
  EXPECT_EQ(ai::completion_content(answer(R"("<think>plan the article</think>\n\n# Title\n\nBody")")),
            "# Title\n\nBody");
  EXPECT_EQ(ai::completion_content(answer(R"("```markdown\n# Title\n\nBody\n```")")), "# Title\n\nBody");
  EXPECT_EQ(ai::completion_content(answer(R"("```md\n## Outline\n- one\n```")")), "## Outline\n- one");
  // Real code blocks at both ends stay.
  EXPECT_EQ(ai::completion_content(answer(R"("```json\n{}\n```\ntext\n```\nx\n```")")),
            "```json\n{}\n```\ntext\n```\nx\n```");
  // HTML in a fence, or markdown in an untagged one, is the answer itself.
  EXPECT_EQ(ai::completion_content(answer(R"("```html\n<h1>Title</h1>\n<p>Body</p>\n```")")),
            "<h1>Title</h1>\n<p>Body</p>");
  EXPECT_EQ(ai::completion_content(answer(R"("```\n# Title\n\nBody\n```")")), "# Title\n\nBody");
  EXPECT_EQ(ai::completion_content(answer(R"("<think>x</think>\n```HTML\n<p>Body</p>\n```")")), "<p>Body</p>");
  // Two untagged code blocks at both ends are not one fence around the answer.
  EXPECT_EQ(ai::completion_content(answer(R"("```\nnpm i\n```\ntext\n```\nnpm t\n```")")),
            "```\nnpm i\n```\ntext\n```\nnpm t\n```");
  // An unterminated thought is kept rather than lost.
  EXPECT_EQ(ai::completion_content(answer(R"("<think>cut off")")), "<think>cut off");
}

TEST(AiWire, AnswersWithoutContentAreRefused) {
  EXPECT_FALSE(ai::completion_content(""));
  EXPECT_FALSE(ai::completion_content("not json"));
  EXPECT_FALSE(ai::completion_content("[]"));
  EXPECT_FALSE(ai::completion_content(R"({"choices":[]})"));
  EXPECT_FALSE(ai::completion_content(R"({"choices":"x"})"));
  EXPECT_FALSE(ai::completion_content(R"({"choices":[{"message":{"role":"assistant"}}]})"));
  EXPECT_FALSE(ai::completion_content(R"({"choices":[{"message":{"content":null}}]})"));
  EXPECT_FALSE(ai::completion_content(answer(R"("   ")")));
  EXPECT_FALSE(ai::completion_content(answer(R"("<think>only thinking</think>")")));
  EXPECT_FALSE(ai::completion_content(R"({"error":{"message":"model not found"}})"));
}

TEST(AiWire, UpstreamErrorsAreSummarisedWithoutTheKey) {
  EXPECT_EQ(ai::upstream_error_summary(
                R"({"error":{"message":"Incorrect API key provided: sk-secret-1","type":"invalid_request_error"}})",
                "sk-secret-1"),
            "Incorrect API key provided: ***");
  EXPECT_EQ(ai::upstream_error_summary(R"({"error":"model 'x' not found"})", ""), "model 'x' not found");
  EXPECT_EQ(ai::upstream_error_summary("<html>\r\nBad Gateway sk-secret-1 sk-secret-1</html>", "sk-secret-1"),
            "<html>  Bad Gateway *** ***</html>");
  auto long_text = ai::upstream_error_summary(std::string(1000, 'x'), "");
  EXPECT_LE(long_text.size(), 300u + std::string("…").size());
  EXPECT_TRUE(long_text.ends_with("…"));
}
