// Turns a reader's search text into a Xapian query over both stemmers, and suggests spellings (internal header).
#pragma once

#include "analysis.hpp"

#include <xapian.h>

#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace blog::search {

// What a snippet should highlight for a query.
struct highlight_terms {
  std::unordered_set<std::string> words;       // folded unstemmed words (phrases), without prefixes
  std::unordered_set<std::string> stems;       // stems of any of the stemmers, without prefixes
  std::vector<std::string> wildcard_prefixes;  // folded
};

struct parsed_text {
  Xapian::Query query;  // empty when the text holds nothing to search for
  highlight_terms highlights;
};

// One per reader: owns a QueryParser per language, bound to the reader's database. Not
// thread-safe.
class query_builder {
 public:
  query_builder(const Xapian::Database& db, stemmers& stem);

  // Parses `text` for English posts (czech=false) or Czech and English posts (czech=true): the text
  // is NFC-normalised and lowercased (so STEM_SOME stems every word; AND/OR/NOT still work through
  // FLAG_BOOLEAN_ANY_CASE), folded and parsed for each language with its folded stemmer, exact
  // accented stems added as a boost; the languages' queries are OR-ed. Text QueryParser rejects
  // is searched as plain words. Throws only Xapian errors from reading the database, never
  // QueryParserError.
  parsed_text parse(std::string_view text, bool czech, Xapian::Query::op default_op);

  // The text with each unknown word replaced by the closest word of the spelling dictionary, or ""
  // when nothing needs correcting. A word is known when its folded form, or one of its stems in
  // either language, is in the index, so inflections of indexed words are never "corrected".
  // Throws only Xapian errors from reading the database.
  std::string suggest(std::string_view text, bool czech);

 private:
  std::optional<Xapian::Query> parse_language(const std::string& lower, const std::string& folded, bool czech,
                                              Xapian::Query::op default_op);

  Xapian::Database db_;
  stemmers& stem_;
  Xapian::SimpleStopper stopper_;
  Xapian::QueryParser czech_parser_;
  Xapian::QueryParser english_parser_;
};

}  // namespace blog::search
