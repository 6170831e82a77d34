// The shipped fintech glossary (data/glossary-en-cs.tsv) is a few hundred valid, distinct pairs.
#include "blog/core/text.hpp"
#include "blog/domain/glossary.hpp"
#include "blog/domain/text.hpp"
#include "blog/store/glossary_seed.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

namespace {

std::vector<blog::domain::glossary_term> shipped() {
  std::ifstream in(blog::store::default_glossary_file(), std::ios::binary);
  EXPECT_TRUE(in) << blog::store::default_glossary_file();
  std::ostringstream text;
  text << in.rdbuf();
  return blog::domain::parse_glossary_tsv(text.str());
}

}  // namespace

TEST(ShippedGlossary, HasAFewHundredDistinctPairsTheAdminApiWouldAccept) {
  const auto terms = shipped();
  EXPECT_GE(terms.size(), 300U);
  EXPECT_LE(terms.size(), 2000U);
  std::set<std::pair<std::string, std::string>> seen;
  for (const auto& t : terms) {
    for (const auto* side : {&t.en, &t.cs}) {
      EXPECT_GE(blog::core::utf8::length(*side), 1U);
      EXPECT_LE(blog::core::utf8::length(*side), 200U) << *side;
      EXPECT_EQ(blog::domain::trim(*side), *side) << "untrimmed: '" << *side << "'";
    }
    EXPECT_TRUE(seen.emplace(t.en, t.cs).second) << "twice: " << t.en << " / " << t.cs;
  }
}

TEST(ShippedGlossary, HoldsTheTermsTheIssuesName) {
  const auto terms = shipped();
  const auto has = [&](const std::string& en, const std::string& cs) {
    for (const auto& t : terms)
      if (t.en == en && t.cs == cs) return true;
    return false;
  };
  EXPECT_TRUE(has("instant payment", "okamžitá platba"));
  EXPECT_TRUE(has("chargeback", "chargeback"));
  EXPECT_TRUE(has("strong customer authentication", "silné ověření klienta"));
}
