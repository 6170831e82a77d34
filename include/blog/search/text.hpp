// Unicode text helpers of the search index: NFC normalisation, case and diacritics folding, word splitting.
#pragma once

#include "blog/core/text.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace blog::search {

// Returns `text` in Unicode NFC (Xapian 1.4 compares bytes, so "č" and "c" + U+030C must become
// one form before anything else). Invalid UTF-8 bytes become U+FFFD. Does not fail.
std::string normalize_nfc(std::string_view text);

// Lowercases `text` (simple Unicode case mapping), keeping diacritics. Does not fail.
std::string to_lower(std::string_view text);

// Lowercases `text` and strips diacritics from Latin letters ("Platební ČSOB Łódź" →
// "platebni csob lodz"); other characters are kept as they are. Does not fail.
std::string fold(std::string_view text);

// Appends the folded form of `text` (see fold()) to `out`. Does not fail.
void fold_append(std::string_view text, std::string& out);

// One word of a text as the indexer and the query side see it.
struct word {
  std::size_t begin = 0;  // byte offsets of the word in the text
  std::size_t end = 0;
  std::string lower;  // the word lowercased, diacritics kept
};

// Splits NFC text into words with the rules of Xapian's TermGenerator, so indexed words are the
// words QueryParser sees: letters, digits and marks; inner apostrophes and '&' ("don't", "at&t");
// digit groups ("1,000.50"); acronyms ("U.S.A." → "usa"); up to three trailing '+' or '#' ("c++").
// Holds a view of the text, which must outlive the reader. Does not fail.
class word_reader {
 public:
  explicit word_reader(std::string_view text) : text_(text) {}

  // Stores the next word in `out` (reusing its buffer); false at the end of the text.
  bool next(word& out);

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
};

// The longest prefix of UTF-8 `text` of at most max_bytes that does not split a code point.
// Does not fail.
std::string_view cut_utf8(std::string_view text, std::size_t max_bytes);

// Escapes & < > " ' for HTML text and attribute values, appending to `out` (the one escaper of
// core/text.hpp, named here for the snippet code). Does not fail.
using core::append_html_escaped;

}  // namespace blog::search
