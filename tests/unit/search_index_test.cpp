// Search index in a temporary folder: matching, ranking, filters, suggestions, robustness, rebuilds.
#include "blog/search/index.hpp"
#include "blog/search/index_store.hpp"

#include <gtest/gtest.h>

#include "temp_dir.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace fs = std::filesystem;
// Named one by one: `index` would clash with POSIX ::index() under a using-directive.
using blog::search::bulk_loader;
using blog::search::hit;
using blog::search::index;
using blog::search::index_error;
using blog::search::index_store;
using blog::search::post_doc;
using blog::search::query;
using blog::search::result;

constexpr std::int64_t day_ms = 24LL * 3600 * 1000;
constexpr std::int64_t base_ms = 1'700'000'000'000;
constexpr std::int64_t now_ms = base_ms + 1000 * day_ms;

class temp_dir : public blog::testing::temp_dir {
 public:
  temp_dir() : blog::testing::temp_dir("search-test") {}
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

class SearchIndex : public ::testing::Test {
 protected:
  void add(const post_doc& p) { idx_.replace(p); }
  void commit() { idx_.commit(++seq_); }
  std::vector<std::int64_t> find(const std::string& text, const std::string& language = "cs") {
    return ids_of(idx_.search(ask(text, language)));
  }

  temp_dir dir_;
  index idx_{dir_.path() / "index"};
  std::int64_t seq_ = 0;
};

TEST_F(SearchIndex, CzechInflectionsFindEachOther) {
  add(post(1, "Platba kartou", "Platba kartou je rychlá a bezpečná."));
  add(post(2, "Bankovní převody", "Okamžité platby mezi bankami."));
  add(post(3, "Hypotéky", "Úroky z hypoték rostou."));
  commit();

  EXPECT_EQ(sorted(find("platby")), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(sorted(find("platbou")), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(sorted(find("plateb")), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(find("karty"), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(find("kartami"), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(find("bankách"), (std::vector<std::int64_t>{2}));
  EXPECT_EQ(find("Platby"), find("platby"));  // capitalised words are stemmed too
  EXPECT_EQ(find("PLATBY"), find("platby"));
}

TEST_F(SearchIndex, DiacriticsAreOptionalBothWays) {
  add(post(1, "Bezpečnost plateb", "Bezpečnost platebních karet a bank."));
  add(post(2, "Bezpecnost bez hacku", "Text psany bez diakritiky: bezpecnosti platebnich karet."));
  add(post(3, "Jiné téma", "Nic společného."));
  commit();

  EXPECT_EQ(sorted(find("bezpecnost")), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(sorted(find("bezpečnosti")), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(sorted(find("BEZPEČNOST")), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(sorted(find("platebnich karet")), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(find("bankach"), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(find("spolecneho"), (std::vector<std::int64_t>{3}));
}

TEST_F(SearchIndex, ExactAccentedMatchRanksAtLeastAsHighAsFoldedOnly) {
  // The folded-only post is newer, so recency cannot explain the order.
  add(post(1, "Bezpečnost", "Bezpečnost je základ."));
  add(post(2, "Bezpecnost", "Bezpecnost je zaklad."));
  commit();

  const result r = idx_.search(ask("bezpečnost"));
  ASSERT_EQ(r.hits.size(), 2U);
  EXPECT_EQ(r.hits[0].id, 1);
  EXPECT_GE(r.hits[0].weight, r.hits[1].weight);
}

TEST_F(SearchIndex, ASpellingNearlyEveryMatchCarriesBoostsNoOne) {
  // Ten posts write the word with its diacritics, one without: the exact spelling tells almost
  // no post apart, so the query does not pay for it and the eleven weigh the same (but for the
  // accented posts' longer term lists; with the boost, the folded one weighed a quarter).
  for (int id = 1; id <= 10; ++id) add(post(id, "Bezpečnost", "Bezpečnost je základ."));
  add(post(11, "Bezpecnost", "Bezpecnost je zaklad."));
  commit();

  const result r = idx_.search(ask("bezpečnost"));
  ASSERT_EQ(r.hits.size(), 11U);
  for (const auto& hit : r.hits) EXPECT_NEAR(hit.weight, r.hits.front().weight, r.hits.front().weight / 100) << hit.id;
}

TEST_F(SearchIndex, TitleMatchRanksAboveBodyMatch) {
  add(post(1, "Kryptoměny v roce 2024", "Přehled trhu a regulace digitálních aktiv."));
  add(post(2, "Přehled trhu", "Kryptoměny a regulace digitálních aktiv v roce 2024."));
  commit();

  EXPECT_EQ(find("kryptoměny"), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(find("title:kryptomeny"), (std::vector<std::int64_t>{1}));
}

TEST_F(SearchIndex, EqualRelevanceBreaksTiesByRecency) {
  add(post(1, "Open banking", "Open banking v Evropě."));
  add(post(3, "Open banking", "Open banking v Evropě."));
  add(post(2, "Open banking", "Open banking v Evropě."));
  commit();

  EXPECT_EQ(find("open banking"), (std::vector<std::int64_t>{3, 2, 1}));
}

TEST_F(SearchIndex, EnglishStemmerAndLanguageFilter) {
  add(post(1, "Card payments", "Contactless payments are growing.", "en"));
  add(post(2, "Platby kartou", "Contactless payment terminály rostou.", "cs"));
  commit();

  EXPECT_EQ(find("payment", "en"), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(sorted(find("payment", "cs")), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(find("paying contactless", "en"), (std::vector<std::int64_t>{1}));
  EXPECT_TRUE(find("platby", "en").empty());
  EXPECT_EQ(find("platby", "cs"), (std::vector<std::int64_t>{2}));
}

TEST_F(SearchIndex, LanguagesDoNotMatchEachOthersStems) {
  // Czech "data" (stem "dat") and English "dated" (stem "date") must stay apart, as must the
  // English stem of "cards" and the Czech folded word "card".
  add(post(1, "Data a banky", "Otevřená data bank.", "cs"));
  add(post(2, "Dated banking", "Dated systems and cards.", "en"));
  add(post(3, "Card", "Card.", "cs"));
  commit();

  EXPECT_EQ(find("data", "cs"), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(find("dated", "cs"), (std::vector<std::int64_t>{2}));
  EXPECT_EQ(find("cards", "en"), (std::vector<std::int64_t>{2}));
  EXPECT_EQ(sorted(find("card", "cs")), (std::vector<std::int64_t>{2, 3}));
}

TEST_F(SearchIndex, OtherLanguagesAreTreatedAsEnglish) {
  add(post(1, "Zahlungen", "Zahlungen und Karten.", "de"));
  commit();
  EXPECT_EQ(find("zahlungen", "en"), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(ids_of(idx_.by_category(ask("", "en"))), (std::vector<std::int64_t>{1}));
}

TEST_F(SearchIndex, CategoryListingIsFilteredAndNewestFirst) {
  add(post(1, "A", "a", "en", "Fintech"));
  add(post(4, "B", "b", "cs", "Fintech"));
  add(post(2, "C", "c", "en", "Regulations"));
  add(post(3, "D", "d", "en", "Fintech"));
  commit();

  query q = ask("", "cs");
  q.category = "fintech";
  result r = idx_.by_category(q);
  EXPECT_EQ(ids_of(r), (std::vector<std::int64_t>{4, 3, 1}));
  EXPECT_EQ(r.total_estimate, 3U);

  q.language = "en";
  EXPECT_EQ(ids_of(idx_.by_category(q)), (std::vector<std::int64_t>{3, 1}));

  q.category.reset();
  EXPECT_EQ(ids_of(idx_.by_category(q)), (std::vector<std::int64_t>{3, 2, 1}));

  q.category = "Fintech";
  q.offset = 1;
  q.limit = 1;
  EXPECT_EQ(ids_of(idx_.by_category(q)), (std::vector<std::int64_t>{1}));

  query text_too = ask("fintech regulace", "cs");
  text_too.category = "Regulations";
  EXPECT_TRUE(idx_.search(text_too).hits.empty());
}

TEST_F(SearchIndex, HiddenAndScheduledPostsAreNeverReturned) {
  post_doc hidden = post(1, "Tajná platba", "Skrytý článek o platbách.");
  hidden.published = false;
  post_doc scheduled = post(2, "Budoucí platba", "Naplánovaný článek o platbách.");
  scheduled.published_at_ms = now_ms + day_ms;
  add(hidden);
  add(scheduled);
  add(post(3, "Veřejná platba", "Veřejný článek o platbách."));
  commit();

  EXPECT_EQ(find("platba"), (std::vector<std::int64_t>{3}));
  EXPECT_EQ(find("tajna"), (std::vector<std::int64_t>{}));
  query listing = ask("", "cs");
  EXPECT_EQ(ids_of(idx_.by_category(listing)), (std::vector<std::int64_t>{3}));

  listing.now_ms = now_ms + 2 * day_ms;  // the scheduled post is due, and the newest
  EXPECT_EQ(ids_of(idx_.by_category(listing)), (std::vector<std::int64_t>{2, 3}));
  EXPECT_EQ(idx_.all_ids(), (std::vector<std::int64_t>{1, 2, 3}));
}

TEST_F(SearchIndex, RemoveDeletesThePost) {
  add(post(1, "Platba", "Platba kartou."));
  add(post(2, "Platba", "Platba převodem."));
  commit();
  idx_.remove(1);
  idx_.remove(99);  // absent: no-op
  commit();

  EXPECT_EQ(find("platba"), (std::vector<std::int64_t>{2}));
  EXPECT_EQ(idx_.all_ids(), (std::vector<std::int64_t>{2}));
}

TEST_F(SearchIndex, ReplaceIsIdempotentAndReplacesTheText) {
  add(post(7, "Stará verze", "Hotovost."));
  add(post(7, "Stará verze", "Hotovost."));  // twice before a commit
  commit();
  add(post(7, "Nová verze", "Kryptoměny."));
  add(post(7, "Nová verze", "Kryptoměny."));
  commit();

  EXPECT_EQ(idx_.all_ids(), (std::vector<std::int64_t>{7}));
  EXPECT_EQ(find("kryptomeny"), (std::vector<std::int64_t>{7}));
  EXPECT_TRUE(find("hotovost").empty());
  EXPECT_EQ(idx_.search(ask("verze")).total_estimate, 1U);
}

TEST_F(SearchIndex, WritesBecomeVisibleOnCommit) {
  add(post(1, "Platba", "Platba."));
  EXPECT_TRUE(find("platba").empty());
  commit();
  EXPECT_EQ(find("platba"), (std::vector<std::int64_t>{1}));
}

TEST_F(SearchIndex, TypoGetsASuggestion) {
  add(post(1, "Platební karta", "Platební karta a její bezpečnost."));
  add(post(2, "Platební brána", "Jak funguje platební brána."));
  add(post(3, "Kreditní karta", "Kreditní karta nebo debetní karta?"));
  commit();

  const result r = idx_.search(ask("platebni krata"));
  EXPECT_NE(r.suggestion.find("karta"), std::string::npos) << r.suggestion;
  EXPECT_EQ(r.suggestion, "platebni karta");
  // Nothing has both words, so the posts with some of them are shown.
  EXPECT_FALSE(r.hits.empty());

  EXPECT_EQ(idx_.search(ask("Platební krata")).suggestion, "Platební karta");
  EXPECT_EQ(idx_.search(ask("bezpecnsot")).suggestion, "bezpecnost");
}

TEST_F(SearchIndex, CorrectWordsAndInflectionsGetNoSuggestion) {
  add(post(1, "Platba", "Platba kartou."));
  commit();

  // Forms that appear nowhere in the index, but share a stem with words that do.
  for (const char* text : {"platbami", "platbách", "kartami", "platba", "plateb", "kartách"}) {
    const result r = idx_.search(ask(text));
    EXPECT_EQ(r.suggestion, "") << text;
    EXPECT_EQ(ids_of(r), (std::vector<std::int64_t>{1})) << text;
  }
}

TEST_F(SearchIndex, ReplacedWordsLeaveTheSpellingDictionary) {
  add(post(1, "Blockchain", "Blockchain a kryptoměny."));
  commit();
  EXPECT_EQ(idx_.search(ask("blokchain")).suggestion, "blockchain");

  add(post(1, "Hotovost", "Hotovost a mince."));
  commit();
  EXPECT_EQ(idx_.search(ask("blokchain")).suggestion, "");
  idx_.remove(1);
  commit();
  EXPECT_EQ(idx_.search(ask("hotovst")).suggestion, "");
}

TEST_F(SearchIndex, QuerySyntax) {
  add(post(1, "Platební karta", "Platební karta je pohodlná."));
  add(post(2, "Karta a platba", "Karta, kterou je platba hotová."));
  add(post(3, "Hypotéka", "Hypotéka není platba kartou."));
  commit();

  EXPECT_EQ(find("\"platební karta\""), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(find("„platebni karta“"), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(find("hypotéka AND platba"), (std::vector<std::int64_t>{3}));
  EXPECT_EQ(sorted(find("karta NOT hypotéka")), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(sorted(find("karta -hypoteka")), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(sorted(find("hypotéka OR pohodlná")), (std::vector<std::int64_t>{1, 3}));
  EXPECT_EQ(sorted(find("hypotéka or pohodlná")), (std::vector<std::int64_t>{1, 3}));
  EXPECT_EQ(sorted(find("hypo*")), (std::vector<std::int64_t>{3}));
  EXPECT_EQ(sorted(find("plat*")), (std::vector<std::int64_t>{1, 2, 3}));
}

TEST_F(SearchIndex, MalformedQueriesNeverThrow) {
  add(post(1, "Platba", "Platba kartou (rychlá)."));
  commit();

  for (const char* text : {"\"unclosed", "AND",        "*",           "((",      "",         "   ",  "OR OR",
                           "NOT",        "title:",     "-",           "+",       "\"",       ")",    "a*",
                           "platba AND", "AND platba", "(platba",     "platba)", "title:\"", "NEAR", "platba NEAR/3",
                           "\xFF\xFE",   "***",        "p* q* r* s*", "\"\"",    "-platba",  "+-+",  "😀",
                           "c++ c# at&t"}) {
    EXPECT_NO_THROW(idx_.search(ask(text))) << text;
  }
  EXPECT_NO_THROW(idx_.search(ask(std::string(5000, 'x') + " platba")));
  EXPECT_EQ(find("\"platba"), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(find("(platba"), (std::vector<std::int64_t>{1}));
  EXPECT_TRUE(find("").empty());
}

// Xapian 1.4's parser crashes (SIGSEGV) on a '+' before a field processor's value holding a ':'.
// The word start field is ours: typed, it is a plain word; and two wildcards typed together
// ("ryp*ryp*") become two field values, not one run together (found by fuzz_search_query).
TEST_F(SearchIndex, TheWordStartFieldCannotBeTypedNorRunTogether) {
  add(post(1, "Platba", "Platba kartou (rychlá)."));
  commit();

  for (const char* text :
       {"be +wordstart:a:b", "+wordstart:ryp:ryp", "be +WordStart:pla:x", "+ryp*ryp*", "be +plat*plat*",
        "\xe2\x9e\x80"
        "be +ryp*ryp*"}) {
    EXPECT_NO_THROW(idx_.search(ask(text))) << text;
    EXPECT_NO_THROW(idx_.search(ask(text, "en"))) << text;
  }
  EXPECT_EQ(find("plat*kart*"), (std::vector<std::int64_t>{1}));
  EXPECT_TRUE(find("wordstart:pla").empty()) << "the field is not the reader's";
}

TEST_F(SearchIndex, SnippetsAreEscapedAndMarkMatches) {
  post_doc p = post(1, "R&D", "Úvod. <script>alert('x')</script> Platby kartou & převodem jsou \"rychlé\".");
  p.excerpt = "Krátký souhrn.";
  add(p);
  commit();

  const result r = idx_.search(ask("platba"));
  ASSERT_EQ(r.hits.size(), 1U);
  const std::string& html = r.hits[0].snippet_html;
  EXPECT_NE(html.find("<mark>Platby</mark>"), std::string::npos) << html;
  EXPECT_EQ(html.find("<script>"), std::string::npos) << html;
  EXPECT_NE(html.find("&lt;script&gt;"), std::string::npos) << html;
  EXPECT_NE(html.find("&amp;"), std::string::npos) << html;
  EXPECT_NE(html.find("&quot;rychlé&quot;"), std::string::npos) << html;

  const result folded = idx_.search(ask("prevodem"));
  ASSERT_EQ(folded.hits.size(), 1U);
  EXPECT_NE(folded.hits[0].snippet_html.find("<mark>převodem</mark>"), std::string::npos)
      << folded.hits[0].snippet_html;
}

TEST_F(SearchIndex, SnippetShowsTheMatchInLongText) {
  std::string body;
  // The match lies about 1 kB in: within the text kept for snippets (schema::snippet_text_bytes).
  for (int i = 0; i < 25; ++i) body += "Obecný úvodní text bez zajímavých slov. ";
  body += "Tady se konečně píše o kryptoměnách a jejich regulaci. ";
  for (int i = 0; i < 10; ++i) body += "Další výplň na konci článku. ";
  add(post(1, "Článek", body));
  commit();

  const result r = idx_.search(ask("kryptoměny"));
  ASSERT_EQ(r.hits.size(), 1U);
  const std::string& html = r.hits[0].snippet_html;
  EXPECT_NE(html.find("<mark>kryptoměnách</mark>"), std::string::npos) << html;
  EXPECT_EQ(html.rfind("\u2026", 0), 0U) << html;  // starts with an ellipsis
  EXPECT_LT(html.size(), 400U) << html;
}

TEST_F(SearchIndex, PagingAndEstimate) {
  for (int id = 1; id <= 30; ++id) add(post(id, "Platba " + std::to_string(id), "Platba."));
  commit();

  query q = ask("platba");
  q.limit = 10;
  result first = idx_.search(q);
  EXPECT_EQ(first.hits.size(), 10U);
  EXPECT_EQ(first.total_estimate, 30U);
  q.offset = 25;
  EXPECT_EQ(idx_.search(q).hits.size(), 5U);
}

TEST_F(SearchIndex, ConcurrentSearchesWhileWriting) {
  for (int id = 1; id <= 50; ++id) add(post(id, "Platba", "Platba kartou číslo " + std::to_string(id)));
  commit();

  std::atomic<bool> stop{false};
  std::atomic<int> failures{0};
  std::atomic<int> searches{0};
  std::vector<std::thread> readers;
  for (int t = 0; t < 4; ++t) {
    readers.emplace_back([&] {
      while (!stop) {
        try {
          const result r = idx_.search(ask("platba"));
          if (r.hits.empty()) {
            ADD_FAILURE() << "no hits, estimate " << r.total_estimate;
            ++failures;
          }
          ++searches;
        } catch (const std::exception& e) {
          ADD_FAILURE() << e.what();
          ++failures;
        }
      }
    });
  }
  // The writes must meet searches in flight: start them once the readers have got going.
  while (searches.load() == 0 && failures.load() == 0) std::this_thread::yield();
  for (int round = 0; round < 30; ++round) {
    for (int id = 51 + round * 5; id < 56 + round * 5; ++id) add(post(id, "Platba", "Platba převodem."));
    commit();
  }
  stop = true;
  for (std::thread& t : readers) t.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_GT(searches.load(), 0);
  EXPECT_EQ(idx_.all_ids().size(), 200U);
}

TEST(SearchIndexLifecycle, LastSeqSurvivesReopen) {
  temp_dir dir;
  {
    index fresh(dir.path() / "i");
    EXPECT_EQ(fresh.last_seq(), 0);
    fresh.replace(post(1, "Platba", "Platba."));
    fresh.commit(42);
    EXPECT_EQ(fresh.last_seq(), 42);
  }
  index reopened(dir.path() / "i");
  EXPECT_EQ(reopened.last_seq(), 42);
  EXPECT_EQ(reopened.all_ids(), (std::vector<std::int64_t>{1}));
}

TEST(SearchIndexLifecycle, SecondWriterIsAnIndexError) {
  temp_dir dir;
  index first(dir.path() / "i");
  EXPECT_THROW(index second(dir.path() / "i"), index_error);
}

TEST(SearchIndexStore, RebuildSwapsWhileSearchesKeepAnswering) {
  temp_dir dir;
  const fs::path root = dir.path() / "index";
  {
    index_store store(root);
    auto live = store.current();
    for (int id = 1; id <= 20; ++id) live->replace(post(id, "Platba", "Stará platba."));
    live->commit(10);
    live.reset();

    std::atomic<bool> stop{false};
    std::atomic<int> empty_answers{0};
    std::atomic<int> errors{0};
    std::atomic<int> searches{0};
    std::thread reader([&] {
      while (!stop) {
        try {
          if (store.current()->search(ask("platba")).hits.empty()) ++empty_answers;
          ++searches;
        } catch (...) {
          ++errors;
        }
      }
    });

    store.rebuild([](bulk_loader& fresh) {
      for (int id = 100; id < 400; ++id) fresh.add(post(id, "Platba", "Nová platba."));
      fresh.add(post(100, "Platba", "Nová platba, druhá verze."));  // the last version wins
      fresh.set_last_seq(25);
    });
    while (searches.load() < 5) std::this_thread::yield();
    stop = true;
    reader.join();

    EXPECT_EQ(errors.load(), 0);
    EXPECT_EQ(empty_answers.load(), 0);
    EXPECT_EQ(store.current()->last_seq(), 25);
    EXPECT_EQ(store.current()->all_ids().size(), 300U);
    EXPECT_FALSE(fs::exists(root / "gen-2.build"));
    EXPECT_EQ(fs::read_symlink(root / "current"), fs::path("gen-2"));
    EXPECT_FALSE(fs::exists(root / "gen-1"));  // deleted once its last reader let go

    // The rebuilt generation answers like any index, and takes incremental writes.
    EXPECT_EQ(ids_of(store.current()->search(ask("druhá verze"))), (std::vector<std::int64_t>{100}));
    EXPECT_EQ(store.current()->search(ask("platba")).total_estimate, 300U);
    store.current()->replace(post(100, "Platba", "Třetí verze."));
    store.current()->remove(101);
    store.current()->commit(26);
    EXPECT_EQ(ids_of(store.current()->search(ask("třetí"))), (std::vector<std::int64_t>{100}));
    EXPECT_EQ(store.current()->all_ids().size(), 299U);

    // A failed rebuild leaves the current generation alone.
    EXPECT_THROW(store.rebuild([](bulk_loader& fresh) {
      fresh.add(post(1, "Rozbité", "Rozbité."));
      throw std::runtime_error("source unavailable");
    }),
                 std::runtime_error);
    EXPECT_EQ(store.current()->all_ids().size(), 299U);
    EXPECT_FALSE(fs::exists(root / "gen-3"));
    EXPECT_FALSE(fs::exists(root / "gen-3.build"));
  }
  index_store reopened(root);
  EXPECT_EQ(reopened.current()->last_seq(), 26);
  EXPECT_EQ(reopened.current()->dir().filename(), "gen-2");
}

TEST(SearchIndexStore, RemovesLeftoversOfAnInterruptedRebuild) {
  temp_dir dir;
  const fs::path root = dir.path() / "index";
  { index_store store(root); }
  fs::create_directories(root / "gen-7");
  fs::create_directories(root / "gen-8.build/shard-0");
  index_store store(root);
  EXPECT_FALSE(fs::exists(root / "gen-7"));
  EXPECT_FALSE(fs::exists(root / "gen-8.build"));
  EXPECT_EQ(store.current()->dir().filename(), "gen-1");
}

}  // namespace
