// Cheap HTML snippets: a window of the stored text around the query's matches, words in <mark> (internal header).
#pragma once

#include "analysis.hpp"
#include "query_builder.hpp"

#include <bitset>
#include <string>
#include <string_view>
#include <unordered_map>

namespace blog::search {

// Built once per search and used for each hit. Not thread-safe.
class snippet_maker {
 public:
  // `czech`: the query covers Czech posts, so words are also stemmed the Czech way.
  snippet_maker(const highlight_terms& highlights, bool czech, stemmers& stem);

  // About target_bytes of `text` (NFC) around its best cluster of matching words, HTML-escaped,
  // whitespace collapsed, matches in <mark>…</mark>, "…" where text was left out. Does not fail.
  std::string make(std::string_view text);

  static constexpr std::size_t target_bytes = 200;

 private:
  bool matches(const std::string& lower);

  const highlight_terms& highlights_;
  bool czech_;
  stemmers& stem_;
  std::bitset<256> first_bytes_;  // first bytes of every highlight term: most words skip stemming
  std::unordered_map<std::string, bool> verdicts_;
  word_terms terms_;
};

}  // namespace blog::search
