// The text helpers every layer shares: ASCII case, HTML escaping and the id parser.
#include "blog/core/text.hpp"

#include <charconv>

namespace blog::core {
namespace {

// Appends text escaped; quotes only when the text may stand in an attribute value.
void append_escaped(std::string_view text, std::string& out, bool quotes) {
  for (const char c : text) {
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
        out += c;
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
