// Unit tests of the shared text and crypto helpers: UTF-8, ASCII case, HTML escaping, ids, SHA-256.
#include <blog/core/crypto.hpp>
#include <blog/core/text.hpp>

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace {

namespace core = blog::core;

std::vector<char32_t> decode_all(std::string_view text) {
  std::vector<char32_t> out;
  std::size_t pos = 0;
  while (pos < text.size()) out.push_back(core::utf8::decode(text, pos));
  return out;
}

TEST(CoreUtf8, DecodesOneToFourByteSequences) {
  EXPECT_EQ(decode_all("a\xC5\xBE\xE2\x82\xAC\xF0\x9F\x98\x80"),
            (std::vector<char32_t>{U'a', U'ž', U'€', U'\U0001F600'}));
}

TEST(CoreUtf8, TurnsEachBadByteIntoOneReplacementAndMovesOn) {
  // A lone continuation byte, a truncated sequence at the end.
  EXPECT_EQ(decode_all("\x80x\xE2\x82"), (std::vector<char32_t>{0xFFFD, U'x', 0xFFFD, 0xFFFD}));
  // A lead byte followed by ASCII: the ASCII is kept.
  EXPECT_EQ(decode_all("\xC5z"), (std::vector<char32_t>{0xFFFD, U'z'}));
}

TEST(CoreUtf8, RejectsOverlongFormsSurrogatesAndValuesAboveTheUnicodeRange) {
  EXPECT_EQ(decode_all("\xC0\xAF").front(), core::utf8::replacement);          // overlong '/'
  EXPECT_EQ(decode_all("\xE0\x80\xAF").front(), core::utf8::replacement);      // overlong '/'
  EXPECT_EQ(decode_all("\xED\xA0\x80").front(), core::utf8::replacement);      // U+D800
  EXPECT_EQ(decode_all("\xF4\x90\x80\x80").front(), core::utf8::replacement);  // U+110000
}

TEST(CoreUtf8, EncodesWhatItDecodesAndReplacesWhatIsNoCodePoint) {
  const std::string text = "Platební ČSOB € \U0001F600";
  std::string out;
  for (const char32_t cp : decode_all(text)) core::utf8::encode(cp, out);
  EXPECT_EQ(out, text);
  out.clear();
  core::utf8::encode(0xD800, out);
  core::utf8::encode(0x110000, out);
  EXPECT_EQ(out, "\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST(CoreUtf8, CountsCodePointsNotBytes) {
  EXPECT_EQ(core::utf8::length(""), 0U);
  EXPECT_EQ(core::utf8::length("Žluťoučký"), 9U);
  EXPECT_EQ(core::utf8::length("\U0001F600"), 1U);
}

TEST(CoreAscii, LowersOnlyAsciiLettersAndKeepsOtherBytes) {
  EXPECT_EQ(core::to_lower_ascii("Content-TYPE: Žluť 42"), "content-type: Žluť 42");
  EXPECT_TRUE(core::iequals_ascii("X-GZip", "x-gzip"));
  EXPECT_FALSE(core::iequals_ascii("gzip", "gzip2"));
  EXPECT_FALSE(core::iequals_ascii("Ž", "ž"));  // not ASCII: compared as bytes
}

TEST(CoreAscii, FindsALowerCaseNeedleWhateverTheCaseOfTheText) {
  EXPECT_TRUE(core::icontains_ascii("prefetch;prerender", "prefetch"));
  EXPECT_TRUE(core::icontains_ascii("Mozilla/5.0 (compatible; GoogleBot/2.1)", "googlebot"));
  EXPECT_TRUE(core::icontains_ascii("xxPREFETCH", "prefetch"));  // at the very end
  EXPECT_TRUE(core::icontains_ascii("anything", ""));
  EXPECT_FALSE(core::icontains_ascii("prefetc", "prefetch"));
  EXPECT_FALSE(core::icontains_ascii("", "prefetch"));
  EXPECT_FALSE(core::icontains_ascii("pre-fetch", "prefetch"));
}

TEST(CoreHtml, EscapesAllFiveCharactersForAttributesAndText) {
  EXPECT_EQ(core::html_escape("<a href=\"x\">Tom & 'Jerry'</a>"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;");
  std::string out = "kept ";
  core::append_html_escaped("R&D", out);
  EXPECT_EQ(out, "kept R&amp;D");
  EXPECT_EQ(core::html_escape("Žluťoučký"), "Žluťoučký");
}

TEST(CoreUtf8, ForbidsWhatXmlOrHtmlTextMayNotCarryAndNothingElse) {
  for (char32_t cp : {0x00, 0x01, 0x05, 0x08, 0x0B, 0x0C, 0x0E, 0x16, 0x1F, 0x7F, 0x80, 0x85, 0x9F, 0xFFFE, 0xFFFF})
    EXPECT_TRUE(core::utf8::is_forbidden_char(cp)) << std::hex << static_cast<unsigned>(cp);
  for (char32_t cp : {0x09, 0x0A, 0x0D, 0x20, 0x7E, 0xA0, 0x17E, 0xD7FF, 0xE000, 0xFFFD, 0x10000, 0x10FFFF})
    EXPECT_FALSE(core::utf8::is_forbidden_char(cp)) << std::hex << static_cast<unsigned>(cp);
  EXPECT_FALSE(core::utf8::has_forbidden_char("Tab\tline\r\nŽluťoučký kůň €"));
  EXPECT_TRUE(core::utf8::has_forbidden_char("Title \x05"));
  EXPECT_TRUE(core::utf8::has_forbidden_char(std::string_view("nul \0 inside", 13)));
  EXPECT_TRUE(core::utf8::has_forbidden_char("next line \xC2\x85"));    // U+0085, C1
  EXPECT_TRUE(core::utf8::has_forbidden_char("nonchar \xEF\xBF\xBF"));  // U+FFFF
  EXPECT_TRUE(core::utf8::has_forbidden_char("broken \xFF"));           // not UTF-8
}

TEST(CoreHtml, EscapingDropsForbiddenCharactersAndRepairsBrokenUtf8) {
  EXPECT_EQ(core::html_escape("A\x01\x05\x16\x1F\x7F\xC2\x80\xC2\x9F\xEF\xBF\xBE\xEF\xBF\xBF"
                              "B"),
            "AB");
  EXPECT_EQ(core::html_escape(std::string_view("a\0b", 3)), "ab");
  EXPECT_EQ(core::html_escape("keeps\ttab\nnewline\rreturn"), "keeps\ttab\nnewline\rreturn");
  EXPECT_EQ(core::html_escape("Žluťoučký \xFF"), "Žluťoučký \xEF\xBF\xBD");  // one U+FFFD a bad byte
  std::string out;
  core::append_html_text_escaped("<b>\x05\xC2\x85 \"it's\"", out);
  EXPECT_EQ(out, "&lt;b&gt; \"it's\"");
  out.clear();
  core::utf8::append_allowed(
      "<p>a\x05"
      "b\xC2\x9F"
      "c</p>\xC3",
      out);  // markup is kept as it is
  EXPECT_EQ(out, "<p>abc</p>\xEF\xBF\xBD");
}

TEST(CoreHtml, TextEscapingLeavesQuotesAsWritten) {
  std::string out;
  core::append_html_text_escaped("<b> \"it's\" & more", out);
  EXPECT_EQ(out, "&lt;b&gt; \"it's\" &amp; more");
}

TEST(CoreIds, ParsesPositiveDecimalIdsOnly) {
  EXPECT_EQ(core::parse_id("1"), 1);
  EXPECT_EQ(core::parse_id("2147483647"), 2147483647);
  for (const std::string_view bad : {"", "0", "-1", "+1", " 1", "1 ", "1a", "0x1", "2147483648", "١"})
    EXPECT_FALSE(core::parse_id(bad).has_value()) << bad;
}

TEST(CoreCrypto, Sha256HexMatchesTheStandardTestVectors) {
  EXPECT_EQ(core::sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(core::sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(core::sha256_hex(std::string(3, '\0')).size(), 64U);
}

TEST(CoreCrypto, ShortHashesAreStableUnderOneKeyAndDifferUnderAnother) {
  const auto key = core::random_short_hash_key();
  const auto other = core::random_short_hash_key();
  EXPECT_NE(key, other);
  EXPECT_EQ(core::short_hash("203.0.113.7\nFirefox", key), core::short_hash("203.0.113.7\nFirefox", key));
  EXPECT_NE(core::short_hash("203.0.113.7\nFirefox", key), core::short_hash("203.0.113.8\nFirefox", key));
  EXPECT_NE(core::short_hash("203.0.113.7\nFirefox", key), core::short_hash("203.0.113.7\nFirefox", other));
}

}  // namespace
