// Checks shared by the sanitiser and markdown fuzz targets: what safe HTML out of render/ must be.
#pragma once

#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace blog::fuzz {

// True when text is well-formed UTF-8 (no overlongs, no surrogates, nothing above U+10FFFF).
inline bool valid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    auto c = static_cast<unsigned char>(text[i]);
    std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (len == 0 || i + len > text.size()) return false;
    std::uint32_t cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
    for (std::size_t k = 1; k < len; ++k) {
      auto cc = static_cast<unsigned char>(text[i + k]);
      if ((cc & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3F);
    }
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000)) return false;
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += len;
  }
  return true;
}

// Aborts (a crash for libFuzzer) unless html is valid UTF-8 whose tags are all allowlisted-looking:
// no script, iframe, style, object, embed or svg element, no on… or style attribute, every value
// double-quoted and closed, no href or src with a javascript: or vbscript: URL.
inline void check_safe_html(std::string_view html) {
  if (!valid_utf8(html)) std::abort();
  std::string lower(html);
  for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto is_name = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '/'; };
  std::size_t i = 0;
  while ((i = lower.find('<', i)) != std::string::npos) {
    std::size_t j = i + 1;
    while (j < lower.size() && is_name(lower[j])) ++j;
    std::string_view element = std::string_view(lower).substr(i + 1, j - i - 1);
    for (std::string_view bad : {"script", "iframe", "style", "object", "embed", "svg", "math"}) {
      if (element == bad) std::abort();
    }
    // Attributes: ' name' or ' name="value"' up to '>'.
    while (j < lower.size() && lower[j] != '>') {
      if (lower[j] != ' ') std::abort();
      std::size_t name_start = ++j;
      while (j < lower.size() && is_name(lower[j])) ++j;
      std::string_view attribute = std::string_view(lower).substr(name_start, j - name_start);
      if (attribute.empty() || attribute.substr(0, 2) == "on" || attribute == "style") std::abort();
      if (j < lower.size() && lower[j] == '=') {
        if (j + 1 >= lower.size() || lower[j + 1] != '"') std::abort();
        auto close = lower.find('"', j + 2);
        if (close == std::string::npos) std::abort();
        std::string_view value = std::string_view(lower).substr(j + 2, close - j - 2);
        if ((attribute == "href" || attribute == "src") &&
            (value.substr(0, 11) == "javascript:" || value.substr(0, 9) == "vbscript:"))
          std::abort();
        j = close + 1;
      }
    }
    if (j >= lower.size()) std::abort();  // a tag left open
    i = j + 1;
  }
}

}  // namespace blog::fuzz
