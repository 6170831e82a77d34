// Character classes shared by the search sources (internal header); decoding is core/text.hpp's.
#pragma once

#include "blog/core/text.hpp"

#include <utf8proc.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace blog::search::utf8 {

// Decoding and encoding are core's (core/text.hpp), named here for the search sources.
using core::utf8::decode;
using core::utf8::encode;
using core::utf8::replacement;

// True when text[pos] starts a genuine (well-formed) U+FFFD.
inline bool is_encoded_replacement(std::string_view text, std::size_t pos) {
  return text.substr(pos, 3) == "\xEF\xBF\xBD";
}

inline char32_t to_lower(char32_t cp) {
  if (cp < 0x80) return cp >= U'A' && cp <= U'Z' ? cp + (U'a' - U'A') : cp;
  return static_cast<char32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(cp)));
}

// Xapian's Unicode::is_wordchar(): letters, marks, numbers and connector punctuation.
inline bool is_word_char(char32_t cp) {
  if (cp < 0x80) {
    return (cp >= U'a' && cp <= U'z') || (cp >= U'A' && cp <= U'Z') || (cp >= U'0' && cp <= U'9') || cp == U'_';
  }
  switch (utf8proc_category(static_cast<utf8proc_int32_t>(cp))) {
    case UTF8PROC_CATEGORY_LU:
    case UTF8PROC_CATEGORY_LL:
    case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM:
    case UTF8PROC_CATEGORY_LO:
    case UTF8PROC_CATEGORY_MN:
    case UTF8PROC_CATEGORY_MC:
    case UTF8PROC_CATEGORY_ME:
    case UTF8PROC_CATEGORY_ND:
    case UTF8PROC_CATEGORY_NL:
    case UTF8PROC_CATEGORY_NO:
    case UTF8PROC_CATEGORY_PC:
      return true;
    default:
      return false;
  }
}

inline bool is_digit(char32_t cp) {
  if (cp < 0x80) return cp >= U'0' && cp <= U'9';
  return utf8proc_category(static_cast<utf8proc_int32_t>(cp)) == UTF8PROC_CATEGORY_ND;
}

// Xapian stems a word only when it starts with a letter (not a digit or a mark).
inline bool starts_with_letter(std::string_view word) {
  if (word.empty()) return false;
  std::size_t pos = 0;
  const char32_t cp = decode(word, pos);
  if (cp < 0x80) return (cp >= U'a' && cp <= U'z') || (cp >= U'A' && cp <= U'Z');
  switch (utf8proc_category(static_cast<utf8proc_int32_t>(cp))) {
    case UTF8PROC_CATEGORY_LL:
    case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM:
    case UTF8PROC_CATEGORY_LO:
    case UTF8PROC_CATEGORY_LU:
      return true;
    default:
      return false;
  }
}

}  // namespace blog::search::utf8
