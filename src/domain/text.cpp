// Trimming and the allowed-characters check for validation rules.
#include "blog/domain/text.hpp"

#include "blog/core/text.hpp"

#include <cctype>

namespace blog::domain {

std::string trim(std::string_view text) {
  auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return std::string(text);
}

std::string forbidden_chars_message(std::string_view label) {
  return std::string(label) + " contains characters that are not allowed";
}

void check_allowed_chars(field_errors& errors, const std::string& field, std::string_view label,
                         std::string_view value) {
  if (!errors.contains(field) && core::utf8::has_forbidden_char(value)) errors[field] = forbidden_chars_message(label);
}

}  // namespace blog::domain
