// The author's desk rules that need no I/O: reading time, a post's status for its author, base64
// images in content, and the hero's per-language fallback.
#include "blog/domain/posts/post.hpp"
#include "blog/domain/posts/rules.hpp"
#include "blog/domain/render/post_content.hpp"
#include "blog/domain/site_settings.hpp"

#include <gtest/gtest.h>

using namespace blog;

namespace {

std::string words(std::size_t n) {
  std::string text;
  for (std::size_t i = 0; i < n; ++i) text += "slovo\n ";
  return text;
}

}  // namespace

TEST(reading_minutes, IsWordsOverTwoHundredRoundedUpAndAtLeastOne) {
  EXPECT_EQ(posts::reading_minutes(std::string_view("")), 1);
  EXPECT_EQ(posts::reading_minutes(std::string_view("one")), 1);
  EXPECT_EQ(posts::reading_minutes(words(200)), 1);
  EXPECT_EQ(posts::reading_minutes(words(201)), 2);
  EXPECT_EQ(posts::reading_minutes(words(1000)), 5);
}

TEST(reading_minutes, OfAPostCountsTheTextOfItsHtmlNotItsTags) {
  posts::post p;
  p.content_html = "<p>" + words(150) + "</p><p class=\"ql-align-center\">" + words(100) + "</p>";
  EXPECT_EQ(posts::reading_minutes(p), 2);
}

TEST(status_of, TellsHiddenDraftScheduledAndPublishedApart) {
  posts::post p;
  p.published_at_ms = 1000;
  EXPECT_EQ(posts::status_of(p, 2000), "published");
  EXPECT_EQ(posts::status_of(p, 500), "scheduled");
  p.published = false;
  EXPECT_EQ(posts::status_of(p, 2000), "draft");
  p.hidden_by_admin = true;
  EXPECT_EQ(posts::status_of(p, 2000), "hidden");
}

TEST(has_embedded_image, FindsDataUrlImagesHoweverTheAuthorSpelledThem) {
  EXPECT_TRUE(posts::has_embedded_image(render::render_post_html("<img src=\"data:image/png;base64,iVBORw0KGgo=\">")));
  EXPECT_TRUE(
      posts::has_embedded_image(render::render_post_html("<p><IMG SRC='data:image/jpeg;base64,/9j/4AAQ'></p>")));
  EXPECT_FALSE(posts::has_embedded_image(render::render_post_html("<p><img src=\"/uploads/a.png\"></p>")));
  EXPECT_FALSE(posts::has_embedded_image(render::render_post_html("<p>src=\"data: is just text here</p>")));
}

TEST(create_rules, RefuseContentWithABase64Image) {
  posts::post_fields fields;
  fields.title = "T";
  fields.content = "<p><img src=\"data:image/png;base64,iVBORw0KGgo=\"></p>";
  fields.category = "Fintech";
  try {
    posts::post_from_create(fields, 1000, {"Fintech"});
    FAIL() << "expected a 400";
  } catch (const blog::error& e) {
    EXPECT_EQ(e.kind(), blog::error_kind::invalid);
    EXPECT_EQ(e.fields().at("content"), posts::embedded_image_message);
  }
}

TEST(hero, EachLanguageShowsItsOwnThenTheOtherThenTheSiteTexts) {
  domain::site_settings s;
  EXPECT_EQ(domain::hero_title(s, "cs"), s.site_title);
  EXPECT_EQ(domain::hero_description(s, "en"), s.site_description);
  s.hero_title_en = "Payments";
  EXPECT_EQ(domain::hero_title(s, "cs"), "Payments");
  s.hero_title_cs = "Platby";
  EXPECT_EQ(domain::hero_title(s, "cs"), "Platby");
  EXPECT_EQ(domain::hero_title(s, "en"), "Payments");
  s.hero_description_cs = "Popis";
  EXPECT_EQ(domain::hero_description(s, "en"), "Popis");
}
