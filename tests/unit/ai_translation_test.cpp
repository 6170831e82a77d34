// The AI translator's pure parts: request checks, the prompt with every glossary pair in the
// right direction, and reading the model's JSON answer.
#include "blog/ai/translation.hpp"
#include "blog/core/error.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

using namespace blog;

TEST(AiTranslation, ARequestNeedsAPostIdAndEnglishOrCzech) {
  auto ok = ai::read_translation_request(boost::json::parse(R"({"postId": 7, "targetLanguage": "cs"})").as_object());
  EXPECT_EQ(ok.post_id, 7);
  EXPECT_EQ(ok.target, "cs");
  try {
    (void)ai::read_translation_request(boost::json::parse(R"({"postId": "7", "targetLanguage": "de"})").as_object());
    FAIL() << "accepted";
  } catch (const blog::error& e) {
    EXPECT_EQ(e.kind(), blog::error_kind::invalid);
    EXPECT_EQ(e.fields().at("postId"), "postId must be the id of a post");
    EXPECT_EQ(e.fields().at("targetLanguage"), "Target language must be en or cs");
  }
}

TEST(AiTranslation, ThePromptSendsEveryGlossaryPairInTheDirectionOfTheTranslation) {
  std::vector<domain::glossary_term> glossary = {{"instant payment", "okamžitá platba"},
                                                 {"strong customer authentication", "silné ověření klienta"},
                                                 {"chargeback", "chargeback"}};
  auto to_cs = ai::translation_system_prompt("en", "cs", glossary);
  EXPECT_NE(to_cs.find("from English to Czech"), std::string::npos) << to_cs;
  EXPECT_NE(to_cs.find("instant payment => okamžitá platba\n"), std::string::npos) << to_cs;
  EXPECT_NE(to_cs.find("strong customer authentication => silné ověření klienta\n"), std::string::npos);
  EXPECT_NE(to_cs.find("chargeback => chargeback\n"), std::string::npos);
  auto to_en = ai::translation_system_prompt("cs", "en", glossary);
  EXPECT_NE(to_en.find("from Czech to English"), std::string::npos);
  EXPECT_NE(to_en.find("okamžitá platba => instant payment\n"), std::string::npos) << to_en;
  EXPECT_EQ(ai::translation_system_prompt("en", "cs", {}).find("glossary"), std::string::npos);
}

TEST(AiTranslation, ThePromptTurnsEachHighlightHeadingIntoItsNameInTheTargetLanguage) {
  auto to_cs = ai::translation_system_prompt("en", "cs", {});
  for (std::string_view pair : {"Key Points => Klíčové body\n", "Key Features => Hlavní funkce\n",
                                "Benefits => Výhody\n", "Implementation => Implementace\n", "Conclusion => Závěr\n"})
    EXPECT_NE(to_cs.find(pair), std::string::npos) << pair << " in " << to_cs;
  auto to_en = ai::translation_system_prompt("cs", "en", {});
  for (std::string_view pair : {"Klíčové body => Key Points\n", "Hlavní funkce => Key Features\n",
                                "Výhody => Benefits\n", "Implementace => Implementation\n", "Závěr => Conclusion\n"})
    EXPECT_NE(to_en.find(pair), std::string::npos) << pair << " in " << to_en;
  EXPECT_EQ(to_cs.find("stay in English"), std::string::npos) << to_cs;
}

TEST(AiTranslation, TheUserMessageCarriesTitleExcerptAndContentAsJson) {
  posts::post p;
  p.title = "Instant payments";
  p.excerpt = "Seconds, not days";
  p.content = "<h2>Key Points</h2><ul><li>SEPA Inst</li></ul>";
  p.content_html = p.content;
  auto sent = boost::json::parse(ai::translation_user_message(p)).as_object();
  EXPECT_EQ(sent.at("title").as_string(), "Instant payments");
  EXPECT_EQ(sent.at("excerpt").as_string(), "Seconds, not days");
  EXPECT_EQ(sent.at("content").as_string(), p.content);
}

TEST(AiTranslation, AMarkdownPostIsSentAsItsHtmlSoTheEditorCanTakeTheAnswer) {
  posts::post p;
  p.title = "T";
  p.content = "## Key Points\n\n- one";
  p.content_html = "<h2>Key Points</h2>\n<ul>\n<li>one</li>\n</ul>\n";
  auto sent = boost::json::parse(ai::translation_user_message(p)).as_object();
  EXPECT_EQ(sent.at("content").as_string(), p.content_html);
}

TEST(AiTranslation, TheAnswerIsReadAsJsonWithOrWithoutAFence) {
  auto plain = ai::parse_translation(R"({"title":"Okamžité platby","excerpt":"Vteřiny","content":"<p>Text</p>"})");
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->title, "Okamžité platby");
  EXPECT_EQ(plain->excerpt, "Vteřiny");
  EXPECT_EQ(plain->content, "<p>Text</p>");
  auto fenced = ai::parse_translation("```json\n{\"title\":\"A\",\"content\":\"<p>B</p>\"}\n```");
  ASSERT_TRUE(fenced);
  EXPECT_EQ(fenced->excerpt, "");
  EXPECT_FALSE(ai::parse_translation("Here is your translation: Okamžité platby"));
  EXPECT_FALSE(ai::parse_translation(R"({"title":"","content":"<p>B</p>"})"));
  EXPECT_FALSE(ai::parse_translation(R"({"title":"A"})"));
}
