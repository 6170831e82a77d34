// Unicode text helpers of the search index: NFC, folding tables built from utf8proc, word splitting.
#include "blog/search/text.hpp"

#include "utf8.hpp"

#include <utf8proc.h>

#include <array>
#include <cstdlib>
#include <memory>

namespace blog::search {
namespace {

// Code points below U+0300 and the punctuation and currency blocks are NFC in every context, so
// text made only of them (all of Czech and English prose) skips utf8proc.
bool nfc_stable(char32_t cp) {
  return cp < 0x300 || (cp >= 0x2000 && cp < 0x2070) || (cp >= 0x20A0 && cp < 0x20D0);
}

std::string sanitize_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t pos = 0;
  while (pos < text.size()) {
    utf8::encode(utf8::decode(text, pos), out);
  }
  return out;
}

// Folded forms of the Latin blocks (U+0080–U+024F, U+1E00–U+1EFF), computed once from utf8proc's
// decomposition with marks stripped, plus the letters whose "diacritic" is part of the glyph.
class latin_fold_table {
 public:
  latin_fold_table() {
    for (char32_t cp = first_block_begin; cp < first_block_end; ++cp) {
      first_[cp - first_block_begin] = compute(cp);
    }
    for (char32_t cp = second_block_begin; cp < second_block_end; ++cp) {
      second_[cp - second_block_begin] = compute(cp);
    }
  }

  // The folded form of `cp`, or nullptr when `cp` lies outside the table.
  const std::string* find(char32_t cp) const {
    if (cp >= first_block_begin && cp < first_block_end) return &first_[cp - first_block_begin];
    if (cp >= second_block_begin && cp < second_block_end) return &second_[cp - second_block_begin];
    return nullptr;
  }

 private:
  static constexpr char32_t first_block_begin = 0x80;
  static constexpr char32_t first_block_end = 0x250;
  static constexpr char32_t second_block_begin = 0x1E00;
  static constexpr char32_t second_block_end = 0x1F00;

  static std::string compute(char32_t cp) {
    switch (cp) {
      case U'ł':
      case U'Ł':
      case U'ŀ':
      case U'Ŀ':
        return "l";
      case U'đ':
      case U'Đ':
      case U'ð':
      case U'Ð':
        return "d";
      case U'ø':
      case U'Ø':
        return "o";
      case U'ħ':
      case U'Ħ':
        return "h";
      case U'ŧ':
      case U'Ŧ':
        return "t";
      case U'ı':
        return "i";
      case U'æ':
      case U'Æ':
        return "ae";
      case U'œ':
      case U'Œ':
        return "oe";
      case U'þ':
      case U'Þ':
        return "th";
      default:
        break;
    }
    std::string encoded;
    utf8::encode(cp, encoded);
    utf8proc_uint8_t* mapped = nullptr;
    const auto options =
        static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_DECOMPOSE | UTF8PROC_STRIPMARK | UTF8PROC_CASEFOLD);
    const utf8proc_ssize_t length = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(encoded.data()),
                                                 static_cast<utf8proc_ssize_t>(encoded.size()), &mapped, options);
    std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owner(mapped, &std::free);
    if (length <= 0) return encoded;
    return std::string(reinterpret_cast<const char*>(mapped), static_cast<std::size_t>(length));
  }

  std::array<std::string, first_block_end - first_block_begin> first_;
  std::array<std::string, second_block_end - second_block_begin> second_;
};

const latin_fold_table& fold_table() {
  static const latin_fold_table table;
  return table;
}

bool is_combining_diacritic(char32_t cp) {
  return cp >= 0x300 && cp < 0x370;
}

// Xapian's check_infix(): characters that join two word characters into one word.
constexpr char32_t infix_ignored = 0xFFFFFFFF;

char32_t word_infix(char32_t cp) {
  if (cp == U'\'' || cp == U'&' || cp == 0xB7 || cp == 0x5F4 || cp == 0x2027) return cp;
  if (cp == 0x2019 || cp == 0x201B) return U'\'';
  if ((cp >= 0x200B && cp <= 0x200D) || cp == 0x2060 || cp == 0xFEFF) return infix_ignored;
  return 0;
}

// Xapian's check_infix_digit(): characters that join two digits ("1,000.50").
char32_t digit_infix(char32_t cp) {
  switch (cp) {
    case U',':
    case U'.':
    case U';':
    case 0x037E:
    case 0x0589:
    case 0x060D:
    case 0x07F8:
    case 0x2044:
    case 0xFE10:
    case 0xFE13:
    case 0xFE14:
      return cp;
    default:
      break;
  }
  if ((cp >= 0x200B && cp <= 0x200D) || cp == 0x2060 || cp == 0xFEFF) return infix_ignored;
  return 0;
}

bool is_ascii_upper(char32_t cp) {
  return cp >= U'A' && cp <= U'Z';
}

// utf8::is_word_char() and utf8::to_lower() of every code point below U+0800 (ASCII and the
// two-byte sequences: Latin, Greek, Cyrillic), computed once: word_reader asks both for every
// character of every post it indexes and of every hit it makes a snippet of, and utf8proc's
// look-ups were most of that time.
class char_table {
 public:
  char_table() {
    for (char32_t cp = 0; cp < size; ++cp) {
      word_[cp] = utf8::is_word_char(cp);
      lower_[cp] = utf8::to_lower(cp);
    }
  }
  bool is_word_char(char32_t cp) const { return cp < size ? word_[cp] : utf8::is_word_char(cp); }
  char32_t to_lower(char32_t cp) const { return cp < size ? lower_[cp] : utf8::to_lower(cp); }
  // ASCII letters, digits and '_': a run of them is copied at once.
  bool is_ascii_word_byte(char c) const {
    return static_cast<unsigned char>(c) < 0x80 && word_[static_cast<unsigned char>(c)];
  }

 private:
  static constexpr char32_t size = 0x800;
  std::array<bool, size> word_{};
  std::array<char32_t, size> lower_{};
};

const char_table& chars() {
  static const char_table table;
  return table;
}

// Appends the lowercase of `cp`, ASCII without encoding.
void append_lower(const char_table& table, char32_t cp, std::string& out) {
  const char32_t lower = table.to_lower(cp);
  if (lower < 0x80) {
    out += static_cast<char>(lower);
  } else {
    utf8::encode(lower, out);
  }
}

}  // namespace

std::string normalize_nfc(std::string_view text) {
  bool stable = true;
  bool valid = true;
  std::size_t pos = 0;
  while (pos < text.size()) {
    if (static_cast<unsigned char>(text[pos]) < 0x80) {
      ++pos;
      continue;
    }
    const std::size_t start = pos;
    const char32_t cp = utf8::decode(text, pos);
    if (cp == utf8::replacement && !utf8::is_encoded_replacement(text, start)) valid = false;
    if (!nfc_stable(cp)) stable = false;
  }
  if (stable && valid) return std::string(text);
  std::string clean = valid ? std::string(text) : sanitize_utf8(text);
  if (stable) return clean;

  utf8proc_uint8_t* mapped = nullptr;
  const auto options = static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE);
  const utf8proc_ssize_t length = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(clean.data()),
                                               static_cast<utf8proc_ssize_t>(clean.size()), &mapped, options);
  std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owner(mapped, &std::free);
  if (length < 0) return clean;
  return std::string(reinterpret_cast<const char*>(mapped), static_cast<std::size_t>(length));
}

std::string to_lower(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t pos = 0;
  while (pos < text.size()) {
    const auto byte = static_cast<unsigned char>(text[pos]);
    if (byte < 0x80) {
      out += static_cast<char>(byte >= 'A' && byte <= 'Z' ? byte + ('a' - 'A') : byte);
      ++pos;
      continue;
    }
    utf8::encode(utf8::to_lower(utf8::decode(text, pos)), out);
  }
  return out;
}

void fold_append(std::string_view text, std::string& out) {
  const latin_fold_table& table = fold_table();
  std::size_t pos = 0;
  while (pos < text.size()) {
    const auto byte = static_cast<unsigned char>(text[pos]);
    if (byte < 0x80) {
      out += static_cast<char>(byte >= 'A' && byte <= 'Z' ? byte + ('a' - 'A') : byte);
      ++pos;
      continue;
    }
    const char32_t cp = utf8::decode(text, pos);
    if (const std::string* folded = table.find(cp)) {
      out += *folded;
    } else if (!is_combining_diacritic(cp)) {
      utf8::encode(utf8::to_lower(cp), out);
    }
  }
}

std::string fold(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  fold_append(text, out);
  return out;
}

bool word_reader::next(word& out) {
  const char_table& table = chars();
  const std::size_t size = text_.size();
  while (pos_ < size) {
    const std::size_t start = pos_;
    std::size_t after = pos_;
    const char32_t first = utf8::decode(text_, after);
    if (!table.is_word_char(first)) {
      pos_ = after;
      continue;
    }
    out.begin = start;
    out.lower.clear();

    // Initials separated by '.' ("U.S.A.") make one word when at least two letters take part.
    if (is_ascii_upper(first)) {
      std::size_t p = after;
      std::size_t letters_end = after;
      out.lower += static_cast<char>(first + ('a' - 'A'));
      while (p < size && text_[p] == '.') {
        ++p;
        if (p >= size || !is_ascii_upper(static_cast<unsigned char>(text_[p]))) break;
        out.lower += static_cast<char>(text_[p] + ('a' - 'A'));
        ++p;
        letters_end = p;
      }
      if (out.lower.size() > 1) {
        std::size_t q = p;
        if (p >= size || !table.is_word_char(utf8::decode(text_, q))) {
          out.end = letters_end;
          pos_ = p;
          return true;
        }
      }
      out.lower.clear();
    }

    pos_ = start;
    char32_t previous = 0;
    while (true) {
      while (pos_ < size) {
        // Most of a word is ASCII: copy the run, then lower its capitals in place.
        std::size_t run = pos_;
        while (run < size && table.is_ascii_word_byte(text_[run])) ++run;
        if (run > pos_) {
          const std::size_t from = out.lower.size();
          out.lower.append(text_.substr(pos_, run - pos_));
          for (std::size_t i = from; i < out.lower.size(); ++i) {
            if (out.lower[i] >= 'A' && out.lower[i] <= 'Z')
              out.lower[i] = static_cast<char>(out.lower[i] + ('a' - 'A'));
          }
          previous = static_cast<unsigned char>(text_[run - 1]);
          pos_ = run;
          continue;
        }
        std::size_t p = pos_;
        const char32_t cp = utf8::decode(text_, p);
        if (!table.is_word_char(cp)) break;
        append_lower(table, cp, out.lower);
        previous = cp;
        pos_ = p;
      }
      if (pos_ >= size) break;
      std::size_t p = pos_;
      const char32_t infix = utf8::decode(text_, p);
      if (p >= size) break;
      std::size_t q = p;
      const char32_t following = utf8::decode(text_, q);
      if (!table.is_word_char(following)) break;
      const char32_t joined =
          utf8::is_digit(previous) && utf8::is_digit(following) ? digit_infix(infix) : word_infix(infix);
      if (joined == 0) break;
      if (joined != infix_ignored) utf8::encode(joined, out.lower);
      pos_ = p;
    }

    // "C++", "C#": up to three '+' or '#' that are not followed by another word character.
    std::size_t p = pos_;
    while (p < size && p - pos_ <= 3 && (text_[p] == '+' || text_[p] == '#')) ++p;
    if (p > pos_ && p - pos_ <= 3) {
      std::size_t q = p;
      if (p >= size || !table.is_word_char(utf8::decode(text_, q))) {
        out.lower.append(text_.substr(pos_, p - pos_));
        pos_ = p;
      }
    }
    out.end = pos_;
    return true;
  }
  return false;
}

std::string_view cut_utf8(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  std::size_t end = max_bytes;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end);
}

}  // namespace blog::search
