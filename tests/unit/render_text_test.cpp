// Unit tests of plain-text extraction and excerpts.
#include <blog/domain/render/text.hpp>

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace {

using blog::render::html_to_text;
using blog::render::make_excerpt;

std::size_t code_points(std::string_view s) {
  std::size_t count = 0;
  for (const char c : s) {
    count += (static_cast<unsigned char>(c) & 0xC0U) != 0x80U ? 1 : 0;
  }
  return count;
}

bool is_valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto lead = static_cast<unsigned char>(s[i]);
    const std::size_t length = lead < 0x80           ? 1
                               : (lead >> 5) == 0x6  ? 2
                               : (lead >> 4) == 0xE  ? 3
                               : (lead >> 3) == 0x1E ? 4
                                                     : 0;
    if (length == 0 || i + length > s.size()) {
      return false;
    }
    for (std::size_t k = 1; k < length; ++k) {
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0U) != 0x80U) {
        return false;
      }
    }
    i += length;
  }
  return true;
}

TEST(RenderHtmlToText, BlocksBecomeLinesInlineStaysTogether) {
  EXPECT_EQ(
      html_to_text("<h1>Nadpis</h1><p>Ahoj <b>svě</b>te, <a href=\"/x\">odkaz</a>.</p><ul><li>a</li><li>b</li></ul>"),
      "Nadpis\nAhoj světe, odkaz.\na\nb");
  EXPECT_EQ(html_to_text("<p>one<br>two</p><p></p><p><br></p><p>three</p>"), "one\ntwo\nthree");
  EXPECT_EQ(html_to_text("<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>"), "a\nb\nc");
}

TEST(RenderHtmlToText, DecodesEntitiesAndCollapsesWhitespace) {
  EXPECT_EQ(html_to_text("  <p>  a &amp; b &lt;c&gt;\n\n\t d&nbsp;&nbsp;e&#x20AC;  </p>  "), "a & b <c> d e\u20AC");
  EXPECT_EQ(html_to_text("100\u00A0Kč a\u202Fb"), "100 Kč a b");
  EXPECT_EQ(html_to_text(""), "");
  EXPECT_EQ(html_to_text("   \n  "), "");
}

TEST(RenderHtmlToText, LeavesOutScriptsStylesAndComments) {
  EXPECT_EQ(html_to_text("a<script>var x = '<p>';</script>b<style>p{}</style>c<!-- d -->e<svg><text>f</text></svg>g"),
            "abceg");
  EXPECT_EQ(html_to_text("<html><head><title>T</title></head><body><p>x</p></body></html>"), "x");
}

TEST(RenderMakeExcerpt, ShortTextIsKept) {
  EXPECT_EQ(make_excerpt("Short text."), "Short text.");
  EXPECT_EQ(make_excerpt("  many   spaces\nand\tlines  "), "many spaces and lines");
  EXPECT_EQ(make_excerpt("exactly ten", 11), "exactly ten");
  EXPECT_EQ(make_excerpt(""), "");
  EXPECT_EQ(make_excerpt("anything", 0), "");
}

TEST(RenderMakeExcerpt, CutsAtAWordBoundary) {
  EXPECT_EQ(make_excerpt("The quick brown fox jumps over the lazy dog", 20), "The quick brown fox…");
  EXPECT_EQ(make_excerpt("The quick brown fox jumps over the lazy dog", 19), "The quick brown…");
  EXPECT_EQ(make_excerpt("Payments, cards, wallets and more", 18), "Payments, cards…");
  EXPECT_EQ(make_excerpt("Supercalifragilistic word", 10), "Supercali…");
  EXPECT_EQ(make_excerpt("ab cd", 1), "…");
}

TEST(RenderMakeExcerpt, CzechTextStaysValidUtf8) {
  const std::string czech =
      "Platební karty v roce 2025: žluťoučký kůň úpěl ďábelské ódy, zatímco bezkontaktní platby "
      "rostou a banky zavádějí okamžité převody.";
  for (std::size_t limit = 1; limit <= code_points(czech) + 1; ++limit) {
    const std::string excerpt = make_excerpt(czech, limit);
    EXPECT_TRUE(is_valid_utf8(excerpt)) << limit;
    EXPECT_LE(code_points(excerpt), limit) << excerpt;
    if (limit >= code_points(czech)) {
      EXPECT_EQ(excerpt, czech);
    } else {
      EXPECT_TRUE(excerpt.ends_with("\u2026")) << excerpt;
    }
  }
  EXPECT_EQ(make_excerpt(czech, 30), "Platební karty v roce 2025…");
  EXPECT_EQ(make_excerpt("Žluťoučký kůň úpěl", 12), "Žluťoučký…");
  EXPECT_EQ(make_excerpt("Žluťoučkýkůňúpěl", 5), "Žluť…");
}

TEST(RenderMakeExcerpt, DefaultLimitIsTwoHundred) {
  std::string text;
  for (int i = 0; i < 60; ++i) {
    text += "slovo ";
  }
  const std::string excerpt = make_excerpt(text);
  EXPECT_LE(code_points(excerpt), 200U);
  EXPECT_GE(code_points(excerpt), 190U);
  EXPECT_TRUE(excerpt.ends_with("slovo\u2026")) << excerpt;
}

}  // namespace
