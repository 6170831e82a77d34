// URL slugs of posts: derived from titles, checked when given.
#include <blog/domain/render/slug.hpp>

#include "blog/core/text.hpp"

#include <utf8proc.h>

#include <array>
#include <cstdlib>
#include <memory>
#include <utility>

namespace blog::render {
namespace {

constexpr std::size_t max_slug_length = 200;

// Latin letters that carry no decomposition to strip, spelled the usual ASCII way.
constexpr std::pair<char32_t, std::string_view> spelled_letters[] = {
    {0x00C6, "ae"}, {0x00E6, "ae"}, {0x00D0, "d"},  {0x00F0, "d"}, {0x00D8, "o"}, {0x00F8, "o"}, {0x00DE, "th"},
    {0x00FE, "th"}, {0x00DF, "ss"}, {0x1E9E, "ss"}, {0x0110, "d"}, {0x0111, "d"}, {0x0126, "h"}, {0x0127, "h"},
    {0x0131, "i"},  {0x0138, "k"},  {0x0141, "l"},  {0x0142, "l"}, {0x014A, "n"}, {0x014B, "n"}, {0x0152, "oe"},
    {0x0153, "oe"}, {0x0166, "t"},  {0x0167, "t"},  {0x0192, "f"},
};

std::string_view spelled(char32_t cp) {
  for (const auto& [letter, ascii] : spelled_letters) {
    if (letter == cp) {
      return ascii;
    }
  }
  return {};
}

struct free_deleter {
  void operator()(void* p) const noexcept { std::free(p); }
};

class slug_builder {
 public:
  void add_ascii(char c) {
    if (!core::is_ascii_alnum(c)) {
      separator();
      return;
    }
    if (pending_hyphen_ && !slug_.empty()) {
      slug_ += '-';
    }
    pending_hyphen_ = false;
    slug_ += core::ascii_lower(c);
  }

  void add(char32_t cp) {
    if (cp < 0x80) {
      add_ascii(static_cast<char>(cp));
      return;
    }
    if (const std::string_view ascii = spelled(cp); !ascii.empty()) {
      for (const char c : ascii) {
        add_ascii(c);
      }
      return;
    }
    // Compatibility decomposition without marks: "č" is "c", "ﬁ" is "fi", "Ａ" is "A".
    std::array<utf8proc_int32_t, 18> parts{};
    int boundclass = 0;
    const utf8proc_ssize_t count = utf8proc_decompose_char(
        static_cast<utf8proc_int32_t>(cp), parts.data(), static_cast<utf8proc_ssize_t>(parts.size()),
        static_cast<utf8proc_option_t>(UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT | UTF8PROC_STRIPMARK), &boundclass);
    if (count <= 0 || static_cast<std::size_t>(count) > parts.size()) {
      separator();
      return;
    }
    for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i) {
      const auto part = static_cast<char32_t>(parts[i]);
      if (part < 0x80) {
        add_ascii(static_cast<char>(part));
      } else if (const std::string_view ascii = spelled(part); !ascii.empty()) {
        for (const char c : ascii) {
          add_ascii(c);
        }
      } else {
        separator();
      }
    }
  }

  void separator() { pending_hyphen_ = true; }

  std::string take() {
    if (slug_.size() > max_slug_length) {
      const std::size_t hyphen = slug_.rfind('-', max_slug_length);
      slug_.resize(hyphen == std::string::npos || hyphen == 0 ? max_slug_length : hyphen);
    }
    return std::move(slug_);
  }

 private:
  std::string slug_;
  bool pending_hyphen_ = false;
};

}  // namespace

std::string slugify(std::string_view title) {
  if (title.empty()) {
    return {};
  }
  const auto* bytes = reinterpret_cast<const utf8proc_uint8_t*>(title.data());
  utf8proc_uint8_t* normalized = nullptr;
  const utf8proc_ssize_t length = utf8proc_map(bytes, static_cast<utf8proc_ssize_t>(title.size()), &normalized,
                                               static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
  const std::unique_ptr<utf8proc_uint8_t, free_deleter> owner(normalized);
  // Invalid UTF-8 makes utf8proc refuse the whole title: read the original, byte by byte.
  const std::string_view source =
      length >= 0 ? std::string_view(reinterpret_cast<const char*>(normalized), static_cast<std::size_t>(length))
                  : title;

  slug_builder builder;
  std::size_t pos = 0;
  while (pos < source.size()) {
    utf8proc_int32_t cp = 0;
    const utf8proc_ssize_t read = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(source.data() + pos),
                                                   static_cast<utf8proc_ssize_t>(source.size() - pos), &cp);
    if (read <= 0 || cp < 0) {
      builder.separator();
      ++pos;
      continue;
    }
    pos += static_cast<std::size_t>(read);
    builder.add(static_cast<char32_t>(cp));
  }
  return builder.take();
}

bool is_valid_slug(std::string_view slug) noexcept {
  if (slug.empty() || slug.size() > max_slug_length || slug.front() == '-' || slug.back() == '-') {
    return false;
  }
  char previous = '\0';
  for (const char c : slug) {
    const bool lower_alnum = (c >= 'a' && c <= 'z') || core::is_ascii_digit(c);
    if (!lower_alnum && (c != '-' || previous == '-')) {
      return false;
    }
    previous = c;
  }
  return true;
}

}  // namespace blog::render
