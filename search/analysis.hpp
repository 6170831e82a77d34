// Word analysis shared by indexing, querying and snippets: the terms one word contributes (internal header).
#pragma once

#include "lemmatizer.hpp"

#include <xapian.h>

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace blog::search {

// The query words as typed, by their folded form: the query parser reads folded text, and the
// Czech stemmer looks a word up by its accented spelling when the reader typed one.
using query_spellings = std::unordered_map<std::string, std::string>;

// The stemmers of both content languages. Xapian::Stem objects are not thread-safe: one set per
// writer or reader. The lemmatizer behind them is shared and thread-safe.
struct stemmers {
  stemmers();
  std::shared_ptr<const lemmatizer> dictionary;
  std::shared_ptr<query_spellings> spellings = std::make_shared<query_spellings>();
  // Snowball, after the en_US base by suffix rules ("happier" → "happy") or the irregular base
  // ("paid" → "pay")
  Xapian::Stem english;
  // For the query parser: a word's dictionary lemmas (joined by lemma_separator, see
  // split_lemma_terms()), or its light stem when the dictionary does not know it.
  Xapian::Stem czech;         // accented words
  Xapian::Stem czech_folded;  // folded words (looked up by their spelling in `spellings` first)
};

// Joins the lemmas of one word in a query parser's stem; never part of an indexed term.
inline constexpr char lemma_separator = '\x1f';

// The terms one word contributes to a post (see schema.hpp), without field prefixes.
struct word_terms {
  std::string folded;         // the folded word: positional term (after the language prefix)
  std::string stem_folded;    // stem of `folded` with the post language's folded stemmer; empty
                              // for words that are not stemmed (starting with a digit)
  std::string stem_accented;  // stem of the accented word; empty when equal to stem_folded
  // Czech: schema::lemma_mark + each dictionary lemma (folded) of the word; empty when the
  // dictionary does not know it.
  std::vector<std::string> lemmas;
  bool spelling = false;  // belongs in the spelling dictionary
};

// Fills `out` with the terms of `lower` (one lowercase NFC word) in a post in Czech (czech=true)
// or English.
void analyse_word(const std::string& lower, bool czech, stemmers& stem, word_terms& out);

// The query with every stem term the parser made of several lemmas ("ZC=konce\x1f=konec") turned
// into an OP_SYNONYM of one term per lemma: an ambiguous form matches a post with any of them.
Xapian::Query split_lemma_terms(const Xapian::Query& query);

// True for a folded word worth keeping in the spelling dictionary: long enough, letters only.
bool is_spelling_word(std::string_view folded);

// The layout stored with the index: schema::layout_version and the analysis in use.
std::string index_layout();

}  // namespace blog::search
