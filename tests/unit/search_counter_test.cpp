// Search statistics count queries in one normalised form: nothing else identifies a search.
#include "blog/api/search_counter.hpp"

#include <gtest/gtest.h>

#include <string>

using blog::api::normalise_search_query;

TEST(SearchQueryNormalisation, LowercasesTrimsAndCollapsesSpaces) {
  EXPECT_EQ(normalise_search_query("  Okamžité   PLATBY \t\n"), "okamžité platby");
  EXPECT_EQ(normalise_search_query("Card\u00A0fraud"), "card\u00A0fraud");  // only ASCII whitespace collapses
  EXPECT_EQ(normalise_search_query("ČSOB"), "čsob");
}

TEST(SearchQueryNormalisation, KeepsDiacriticsAndComposesThem) {
  EXPECT_EQ(normalise_search_query("bezpec\u030Cnost"), "bezpečnost");
  EXPECT_NE(normalise_search_query("bezpečnost"), normalise_search_query("bezpecnost"));
}

TEST(SearchQueryNormalisation, EmptyWhenOnlySpacesAndCutWithoutSplittingACharacter) {
  EXPECT_EQ(normalise_search_query(" \t "), "");
  const std::string long_query(199, 'a');
  EXPECT_EQ(normalise_search_query(long_query + "čč"), long_query);
  EXPECT_EQ(normalise_search_query(std::string(300, 'x')).size(), 200U);
}
