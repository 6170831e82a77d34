// Polylang's translation groups as PHP serialises them: the map read, anything malformed refused.
#include "blog/import/php_value.hpp"

#include <gtest/gtest.h>

using blog::import::parse_php_id_map;

TEST(PhpIdMap, ReadsPolylangsLanguageToPostIdMap) {
  auto map = parse_php_id_map(R"(a:2:{s:2:"en";i:12;s:2:"cs";i:14;})");
  ASSERT_TRUE(map);
  EXPECT_EQ(*map, (std::map<std::string, long long>{{"cs", 14}, {"en", 12}}));
}

TEST(PhpIdMap, TakesIdsWrittenAsStringsAndLeavesOutWhatIsNoSlugToId) {
  auto map = parse_php_id_map(R"(a:5:{s:5:"cs_CZ";s:2:"19";s:2:"de";i:0;i:3;i:7;s:2:"fr";a:1:{i:0;i:1;}s:2:"sk";N;})");
  ASSERT_TRUE(map);
  EXPECT_EQ(*map, (std::map<std::string, long long>{{"cs_CZ", 19}}));
}

TEST(PhpIdMap, CountsStringLengthsInBytesSoUtf8KeysWork) {
  auto map = parse_php_id_map(
      "a:1:{s:7:\"\xC4\x8D"
      "e\xC5\xA1tina\";i:5;}");
  // "čeština" is 9 bytes: a length of 7 does not end at the quote.
  EXPECT_FALSE(map);
  map = parse_php_id_map(
      "a:1:{s:9:\"\xC4\x8D"
      "e\xC5\xA1tina\";i:5;}");
  ASSERT_TRUE(map);
  EXPECT_EQ(map->at("\xC4\x8D"
                    "e\xC5\xA1tina"),
            5);
}

TEST(PhpIdMap, AnotherValueThanAnArrayGivesAnEmptyMap) {
  EXPECT_EQ(parse_php_id_map(R"(s:3:"abc";)"), (std::map<std::string, long long>{}));
  EXPECT_EQ(parse_php_id_map("i:4;"), (std::map<std::string, long long>{}));
  EXPECT_EQ(parse_php_id_map(R"(O:8:"stdClass":1:{s:1:"a";i:1;})"), (std::map<std::string, long long>{}));
}

TEST(PhpIdMap, RefusesWhatIsNotOneWellFormedValue) {
  for (const char* bad :
       {"", "a:2:{s:2:\"en\";i:12;}", "a:1:{s:2:\"en\";i:12;}x", "a:1:{s:99:\"en\";i:1;}", "a:1:{s:2:\"en\";i:1x;}",
        "a:-1:{}", "a:99999999999:{}", "s:-1:\"\";", "b:2;", "a:1:{d:1.5;i:1;}", "a:1:{s:2:\"en\";i:12;", "z:1;", "i:;",
        "a:1:{s:2:\"en\";i:99999999999999999999;}"})
    EXPECT_FALSE(parse_php_id_map(bad)) << bad;
}

TEST(PhpIdMap, RefusesNestingDeeperThanSixteen) {
  std::string deep;
  for (int i = 0; i < 40; ++i) deep += "a:1:{i:0;";
  deep += "N;";
  for (int i = 0; i < 40; ++i) deep += "}";
  EXPECT_FALSE(parse_php_id_map(deep));
  std::string shallow = "a:1:{i:0;a:1:{i:0;N;}}";
  EXPECT_TRUE(parse_php_id_map(shallow));
}
