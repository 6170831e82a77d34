// A page's head and the app's index.html filled with it: pure functions, read as text.
#include "blog/domain/render/page_head.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

using blog::render::page_head;

namespace {

const std::string shell =
    "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <title>PayTech Blog</title>\n"
    "    <meta name=\"description\" content=\"default\" />\n  </head>\n  <body>\n    <div id=\"root\"></div>\n"
    "  </body>\n</html>\n";

page_head czech_post() {
  return {.title = "Platby <QR> & \"kódy\"",
          .description = "Jak funguje QR platba",
          .url = "https://blog.example/post/platba-qr",
          .language = "cs",
          .alternate_language = "en",
          .alternate_url = "https://blog.example/post/qr-payments",
          .type = "article",
          .image = "https://blog.example/covers/qr.svg",
          .json_ld = R"({"headline":"</script><script>alert(1)</script>"})",
          .rss_en_url = "https://blog.example/rss.xml?lang=en",
          .rss_cs_url = "https://blog.example/rss.xml?lang=cs",
          .session = true};
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST(page_head, escapes_every_value_and_names_both_language_versions) {
  auto tags = blog::render::head_tags(czech_post());
  EXPECT_TRUE(has(tags, "<title>Platby &lt;QR&gt; &amp; &quot;kódy&quot;</title>"));
  EXPECT_TRUE(has(tags, "<link rel=\"canonical\" href=\"https://blog.example/post/platba-qr\" />"));
  EXPECT_TRUE(has(tags, "<link rel=\"alternate\" hreflang=\"cs\" href=\"https://blog.example/post/platba-qr\" />"));
  EXPECT_TRUE(has(tags, "<link rel=\"alternate\" hreflang=\"en\" href=\"https://blog.example/post/qr-payments\" />"));
  EXPECT_TRUE(has(tags, "hreflang=\"x-default\" href=\"https://blog.example/post/qr-payments\""))
      << "x-default is the English version";
  EXPECT_TRUE(has(tags, "<meta property=\"og:locale\" content=\"cs_CZ\" />"));
  EXPECT_TRUE(has(tags, "<meta name=\"twitter:card\" content=\"summary_large_image\" />"));
  EXPECT_TRUE(has(tags, "<meta property=\"og:image\" content=\"https://blog.example/covers/qr.svg\" />"));
  EXPECT_TRUE(has(tags, "<meta name=\"blog-session\" content=\"present\" />"));
  EXPECT_FALSE(has(tags, "</script><script>")) << "JSON-LD cannot close its script element";
  EXPECT_TRUE(has(tags, "\\u003c/script>"));
}

TEST(page_head, a_page_without_translation_or_image_points_x_default_at_itself) {
  page_head home;
  home.title = "PayTech Blog";
  home.description = "d";
  home.url = "https://blog.example/";
  home.language = "en";
  home.rss_en_url = "e";
  home.rss_cs_url = "c";
  auto tags = blog::render::head_tags(home);
  EXPECT_TRUE(has(tags, "hreflang=\"x-default\" href=\"https://blog.example/\""));
  EXPECT_TRUE(has(tags, "<meta name=\"twitter:card\" content=\"summary\" />"));
  EXPECT_FALSE(has(tags, "og:image"));
  EXPECT_FALSE(has(tags, "application/ld+json"));
  EXPECT_TRUE(has(tags, "content=\"absent\""));
}

TEST(page_head, an_article_json_ld_is_schema_org_with_utc_times) {
  blog::render::article_data article;
  article.headline = "Title";
  article.description = "Excerpt";
  article.published_ms = 1'700'000'000'000;
  article.modified_ms = 1'700'000'060'000;
  article.language = "cs";
  article.section = "Fintech";
  article.url = "https://blog.example/post/t";
  article.author = "Jana";
  article.publisher = "PayTech Blog";
  auto ld = boost::json::parse(blog::render::article_json_ld(article)).as_object();
  EXPECT_EQ(ld.at("@type"), "Article");
  EXPECT_EQ(ld.at("datePublished"), "2023-11-14T22:13:20.000Z");
  EXPECT_EQ(ld.at("dateModified"), "2023-11-14T22:14:20.000Z");
  EXPECT_EQ(ld.at("author").at("name"), "Jana");
  EXPECT_EQ(ld.at("inLanguage"), "cs");
  EXPECT_FALSE(ld.contains("image"));
}

TEST(page_head, the_shell_gets_the_head_the_markup_and_the_data) {
  auto html = blog::render::fill_app_shell(shell, czech_post(), "<main>Článek</main>", R"({"post":"</script>"})");
  EXPECT_TRUE(has(html, "<html lang=\"cs\">"));
  EXPECT_FALSE(has(html, "<title>PayTech Blog</title>")) << "the shell's own title is replaced";
  EXPECT_FALSE(has(html, "content=\"default\""));
  EXPECT_TRUE(has(html, "<div id=\"root\"><main>Článek</main></div>"));
  EXPECT_TRUE(has(html, "<script type=\"application/json\" id=\"page-data\">{\"post\":\"\\u003c/script>\"}</script>"));
  EXPECT_LT(html.find("<title>"), html.find("</head>"));
  // The first paint waits for the whole server page.
  EXPECT_LT(html.find("<link rel=\"expect\" href=\"#page-end\" blocking=\"render\" />"), html.find("</head>"));
  EXPECT_LT(html.find("id=\"page-data\""), html.find("<span id=\"page-end\" hidden></span>"));

  auto bare = blog::render::fill_app_shell(shell, czech_post(), "", "");
  EXPECT_TRUE(has(bare, "<div id=\"root\"></div>")) << "without markup the root is the app's";
  EXPECT_FALSE(has(bare, "page-data"));
  EXPECT_FALSE(has(bare, "rel=\"expect\"")) << "an empty shell has nothing to wait for";
}

TEST(page_head, a_page_that_is_not_there_names_no_canonical_address_and_no_language_versions) {
  page_head missing = czech_post();
  missing.url = "";
  missing.alternate_language = "";
  missing.alternate_url = "";
  missing.json_ld = "";
  auto tags = blog::render::head_tags(missing);
  EXPECT_FALSE(has(tags, "rel=\"canonical\""));
  EXPECT_FALSE(has(tags, "hreflang"));
  EXPECT_FALSE(has(tags, "og:url"));
  EXPECT_TRUE(has(tags, "<title>"));
  EXPECT_TRUE(has(tags, "application/rss+xml")) << "the site's feeds are still there";
}

TEST(page_head, json_in_a_script_carries_controls_only_as_json_escapes) {
  // boost::json writes C0 controls as \u00XX already; DEL, C1 and U+FFFF it writes as they are.
  const std::string json = boost::json::serialize(boost::json::object{{"t", "a\x7F\xC2\x85\xEF\xBF\xBF\x05<"}});
  EXPECT_EQ(blog::render::script_safe(json), R"({"t":"a\u007f\u0085\uffff\u0005\u003c"})");
  EXPECT_EQ(boost::json::parse(blog::render::script_safe(json)), boost::json::parse(json)) << "the same value";
}
