// Turns a reader's search text into a Xapian query over both stemmers, and suggests spellings (internal header).
#pragma once

#include "analysis.hpp"
#include "blog/search/index.hpp"

#include <xapian.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace blog::search {

// What a snippet should highlight for a query.
struct highlight_terms {
  std::unordered_set<std::string> words;       // folded unstemmed words (phrases), without prefixes
  std::unordered_set<std::string> stems;       // stems of any of the stemmers, without prefixes
  std::vector<std::string> wildcard_prefixes;  // folded
  // How rare each word or stem is in the index (inverse document frequency, > 0); absent: 1.
  std::unordered_map<std::string, double> rarity;
  // Each query term behind a word or stem above: (indexed term, the word or stem it highlights).
  // A post without any of a word's terms has no form of it to mark.
  std::vector<std::pair<std::string, std::string>> sources;
  // Each typed word's own forms among the words and stems above (its folded word, stems and
  // lemmas): a passage holding two of them holds one word of the query, not two.
  std::vector<std::vector<std::string>> forms;
};

// True for a lowercase word too common to narrow a search (English or Czech, with or without
// diacritics). Does not fail.
bool is_stop_word(std::string_view word);

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

  // Uses the glossary `synonyms` (null: none) in later parses; its pairs are analysed again only
  // when it is another glossary than the one in use. Does not fail (std::bad_alloc aside).
  void use_synonyms(const std::shared_ptr<const glossary>& synonyms);

  // The text with each unknown word replaced by the closest word of the spelling dictionary, or ""
  // when nothing needs correcting. A word is known when its folded form, or one of its stems in
  // either language, is in the index, so inflections of indexed words are never "corrected".
  // Throws only Xapian errors from reading the database.
  std::string suggest(std::string_view text, bool czech);

 private:
  std::optional<Xapian::Query> parse_language(const std::string& lower, const std::string& folded, bool czech,
                                              Xapian::Query::op default_op);

  // A glossary pair as the query text is matched against it: each side's words as stems.
  struct synonym_entry {
    std::string en;  // lowercase NFC
    std::string cs;
    std::vector<std::string> en_stems;
    std::vector<std::string> cs_stems;
  };
  // Each word of `lower` as the index stems it in one language (its folded form when unstemmed).
  std::vector<std::string> stems_of(std::string_view lower, bool czech);
  // The query `lower` (in Czech when from_czech, else English) means in the other language by the
  // glossary; nullopt when no glossary term occurs in it.
  std::optional<Xapian::Query> synonym_query(const std::string& lower, bool from_czech);
  // The other-language queries of `lower`: into English always, into Czech when `czech`.
  std::vector<Xapian::Query> synonym_queries(const std::string& lower, bool czech);

  Xapian::Database db_;
  stemmers& stem_;
  std::shared_ptr<const glossary> synonyms_;
  std::vector<synonym_entry> synonym_entries_;
  Xapian::SimpleStopper stopper_;
  Xapian::QueryParser czech_parser_;
  Xapian::QueryParser english_parser_;
};

}  // namespace blog::search
