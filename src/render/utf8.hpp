// UTF-8 encoding and lenient decoding shared by the render module's scanners.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace blog::render::detail {

inline constexpr char32_t replacement_character = 0xFFFD;

// Appends the UTF-8 form of cp; surrogates and values above U+10FFFF become U+FFFD.
void append_utf8(std::string& out, char32_t cp);

// Decodes the code point starting at s[pos] and advances pos past it. A malformed, overlong or
// truncated sequence yields U+FFFD and advances by one byte, so scanning always makes progress.
char32_t decode_utf8(std::string_view s, std::size_t& pos);

// True for the bytes that start a code point (anything but a UTF-8 continuation byte).
constexpr bool is_utf8_lead(char c) noexcept {
  return (static_cast<unsigned char>(c) & 0xC0U) != 0x80U;
}

constexpr bool is_ascii_alpha(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

constexpr bool is_ascii_digit(char c) noexcept {
  return c >= '0' && c <= '9';
}

constexpr bool is_ascii_alnum(char c) noexcept {
  return is_ascii_alpha(c) || is_ascii_digit(c);
}

constexpr char ascii_lower(char c) noexcept {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

std::string ascii_lowercase(std::string_view s);

}  // namespace blog::render::detail
