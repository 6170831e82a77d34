// Turns a post into a Xapian document following schema.hpp (internal header).
#pragma once

#include "analysis.hpp"
#include "blog/search/index.hpp"
#include "blog/search/text.hpp"

#include <xapian.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace blog::search {

// Builds documents for one writer. Caches what it knows about each word it has seen (terms,
// counts in the document being built, spelling counts), so the stemmers run once per distinct word
// and each occurrence costs one hash lookup. Not thread-safe.
class document_builder {
 public:
  // Builds the document of `post` and counts its words (each once) for the spelling dictionary.
  // Throws only what Xapian::Document throws (std::bad_alloc).
  Xapian::Document build(const post_doc& post);

  // Adds the spelling counts of the documents built since the last call to `deltas` (folded word
  // → number of documents), and starts counting afresh.
  void take_spelling(std::unordered_map<std::string, std::int64_t>& deltas);

 private:
  // A word start of the language (schema::word_start_prefix), shared by every word that has it,
  // so a document adds each distinct start once with the summed occurrences of its words: a post
  // of 300 distinct words has far fewer distinct starts, and each Xapian add_term is a map update.
  struct start_entry {
    std::string term;                // prefixed
    std::uint64_t document = 0;      // the build() that last saw it
    Xapian::termcount weighted = 0;  // occurrences of its words in that document
  };

  struct entry {
    word_terms terms;
    // The document terms, prefixed once here rather than at every occurrence: the positional
    // term, its title twin, and the stems and lemmas (stem_terms) with their title twins.
    std::string positional;
    std::string title_positional;
    std::vector<std::string> stem_terms;
    std::vector<std::string> title_stem_terms;
    // The entry of the folded word, which holds the spelling count: "bezpečnost" and
    // "bezpecnost" in one post count once.
    entry* spelling_entry = nullptr;
    std::uint64_t document = 0;      // the build() that last saw the word
    Xapian::termcount weighted = 0;  // occurrences in that document, title ones title_wdf times
    Xapian::termcount in_title = 0;
    std::uint64_t spelling_document = 0;  // the build() that last counted it for spelling
    std::int64_t spelling = 0;            // documents counted since take_spelling()
    std::vector<start_entry*> word_starts;
  };

  entry& entry_of(const std::string& lower, bool czech);
  void add_field(Xapian::Document& doc, std::string_view text, bool czech, bool title);
  void add_stems(Xapian::Document& doc);
  void drop_cache();

  stemmers stem_;
  std::unordered_map<std::string, entry> czech_cache_;
  std::unordered_map<std::string, entry> english_cache_;
  std::unordered_map<std::string, start_entry> starts_;  // by prefixed term (both languages)
  std::vector<start_entry*> starts_in_document_;
  std::uint64_t document_ = 0;
  std::vector<entry*> in_document_;                                 // distinct words of the document being built
  std::vector<entry*> spelling_pending_;                            // entries with spelling > 0
  std::unordered_map<std::string, std::int64_t> dropped_spelling_;  // counts of dropped entries
  Xapian::termpos position_ = 0;
  word current_;
};

// The decimal post id stored as document data, and back; nullopt when data is not an id.
std::string id_to_data(std::int64_t id);
std::optional<std::int64_t> id_from_data(std::string_view data);

// The word starts a folded word contributes (schema::word_start_prefix), shortest first; none for
// a word shorter than schema::min_word_start_chars characters. Does not fail.
std::vector<std::string> word_starts_of(std::string_view folded);

// The Q<id> term.
std::string id_term(std::int64_t id);

}  // namespace blog::search
