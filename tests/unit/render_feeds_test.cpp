// Unit tests of the sitemap and RSS documents: escaping, dates, alternates, enclosures.
#include <blog/domain/render/feeds.hpp>

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace blog::render;

// 2024-03-05T14:07:09.500Z
constexpr std::int64_t march_5 = 1709647629500;

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

TEST(RenderFeeds, DatesAreUtcInBothFormats) {
  EXPECT_EQ(utc_date(march_5), "2024-03-05");
  EXPECT_EQ(rfc822_time(march_5), "Tue, 05 Mar 2024 14:07:09 +0000");
  EXPECT_EQ(utc_date(0), "1970-01-01");
}

TEST(RenderFeeds, SitemapListsEachUrlEscapedWithItsDateAndFrequency) {
  const auto xml = sitemap_xml({{"https://blog.example/", std::nullopt, "daily", {}},
                                {"https://blog.example/post/a?x=1&y=<2>", march_5, "", {}}});
  EXPECT_EQ(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset ", 0), 0U);
  EXPECT_NE(xml.find("  <url><loc>https://blog.example/</loc><changefreq>daily</changefreq></url>\n"),
            std::string::npos);
  EXPECT_NE(xml.find("  <url><loc>https://blog.example/post/a?x=1&amp;y=&lt;2&gt;</loc>"
                     "<lastmod>2024-03-05</lastmod></url>\n"),
            std::string::npos);
  EXPECT_EQ(xml.find("y=<2>"), std::string::npos);
  EXPECT_TRUE(xml.ends_with("</urlset>\n"));
  EXPECT_EQ(count(xml, "<url>"), 2U);
}

TEST(RenderFeeds, SitemapNamesEveryLanguageVersionOfALinkedPair) {
  const auto xml = sitemap_xml({{"https://b.example/post/platby",
                                 march_5,
                                 "",
                                 {{"cs", "https://b.example/post/platby"}, {"en", "https://b.example/post/pay&go"}}}});
  EXPECT_NE(xml.find("<lastmod>2024-03-05</lastmod>"
                     "<xhtml:link rel=\"alternate\" hreflang=\"cs\" href=\"https://b.example/post/platby\"/>"
                     "<xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://b.example/post/pay&amp;go\"/>"
                     "</url>"),
            std::string::npos);
  EXPECT_NE(xml.find("xmlns:xhtml=\"http://www.w3.org/1999/xhtml\""), std::string::npos);
}

TEST(RenderFeeds, RssEscapesEveryTextAndLinksToItself) {
  feed_channel channel{"Tom & Jerry's <blog>",
                       "https://b.example/",
                       "Payments \"explained\"",
                       "en",
                       "https://b.example/rss.xml?lang=en",
                       {}};
  channel.items.push_back({"A < B & C", "https://b.example/post/a-b", march_5, "Fintech & Co", "<script>x</script>",
                           "https://b.example/uploads/abc.png", "image/png"});
  channel.items.push_back({"No cover", "https://b.example/post/plain", 0, "Regulations", "", "", ""});
  const auto xml = rss_xml(channel);
  EXPECT_NE(xml.find("  <title>Tom &amp; Jerry&#39;s &lt;blog&gt;</title>\n"), std::string::npos);
  EXPECT_NE(xml.find("  <description>Payments &quot;explained&quot;</description>\n"), std::string::npos);
  EXPECT_NE(xml.find("  <language>en</language>\n"), std::string::npos);
  EXPECT_NE(xml.find("<atom:link href=\"https://b.example/rss.xml?lang=en\" rel=\"self\" "
                     "type=\"application/rss+xml\"/>"),
            std::string::npos);
  EXPECT_NE(xml.find("    <title>A &lt; B &amp; C</title>\n    <link>https://b.example/post/a-b</link>\n"
                     "    <guid isPermaLink=\"true\">https://b.example/post/a-b</guid>\n"
                     "    <pubDate>Tue, 05 Mar 2024 14:07:09 +0000</pubDate>\n"
                     "    <category>Fintech &amp; Co</category>\n"
                     "    <description>&lt;script&gt;x&lt;/script&gt;</description>\n"
                     "    <enclosure url=\"https://b.example/uploads/abc.png\" type=\"image/png\" length=\"0\"/>\n"),
            std::string::npos);
  EXPECT_EQ(xml.find("<script>"), std::string::npos);
  EXPECT_EQ(count(xml, "<item>"), 2U);
  EXPECT_EQ(count(xml, "<enclosure"), 1U);  // the post without a cover has none
  EXPECT_TRUE(xml.ends_with("</channel>\n</rss>\n"));
}

TEST(RenderFeeds, ControlCharactersInStoredTextNeverReachTheFeedOrTheSitemap) {
  // Rows written before the rules refused them, or straight in SQL: XML 1.0 has no way to carry
  // these, and one of them makes the whole feed unreadable ("PCDATA invalid Char value 5").
  feed_channel channel{"Blog\x05", "https://b.example/", "D\x16", "en", "https://b.example/rss.xml?lang=en", {}};
  channel.items.push_back({"Title \x01with\x1F controls\x7F\xC2\x85", "https://b.example/post/a\x0B", march_5,
                           "Fin\x1Btech",
                           "Ex\xEF\xBF\xBF"
                           "cerpt\x0C",
                           "", ""});
  const auto xml = rss_xml(channel);
  EXPECT_NE(xml.find("  <title>Blog</title>\n"), std::string::npos);
  EXPECT_NE(xml.find("    <title>Title with controls</title>\n"), std::string::npos);
  EXPECT_NE(xml.find("    <category>Fintech</category>\n"), std::string::npos);
  EXPECT_NE(xml.find("    <description>Excerpt</description>\n"), std::string::npos);
  const auto sitemap = sitemap_xml({{"https://b.example/post/a\x0B", march_5, "daily\x02", {{"en\x03", "x\x04"}}}});
  EXPECT_NE(sitemap.find("<loc>https://b.example/post/a</loc>"), std::string::npos);
  for (const auto& doc : {xml, sitemap})
    for (unsigned char c : doc) EXPECT_TRUE(c >= 0x20 || c == '\n') << "byte " << static_cast<int>(c);
}

TEST(RenderFeeds, AnEmptyFeedIsStillAWholeDocument) {
  const auto xml = rss_xml({"T", "https://b.example/", "", "cs", "https://b.example/rss.xml?lang=cs", {}});
  EXPECT_EQ(count(xml, "<item>"), 0U);
  EXPECT_NE(xml.find("<language>cs</language>"), std::string::npos);
  EXPECT_TRUE(xml.ends_with("</channel>\n</rss>\n"));
}

}  // namespace
