// A WordPress post's content, slug, language and date made ours (the pure rules of an import).
#include "blog/import/content.hpp"
#include "blog/import/wxr.hpp"

#include "blog/core/error.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <sstream>

using namespace blog::import;

TEST(WordPressContent, BlockCommentsAndMoreGoAndParagraphsAreWrapped) {
  auto out = convert_wordpress_content(
      "<!-- wp:paragraph -->\n<p>One.</p>\n<!-- /wp:paragraph -->\n\n<!--more-->\n\nTwo\nlines.\n\n<!-- a note -->");
  EXPECT_EQ(out.html, "<p>One.</p>\n<p>Two<br>lines.</p>\n<p><!-- a note --></p>\n");
  EXPECT_TRUE(out.removed.empty());
}

TEST(WordPressContent, ACaptionBecomesAFigureWithItsCaption) {
  auto out = convert_wordpress_content(
      "[caption id=\"a\" width=\"300\"]<a href=\"/x\"><img src=\"/i.png\" /></a> Caption text[/caption]");
  EXPECT_EQ(out.html,
            "<figure><a href=\"/x\"><img src=\"/i.png\" /></a><figcaption>Caption text</figcaption></figure>\n");
  // Older WordPress kept the caption in an attribute.
  out = convert_wordpress_content("[caption caption=\"Old style\"]<img src=\"/i.png\">[/caption]");
  EXPECT_EQ(out.html, "<figure><img src=\"/i.png\"><figcaption>Old style</figcaption></figure>\n");
}

TEST(WordPressContent, GalleryAndUnknownShortcodesAreRemovedAndNamedKeepingInnerText) {
  auto out = convert_wordpress_content("A [gallery ids=\"1,2\"] B [note]inside[/note] C [embed]x[/embed] [[literal]]");
  EXPECT_EQ(out.html, "<p>A  B inside C x [literal]</p>\n");
  EXPECT_EQ(out.removed, (std::vector<std::string>{"gallery", "note", "embed"}));
}

TEST(WordPressContent, BracketsThatAreNoShortcodeStay) {
  auto out = convert_wordpress_content("Costs [1] and [ x ] and a [link");
  EXPECT_EQ(out.html, "<p>Costs [1] and [ x ] and a [link</p>\n");
  EXPECT_TRUE(out.removed.empty());
}

TEST(WordPressContent, BracketedWordsInProseCodeAndAttributesAreNoShortcodes) {
  // WordPress expands only the shortcodes a plugin registered: on the old site these read as written.
  const std::vector<std::pair<std::string, std::string>> kept = {
      {"As shown in [Smith 2020] and [note] the fee is [x] low.",
       "<p>As shown in [Smith 2020] and [note] the fee is [x] low.</p>\n"},
      {"<p><a href=\"https://shop.test/list?filter[status]=paid&amp;sort[by]=date\">list</a>"
       "<img src=\"/d.png\" alt=\"[diagram] card flow\"></p>",
       "<p><a href=\"https://shop.test/list?filter[status]=paid&amp;sort[by]=date\">list</a>"
       "<img src=\"/d.png\" alt=\"[diagram] card flow\"></p>\n"},
      {"<pre><code>fee = amounts[i] * rates[k]; [gallery]</code></pre>",
       "<pre><code>fee = amounts[i] * rates[k]; [gallery]</code></pre>\n"}};
  for (const auto& [in, html] : kept) {
    auto out = convert_wordpress_content(in);
    EXPECT_EQ(out.html, html);
    EXPECT_TRUE(out.removed.empty()) << in;
  }
  // A plugin's shortcode is known by its attributes or its closing tag; each is named once.
  auto out = convert_wordpress_content("[contact-form-7 id=\"12\"] [box]in[/box] [box]again[/box] [toc]");
  EXPECT_EQ(out.html, "<p>in again</p>\n");
  EXPECT_EQ(out.removed, (std::vector<std::string>{"contact-form-7", "box", "toc"}));
}

TEST(WordPressContent, ACodeBlockKeepsItsBlankLinesAndNewlines) {
  auto out = convert_wordpress_content(
      "Example:\n<pre class=\"wp-block-code\"><code>fee = amount * rate\n\ntotal += fee\n    "
      "done</code></pre>\nAfter.");
  EXPECT_EQ(out.html,
            "<p>Example:</p>\n<pre class=\"wp-block-code\"><code>fee = amount * rate\n\ntotal += fee\n    done</code>"
            "</pre>\n<p>After.</p>\n");
  out = convert_wordpress_content("<PRE>a = 1\n\nb = 2</PRE>");
  EXPECT_EQ(out.html, "<PRE>a = 1\n\nb = 2</PRE>\n");
}

TEST(WordPressContent, ManyOpeningsWithoutAnEndAreReadInLinearTime) {
  // Each "[a" once looked for its "[/a]" to the end of the text: 200,000 of them took minutes.
  std::string many;
  for (int i = 0; i < 200'000; ++i) many += "[a x=1][[b <pre ";
  const auto started = std::chrono::steady_clock::now();
  auto out = convert_wordpress_content(many);
  const auto took = std::chrono::steady_clock::now() - started;
  EXPECT_EQ(out.removed, (std::vector<std::string>{"a"}));
  EXPECT_LT(took, std::chrono::seconds(20)) << "quadratic again?";
}

TEST(ImportRules, SlugsArePercentDecodedLanguagesNormalisedDatesRead) {
  EXPECT_EQ(percent_decode("%c5%beluty-k%C5%AF%c5%88"), "\xC5\xBEluty-k\xC5\xAF\xC5\x88");
  EXPECT_EQ(percent_decode("100%-sure%2"), "100%-sure%2");
  EXPECT_EQ(our_language("cs_CZ"), "cs");
  EXPECT_EQ(our_language("EN-gb"), "en");
  EXPECT_EQ(our_language("en"), "en");
  EXPECT_EQ(our_language("de"), std::nullopt);
  EXPECT_EQ(our_language(""), std::nullopt);
  EXPECT_EQ(wordpress_time("2024-03-04 09:30:00"), 1709544600000);
  EXPECT_EQ(wordpress_time("0000-00-00 00:00:00"), std::nullopt);
  EXPECT_EQ(wordpress_time("yesterday"), std::nullopt);
  EXPECT_EQ(url_path("https://old.example.com/2024/03/hello/"), "/2024/03/hello/");
  EXPECT_EQ(url_path("https://old.example.com/?p=12"), "/?p=12");
  EXPECT_EQ(url_path("https://old.example.com/"), "");
  EXPECT_EQ(url_path("/relative"), "");
}

TEST(WxrReader, ReadsItemsOneByOneFromEitherNamespace) {
  std::istringstream in(
      "<rss xmlns:wp=\"https://wordpress.org/export/1.0/\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\">"
      "<channel><link>https://site</link><item><title>A &amp; B</title><wp:post_id>7</wp:post_id>"
      "<content:encoded><![CDATA[<p>x</p>]]></content:encoded><category domain=\"language\" nicename=\"cs\">"
      "Czech</category><wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>9</wp:meta_value>"
      "</wp:postmeta><wp:comment><wp:comment_id>1</wp:comment_id><wp:comment_content>c</wp:comment_content>"
      "</wp:comment></item></channel></rss>");
  wxr_channel channel;
  std::vector<wxr_item> items;
  read_wxr(in, channel, [&](wxr_item&& item) { items.push_back(std::move(item)); });
  EXPECT_EQ(channel.wxr_version, "1.0");
  EXPECT_EQ(channel.link, "https://site");
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0].title, "A & B");
  EXPECT_EQ(items[0].post_id, 7);
  EXPECT_EQ(items[0].content, "<p>x</p>");
  ASSERT_EQ(items[0].categories.size(), 1u);
  EXPECT_EQ(items[0].categories[0].nicename, "cs");
  EXPECT_EQ(items[0].categories[0].name, "Czech");
  EXPECT_EQ(items[0].meta.at("_thumbnail_id"), "9");
  EXPECT_EQ(items[0].comments, 1);
}

TEST(WxrReader, SaysWhereAFileIsNotWellFormed) {
  // Column 13 is where the wrong name starts: "  <title>x</" is 12 characters.
  std::istringstream in("<rss>\n<channel>\n  <title>x</titel>");
  wxr_channel channel;
  try {
    read_wxr(in, channel, [](wxr_item&&) {});
    FAIL() << "accepted";
  } catch (const blog::error& e) {
    EXPECT_EQ(std::string(e.what()), "The file is not well-formed XML: line 3, column 13: mismatched tag");
  }
}
