// Czech search by the hunspell dictionary: word groups built from cs_CZ's own affix rules, Lucene's groups, the issue's
// words, missing dictionaries.
#include "blog/core/text.hpp"
#include "blog/search/dictionaries.hpp"
#include "blog/search/index.hpp"
#include "blog/search/text.hpp"

#include <gtest/gtest.h>

#include "temp_dir.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using blog::search::hit;
using blog::search::index;
using blog::search::post_doc;
using blog::search::query;

constexpr std::int64_t now_ms = 1'800'000'000'000;
const fs::path dictionary_dir(blog::search::default_dictionary_dir);

class temp_dir : public blog::testing::temp_dir {
 public:
  temp_dir() : blog::testing::temp_dir("search-dict-test") {}
};

post_doc czech_post(std::int64_t id, const std::string& body) {
  post_doc p;
  p.id = id;
  p.title = "Článek";
  p.body_text = body;
  p.language = "cs";
  p.published = true;
  p.published_at_ms = now_ms - 1000;
  return p;
}

std::vector<std::int64_t> find(const index& idx, const std::string& text, std::size_t limit = 20) {
  query q;
  q.text = text;
  q.language = "cs";
  q.now_ms = now_ms;
  q.limit = limit;
  std::vector<std::int64_t> ids;
  for (const hit& h : idx.search(q).hits) ids.push_back(h.id);
  return ids;
}

bool contains(const std::vector<std::int64_t>& ids, std::int64_t id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

// ---- A small reader of hunspell's affix files: enough of the format to expand cs_CZ's words.

std::u32string decoded(std::string_view text) {
  std::u32string out;
  for (std::size_t at = 0; at < text.size();) out += blog::core::utf8::decode(text, at);
  return out;
}

std::string encoded(std::u32string_view text) {
  std::string out;
  for (const char32_t cp : text) blog::core::utf8::encode(cp, out);
  return out;
}

// One position of an affix condition: any character, or a (negated) set.
struct condition_char {
  bool any = false;
  bool negated = false;
  std::u32string set;
  bool matches(char32_t c) const { return any || ((set.find(c) != std::u32string::npos) != negated); }
};

std::vector<condition_char> parse_condition(const std::u32string& text) {
  std::vector<condition_char> out;
  for (std::size_t at = 0; at < text.size(); ++at) {
    condition_char c;
    if (text[at] == U'.') {
      c.any = true;
    } else if (text[at] == U'[') {
      ++at;
      if (at < text.size() && text[at] == U'^') {
        c.negated = true;
        ++at;
      }
      while (at < text.size() && text[at] != U']') c.set += text[at++];
    } else {
      c.set = text.substr(at, 1);
    }
    out.push_back(c);
  }
  return out;
}

struct affix_rule {
  std::u32string strip;
  std::u32string add;
  std::string continuation;  // flags of a second suffix
  std::vector<condition_char> condition;
};

struct affix_class {
  bool prefix = false;
  bool cross = false;
  std::vector<affix_rule> rules;
};

struct affix_file {
  std::map<char, affix_class> classes;
  explicit affix_file(const fs::path& path) {
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
      if (!line.starts_with("SFX ") && !line.starts_with("PFX ")) continue;
      std::istringstream fields(line);
      std::string kind, flag, a, b, c;
      fields >> kind >> flag >> a >> b >> c;
      affix_class& cls = classes[flag[0]];
      cls.prefix = kind == "PFX";
      if (c.empty()) {  // the header: cross product and rule count
        cls.cross = a == "Y";
        continue;
      }
      affix_rule rule;
      rule.strip = a == "0" ? U"" : decoded(a);
      const auto slash = b.find('/');
      if (slash != std::string::npos) rule.continuation = b.substr(slash + 1);
      const std::string add = b.substr(0, slash);
      rule.add = add == "0" ? U"" : decoded(add);
      rule.condition = parse_condition(decoded(c));
      cls.rules.push_back(std::move(rule));
    }
  }

  // Words `word` takes with the suffixes of `flag` (and their second suffixes).
  void suffixed(const std::u32string& word, char flag, std::set<std::u32string>& out, int depth = 0) const {
    const auto found = classes.find(flag);
    if (found == classes.end() || found->second.prefix) return;
    for (const affix_rule& r : found->second.rules) {
      const std::size_t n = r.condition.size();
      if (word.size() < n || word.size() < r.strip.size() || !word.ends_with(r.strip)) continue;
      bool ok = true;
      for (std::size_t i = 0; i < n && ok; ++i) ok = r.condition[i].matches(word[word.size() - n + i]);
      if (!ok) continue;
      const std::u32string form = word.substr(0, word.size() - r.strip.size()) + r.add;
      out.insert(form);
      if (depth == 0) {
        for (const char next : r.continuation) suffixed(form, next, out, 1);
      }
    }
  }

  void prefixed(const std::u32string& word, char flag, std::set<std::u32string>& out) const {
    const auto found = classes.find(flag);
    if (found == classes.end() || !found->second.prefix) return;
    for (const affix_rule& r : found->second.rules) {
      const std::size_t n = r.condition.size();
      if (word.size() < n || !word.starts_with(r.strip)) continue;
      bool ok = true;
      for (std::size_t i = 0; i < n && ok; ++i) ok = r.condition[i].matches(word[i]);
      if (ok) out.insert(r.add + word.substr(r.strip.size()));
    }
  }

  // Every form of a dictionary entry: its suffixes, its prefixes, and both where both allow it.
  std::set<std::u32string> expand(const std::u32string& word, const std::string& flags) const {
    std::set<std::u32string> forms{word};
    std::set<std::u32string> with_suffix;
    for (const char f : flags) {
      std::set<std::u32string> these;
      suffixed(word, f, these);
      const auto cls = classes.find(f);
      if (cls != classes.end() && cls->second.cross) with_suffix.insert(these.begin(), these.end());
      forms.insert(these.begin(), these.end());
    }
    for (const char f : flags) {
      const auto cls = classes.find(f);
      if (cls == classes.end() || !cls->second.prefix) continue;
      prefixed(word, f, forms);
      if (cls->second.cross) {
        for (const std::u32string& s : with_suffix) prefixed(s, f, forms);
      }
    }
    return forms;
  }
};

struct word_group {
  std::string lemma;
  std::vector<std::string> forms;  // every other form, accented
};

bool plain_lowercase_word(const std::u32string& word) {
  return std::all_of(word.begin(), word.end(),
                     [](char32_t c) { return (c >= U'a' && c <= U'z') || (c >= 0xE0 && c <= 0x17F); });
}

// Lemmas of every affix class of cs_CZ (by their first suffix flag), up to `per_class` each, drawn
// at a fixed seed, with every form their affix rules give.
std::vector<word_group> sample_groups(std::size_t per_class, unsigned seed) {
  const affix_file aff(dictionary_dir / "cs_CZ.aff");
  std::map<char, std::vector<std::pair<std::u32string, std::string>>> by_class;
  std::ifstream dic(dictionary_dir / "cs_CZ.dic");
  std::string line;
  std::getline(dic, line);
  while (std::getline(dic, line)) {
    const auto slash = line.find('/');
    if (slash == std::string::npos) continue;
    const std::u32string word = decoded(line.substr(0, slash));
    const std::string flags = line.substr(slash + 1);
    if (word.size() < 3 || !plain_lowercase_word(word) || flags.find('q') != std::string::npos) continue;
    const auto first_suffix = std::find_if(flags.begin(), flags.end(), [&](char f) {
      const auto cls = aff.classes.find(f);
      return cls != aff.classes.end() && !cls->second.prefix;
    });
    if (first_suffix == flags.end()) continue;
    by_class[*first_suffix].emplace_back(word, flags);
  }
  std::mt19937 random(seed);
  std::vector<word_group> groups;
  for (auto& [flag, entries] : by_class) {
    std::shuffle(entries.begin(), entries.end(), random);
    for (std::size_t i = 0; i < std::min(per_class, entries.size()); ++i) {
      word_group g;
      g.lemma = encoded(entries[i].first);
      for (const std::u32string& form : aff.expand(entries[i].first, entries[i].second)) {
        if (form != entries[i].first && form.size() > 2) g.forms.push_back(encoded(form));
      }
      if (!g.forms.empty()) groups.push_back(std::move(g));
    }
  }
  return groups;
}

class SearchDictionary : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { blog::search::use_dictionaries(dictionary_dir); }
};

// A process killed before its diacritic-free twin loaded leaves the twin's temporary folder (3 MB):
// the next load anywhere on the machine removes those untouched for ten minutes, and no other.
TEST_F(SearchDictionary, TwinFoldersAKilledProcessLeftAreSweptAtTheNextLoad) {
  temp_dir tmp;
  const fs::path orphan = tmp.path() / "blog-hunspell-AbC123";
  const fs::path loading = tmp.path() / "blog-hunspell-DeF456";  // another process's, just written
  const fs::path unrelated = tmp.path() / "someone-elses-XyZ789";
  for (const fs::path& dir : {orphan, loading, unrelated}) {
    fs::create_directories(dir);
    std::ofstream(dir / "cs_CZ_folded.dic") << "1\nucet/H\n";
  }
  const auto an_hour_ago = fs::file_time_type::clock::now() - std::chrono::hours(1);
  fs::last_write_time(orphan, an_hour_ago);
  fs::last_write_time(unrelated, an_hour_ago);

  const char* had = std::getenv("TMPDIR");
  const std::string before = had ? had : "";
  ::setenv("TMPDIR", tmp.path().c_str(), 1);
  const blog::search::dictionary_status status = blog::search::use_dictionaries(dictionary_dir);
  const std::vector<std::string> lemmas = blog::search::czech_lemmas("uctu");  // waits for the twin
  if (had)
    ::setenv("TMPDIR", before.c_str(), 1);
  else
    ::unsetenv("TMPDIR");
  ASSERT_TRUE(status.czech) << status.problem;
  EXPECT_NE(std::find(lemmas.begin(), lemmas.end(), "ucet"), lemmas.end());

  EXPECT_FALSE(fs::exists(orphan));
  EXPECT_TRUE(fs::exists(loading));
  EXPECT_TRUE(fs::exists(unrelated));
  std::size_t left = 0;  // the load's own twin folder is gone once the twin has loaded
  for (const auto& entry : fs::directory_iterator(tmp.path()))
    left += entry.path().filename() != loading.filename() && entry.path().filename() != unrelated.filename();
  EXPECT_EQ(left, 0u);
}

// How fast it loads is a benchmark's matter (the house rule: no timed unit tests; under ASan at -O1
// the load takes 1.5 s of processor time): blogd logs the time at start.
TEST_F(SearchDictionary, DictionaryLoadsAndSaysHowLongItTook) {
  const blog::search::dictionary_status status = blog::search::use_dictionaries(dictionary_dir);
  ASSERT_TRUE(status.czech) << status.problem;
  EXPECT_TRUE(status.problem.empty()) << status.problem;
  EXPECT_GT(status.load_ms, 0);
  // The diacritic-free twin loads on after the load returns; its first question waits for it, so a
  // word typed without diacritics finds its lemma at once.
  const auto asked = std::chrono::steady_clock::now();
  const std::vector<std::string> lemmas = blog::search::czech_lemmas("uctu");
  EXPECT_NE(std::find(lemmas.begin(), lemmas.end(), "ucet"), lemmas.end());
  const double twin_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - asked).count();
  std::cout << "[ dictionary ] cs_CZ and en_US loaded in " << status.load_ms << " ms (" << status.load_cpu_ms
            << " ms of processor time); the diacritic-free twin " << twin_ms << " ms later\n";
}

TEST_F(SearchDictionary, FormsOfDictionaryWordsFindTheirPostAndNoOther) {
  // bench/search_quality.sh may draw more lemmas per class (BLOG_QUALITY_PER_CLASS).
  const char* per_class = std::getenv("BLOG_QUALITY_PER_CLASS");
  const std::vector<word_group> groups = sample_groups(per_class ? std::stoul(per_class) : 10, 25);
  ASSERT_GT(groups.size(), 100U);
  temp_dir dir;
  index idx(dir.path() / "index");
  // Which groups each spelling (folded) belongs to: a spelling two groups share finds both posts,
  // and rightly so.
  std::map<std::string, std::set<std::size_t>> owners;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    idx.replace(czech_post(static_cast<std::int64_t>(g + 1), groups[g].lemma));
    owners[blog::search::fold(groups[g].lemma)].insert(g);
    for (const std::string& form : groups[g].forms) owners[blog::search::fold(form)].insert(g);
  }
  idx.commit(1);

  std::size_t queries = 0;
  std::size_t found = 0;
  std::size_t whole_groups = 0;
  std::size_t wrong = 0;
  std::size_t related = 0;
  std::vector<std::string> misses;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    bool all = true;
    for (const std::string& form : groups[g].forms) {
      const std::string folded = blog::search::fold(form);
      for (const std::string& spelling : folded == form ? std::vector{form} : std::vector{form, folded}) {
        ++queries;
        const std::vector<std::int64_t> ids = find(idx, spelling, 50);
        if (contains(ids, static_cast<std::int64_t>(g + 1))) {
          ++found;
        } else {
          all = false;
          if (misses.size() < 40) misses.push_back(groups[g].lemma + "←" + spelling);
        }
        for (const std::int64_t id : ids) {
          const auto other = static_cast<std::size_t>(id - 1);
          if (other == g || owners[folded].contains(other)) continue;
          // The dictionary itself makes the other post's word a form of this lemma ("nadehnán" is
          // a word of its own and the passive of "nadehnat"), or this form one of the other's.
          const std::vector<std::string> theirs = blog::search::czech_lemmas(groups[other].lemma);
          const std::vector<std::string> ours = blog::search::czech_lemmas(spelling);
          if (std::find(theirs.begin(), theirs.end(), blog::search::fold(groups[g].lemma)) != theirs.end() ||
              std::find(ours.begin(), ours.end(), blog::search::fold(groups[other].lemma)) != ours.end()) {
            ++related;
            continue;
          }
          ++wrong;
          ADD_FAILURE() << spelling << " (" << groups[g].lemma << ") finds the post of " << groups[other].lemma;
        }
      }
    }
    if (all) ++whole_groups;
  }
  const double form_share = 100.0 * static_cast<double>(found) / static_cast<double>(queries);
  const double group_share = 100.0 * static_cast<double>(whole_groups) / static_cast<double>(groups.size());
  std::cout << "[ quality ] groups " << groups.size() << ", queries " << queries << " (plain and diacritic-free)\n"
            << "[ quality ] forms finding their post: " << found << "/" << queries << " = " << form_share << " %\n"
            << "[ quality ] groups found by all forms: " << whole_groups << "/" << groups.size() << " = " << group_share
            << " %\n"
            << "[ quality ] queries finding another group's post: " << wrong << " (and " << related
            << " finding a post whose word the dictionary itself gives as a form of theirs)\n"
            << "[ quality ] some misses:";
  for (const std::string& m : misses) std::cout << ' ' << m;
  std::cout << '\n';
  EXPECT_GE(form_share, 97.0);
  EXPECT_GE(group_share, 95.0);
  EXPECT_EQ(wrong, 0U);
}

// Lucene's TestCzechStemmer groups, through the index: the first word is the post, every other
// word a query.
TEST_F(SearchDictionary, LuceneCzechStemmerGroupsFindTheirPost) {
  const std::vector<std::vector<std::string>> groups{
      {"pán", "páni", "pána", "pánů", "pánovi", "pánům", "pány", "páne", "pánech", "pánem"},
      {"muž", "muži", "muže", "mužů", "mužům", "mužích", "mužem"},
      {"předseda", "předsedové", "předsedy", "předsedů", "předsedovi", "předsedům", "předsedu", "předsedo",
       "předsedech", "předsedou"},
      {"soudce", "soudci", "soudců", "soudcům", "soudcích", "soudcem"},
      {"hrad", "hradu", "hrade", "hradem", "hrady", "hradech", "hradům", "hradů"},
      {"stroj", "stroje", "strojů", "stroji", "strojům", "strojích", "strojem"},
      {"žena", "ženy", "žen", "ženě", "ženám", "ženu", "ženo", "ženách", "ženou", "ženami"},
      {"růže", "růží", "růžím", "růžích", "růžemi"},
      {"píseň", "písně", "písni", "písní", "písním", "písních", "písněmi"},
      {"kost", "kosti", "kostí", "kostem", "kostech", "kostmi"},
      {"město", "města", "měst", "městu", "městům", "městě", "městech", "městem", "městy"},
      {"moře", "moří", "mořím", "moři", "mořích", "mořem"},
      {"kuře", "kuřata", "kuřete", "kuřat", "kuřeti", "kuřatům", "kuřatech", "kuřetem", "kuřaty"},
      {"stavení", "stavením", "staveních", "staveními"},
      {"mladý", "mladí", "mladého", "mladých", "mladému", "mladým", "mladé", "mladými", "mladá", "mladou"},
      {"jarní", "jarního", "jarních", "jarnímu", "jarním", "jarními"},
  };
  temp_dir dir;
  index idx(dir.path() / "index");
  for (std::size_t g = 0; g < groups.size(); ++g) {
    idx.replace(czech_post(static_cast<std::int64_t>(g + 1), groups[g].front()));
  }
  idx.commit(1);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    for (std::size_t i = 1; i < groups[g].size(); ++i) {
      EXPECT_EQ(find(idx, groups[g][i]), std::vector<std::int64_t>{static_cast<std::int64_t>(g + 1)}) << groups[g][i];
    }
  }
}

// The words of the issue: forms that change the stem, and verbs.
TEST_F(SearchDictionary, StemChangingFormsAndVerbsFindTheBaseForm) {
  const std::vector<std::vector<std::string>> groups{
      {"účet", "účtu", "účtem", "účty", "účtů"},
      {"obec", "obce"},
      {"konec", "konce"},
      {"kupec", "kupce"},
      {"bankomat", "bankomatu"},
      {"certifikát", "certifikátem"},
      {"formát", "formátů"},
      {"platit", "platil", "platí", "plaťte", "platím", "platíš", "platíme", "platíte", "platila", "platilo", "platili",
       "platily", "plať", "plaťme", "placen"},
      {"investovat", "investuje", "investoval", "investujeme", "investovali"},
      {"obchodovat", "obchodoval", "obchoduje", "obchodují"},
      {"splácet", "splácí", "splácel", "splácejí"},
  };
  temp_dir dir;
  index idx(dir.path() / "index");
  for (std::size_t g = 0; g < groups.size(); ++g) {
    idx.replace(czech_post(static_cast<std::int64_t>(g + 1), "Text o slově " + groups[g].front() + "."));
  }
  idx.commit(1);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    for (std::size_t i = 1; i < groups[g].size(); ++i) {
      for (const std::string& spelling : {groups[g][i], blog::search::fold(groups[g][i])}) {
        EXPECT_EQ(find(idx, spelling), std::vector<std::int64_t>{static_cast<std::int64_t>(g + 1)}) << spelling;
      }
    }
  }
  // The matched form is highlighted in the snippet, wherever it stands.
  query q;
  q.text = "účtů";
  q.language = "cs";
  q.now_ms = now_ms;
  const auto r = idx.search(q);
  ASSERT_EQ(r.hits.size(), 1U);
  EXPECT_NE(r.hits[0].snippet_html.find("<mark>účet</mark>"), std::string::npos) << r.hits[0].snippet_html;
  // An inflection of an indexed word is never "corrected".
  EXPECT_EQ(r.suggestion, "");
}

TEST_F(SearchDictionary, RelatedPostsMeetThroughLemmas) {
  temp_dir dir;
  index idx(dir.path() / "index");
  idx.replace(czech_post(1, "Fond investuje a obchoduje."));
  idx.replace(czech_post(2, "Investovat a obchodovat se dá i doma."));
  idx.replace(czech_post(3, "Kočky spí na gauči."));
  idx.commit(1);
  EXPECT_EQ(idx.related(1, "cs", now_ms, 5), std::vector<std::int64_t>{2});
}

TEST_F(SearchDictionary, GlossarySynonymsMatchAnyFormOfTheCzechTerm) {
  temp_dir dir;
  index idx(dir.path() / "index");
  post_doc english = czech_post(1, "How to invest wisely.");
  english.language = "en";
  idx.replace(english);
  idx.commit(1);
  auto terms = std::make_shared<blog::search::glossary>();
  terms->version = 1;
  terms->pairs.push_back({"invest", "investovat"});
  query q;
  q.text = "investuje";
  q.language = "cs";
  q.now_ms = now_ms;
  q.synonyms = terms;
  ASSERT_EQ(idx.search(q).hits.size(), 1U);
  EXPECT_EQ(idx.search(q).hits[0].id, 1);
}

TEST_F(SearchDictionary, AmbiguousFormsIndexEveryLemma) {
  // "ženu" is a form of "žena" (woman) and of "hnát" (to chase): a post with it is found by both.
  EXPECT_EQ(blog::search::czech_lemmas("konce"), (std::vector<std::string>{"konce", "konec"}));
  temp_dir dir;
  index idx(dir.path() / "index");
  idx.replace(czech_post(1, "Kupce"));
  idx.commit(1);
  EXPECT_EQ(find(idx, "kupka"), std::vector<std::int64_t>{1});
  EXPECT_EQ(find(idx, "kupec"), std::vector<std::int64_t>{1});
}

TEST_F(SearchDictionary, EnglishIrregularFormsMeetTheirBase) {
  temp_dir dir;
  index idx(dir.path() / "index");
  post_doc p = czech_post(1, "We pay the invoice; the mouse is good.");
  p.language = "en";
  idx.replace(p);
  idx.commit(1);
  for (const char* form : {"paid", "mice", "better", "pays"}) {
    query q;
    q.text = form;
    q.language = "en";
    q.now_ms = now_ms;
    EXPECT_EQ(idx.search(q).hits.size(), 1U) << form;
  }
}

std::vector<std::int64_t> find_english(const index& idx, const std::string& text) {
  query q;
  q.text = text;
  q.language = "en";
  q.now_ms = now_ms;
  std::vector<std::int64_t> ids;
  for (const hit& h : idx.search(q).hits) ids.push_back(h.id);
  return ids;
}

// Forms Snowball alone leaves apart from their base, which en_US's suffix rules join; its prefix
// rules are not followed ("inactive" is not "in" + "active", "disagrees" not "dis" + "agrees").
TEST_F(SearchDictionary, EnglishFormsMeetTheirBaseByTheDictionary) {
  EXPECT_EQ(blog::search::english_stem("happier"), blog::search::english_stem("happy"));
  EXPECT_EQ(blog::search::english_stem("fallen"), blog::search::english_stem("fall"));
  EXPECT_EQ(blog::search::english_stem("paid"), blog::search::english_stem("pay"));
  EXPECT_NE(blog::search::english_stem("disagrees"), blog::search::english_stem("agree"));
  const std::vector<std::vector<std::string>> groups{{"happy", "happier", "happiest"},
                                                     {"fall", "fallen", "falls"},
                                                     {"ox", "oxen"},
                                                     {"pay", "paid", "pays", "paying"},
                                                     {"mouse", "mice"},
                                                     {"good", "better", "best"},
                                                     {"active"}};
  temp_dir dir;
  index idx(dir.path() / "index");
  for (std::size_t g = 0; g < groups.size(); ++g) {
    post_doc p = czech_post(static_cast<std::int64_t>(g + 1), "A note on the word " + groups[g].front() + ".");
    p.title = "Note";
    p.language = "en";
    idx.replace(p);
  }
  idx.commit(1);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    for (std::size_t i = 1; i < groups[g].size(); ++i) {
      EXPECT_EQ(find_english(idx, groups[g][i]), std::vector<std::int64_t>{static_cast<std::int64_t>(g + 1)})
          << groups[g][i];
    }
  }
  EXPECT_TRUE(find_english(idx, "inactive").empty());
}

TEST_F(SearchDictionary, MissingEnglishDictionaryFallsBackToSnowballAndAsksForARebuild) {
  const std::string with_both = blog::search::dictionaries().analysis;
  temp_dir czech_only;
  for (const char* name : {"cs_CZ.aff", "cs_CZ.dic"})
    fs::create_symlink(dictionary_dir / name, czech_only.path() / name);
  const blog::search::dictionary_status status = blog::search::use_dictionaries(czech_only.path());
  EXPECT_TRUE(status.czech);
  EXPECT_FALSE(status.english);
  EXPECT_NE(status.problem.find("en_US.dic"), std::string::npos) << status.problem;
  EXPECT_NE(status.problem.find("hunspell-en-us"), std::string::npos) << status.problem;
  EXPECT_NE(status.analysis, with_both);  // an index built with en_US is rebuilt
  EXPECT_NE(blog::search::english_stem("happier"), blog::search::english_stem("happy"));  // Snowball alone
  EXPECT_EQ(blog::search::english_stem("paid"), blog::search::english_stem("pay"));       // the table stays
  blog::search::use_dictionaries(dictionary_dir);
  EXPECT_EQ(blog::search::dictionaries().analysis, with_both);
}

TEST_F(SearchDictionary, MissingDictionaryFallsBackToTheLightStemmerAndAsksForARebuild) {
  temp_dir dir;
  {
    index idx(dir.path() / "index");
    idx.replace(czech_post(1, "Platba z účtu"));
    idx.commit(7);
    EXPECT_EQ(idx.last_seq(), 7);
  }
  temp_dir empty;
  const blog::search::dictionary_status status = blog::search::use_dictionaries(empty.path());
  EXPECT_FALSE(status.czech);
  EXPECT_NE(status.problem.find("cs_CZ.dic"), std::string::npos) << status.problem;
  EXPECT_NE(status.problem.find("hunspell-cs"), std::string::npos) << status.problem;
  {
    // The index was built with another analysis: it keeps its position and answers, marked for the
    // rebuild the node starts by itself.
    index idx(dir.path() / "index");
    EXPECT_EQ(idx.last_seq(), 7);
    EXPECT_TRUE(idx.stale_analysis());
    // Until the rebuild replaces them, the old documents still answer.
    EXPECT_EQ(find(idx, "platby"), std::vector<std::int64_t>{1});
    idx.replace(czech_post(1, "Platba: investovat"));
    idx.commit(8);
    EXPECT_EQ(find(idx, "platby"), std::vector<std::int64_t>{1});  // the light stemmer
    EXPECT_TRUE(find(idx, "investuje").empty());                   // no dictionary, no lemma
  }
  blog::search::use_dictionaries(dictionary_dir);
  {
    // Documents of both analyses now: stale under either, until a rebuild.
    index idx(dir.path() / "index");
    EXPECT_EQ(idx.last_seq(), 8);
    EXPECT_TRUE(idx.stale_analysis());
  }
  // An index written under this process's analysis opens as current.
  temp_dir fresh;
  {
    index idx(fresh.path() / "index");
    idx.replace(czech_post(1, "Platba"));
    idx.commit(1);
  }
  index idx(fresh.path() / "index");
  EXPECT_FALSE(idx.stale_analysis());
  EXPECT_EQ(idx.last_seq(), 1);
}

}  // namespace
