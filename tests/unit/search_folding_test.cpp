// Text helpers of the search index: NFC, lowercasing, diacritics folding, word splitting, escaping.
#include "blog/search/text.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using blog::search::append_html_escaped;
using blog::search::fold;
using blog::search::normalize_nfc;
using blog::search::to_lower;
using blog::search::word;
using blog::search::word_reader;

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> out;
  word_reader reader(text);
  word w;
  while (reader.next(w)) out.push_back(w.lower);
  return out;
}

TEST(SearchFolding, CzechTableLowercase) {
  EXPECT_EQ(fold("á č ď é ě í ň ó ř š ť ú ů ý ž"), "a c d e e i n o r s t u u y z");
}

TEST(SearchFolding, CzechTableUppercase) {
  EXPECT_EQ(fold("Á Č Ď É Ě Í Ň Ó Ř Š Ť Ú Ů Ý Ž"), "a c d e e i n o r s t u u y z");
}

TEST(SearchFolding, CzechWords) {
  EXPECT_EQ(fold("Platební karta"), "platebni karta");
  EXPECT_EQ(fold("BEZPEČNOST"), "bezpecnost");
  EXPECT_EQ(fold("Příliš žluťoučký kůň úpěl ďábelské ódy"), "prilis zlutoucky kun upel dabelske ody");
}

TEST(SearchFolding, OtherLatinDiacritics) {
  EXPECT_EQ(fold("Łódź Straße façade naïve Ñandú Øre Æsir Œuvre Ħal Đorđe Þór"),
            "lodz strasse facade naive nandu ore aesir oeuvre hal dorde thor");
  EXPECT_EQ(fold("Ångström Müller Gödel crème brûlée"), "angstrom muller godel creme brulee");
  EXPECT_EQ(fold("Ṭhe ẞ ỹ"), "the ss y");  // Latin Extended Additional
}

TEST(SearchFolding, KeepsPunctuationAndOtherScripts) {
  EXPECT_EQ(fold("\"Visa\" AND (ČSOB OR Fio) -hotovost 100 Kč*"), "\"visa\" and (csob or fio) -hotovost 100 kc*");
  EXPECT_EQ(fold("ΑΒΓ Привет"), "αβγ привет");
  EXPECT_EQ(fold("€ – „uvozovky“ …"), "€ – „uvozovky“ …");
}

TEST(SearchFolding, DecomposedInputIsFoldedToo) {
  EXPECT_EQ(fold("c\u030Cesky\u0301"), "cesky");
}

TEST(SearchFolding, LowercaseKeepsDiacritics) {
  EXPECT_EQ(to_lower("ŽLUŤOUČKÝ Kůň ÚPĚL"), "žluťoučký kůň úpěl");
  EXPECT_EQ(to_lower("ΑΒΓ"), "αβγ");
}

TEST(SearchFolding, NormalizesToNfc) {
  EXPECT_EQ(normalize_nfc("c\u030C"), "č");
  EXPECT_EQ(normalize_nfc("u\u030Aplne"), "ůplne");
  EXPECT_EQ(normalize_nfc("platba"), "platba");
  EXPECT_EQ(normalize_nfc("\u212B"), "\u00C5");  // ANGSTROM SIGN is not NFC
  EXPECT_EQ(normalize_nfc("„Ahoj“ – €"), "„Ahoj“ – €");
}

TEST(SearchFolding, InvalidUtf8BecomesReplacementCharacter) {
  EXPECT_EQ(normalize_nfc("a\xFF"
                          "b"),
            "a\uFFFD"
            "b");
  EXPECT_EQ(normalize_nfc("\xC4"), "\uFFFD");
  EXPECT_EQ(normalize_nfc("ok \uFFFD"), "ok \uFFFD");
  EXPECT_EQ(fold("A\xC0\x80"
                 "B"),
            "a\uFFFD\uFFFDb");
}

TEST(SearchFolding, SplitsWordsLikeXapian) {
  EXPECT_EQ(words_of("Don't pay via AT&T, U.S.A. or C++; 1,000.50 Kč."),
            (std::vector<std::string>{"don't", "pay", "via", "at&t", "usa", "or", "c++", "1,000.50", "kč"}));
  EXPECT_EQ(words_of("Platba kartou: 3D-Secure, e-mail; fish+chips C#"),
            (std::vector<std::string>{"platba", "kartou", "3d", "secure", "e", "mail", "fish", "chips", "c#"}));
  EXPECT_EQ(words_of("„Bezpečnost“ (plateb) — ÚPLNĚ!"), (std::vector<std::string>{"bezpečnost", "plateb", "úplně"}));
  EXPECT_EQ(words_of("it\u2019s snake_case"), (std::vector<std::string>{"it's", "snake_case"}));
  EXPECT_TRUE(words_of("  ... --- !!! ").empty());
}

// The characters below U+0800 are classified and lowered from a table, the rest by utf8proc:
// words mixing both, the infixes between them and malformed bytes split and lower alike.
TEST(SearchFolding, SplitsAndLowersEveryScriptAlike) {
  EXPECT_EQ(words_of("ÚČETNÍ Účet PLATBA_Kartou ŽLUŤOUČKÝ"),
            (std::vector<std::string>{"účetní", "účet", "platba_kartou", "žluťoučký"}));
  EXPECT_EQ(words_of("ΣΩ Жук Ǆungla İzmir"), (std::vector<std::string>{"σω", "жук", "ǆungla", "izmir"}));
  EXPECT_EQ(words_of("cela\u00B7la l\u2019Oréal x\u200By Ⅻ ＡＢ"),
            (std::vector<std::string>{"cela\u00B7la", "l'oréal", "xy", "ⅻ", "ａｂ"}));
  EXPECT_EQ(words_of("c\u030Cesky\u0301 ٣,٤ 1\u066B5"),
            (std::vector<std::string>{"c\u030Cesky\u0301", "٣,٤", "1", "5"}));
  EXPECT_EQ(words_of("A\xC0\x80"
                     "B \xC4 ok\xE2\x82"),
            (std::vector<std::string>{"a", "b", "ok"}));
}

TEST(SearchFolding, WordOffsetsPointIntoTheText) {
  const std::string text = "Rychlá platba, ČSOB.";
  word_reader reader(text);
  word w;
  ASSERT_TRUE(reader.next(w));
  EXPECT_EQ(text.substr(w.begin, w.end - w.begin), "Rychlá");
  ASSERT_TRUE(reader.next(w));
  EXPECT_EQ(text.substr(w.begin, w.end - w.begin), "platba");
  ASSERT_TRUE(reader.next(w));
  EXPECT_EQ(text.substr(w.begin, w.end - w.begin), "ČSOB");
  EXPECT_EQ(w.lower, "čsob");
  EXPECT_FALSE(reader.next(w));
}

TEST(SearchFolding, EscapesHtml) {
  std::string out;
  append_html_escaped("<b>R&D</b> \"q\" 'a'", out);
  EXPECT_EQ(out, "&lt;b&gt;R&amp;D&lt;/b&gt; &quot;q&quot; &#39;a&#39;");
}

}  // namespace
