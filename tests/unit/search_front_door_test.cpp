// Search as the front door, against a real index in a temporary folder: facets, what the language
// filter hides, best passages, glossary synonyms across languages and related posts.
#include "blog/search/index.hpp"

#include <gtest/gtest.h>

#include "temp_dir.hpp"

#include <xapian.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using blog::search::facet_count;
using blog::search::hit;
using blog::search::index;
using blog::search::post_doc;
using blog::search::query;
using blog::search::result;

constexpr std::int64_t day_ms = 24LL * 3600 * 1000;
constexpr std::int64_t base_ms = 1'700'000'000'000;
constexpr std::int64_t now_ms = base_ms + 1000 * day_ms;

class temp_dir : public blog::testing::temp_dir {
 public:
  temp_dir() : blog::testing::temp_dir("search-front") {}
};

post_doc post(std::int64_t id, std::string title, std::string body, std::string language = "cs",
              std::string category = "Fintech") {
  post_doc p;
  p.id = id;
  p.title = std::move(title);
  p.body_text = std::move(body);
  p.category = std::move(category);
  p.language = std::move(language);
  p.published = true;
  p.published_at_ms = base_ms + id * day_ms;
  return p;
}

query ask(std::string text, std::string language = "cs") {
  query q;
  q.text = std::move(text);
  q.language = std::move(language);
  q.now_ms = now_ms;
  return q;
}

std::vector<std::int64_t> ids_of(const result& r) {
  std::vector<std::int64_t> ids;
  for (const hit& h : r.hits) ids.push_back(h.id);
  return ids;
}

std::vector<std::int64_t> sorted(std::vector<std::int64_t> ids) {
  std::sort(ids.begin(), ids.end());
  return ids;
}

class SearchFrontDoor : public ::testing::Test {
 protected:
  void add(const post_doc& p) { idx_.replace(p); }
  void commit() { idx_.commit(++seq_); }
  result search(const std::string& text, const std::string& language = "cs") {
    return idx_.search(ask(text, language));
  }

  temp_dir dir_;
  index idx_{dir_.path() / "index"};
  std::int64_t seq_ = 0;
};

TEST_F(SearchFrontDoor, FacetsCountEveryMatchBeforePaging) {
  add(post(1, "Platby kartou", "Platby.", "cs", "Payments"));
  add(post(2, "Okamžité platby", "Platby.", "cs", "Payments"));
  add(post(3, "Platby a regulace", "Platby.", "cs", "Regulation"));
  add(post(4, "Card payments", "Platby in Czech.", "en", "Payments"));
  add(post(5, "Nic", "Jiné téma.", "cs", "Security"));
  commit();

  query q = ask("platby");
  q.limit = 1;
  const result r = idx_.search(q);
  EXPECT_EQ(r.hits.size(), 1U);
  EXPECT_EQ(r.total_estimate, 4U);
  EXPECT_EQ(r.categories, (std::vector<facet_count>{{"Payments", 3}, {"Regulation", 1}}));
  EXPECT_EQ(r.languages, (std::vector<facet_count>{{"cs", 3}, {"en", 1}}));
  EXPECT_EQ(r.hidden_by_language, 0U);
}

TEST_F(SearchFrontDoor, CategoryNarrowsTheMatchesAndTheirFacets) {
  add(post(1, "Platby kartou", "Platby.", "cs", "Payments"));
  add(post(2, "Platby a regulace", "Platby.", "cs", "Regulation"));
  commit();

  query q = ask("platby");
  q.category = "regulation";  // any case, as category pages
  const result r = idx_.search(q);
  EXPECT_EQ(ids_of(r), (std::vector<std::int64_t>{2}));
  EXPECT_EQ(r.categories, (std::vector<facet_count>{{"Regulation", 1}}));
}

TEST_F(SearchFrontDoor, EnglishFilterCountsTheCzechMatchesItHides) {
  add(post(1, "Bezpečnost plateb", "Bezpečnost karet."));
  add(post(2, "Bezpecnost bez hacku", "Bezpecnost."));
  add(post(3, "Bezpečnost bank", "Text."));
  add(post(4, "Něco jiného", "Text."));
  post_doc draft = post(5, "Bezpečnost konceptu", "Text.");
  draft.published = false;
  add(draft);
  commit();

  const result en = search("bezpecnost", "en");
  EXPECT_TRUE(en.hits.empty());
  EXPECT_EQ(en.hidden_by_language, 3U);  // never the draft
  const result cs = search("bezpecnost", "cs");
  EXPECT_EQ(cs.hits.size(), 3U);
  EXPECT_EQ(cs.hidden_by_language, 0U);
}

TEST_F(SearchFrontDoor, HiddenCountFollowsTheCategory) {
  add(post(1, "Bezpečnost plateb", "Text.", "cs", "Security"));
  add(post(2, "Bezpečnost bank", "Text.", "cs", "Banking"));
  commit();
  query q = ask("bezpečnost", "en");
  q.category = "Security";
  EXPECT_EQ(idx_.search(q).hidden_by_language, 1U);
}

// The text a reader sees in a snippet: tags and the ellipsis removed, entities decoded.
std::string plain(std::string html) {
  for (const std::string tag : {"<mark>", "</mark>", "\u2026"}) {
    for (auto at = html.find(tag); at != std::string::npos; at = html.find(tag)) html.erase(at, tag.size());
  }
  for (const auto& [entity, c] : std::vector<std::pair<std::string, std::string>>{
           {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}, {"&amp;", "&"}}) {
    for (auto at = html.find(entity); at != std::string::npos; at = html.find(entity, at + 1)) {
      html.replace(at, entity.size(), c);
    }
  }
  return html;
}

std::string filler(int words, const std::string& word = "lorem") {
  std::string out;
  for (int i = 0; i < words; ++i) out += word + " ";
  return out;
}

TEST_F(SearchFrontDoor, SnippetShowsAMatchDeepInTheWholeBody) {
  const std::string body = filler(2000) + "Zde konečně píšeme o tokenizaci karet v peněženkách. " + filler(50);
  add(post(1, "Dlouhý článek", body));
  commit();
  const result r = search("tokenizace");
  ASSERT_EQ(r.hits.size(), 1U);
  const std::string& snippet = r.hits[0].snippet_html;
  EXPECT_NE(snippet.find("<mark>tokenizaci</mark>"), std::string::npos) << snippet;
  EXPECT_TRUE(snippet.starts_with("\u2026")) << snippet;
  EXPECT_LE(plain(snippet).size(), 220U) << snippet;
}

TEST_F(SearchFrontDoor, SnippetPrefersThePassageWithMoreDistinctTerms) {
  const std::string body =
      "Platby platby platby a zase platby. " + filler(80) + "Okamžité platby přes regulované banky. " + filler(80);
  add(post(1, "Článek", body));
  commit();
  const std::string snippet = search("platby banky").hits.at(0).snippet_html;
  EXPECT_NE(snippet.find("<mark>banky</mark>"), std::string::npos) << snippet;
  EXPECT_NE(snippet.find("Okamžité <mark>platby</mark>"), std::string::npos) << snippet;
}

TEST_F(SearchFrontDoor, SnippetPrefersThePassageWithTheRarerTerm) {
  // "platby" is in every post, "stablecoiny" in one: a passage with the rare word wins over one
  // with the common word, although each holds one query term.
  for (int id = 2; id < 30; ++id) add(post(id, "Platby " + std::to_string(id), "Platby."));
  const std::string body = "Platby jsou všude. " + filler(80) + "Stablecoiny mění trh. " + filler(80);
  add(post(1, "Článek", body));
  commit();
  query q = ask("platby OR stablecoiny");
  q.limit = 50;
  for (const hit& h : idx_.search(q).hits) {
    if (h.id != 1) continue;
    EXPECT_NE(h.snippet_html.find("<mark>Stablecoiny</mark>"), std::string::npos) << h.snippet_html;
    EXPECT_EQ(h.snippet_html.find("<mark>Platby</mark>"), std::string::npos) << h.snippet_html;
    return;
  }
  ADD_FAILURE() << "post 1 not found";
}

TEST_F(SearchFrontDoor, SnippetCountsATermAtMostTwiceSoTheFirstPassageWithItTwiceWins) {
  // The first passage holding the word twice scores the most any passage can: the snippet stops
  // reading there instead of splitting the rest of the text, and a later passage that only
  // repeats the word more often does not beat it.
  const std::string body = "Platby a platby. " + filler(80) + "Platby, platby, platby a zase platby. " + filler(80);
  add(post(1, "Článek", body));
  commit();
  const std::string snippet = search("platby").hits.at(0).snippet_html;
  EXPECT_TRUE(snippet.starts_with("<mark>Platby</mark> a <mark>platby</mark>.")) << snippet;
}

TEST_F(SearchFrontDoor, SnippetCountsTwoFormsOfOneQueryWordAsOneWord) {
  // "platba" reaches the query through its light stem, "plateb" through the dictionary's lemma:
  // still one word of the query, so the passage with both words of the query wins.
  add(post(1, "Článek", "Platba a plateb. " + filler(80) + "Okamžité platby přes banky. " + filler(80)));
  commit();
  const std::string snippet = search("platby banky").hits.at(0).snippet_html;
  EXPECT_NE(snippet.find("Okamžité <mark>platby</mark> přes <mark>banky</mark>"), std::string::npos) << snippet;
}

TEST_F(SearchFrontDoor, SnippetReadsOnPastAnEarlyPassageWhenALaterOneHasMoreOfTheQuery) {
  // The first passage has one of the two words twice; only the whole query scores the most, so
  // the snippet does not stop early at it. Both words of an English query too.
  add(post(1, "Článek", "Platby a platby. " + filler(80) + "Okamžité platby přes regulované banky. " + filler(80)));
  add(post(2, "Article", "Fees and fees. " + filler(80) + "Merchant fees rise again. " + filler(80), "en"));
  commit();
  const std::string czech = search("platby banky").hits.at(0).snippet_html;
  EXPECT_NE(czech.find("Okamžité <mark>platby</mark> přes regulované <mark>banky</mark>"), std::string::npos) << czech;
  const std::string english = idx_.search(ask("merchant fees", "en")).hits.at(0).snippet_html;
  EXPECT_NE(english.find("<mark>Merchant</mark> <mark>fees</mark> rise"), std::string::npos) << english;
}

TEST_F(SearchFrontDoor, SnippetMarksEveryInflectedAndDiacriticFreeForm) {
  add(post(1, "Bezpečnost", "O bezpečnosti plateb: bezpecnost bez háčků, Bezpečností a BEZPEČNOST."));
  commit();
  const std::string snippet = search("bezpecnost").hits.at(0).snippet_html;
  for (const std::string form : {"bezpečnosti", "bezpecnost", "Bezpečností", "BEZPEČNOST"}) {
    EXPECT_NE(snippet.find("<mark>" + form + "</mark>"), std::string::npos) << form << " in " << snippet;
  }
}

TEST_F(SearchFrontDoor, SnippetIsHtmlSafeAndCutAtWordBoundaries) {
  const std::string body =
      filler(60, "slovo") + "<script>alert('x')</script> & platby \"v uvozovkách\" " + filler(60, "konec");
  add(post(1, "Článek", body));
  commit();
  const std::string snippet = search("platby").hits.at(0).snippet_html;
  EXPECT_EQ(snippet.find("<script"), std::string::npos) << snippet;
  EXPECT_NE(snippet.find("&lt;script&gt;"), std::string::npos) << snippet;
  EXPECT_TRUE(snippet.starts_with("\u2026") && snippet.ends_with("\u2026")) << snippet;
  // The shown text is a run of whole words of the body.
  std::string shown = plain(snippet);
  while (!shown.empty() && shown.back() == ' ') shown.pop_back();
  const auto at = body.find(shown);
  ASSERT_NE(at, std::string::npos) << shown;
  EXPECT_EQ(body[at - 1], ' ');
  EXPECT_TRUE(at + shown.size() == body.size() || body[at + shown.size()] == ' ') << shown;
}

std::shared_ptr<const blog::search::glossary> fintech_glossary(std::int64_t version = 1) {
  auto g = std::make_shared<blog::search::glossary>();
  g->version = version;
  g->pairs = {{"instant payment", "okamžitá platba"},
              {"chargeback", "chargeback"},
              {"strong customer authentication", "silné ověření klienta"},
              {"card issuer", "vydavatel karty"}};
  return g;
}

class SearchSynonyms : public SearchFrontDoor {
 protected:
  void SetUp() override {
    add(post(1, "Okamžité platby v Česku", "Okamžitá platba dorazí do deseti sekund."));
    add(post(2, "Instant payments in Europe", "An instant payment settles in seconds.", "en"));
    add(post(3, "Vydavatel karty a poplatky", "Každý vydavatel karty účtuje jinak."));
    add(post(4, "Card issuers and fees", "Every card issuer charges differently.", "en"));
    add(post(5, "Platby kartou", "Platba kartou u obchodníka.", "cs"));
    add(post(6, "Payments at the till", "A payment by card.", "en"));
    commit();
  }
  result find(const std::string& text, const std::string& language, bool with_glossary = true) {
    query q = ask(text, language);
    if (with_glossary) q.synonyms = fintech_glossary();
    return idx_.search(q);
  }
};

TEST_F(SearchSynonyms, CzechQueryFindsEnglishPostsRankedBelowCzechOnes) {
  const result r = find("okamžité platby", "cs");
  EXPECT_EQ(ids_of(r), (std::vector<std::int64_t>{1, 2}));
  EXPECT_GT(r.hits[0].weight, r.hits[1].weight);
  EXPECT_NE(r.hits[1].snippet_html.find("<mark>instant</mark> <mark>payment</mark>"), std::string::npos)
      << r.hits[1].snippet_html;
}

TEST_F(SearchSynonyms, EnglishQueryFindsCzechPostsWhenTheyAreIncluded) {
  const result r = find("card issuer", "cs");
  EXPECT_EQ(ids_of(r), (std::vector<std::int64_t>{4, 3}));
  EXPECT_GT(r.hits[0].weight, r.hits[1].weight);
  // With English posts only, the Czech side is not searched (and not shown).
  EXPECT_EQ(ids_of(find("card issuer", "en")), (std::vector<std::int64_t>{4}));
}

TEST_F(SearchSynonyms, CzechQueryFindsEnglishPostsUnderTheEnglishFilterToo) {
  EXPECT_EQ(ids_of(find("okamžitou platbu", "en")), (std::vector<std::int64_t>{2}));
  EXPECT_EQ(ids_of(find("okamzita platba", "en")), (std::vector<std::int64_t>{2}));  // without diacritics
}

TEST_F(SearchSynonyms, WithoutTheGlossaryNothingCrossesLanguages) {
  EXPECT_EQ(ids_of(find("okamžité platby", "cs", false)), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(ids_of(find("card issuer", "cs", false)), (std::vector<std::int64_t>{4}));
}

TEST_F(SearchSynonyms, PlainWordsAndPartialTermsAreUntouched) {
  // "platby" alone is no glossary term ("okamžitá platba" is): no English post joins.
  EXPECT_EQ(sorted(ids_of(find("platby", "cs"))), (std::vector<std::int64_t>{1, 5}));
  EXPECT_EQ(sorted(ids_of(find("payment", "cs"))), (std::vector<std::int64_t>{2, 6}));
}

TEST_F(SearchSynonyms, ANewGlossaryVersionIsUsedAtOnce) {
  query q = ask("platba kartou", "cs");
  q.synonyms = fintech_glossary();
  EXPECT_EQ(ids_of(idx_.search(q)), (std::vector<std::int64_t>{5}));
  auto grown = std::make_shared<blog::search::glossary>(*fintech_glossary(2));
  grown->pairs.push_back({"payment by card", "platba kartou"});
  q.synonyms = grown;
  EXPECT_EQ(ids_of(idx_.search(q)), (std::vector<std::int64_t>{5, 6}));
}

TEST_F(SearchFrontDoor, RelatedPostsShareTheMostTellingTermsInTheSameLanguage) {
  add(post(1, "Tokenizace karet v mobilních peněženkách", "Tokenizace nahrazuje číslo karty tokenem v peněžence."));
  add(post(2, "Peněženky a tokenizace", "Mobilní peněženka ukládá token místo čísla karty; tokenizace chrání."));
  add(post(3, "Hypotéky a úroky", "Úrokové sazby hypoték rostou."));
  add(post(4, "Card tokenisation in wallets", "Tokenisation replaces the card number in the wallet.", "en"));
  add(post(5, "Tokenizace v peněženkách budoucnosti", "Tokenizace karet a peněženky."));
  post_doc draft = post(6, "Tokenizace peněženky karty", "Tokenizace karty v peněžence.");
  draft.published = false;
  add(draft);
  commit();

  const auto related = idx_.related(1, "cs", now_ms, 3);
  EXPECT_EQ(sorted(related), (std::vector<std::int64_t>{2, 5})) << "never itself, the draft or English posts";
  EXPECT_TRUE(idx_.related(99, "cs", now_ms, 3).empty());
}

// The instant panel sends what is typed so far as a prefix ("pa*"). Words starting with it that
// are rarer than the ten most frequent ones are found too.
TEST_F(SearchFrontDoor, TwoToFourLetterPrefixesFindEveryWordStartingWithThem) {
  const std::string frequent = "pab pac pad pae paf pag pah pai paj pak pal";
  for (std::int64_t id = 1; id <= 11; ++id) {
    const std::string word = frequent.substr(static_cast<std::size_t>(id - 1) * 4, 3) + "ula";
    add(post(id, "Title " + word, word + " text", "en"));
    add(post(id + 20, "Other " + word, word + " more text", "en"));
  }
  add(post(50, "Flint", "A pazourek lies here.", "en"));
  add(post(51, "Nothing", "Unrelated text.", "en"));
  commit();

  for (const std::string text : {"pa*", "paz*", "pazo*", "PAZ*"}) {
    query q = ask(text, "en");
    q.limit = 50;
    const result r = idx_.search(q);
    const auto ids = ids_of(r);
    EXPECT_NE(std::find(ids.begin(), ids.end(), 50), ids.end()) << text;
    EXPECT_EQ(std::find(ids.begin(), ids.end(), 51), ids.end()) << text;
    if (text == "pa*") {
      EXPECT_EQ(r.total_estimate, 23U);
    }
  }
  query q = ask("pazo*", "en");
  const result r = idx_.search(q);
  ASSERT_EQ(r.hits.size(), 1U);
  EXPECT_NE(r.hits[0].snippet_html.find("<mark>pazourek</mark>"), std::string::npos) << r.hits[0].snippet_html;
  // Longer prefixes are still wildcards; a prefix combines with words like any other term.
  EXPECT_EQ(ids_of(search("pazou*", "en")), (std::vector<std::int64_t>{50}));
  EXPECT_EQ(ids_of(search("pa* lies", "en")), (std::vector<std::int64_t>{50}));
  EXPECT_EQ(sorted(ids_of(search("\"pabula text\"", "en"))), (std::vector<std::int64_t>{1}));
}

// A word start weighs as all the words of the post that have it: three words starting with "pa"
// outrank one of them twice in a post as long, whichever post was indexed first.
TEST_F(SearchFrontDoor, AWordStartCountsEveryWordOfThePostThatHasIt) {
  add(post(1, "Alpha", "paper pasta panel zebra", "en"));
  add(post(2, "Beta", "paper paper zebra yak", "en"));
  add(post(3, "Gamma", "pasta yak zebra wolf", "en"));
  commit();
  EXPECT_EQ(ids_of(search("pa*", "en")), (std::vector<std::int64_t>{1, 2, 3}));
  EXPECT_EQ(ids_of(search("pap*", "en")), (std::vector<std::int64_t>{2, 1}));
}

// Facets, totals and the hidden count come from posting lists for most queries and from
// Xapian's matcher for the others (phrases): both count the same posts.
TEST_F(SearchFrontDoor, PhrasesAndWordsCountTheSameMatchesAndFacets) {
  add(post(1, "Platby kartou", "Platby kartou.", "cs", "Payments"));
  add(post(2, "Platby", "Platby kartou.", "cs", "Regulation"));
  add(post(3, "Regulace", "Jiné platby.", "cs", "Payments"));
  commit();
  const result words = search("platby kartou");
  const result phrase = search("\"platby kartou\"");
  EXPECT_EQ(words.total_estimate, 2U);
  EXPECT_EQ(phrase.total_estimate, 2U);
  EXPECT_EQ(words.categories, phrase.categories);
  EXPECT_EQ(words.languages, phrase.languages);
  EXPECT_EQ(search("platby kartou", "en").hidden_by_language, 2U);
  EXPECT_EQ(search("\"platby kartou\"", "en").hidden_by_language, 2U);
}

// A scheduled post is counted from its publication time on, by a reader that counted before it.
TEST_F(SearchFrontDoor, ScheduledPostsAreCountedOnceTheirTimeComes) {
  add(post(1, "Platby", "Platby.", "cs", "Payments"));
  post_doc scheduled = post(2, "Platby později", "Platby.", "cs", "Later");
  scheduled.published_at_ms = now_ms + day_ms;
  add(scheduled);
  commit();

  const auto at = [&](std::int64_t when) {
    query q = ask("platby");
    q.now_ms = when;
    return idx_.search(q);
  };
  EXPECT_EQ(at(now_ms).total_estimate, 1U);
  EXPECT_EQ(ids_of(at(now_ms)), (std::vector<std::int64_t>{1}));
  const result later = at(now_ms + 2 * day_ms);
  EXPECT_EQ(later.total_estimate, 2U);
  EXPECT_EQ(sorted(ids_of(later)), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(later.categories, (std::vector<facet_count>{{"Later", 1}, {"Payments", 1}}));
  EXPECT_EQ(at(now_ms).total_estimate, 1U) << "an earlier time counts without it again";
  query in_category = ask("platby");
  in_category.category = "Later";
  EXPECT_TRUE(idx_.search(in_category).hits.empty());
  in_category.now_ms = now_ms + 2 * day_ms;
  EXPECT_EQ(ids_of(idx_.search(in_category)), (std::vector<std::int64_t>{2}));
}

TEST(SearchLayout, AnIndexOfAnOlderLayoutReadsAsEmptySoItIsRebuilt) {
  temp_dir dir;
  {
    index fresh(dir.path() / "i");
    fresh.replace(post(1, "Platba", "Platba."));
    fresh.commit(42);
  }
  {
    Xapian::WritableDatabase old((dir.path() / "i").string());
    old.set_metadata("layout", "1");
    old.commit();
  }
  index reopened(dir.path() / "i");
  EXPECT_EQ(reopened.last_seq(), 0);
}

}  // namespace
