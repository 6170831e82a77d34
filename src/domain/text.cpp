// Trimming and the allowed-characters check for validation rules.
#include "blog/domain/text.hpp"

#include "blog/core/text.hpp"

#include <utf8proc.h>

#include <array>
#include <cctype>
#include <cstdlib>
#include <memory>

namespace blog::domain {

std::string trim(std::string_view text) {
  auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return std::string(text);
}

std::string lower_case(std::string_view input) {
  // Composed first (NFC): "Účty" typed with a combining accent is the same name.
  utf8proc_uint8_t* composed = nullptr;
  const auto composed_size =
      utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(input.data()), static_cast<utf8proc_ssize_t>(input.size()),
                   &composed, static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
  const std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owner(composed, &std::free);
  const std::string_view text = composed_size >= 0 ? std::string_view(reinterpret_cast<const char*>(composed),
                                                                      static_cast<std::size_t>(composed_size))
                                                   : input;
  std::string lowered;
  lowered.reserve(text.size());
  const auto* bytes = reinterpret_cast<const utf8proc_uint8_t*>(text.data());
  auto left = static_cast<utf8proc_ssize_t>(text.size());
  while (left > 0) {
    utf8proc_int32_t cp = 0;
    const auto used = utf8proc_iterate(bytes, left, &cp);
    if (used <= 0) {  // not UTF-8: the byte as it is
      lowered.push_back(static_cast<char>(*bytes));
      ++bytes;
      --left;
      continue;
    }
    std::array<utf8proc_uint8_t, 4> out{};
    const auto size = utf8proc_encode_char(utf8proc_tolower(cp), out.data());
    lowered.append(reinterpret_cast<const char*>(out.data()), static_cast<std::size_t>(size));
    bytes += used;
    left -= used;
  }
  return lowered;
}

std::string forbidden_chars_message(std::string_view label) {
  return std::string(label) + " contains characters that are not allowed";
}

void check_allowed_chars(field_errors& errors, const std::string& field, std::string_view label,
                         std::string_view value) {
  if (!errors.contains(field) && core::utf8::has_forbidden_char(value)) errors[field] = forbidden_chars_message(label);
}

}  // namespace blog::domain
