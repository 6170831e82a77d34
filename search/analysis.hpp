// Word analysis shared by indexing, querying and snippets: the terms one word contributes (internal header).
#pragma once

#include <xapian.h>

#include <string>
#include <string_view>

namespace blog::search {

// The stemmers of both content languages. Xapian::Stem objects are not thread-safe: one set per
// writer or reader.
struct stemmers {
  stemmers();
  Xapian::Stem english;
  Xapian::Stem czech;         // accented Czech (the published algorithm)
  Xapian::Stem czech_folded;  // the same rules over folded text
};

// The terms one word contributes to a post (see schema.hpp), without field prefixes.
struct word_terms {
  std::string folded;         // the folded word: positional term (after the language prefix)
  std::string stem_folded;    // stem of `folded` with the post language's folded stemmer; empty
                              // for words that are not stemmed (starting with a digit)
  std::string stem_accented;  // stem of the accented word; empty when equal to stem_folded
  bool spelling = false;      // belongs in the spelling dictionary
};

// Fills `out` with the terms of `lower` (one lowercase NFC word) in a post in Czech (czech=true)
// or English.
void analyse_word(const std::string& lower, bool czech, stemmers& stem, word_terms& out);

// True for a folded word worth keeping in the spelling dictionary: long enough, letters only.
bool is_spelling_word(std::string_view folded);

}  // namespace blog::search
