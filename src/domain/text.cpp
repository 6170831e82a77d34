// Trimming for validation rules.
#include "blog/domain/text.hpp"

#include <cctype>

namespace blog::domain {

std::string trim(std::string_view text) {
  auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return std::string(text);
}

}  // namespace blog::domain
