// The server-rendered post page: highlight boxes split as the app splits them, dates, escaping.
#include "blog/render/page.hpp"

#include <gtest/gtest.h>

using blog::render::split_content_sections;

TEST(split_content_sections, opens_a_box_at_key_points_and_closes_it_at_conclusion) {
  auto sections =
      split_content_sections("<p>Intro</p><h2>Key Points</h2><ul><li>a</li></ul><h2>Conclusion</h2><p>End</p>");
  ASSERT_EQ(sections.size(), 3u);
  EXPECT_FALSE(sections[0].highlight);
  EXPECT_EQ(sections[0].html, "<p>Intro</p>");
  EXPECT_TRUE(sections[1].highlight);
  EXPECT_EQ(sections[1].html, "<h2>Key Points</h2><ul><li>a</li></ul>");
  EXPECT_FALSE(sections[2].highlight);
  EXPECT_EQ(sections[2].html, "<h2>Conclusion</h2><p>End</p>");
}

TEST(split_content_sections, matches_headings_loosely_and_only_at_the_top_level) {
  auto sections = split_content_sections(
      "<h2><strong>Benefits:</strong></h2><p>x</p><h2>Implementation</h2><p>y</p>"
      "<blockquote><h2>Conclusion</h2></blockquote>");
  ASSERT_EQ(sections.size(), 2u);
  EXPECT_TRUE(sections[0].highlight);
  EXPECT_EQ(sections[0].html, "<h2><strong>Benefits:</strong></h2><p>x</p>");
  EXPECT_TRUE(sections[1].highlight);
  EXPECT_EQ(sections[1].html, "<h2>Implementation</h2><p>y</p><blockquote><h2>Conclusion</h2></blockquote>");
}

TEST(split_content_sections, leaves_plain_content_whole_and_drops_blank_runs) {
  auto sections = split_content_sections("<h2>Other</h2><p>a<br>b</p>");
  ASSERT_EQ(sections.size(), 1u);
  EXPECT_FALSE(sections[0].highlight);
  EXPECT_TRUE(split_content_sections("  \n").empty());
  auto boxed_first = split_content_sections("\n<h2>Key Features</h2><p>f</p>");
  ASSERT_EQ(boxed_first.size(), 1u);
  EXPECT_TRUE(boxed_first[0].highlight);
}

TEST(format_date_en, writes_the_month_name_day_and_year) {
  EXPECT_EQ(blog::render::format_date_en(1709632800000), "March 5, 2024");  // 2024-03-05T10:00:00Z
  EXPECT_EQ(blog::render::format_date_en(1704067199000), "December 31, 2023");
}

TEST(render_post_article, carries_the_article_with_its_boxes_and_escapes_the_fields) {
  blog::posts::post p;
  p.title = "Cards <&> wallets";
  p.category = "Digital Payments";
  p.language = "en";
  p.cover_image = "/covers/a.svg";
  p.published_at_ms = 1709632800000;
  p.content_html = "<p>Intro</p><h2>Key Points</h2><p>k</p>";
  auto html = blog::render::render_post_article(p);
  EXPECT_NE(html.find(">Cards &lt;&amp;&gt; wallets</h1>"), std::string::npos) << html;
  EXPECT_NE(
      html.find(
          "<section data-testid=\"post-highlight\" class=\"post-highlight\"><h2>Key Points</h2><p>k</p></section>"),
      std::string::npos)
      << html;
  EXPECT_NE(html.find("href=\"/category/Digital%20Payments\""), std::string::npos);
  EXPECT_NE(html.find("src=\"/covers/a.svg\""), std::string::npos);
  EXPECT_NE(html.find(">March 5, 2024</time>"), std::string::npos);
  auto framed = blog::render::render_frame("Pay <Tech>", html);
  EXPECT_NE(framed.find("Pay &lt;Tech&gt;"), std::string::npos);
  EXPECT_NE(framed.find("<main class=\"flex-1\"><article"), std::string::npos);
}

TEST(render_post_article, offers_the_responsive_copies_of_an_uploaded_cover_only) {
  blog::posts::post p;
  p.title = "t";
  p.category = "Fintech";
  std::string sha(64, 'b');
  p.cover_image = "/uploads/" + sha + ".png";
  auto html = blog::render::render_post_article(p);
  EXPECT_NE(html.find("<source type=\"image/webp\" srcset=\"/uploads/" + sha + "-480.webp 480w, /uploads/" + sha +
                      "-960.webp 960w, /uploads/" + sha + "-1600.webp 1600w\" sizes=\"100vw\" />"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("srcset=\"/uploads/" + sha + "-480.png 480w"), std::string::npos);
  p.cover_image = "/covers/fintech-1.svg";
  EXPECT_EQ(blog::render::render_post_article(p).find("srcset"), std::string::npos);
  p.cover_image = "/uploads/payments-hero.svg";
  EXPECT_EQ(blog::render::render_post_article(p).find("srcset"), std::string::npos);
}
