// The fintech glossary (English <-> Czech): one list feeds the AI translator and search synonyms.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace blog::domain {

// One pair of terms that mean the same thing; either side may hold several words.
struct glossary_term {
  std::string en;
  std::string cs;
  bool operator==(const glossary_term&) const = default;
};

// Parses the shipped data file (data/glossary-en-cs.tsv): one "english<TAB>czech" pair per line;
// blank lines and lines starting with '#' are skipped. Throws std::invalid_argument naming the
// line number when a line lacks a tab or a side is empty.
std::vector<glossary_term> parse_glossary_tsv(std::string_view text);

}  // namespace blog::domain
