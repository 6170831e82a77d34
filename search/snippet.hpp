// HTML snippets: the best passage of a post's whole text for a query, matched words in <mark> (internal header).
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

  // The passage of about target_bytes of `text` (NFC) with the most and rarest query terms: each
  // distinct term counts its rarity (highlight_terms::rarity), repeats a fifth of it, and the
  // earlier passage wins a tie. Cut at word boundaries, HTML-escaped, whitespace collapsed, every
  // matched form (inflected, with or without diacritics) in <mark>…</mark>, "…" where text was left
  // out; the text's opening when nothing matches. Does not fail.
  std::string make(std::string_view text);

  static constexpr std::size_t target_bytes = 200;

 private:
  struct verdict {
    int key = -1;  // the matched highlight term; -1: no match
    double rarity = 0;
  };
  verdict matches(const std::string& lower);
  verdict verdict_of(const std::string& term);

  const highlight_terms& highlights_;
  bool czech_;
  stemmers& stem_;
  std::bitset<256> first_bytes_;               // first bytes of every highlight term: most words skip stemming
  std::unordered_map<std::string, int> keys_;  // highlight term → its number
  std::unordered_map<std::string, verdict> verdicts_;
  word_terms terms_;
};

}  // namespace blog::search
