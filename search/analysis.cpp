// Word analysis shared by indexing, querying and snippets: folding, dictionary lemmas and the light stems of both
// languages.
#include "analysis.hpp"

#include "blog/search/czech_stemmer.hpp"
#include "blog/search/schema.hpp"
#include "blog/search/text.hpp"
#include "utf8.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace blog::search {
namespace {

// The English forms neither Snowball nor en_US bring to their base: suppletive and vowel-changing
// forms ("paid", "mice", "better"), which en_US lists as words of their own with no link to their
// base (its .dic has no morphological fields). Everything en_US's suffix rules give ("fallen" →
// "fall", "oxen" → "ox", "happier" → "happy") comes from the dictionary instead (lemmatizer::
// english_base); this table holds only what it cannot give.
constexpr auto irregular_english = std::to_array<std::pair<std::string_view, std::string_view>>({
    {"ate", "eat"},
    {"beaten", "beat"},
    {"became", "become"},
    {"began", "begin"},
    {"begun", "begin"},
    {"bent", "bend"},
    {"best", "good"},
    {"better", "good"},
    {"bitten", "bite"},
    {"bled", "bleed"},
    {"blew", "blow"},
    {"blown", "blow"},
    {"borne", "bear"},
    {"bought", "buy"},
    {"broke", "break"},
    {"broken", "break"},
    {"brought", "bring"},
    {"built", "build"},
    {"burnt", "burn"},
    {"caught", "catch"},
    {"children", "child"},
    {"chose", "choose"},
    {"chosen", "choose"},
    {"came", "come"},
    {"criteria", "criterion"},
    {"dealt", "deal"},
    {"did", "do"},
    {"done", "do"},
    {"drank", "drink"},
    {"drawn", "draw"},
    {"drew", "draw"},
    {"driven", "drive"},
    {"drove", "drive"},
    {"drunk", "drink"},
    {"dug", "dig"},
    {"eaten", "eat"},
    {"fed", "feed"},
    {"feet", "foot"},
    {"felt", "feel"},
    {"fled", "flee"},
    {"flew", "fly"},
    {"flown", "fly"},
    {"forbade", "forbid"},
    {"forbidden", "forbid"},
    {"forgave", "forgive"},
    {"forgiven", "forgive"},
    {"forgot", "forget"},
    {"forgotten", "forget"},
    {"fought", "fight"},
    {"froze", "freeze"},
    {"frozen", "freeze"},
    {"gave", "give"},
    {"geese", "goose"},
    {"given", "give"},
    {"gone", "go"},
    {"got", "get"},
    {"gotten", "get"},
    {"grew", "grow"},
    {"grown", "grow"},
    {"had", "have"},
    {"has", "have"},
    {"heard", "hear"},
    {"held", "hold"},
    {"hid", "hide"},
    {"hidden", "hide"},
    {"indices", "index"},
    {"kept", "keep"},
    {"knew", "know"},
    {"known", "know"},
    {"laid", "lay"},
    {"lain", "lie"},
    {"leapt", "leap"},
    {"learnt", "learn"},
    {"led", "lead"},
    {"lent", "lend"},
    {"lost", "lose"},
    {"made", "make"},
    {"meant", "mean"},
    {"men", "man"},
    {"met", "meet"},
    {"mice", "mouse"},
    {"paid", "pay"},
    {"people", "person"},
    {"ran", "run"},
    {"rang", "ring"},
    {"ridden", "ride"},
    {"risen", "rise"},
    {"rode", "ride"},
    {"rung", "ring"},
    {"said", "say"},
    {"sang", "sing"},
    {"sank", "sink"},
    {"sat", "sit"},
    {"seen", "see"},
    {"sent", "send"},
    {"shaken", "shake"},
    {"shone", "shine"},
    {"shook", "shake"},
    {"shot", "shoot"},
    {"shown", "show"},
    {"slept", "sleep"},
    {"sold", "sell"},
    {"sought", "seek"},
    {"spent", "spend"},
    {"spoke", "speak"},
    {"spoken", "speak"},
    {"spun", "spin"},
    {"stole", "steal"},
    {"stolen", "steal"},
    {"stood", "stand"},
    {"struck", "strike"},
    {"sung", "sing"},
    {"sunk", "sink"},
    {"swore", "swear"},
    {"sworn", "swear"},
    {"taken", "take"},
    {"taught", "teach"},
    {"teeth", "tooth"},
    {"thought", "think"},
    {"threw", "throw"},
    {"thrown", "throw"},
    {"told", "tell"},
    {"took", "take"},
    {"tore", "tear"},
    {"torn", "tear"},
    {"understood", "understand"},
    {"was", "be"},
    {"went", "go"},
    {"were", "be"},
    {"withdrawn", "withdraw"},
    {"withdrew", "withdraw"},
    {"women", "woman"},
    {"won", "win"},
    {"wore", "wear"},
    {"worn", "wear"},
    {"worse", "bad"},
    {"worst", "bad"},
    {"written", "write"},
    {"wrote", "write"},
});

std::string_view english_base(std::string_view folded) {
  static const auto sorted = [] {
    auto table = irregular_english;
    std::sort(table.begin(), table.end());
    return table;
  }();
  const auto found = std::lower_bound(sorted.begin(), sorted.end(), std::pair{folded, std::string_view()},
                                      [](const auto& a, const auto& b) { return a.first < b.first; });
  return found != sorted.end() && found->first == folded ? found->second : folded;
}

// The irregular base from the table, else en_US's base by its suffix rules, then Snowball: the
// dictionary brings forms to a base Snowball conflates ("happier", "happy"), and Snowball still
// conflates what the dictionary does not know or lists as words of their own.
class english_stemmer final : public Xapian::StemImplementation {
 public:
  explicit english_stemmer(std::shared_ptr<const lemmatizer> dict) : dict_(std::move(dict)) {}
  std::string operator()(const std::string& word) override {
    const std::string_view irregular = english_base(word);
    if (irregular != word) return snowball_(std::string(irregular));
    if (utf8::starts_with_letter(word)) {
      if (std::string base = dict_->english_base(word); !base.empty()) return snowball_(base);
    }
    return snowball_(word);
  }
  std::string get_description() const override { return "english+en_US+irregular"; }

 private:
  std::shared_ptr<const lemmatizer> dict_;
  Xapian::Stem snowball_{"english"};
};

std::string joined(const std::vector<std::string>& lemmas) {
  std::string out;
  for (const std::string& lemma : lemmas) {
    if (!out.empty()) out += lemma_separator;
    out += schema::lemma_mark;
    out += lemma;
  }
  return out;
}

// A query word's lemmas: those of its accented spelling when typed with diacritics; typed
// without, those of the accented dictionary and of its diacritic-free twin, since "ucty" may
// mean "účty".
std::vector<std::string> query_lemmas(const lemmatizer& dict, const std::string& lower) {
  std::vector<std::string> out = dict.lemmas(lower);
  const std::string folded = fold(lower);
  if (folded != lower) return out;
  std::vector<std::string> more = dict.folded_lemmas(folded);
  out.insert(out.end(), more.begin(), more.end());
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

class czech_query_stemmer final : public Xapian::StemImplementation {
 public:
  czech_query_stemmer(std::shared_ptr<const lemmatizer> dict, std::shared_ptr<query_spellings> spellings,
                      czech_alphabet alphabet)
      : dict_(std::move(dict)), spellings_(std::move(spellings)), alphabet_(alphabet) {}

  std::string operator()(const std::string& word) override {
    std::string lemmas;
    if (dict_->loaded() && utf8::starts_with_letter(word)) {
      const std::string* spelt = &word;
      if (alphabet_ == czech_alphabet::folded) {
        if (const auto found = spellings_->find(word); found != spellings_->end()) spelt = &found->second;
      }
      std::vector<std::string> found = query_lemmas(*dict_, *spelt);
      if (!found.empty()) {
        // The dictionary lists some forms as words of their own ("bank" beside "banka", "pána"
        // beside "pán"): the lemmas of the light stem, when it is a word, join in. The light stem
        // itself does not: it is where unrelated words meet ("žáhu" and "zažat" in "zah").
        // Only the accented dictionary: in its diacritic-free twin short stems meet too often.
        const std::string light =
            czech_stem(*spelt, fold(*spelt) == *spelt ? czech_alphabet::folded : czech_alphabet::accented);
        if (light != *spelt) {
          const std::vector<std::string> more = dict_->lemmas(light);
          found.insert(found.end(), more.begin(), more.end());
          std::sort(found.begin(), found.end());
          found.erase(std::unique(found.begin(), found.end()), found.end());
        }
        lemmas = joined(found);
        // In the accented parse, the stem only exact spellings carry: a boost, never a match.
        if (alphabet_ == czech_alphabet::accented) {
          lemmas += lemma_separator;
          lemmas += czech_stem(word, alphabet_);
        }
      }
    }
    return lemmas.empty() ? czech_stem(word, alphabet_) : lemmas;
  }
  std::string get_description() const override { return "czech_lemmas"; }

 private:
  std::shared_ptr<const lemmatizer> dict_;
  std::shared_ptr<query_spellings> spellings_;
  czech_alphabet alphabet_;
};

}  // namespace

stemmers::stemmers()
    : dictionary(lemmatizer::shared()),
      english(new english_stemmer(dictionary)),
      czech(new czech_query_stemmer(dictionary, spellings, czech_alphabet::accented)),
      czech_folded(new czech_query_stemmer(dictionary, spellings, czech_alphabet::folded)) {}

void analyse_word(const std::string& lower, bool czech, stemmers& stem, word_terms& out) {
  out.folded.clear();
  fold_append(lower, out.folded);
  out.spelling = is_spelling_word(out.folded);
  out.stem_accented.clear();
  out.lemmas.clear();
  if (!utf8::starts_with_letter(out.folded)) {
    out.stem_folded.clear();
    return;
  }
  if (czech) {
    // The light stems stay beside the lemmas: a form the dictionary lacks (a typo, a coinage)
    // still meets the post through them.
    out.stem_folded = czech_stem(out.folded, czech_alphabet::folded);
    std::string accented = czech_stem(lower, czech_alphabet::accented);
    if (accented != out.stem_folded) out.stem_accented = std::move(accented);
    std::vector<std::string> lemmas = stem.dictionary->lemmas(lower);
    if (lemmas.empty() && out.folded == lower) lemmas = stem.dictionary->folded_lemmas(out.folded);
    for (const std::string& lemma : lemmas) out.lemmas.push_back(std::string(schema::lemma_mark) + lemma);
  } else {
    out.stem_folded = stem.english(out.folded);
    if (lower != out.folded) {
      std::string accented = stem.english(lower);
      if (accented != out.stem_folded) out.stem_accented = std::move(accented);
    }
  }
}

Xapian::Query split_lemma_terms(const Xapian::Query& query) {
  const auto has_joined = [](const Xapian::Query& q) {
    for (auto it = q.get_unique_terms_begin(); it != q.get_terms_end(); ++it) {
      if ((*it).find(lemma_separator) != std::string::npos) return true;
    }
    return false;
  };
  if (!has_joined(query)) return query;
  using Q = Xapian::Query;
  switch (query.get_type()) {
    case Q::LEAF_TERM: {
      const std::string term = *query.get_terms_begin();
      const std::size_t mark = term.find(schema::lemma_mark);
      const std::string head = term.substr(0, mark);
      std::vector<Q> parts;
      for (std::size_t at = mark; at <= term.size();) {
        std::size_t end = term.find(lemma_separator, at);
        if (end == std::string::npos) end = term.size();
        parts.emplace_back(at == mark ? term.substr(at, end - at).insert(0, head) : head + term.substr(at, end - at));
        at = end + 1;
      }
      return Q(Q::OP_SYNONYM, parts.begin(), parts.end());
    }
    case Q::OP_AND:
    case Q::OP_OR:
    case Q::OP_AND_NOT:
    case Q::OP_XOR:
    case Q::OP_AND_MAYBE:
    case Q::OP_FILTER:
    case Q::OP_SYNONYM:
    case Q::OP_MAX: {
      std::vector<Q> parts;
      for (std::size_t i = 0; i < query.get_num_subqueries(); ++i)
        parts.push_back(split_lemma_terms(query.get_subquery(i)));
      return Q(query.get_type(), parts.begin(), parts.end());
    }
    default:
      // Phrases, NEAR and wildcards hold unstemmed words only.
      return query;
  }
}

bool is_spelling_word(std::string_view folded) {
  if (folded.size() < schema::min_spelling_bytes || folded.size() > schema::max_word_bytes) {
    return false;
  }
  std::size_t pos = 0;
  while (pos < folded.size()) {
    const char32_t cp = utf8::decode(folded, pos);
    if (utf8::is_digit(cp) || cp == U'_' || cp == U'\'' || cp == U'&' || cp == U'+' || cp == U'#') {
      return false;
    }
  }
  return true;
}

std::string english_stem(std::string_view word) {
  stemmers stem;
  return stem.english(to_lower(normalize_nfc(word)));
}

std::string index_layout() {
  return std::string(schema::layout_version) + "/" + lemmatizer::shared()->status().analysis;
}

}  // namespace blog::search
