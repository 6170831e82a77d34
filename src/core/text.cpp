// The text helpers every layer shares: ASCII case, forbidden characters, HTML escaping and the id parser.
#include "blog/core/text.hpp"

#include <charconv>

namespace blog::core {
namespace {

// Appends text escaped; quotes only when the text may stand in an attribute value. A character no
// XML or HTML document may carry is dropped here, the one place every writer passes through, so
// that a row written before the rules refused it (or straight in SQL) cannot break a page or a feed.
void append_escaped(std::string_view text, std::string& out, bool quotes) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    const char c = text[pos];
    if (static_cast<unsigned char>(c) >= 0x80) {
      const std::size_t start = pos;
      const char32_t cp = utf8::decode(text, pos);
      if (cp == utf8::replacement && pos == start + 1)
        utf8::encode(utf8::replacement, out);
      else if (!utf8::is_forbidden_char(cp))
        out.append(text.substr(start, pos - start));
      continue;
    }
    ++pos;
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        if (quotes) {
          out += "&quot;";
        } else {
          out += c;
        }
        break;
      case '\'':
        if (quotes) {
          out += "&#39;";
        } else {
          out += c;
        }
        break;
      default:
        if (!utf8::is_forbidden_char(static_cast<unsigned char>(c))) out += c;
        break;
    }
  }
}

}  // namespace

std::size_t utf8::length(std::string_view text) noexcept {
  std::size_t count = 0;
  for (const char c : text)
    if (is_lead(c)) ++count;
  return count;
}

bool utf8::has_forbidden_char(std::string_view text) noexcept {
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t start = pos;
    const char32_t cp = decode(text, pos);
    if (is_forbidden_char(cp) || (cp == replacement && pos == start + 1)) return true;
  }
  return false;
}

void utf8::append_allowed(std::string_view text, std::string& out) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t start = pos;
    const char32_t cp = decode(text, pos);
    if (cp == replacement && pos == start + 1)
      encode(replacement, out);
    else if (!is_forbidden_char(cp))
      out.append(text.substr(start, pos - start));
  }
}

std::string to_lower_ascii(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = ascii_lower(c);
  return out;
}

bool iequals_ascii(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  return true;
}

bool icontains_ascii(std::string_view text, std::string_view lower_needle) noexcept {
  if (lower_needle.empty()) return true;
  if (text.size() < lower_needle.size()) return false;
  const char first = lower_needle.front();
  const std::size_t last_start = text.size() - lower_needle.size();
  for (std::size_t i = 0; i <= last_start; ++i) {
    if (ascii_lower(text[i]) != first) continue;
    std::size_t k = 1;
    while (k < lower_needle.size() && ascii_lower(text[i + k]) == lower_needle[k]) ++k;
    if (k == lower_needle.size()) return true;
  }
  return false;
}

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  append_escaped(text, out, true);
  return out;
}

void append_html_escaped(std::string_view text, std::string& out) {
  append_escaped(text, out, true);
}

void append_html_text_escaped(std::string_view text, std::string& out) {
  append_escaped(text, out, false);
}

std::optional<int> parse_id(std::string_view text) noexcept {
  if (text.empty() || !is_ascii_digit(text.front())) return std::nullopt;
  int id = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (ec != std::errc() || end != text.data() + text.size() || id <= 0) return std::nullopt;
  return id;
}

}  // namespace blog::core
