// The text helpers every layer shares: UTF-8 decoding and encoding, ASCII case, HTML escaping and
// the id parser. One copy of each, so a fix (an overlong sequence, a missed quote) lands everywhere.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace blog::core {

namespace utf8 {

inline constexpr char32_t replacement = 0xFFFD;

// Decodes the code point at text[pos] and advances pos past it. A malformed, overlong, surrogate
// or truncated sequence yields U+FFFD and advances one byte, so scanning always makes progress.
// Requires pos < text.size(). Inline: the search index and the HTML scanners call it per character.
inline char32_t decode(std::string_view text, std::size_t& pos) {
  const auto lead = static_cast<unsigned char>(text[pos]);
  if (lead < 0x80) {
    ++pos;
    return lead;
  }
  std::size_t length = 0;
  char32_t cp = 0;
  char32_t minimum = 0;
  if ((lead & 0xE0) == 0xC0) {
    length = 2, cp = lead & 0x1FU, minimum = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3, cp = lead & 0x0FU, minimum = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4, cp = lead & 0x07U, minimum = 0x10000;
  } else {
    ++pos;
    return replacement;
  }
  if (pos + length > text.size()) {
    ++pos;
    return replacement;
  }
  for (std::size_t i = 1; i < length; ++i) {
    const auto byte = static_cast<unsigned char>(text[pos + i]);
    if ((byte & 0xC0U) != 0x80U) {
      ++pos;
      return replacement;
    }
    cp = (cp << 6) | (byte & 0x3FU);
  }
  if (cp < minimum || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    ++pos;
    return replacement;
  }
  pos += length;
  return cp;
}

// Appends the UTF-8 form of cp; surrogates and values above U+10FFFF become U+FFFD. Does not fail
// (but std::bad_alloc).
inline void encode(char32_t cp, std::string& out) {
  if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) cp = replacement;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// True for the bytes that start a code point (anything but a continuation byte).
constexpr bool is_lead(char c) noexcept {
  return (static_cast<unsigned char>(c) & 0xC0U) != 0x80U;
}

// Code points in valid UTF-8; in invalid text every byte that is not a continuation byte counts
// one. Does not fail.
std::size_t length(std::string_view text) noexcept;

// True for a code point no page or feed may carry: XML 1.0's `Char` leaves out the C0 controls but
// tab, line feed and carriage return, and U+FFFE and U+FFFF; HTML also refuses DEL and the C1
// controls (U+0080–U+009F) in text. Stored text must not hold them, and the writers drop them.
constexpr bool is_forbidden_char(char32_t cp) noexcept {
  return (cp < 0x20 && cp != 0x09 && cp != 0x0A && cp != 0x0D) || (cp >= 0x7F && cp <= 0x9F) || cp == 0xFFFE ||
         cp == 0xFFFF;
}

// True when `text` holds a forbidden character (is_forbidden_char) or is not valid UTF-8. Does not
// fail.
bool has_forbidden_char(std::string_view text) noexcept;

// Appends `text` without its forbidden characters, invalid UTF-8 as U+FFFD: for markup made
// before a rule refused them (stored post HTML), which cannot go through an escaper. Does not fail
// (but std::bad_alloc).
void append_allowed(std::string_view text, std::string& out);

}  // namespace utf8

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

// `text` with A-Z lowered; every other byte (UTF-8 included) kept. For names the protocols and our
// rules compare without case (schemes, hosts, header names, category names). Does not fail (but
// std::bad_alloc).
std::string to_lower_ascii(std::string_view text);

// a == b ignoring the case of A-Z. Does not fail.
bool iequals_ascii(std::string_view a, std::string_view b) noexcept;

// True when `text` contains `lower_needle` (given in lower case) ignoring the case of A-Z in
// `text`; without copying it, for checks on every request (user agents, header values). An empty
// needle is found. Does not fail.
bool icontains_ascii(std::string_view text, std::string_view lower_needle) noexcept;

// `text` without the spaces and tabs around it: HTTP's optional whitespace (RFC 9110 §5.6.3), as
// around header list elements and parameters. Does not fail.
constexpr std::string_view trim_ows(std::string_view text) noexcept {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// Escapes & < > " ' as entities, for text and for double- or single-quoted attribute values (and
// XML). Whatever is stored, the output is text XML 1.0 and HTML accept: forbidden characters
// (utf8::is_forbidden_char) are dropped and invalid UTF-8 becomes U+FFFD. Does not fail (but
// std::bad_alloc).
[[nodiscard]] std::string html_escape(std::string_view text);
void append_html_escaped(std::string_view text, std::string& out);

// Escapes only & < > : for text between tags, where quotes need no escaping (the sanitiser's
// output keeps them as written). Drops and replaces as html_escape does. Does not fail (but
// std::bad_alloc).
void append_html_text_escaped(std::string_view text, std::string& out);

// The id in a path or a query: decimal digits only (no sign, no spaces), a value from 1 to
// INT_MAX; nullopt for anything else. Callers answer 404 "… not found" for nullopt, as for an id
// that does not exist.
std::optional<int> parse_id(std::string_view text) noexcept;

}  // namespace blog::core
