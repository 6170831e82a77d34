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
#include <unordered_set>
#include <vector>

namespace blog::search {

// Builds documents for one writer: caches the terms of each word it has seen, so the stemmers run
// once per distinct word rather than once per occurrence. Not thread-safe.
class document_builder {
 public:
  // Builds the document of `post`; the folded words for the spelling dictionary (each once) are
  // stored in spelling_words. Throws only what Xapian::Document throws (std::bad_alloc).
  Xapian::Document build(const post_doc& post, std::vector<std::string>& spelling_words);

 private:
  const word_terms& terms_of(const std::string& lower, bool czech);
  void add_field(Xapian::Document& doc, std::string_view text, bool czech, bool title);

  stemmers stem_;
  std::unordered_map<std::string, word_terms> czech_cache_;
  std::unordered_map<std::string, word_terms> english_cache_;
  std::unordered_set<const word_terms*> spelling_seen_;
  Xapian::termpos position_ = 0;
  word current_;
  std::string term_;
};

// The decimal post id stored as document data, and back; nullopt when data is not an id.
std::string id_to_data(std::int64_t id);
std::optional<std::int64_t> id_from_data(std::string_view data);

// The Q<id> term.
std::string id_term(std::int64_t id);

}  // namespace blog::search
