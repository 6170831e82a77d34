// Unit tests of slugs: derivation from titles and validation.
#include <blog/domain/render/slug.hpp>

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace std::string_literals;
using blog::render::is_valid_slug;
using blog::render::slugify;

TEST(RenderSlugify, TransliteratesCzechAndLatin) {
  EXPECT_EQ(slugify("Platební karty v roce 2025"), "platebni-karty-v-roce-2025");
  EXPECT_EQ(slugify("Žluťoučký kůň"), "zlutoucky-kun");
  EXPECT_EQ(slugify("PŘÍLIŠ ŽLUŤOUČKÝ KŮŇ ÚPĚL ĎÁBELSKÉ ÓDY"), "prilis-zlutoucky-kun-upel-dabelske-ody");
  EXPECT_EQ(slugify("Straße, Æsir, Øre, Łódź, Đorđe, Þór, Œuvre"), "strasse-aesir-ore-lodz-dorde-thor-oeuvre");
  EXPECT_EQ(slugify("Crème brûlée à la française"), "creme-brulee-a-la-francaise");
  EXPECT_EQ(slugify("ﬁnance Ｆｕｌｌｗｉｄｔｈ"), "finance-fullwidth");
}

TEST(RenderSlugify, NormalisesDecomposedInput) {
  EXPECT_EQ(slugify("Z\u030Clut\u030Couc\u030Cky\u0301"), "zlutoucky");
}

TEST(RenderSlugify, CollapsesSeparators) {
  EXPECT_EQ(slugify("Hello,   World!!"), "hello-world");
  EXPECT_EQ(slugify("  --Fintech_2025: What's next?--  "), "fintech-2025-what-s-next");
  EXPECT_EQ(slugify("a/b\\c.d"), "a-b-c-d");
}

TEST(RenderSlugify, EmptyWhenNothingIsLeft) {
  EXPECT_EQ(slugify("---"), "");
  EXPECT_EQ(slugify(""), "");
  EXPECT_EQ(slugify("   "), "");
  EXPECT_EQ(slugify("🚀🚀"), "");
  EXPECT_EQ(slugify("Привет"), "");
}

TEST(RenderSlugify, DropsEmoji) {
  EXPECT_EQ(slugify("🚀 Launch day 🚀"), "launch-day");
  EXPECT_EQ(slugify("Pay👍ments"), "pay-ments");
}

TEST(RenderSlugify, SurvivesInvalidUtf8) {
  EXPECT_EQ(slugify("caf\xC3"
                    "\xFF"
                    "e ok"),
            "caf-e-ok");
  EXPECT_EQ(slugify("a\0b"s), "a-b");
}

TEST(RenderSlugify, LimitsLengthAtAHyphen) {
  std::string title;
  for (int i = 0; i < 60; ++i) {
    title += "platba ";
  }
  const std::string slug = slugify(title);
  EXPECT_LE(slug.size(), 200U);
  EXPECT_TRUE(is_valid_slug(slug)) << slug;
  EXPECT_TRUE(slug.ends_with("platba")) << slug;
  EXPECT_EQ(slugify(std::string(300, 'a')), std::string(200, 'a'));
}

TEST(RenderSlugify, ResultsAreValidSlugs) {
  for (const std::string title : {"Platební karty v roce 2025", "Hello,   World!!", "🚀 Launch day 🚀", "ÀÉÎÕÜ ÿ",
                                  "100% growth in 2024?!", "Open Banking & PSD3"}) {
    const std::string slug = slugify(title);
    EXPECT_TRUE(is_valid_slug(slug)) << title << " -> " << slug;
  }
}

TEST(RenderIsValidSlug, AcceptsLowercaseWordsJoinedBySingleHyphens) {
  EXPECT_TRUE(is_valid_slug("a"));
  EXPECT_TRUE(is_valid_slug("platebni-karty-v-roce-2025"));
  EXPECT_TRUE(is_valid_slug("post-1712345678901"));
  EXPECT_TRUE(is_valid_slug(std::string(200, 'x')));
  EXPECT_FALSE(is_valid_slug(""));
  EXPECT_FALSE(is_valid_slug(std::string(201, 'x')));
  EXPECT_FALSE(is_valid_slug("-leading"));
  EXPECT_FALSE(is_valid_slug("trailing-"));
  EXPECT_FALSE(is_valid_slug("double--hyphen"));
  EXPECT_FALSE(is_valid_slug("Upper"));
  EXPECT_FALSE(is_valid_slug("under_score"));
  EXPECT_FALSE(is_valid_slug("space here"));
  EXPECT_FALSE(is_valid_slug("platební"));
  EXPECT_FALSE(is_valid_slug("-"));
}

}  // namespace
