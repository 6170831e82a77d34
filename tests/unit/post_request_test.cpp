// Decoding a post's create or update body: types checked field by field, answered with the rules' messages.
#include "blog/api/post_request.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

using blog::api::post_request;

namespace {

post_request decode(std::string_view json) {
  return boost::json::value_to<post_request>(boost::json::parse(json));
}

}  // namespace

TEST(post_request, ReadsEveryFieldTheEditorSends) {
  auto r = decode(R"({"title":"T","slug":"s","content":"<p>c</p>","excerpt":"e","category":"Fintech",
                      "coverImage":"/uploads/a.png","language":"cs","publishedAt":"2026-01-02T03:04:05Z",
                      "published":false,"sendNewsletter":true,"translationOf":7})");
  EXPECT_EQ(r.fields.title, "T");
  EXPECT_EQ(r.fields.slug, "s");
  EXPECT_EQ(r.fields.content, "<p>c</p>");
  EXPECT_EQ(r.fields.excerpt, "e");
  EXPECT_EQ(r.fields.category, "Fintech");
  EXPECT_EQ(r.fields.cover_image, "/uploads/a.png");
  EXPECT_EQ(r.fields.language, "cs");
  EXPECT_EQ(r.fields.published_at, "2026-01-02T03:04:05Z");
  EXPECT_EQ(r.fields.published, false);
  EXPECT_EQ(r.fields.send_newsletter, true);
  EXPECT_TRUE(r.fields.problems.empty());
  EXPECT_EQ(r.link(), 7);
}

TEST(post_request, LeftOutAndNullFieldsAreLeftAlone) {
  auto r = decode(R"({"title":null,"sendNewsletter":null})");
  EXPECT_FALSE(r.fields.title);
  EXPECT_FALSE(r.fields.content);
  EXPECT_FALSE(r.fields.send_newsletter);
  EXPECT_FALSE(r.link());
  EXPECT_TRUE(r.fields.problems.empty());
}

TEST(post_request, AFieldOfTheWrongTypeIsAProblemNotAnException) {
  auto r = decode(R"({"title":5,"coverImage":[],"published":null,"sendNewsletter":"yes"})");
  EXPECT_EQ(r.fields.problems.at("title"), "title must be text");
  EXPECT_EQ(r.fields.problems.at("coverImage"), "coverImage must be text");
  // null is no answer to "Published?": refused, unlike a text field's null.
  EXPECT_EQ(r.fields.problems.at("published"), "published must be true or false");
  EXPECT_EQ(r.fields.problems.at("sendNewsletter"), "sendNewsletter must be true or false");
  EXPECT_FALSE(r.fields.title);
}

TEST(post_request, TranslationOfIsNullToUnlinkOrAPostsId) {
  EXPECT_EQ(decode(R"({"translationOf":null})").link(), 0);
  EXPECT_EQ(decode(R"({"translationOf":2147483647})").link(), 2147483647);
  for (auto bad : {R"({"translationOf":0})", R"({"translationOf":-3})", R"({"translationOf":2147483648})",
                   R"({"translationOf":"7"})", R"({"translationOf":1.5})"}) {
    auto r = decode(bad);
    try {
      (void)r.link();
      ADD_FAILURE() << bad << " was taken";
    } catch (const blog::error& e) {
      EXPECT_EQ(e.kind(), blog::error_kind::invalid) << bad;
      EXPECT_EQ(e.fields().at("translationOf"), "translationOf must be the id of a post, or null") << bad;
    }
  }
}
