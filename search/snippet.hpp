// HTML snippets: the best passage of a post's whole text for a query, matched words in <mark> (internal header).
#pragma once

#include "analysis.hpp"
#include "blog/search/text.hpp"
#include "query_builder.hpp"

#include <bitset>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace blog::search {

// Built once per search and used for each hit. Not thread-safe.
class snippet_maker {
 public:
  // `czech`: the query covers Czech posts, so words are also stemmed the Czech way.
  snippet_maker(const highlight_terms& highlights, bool czech, stemmers& stem);

  // Whether the post holds an indexed query term (highlight_terms::sources); true when unknown.
  using term_probe = std::function<bool(const std::string& term)>;

  // The passage of about target_bytes of `text` (NFC) with the most and rarest query words: each
  // distinct word counts the rarity of its form met (highlight_terms::rarity), its first repeat (in
  // any of its forms) a fifth of that, and the earlier passage wins a tie. Cut at word boundaries, HTML-escaped,
  // whitespace collapsed, every matched form (inflected, with or without diacritics) in <mark>…</mark>, "…" where text
  // was left out; the text's opening when nothing matches. With `holds`, the text is read only
  // until a passage scores the most any passage of this post can (every query word the post
  // holds, twice): most hits' best passage is near their start, and reading a post's whole text word by
  // word was most of a search's time. Does not fail.
  std::string make(std::string_view text, const term_probe* holds = nullptr);

  static constexpr std::size_t target_bytes = 200;

 private:
  struct span {
    std::size_t begin;
    std::size_t end;
    int key;  // the matched highlight term's group; -1: none
    double rarity;
  };
  struct verdict {
    int key = -1;  // the matched highlight term's group; -1: no match
    double rarity = 0;
  };
  // Whether the word (lowercase, not empty) may match a term: its first letter as written or
  // folded starts one. Cheap; most words fail it and skip the verdict map.
  bool may_match(const std::string& lower);
  verdict matches(const std::string& lower);
  verdict verdict_of(const std::string& term);
  // The most a passage of a post can score, by the terms `holds` says the post has.
  double best_possible(const term_probe& holds) const;

  const highlight_terms& highlights_;
  bool czech_;
  stemmers& stem_;
  std::bitset<256> first_bytes_;               // first bytes of every highlight term: most words skip stemming
  std::unordered_map<std::string, int> keys_;  // highlight term → its number
  std::vector<double> key_rarity_;             // by number
  // By number: the indexed terms behind the highlight term; none for wildcard prefixes.
  std::vector<std::vector<std::string>> key_sources_;
  // By number: the group of the term (the forms of one typed word, highlight_terms::forms),
  // numbered by one of its terms. A passage scores groups: two forms of one word are a repeat.
  std::vector<int> group_;
  std::unordered_map<std::string, verdict> verdicts_;
  word_terms terms_;
  // Buffers kept from hit to hit: a hit's text has thousands of words.
  word word_;
  std::string folded_start_;
  std::vector<span> words_;
  std::vector<std::size_t> matched_at_;
};

}  // namespace blog::search
