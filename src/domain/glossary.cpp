// Parsing of the glossary data file.
#include "blog/domain/glossary.hpp"

#include <stdexcept>

namespace blog::domain {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::vector<glossary_term> parse_glossary_tsv(std::string_view text) {
  std::vector<glossary_term> terms;
  std::size_t line_no = 0;
  while (!text.empty()) {
    const auto end = text.find('\n');
    const auto line = trim(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    ++line_no;
    if (line.empty() || line.front() == '#') continue;
    const auto tab = line.find('\t');
    if (tab == std::string_view::npos)
      throw std::invalid_argument("glossary line " + std::to_string(line_no) + " has no tab");
    const auto en = trim(line.substr(0, tab));
    const auto cs = trim(line.substr(tab + 1));
    if (en.empty() || cs.empty())
      throw std::invalid_argument("glossary line " + std::to_string(line_no) + " has an empty side");
    terms.push_back({std::string(en), std::string(cs)});
  }
  return terms;
}

}  // namespace blog::domain
