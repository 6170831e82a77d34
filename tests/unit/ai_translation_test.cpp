// The AI translator's pure parts: request checks, the prompt with every glossary pair in the
// right direction, and reading the model's answer in every shape a model gives it.
#include "blog/ai/translation.hpp"
#include "blog/core/error.hpp"
#include "blog/core/text.hpp"
#include "blog/domain/render/text.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

using namespace blog;

TEST(AiTranslation, ARequestNeedsAPostIdAndEnglishOrCzech) {
  auto ok = ai::read_translation_request(7, "cs");
  EXPECT_EQ(ok.post_id, 7);
  EXPECT_EQ(ok.target, "cs");
  try {
    (void)ai::read_translation_request(std::nullopt, "de");
    FAIL() << "accepted";
  } catch (const blog::error& e) {
    EXPECT_EQ(e.kind(), blog::error_kind::invalid);
    EXPECT_EQ(e.fields().at("postId"), "postId must be the id of a post");
    EXPECT_EQ(e.fields().at("targetLanguage"), "Target language must be en or cs");
  }
  for (std::int64_t id : {std::int64_t{0}, std::int64_t{-3}, std::int64_t{1} << 40}) {
    try {
      (void)ai::read_translation_request(id, "en");
      FAIL() << "accepted " << id;
    } catch (const blog::error& e) {
      EXPECT_EQ(e.fields().at("postId"), "postId must be the id of a post");
      EXPECT_EQ(e.fields().count("targetLanguage"), 0u);
    }
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
  EXPECT_EQ(fenced->title, "A");
  EXPECT_EQ(fenced->excerpt, "");
  EXPECT_EQ(fenced->content, "<p>B</p>");
  // The model's fields are its translation, even when one is empty; only nothing at all is no answer.
  auto untitled = ai::parse_translation(R"({"title":"  ","content":"<p>B</p>"})");
  ASSERT_TRUE(untitled);
  EXPECT_EQ(untitled->title, "");
  EXPECT_EQ(untitled->content, "<p>B</p>");
  EXPECT_FALSE(ai::parse_translation(R"({"title":"","excerpt":"x","content":" "})"));
  EXPECT_FALSE(ai::parse_translation(""));
  EXPECT_FALSE(ai::parse_translation(" \n "));
}

TEST(AiTranslation, AJsonObjectInProseIsFound) {
  auto found = ai::parse_translation(
      "Here is the translation: {\"title\": \"Okamžité platby\", \"excerpt\": \"Vteřiny\", \"content\": "
      "\"<p>Text</p>\"} Hope it helps!");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->title, "Okamžité platby");
  EXPECT_EQ(found->excerpt, "Vteřiny");
  EXPECT_EQ(found->content, "<p>Text</p>");
}

TEST(AiTranslation, TheJsonScanSkipsBracesInStringsAndRespectsEscapes) {
  // Braces and escaped quotes inside the strings do not end the object early.
  auto o =
      ai::find_json_object(R"(Sure! {"title": "A \"}\" b {", "content": "x \\\" y }"} done)", {"title", "content"});
  ASSERT_TRUE(o);
  EXPECT_EQ(o->at("title").as_string(), R"(A "}" b {)");
  EXPECT_EQ(o->at("content").as_string(), R"(x \" y })");
}

TEST(AiTranslation, TheJsonScanPicksTheFirstObjectWithTheExpectedFields) {
  // Prose braces, an object without the fields, then the one wanted; a second one is not taken.
  auto o = ai::find_json_object(
      R"(Placeholders look like {name}. Input was {"title": 1, "content": "c"}. Answer: {"title": "T", "content": "C"} or {"title": "U", "content": "D"})",
      {"title", "content"});
  ASSERT_TRUE(o);
  EXPECT_EQ(o->at("title").as_string(), "T");
  // An object nested in another without the fields.
  auto nested = ai::find_json_object(R"({"translation": {"title": "T", "content": "C"}})", {"title", "content"});
  ASSERT_TRUE(nested);
  EXPECT_EQ(nested->at("content").as_string(), "C");
  // An object that never closes is not taken, but one inside it that closes is.
  auto inner = ai::find_json_object(R"({"broken": {"title": "T", "content": "C"})", {"title", "content"});
  ASSERT_TRUE(inner);
  EXPECT_EQ(inner->at("title").as_string(), "T");
  EXPECT_FALSE(ai::find_json_object(R"({"title": "T", "content": "C")", {"title", "content"}));
  EXPECT_FALSE(ai::find_json_object(R"({"title": "T"})", {"title", "content"}));
  EXPECT_FALSE(ai::find_json_object("no object {here", {"title"}));
  EXPECT_FALSE(ai::find_json_object("", {"title"}));
}

TEST(AiTranslation, AMarkdownAnswerTakesItsTitleFromTheFirstHeading) {
  auto md = ai::parse_translation(
      "# Okamžité platby\n\nPlatba **dorazí** během několika vteřin.\n\n## Key Points\n\n- SEPA Inst\n- "
      "[Pravidla](https://example.com/sepa)\n");
  ASSERT_TRUE(md);
  EXPECT_EQ(md->title, "Okamžité platby");
  EXPECT_EQ(md->excerpt, "Platba dorazí během několika vteřin.");
  // The content as the editor takes it: HTML, rendered as a post's markdown is.
  EXPECT_EQ(md->content.find("Okamžité platby"), std::string::npos) << md->content;
  EXPECT_NE(md->content.find("<p>Platba <strong>dorazí</strong> během několika vteřin.</p>"), std::string::npos)
      << md->content;
  EXPECT_NE(md->content.find("<h2>Key Points</h2>"), std::string::npos) << md->content;
  EXPECT_NE(md->content.find("<li><a href=\"https://example.com/sepa\">Pravidla</a></li>"), std::string::npos)
      << md->content;
}

TEST(AiTranslation, TheTitleHeadingMayHaveAnyLevelAndClosingHashes) {
  auto h2 = ai::parse_translation("Tady je překlad:\n\n## Okamžité platby ##\nText.");
  ASSERT_TRUE(h2);
  EXPECT_EQ(h2->title, "Okamžité platby");
  EXPECT_EQ(h2->content, "<p>Tady je překlad:</p>\n<p>Text.</p>\n");
  EXPECT_EQ(h2->excerpt, "Tady je překlad:");
  EXPECT_EQ(ai::parse_translation("###### C# a F#\n\nText")->title, "C# a F#");
  // Not headings: a hashtag, seven #s, an indented code line, a comment in a code block.
  auto none = ai::parse_translation("#fintech\n\n####### seven\n\n    # code\n\n```\n# comment\n```\n\n# Title");
  ASSERT_TRUE(none);
  EXPECT_EQ(none->title, "Title");
  EXPECT_NE(none->content.find("# comment"), std::string::npos) << none->content;
}

TEST(AiTranslation, AMarkdownAnswerWithoutAHeadingIsAllContent) {
  auto md = ai::parse_translation("Platby během vteřin.\n\nDruhý odstavec.");
  ASSERT_TRUE(md);
  EXPECT_EQ(md->title, "");
  EXPECT_EQ(md->content, "<p>Platby během vteřin.</p>\n<p>Druhý odstavec.</p>\n");
  EXPECT_EQ(md->excerpt, "Platby během vteřin.");
  // HTML content the model kept, under a markdown title, stays HTML (sanitised).
  auto html = ai::parse_translation("# Titulek\n<h2>Key Points</h2><ul><li>Bod</li></ul><script>x</script>");
  ASSERT_TRUE(html);
  EXPECT_EQ(html->title, "Titulek");
  EXPECT_EQ(html->content, "<h2>Key Points</h2><ul><li>Bod</li></ul>");
  EXPECT_EQ(html->excerpt, "Key Points Bod");
  // Only a heading: a title without content is still the model's translation; an empty one is not.
  EXPECT_EQ(ai::parse_translation("# Jen titulek")->content, "");
  EXPECT_FALSE(ai::parse_translation("#"));
}

TEST(AiTranslation, TheDerivedExcerptIsCutAsAPostsDerivedExcerptIs) {
  std::string long_paragraph;
  for (int i = 0; i < 60; ++i) long_paragraph += "platba ";
  auto md = ai::parse_translation("# T\n\n" + long_paragraph + "\n\nDalší.");
  ASSERT_TRUE(md);
  EXPECT_EQ(md->excerpt, blog::render::make_excerpt(long_paragraph));
  EXPECT_TRUE(md->excerpt.ends_with("…")) << md->excerpt;
  EXPECT_LE(blog::core::utf8::length(md->excerpt), 200u);
}
