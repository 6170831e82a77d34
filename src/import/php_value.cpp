// A small reader of PHP's serialize() format: enough for Polylang's maps, refusing anything odd.
#include "blog/import/php_value.hpp"

#include <charconv>

namespace blog::import {
namespace {

constexpr int max_depth = 16;

// What a value turned out to be, as far as the map needs it.
struct scalar {
  std::optional<std::string> text;  // s:
  std::optional<long long> number;  // i:
};

class reader {
 public:
  explicit reader(std::string_view text) : text_(text) {}

  bool at_end() const { return pos_ == text_.size(); }

  // Reads one value; `out` gets a string or integer scalar, `entries` (when given) the slug → id
  // entries of a top-level array. False when the text is not well-formed.
  bool value(int depth, scalar* out, std::map<std::string, long long>* entries) {
    if (depth > max_depth || pos_ >= text_.size()) return false;
    const char kind = text_[pos_++];
    switch (kind) {
      case 'N':
        return expect(';');
      case 'b': {
        long long v = 0;
        return expect(':') && integer(v, ';') && (v == 0 || v == 1);
      }
      case 'i': {
        long long v = 0;
        if (!expect(':') || !integer(v, ';')) return false;
        if (out) out->number = v;
        return true;
      }
      case 'd':
        return expect(':') && skip_until(';');
      case 'r':
      case 'R': {
        long long v = 0;
        return expect(':') && integer(v, ';');
      }
      case 's': {
        std::string s;
        if (!expect(':') || !quoted(s) || !expect(';')) return false;
        if (out) out->text = std::move(s);
        return true;
      }
      case 'a':
        return array(depth, entries);
      case 'O':
        return object(depth);
      case 'C': {
        std::string name, body;
        return expect(':') && quoted(name) && expect(':') && quoted_braced(body);
      }
      default:
        return false;
    }
  }

 private:
  bool expect(char c) {
    if (pos_ >= text_.size() || text_[pos_] != c) return false;
    ++pos_;
    return true;
  }

  bool skip_until(char c) {
    auto end = text_.find(c, pos_);
    if (end == std::string_view::npos) return false;
    pos_ = end + 1;
    return true;
  }

  // A decimal integer (optionally signed) ended by `end`.
  bool integer(long long& v, char end) {
    auto stop = text_.find(end, pos_);
    if (stop == std::string_view::npos || stop == pos_) return false;
    const char* first = text_.data() + pos_;
    const char* last = text_.data() + stop;
    if (*first == '+') ++first;
    auto [ptr, ec] = std::from_chars(first, last, v);
    if (ec != std::errc() || ptr != last) return false;
    pos_ = stop + 1;
    return true;
  }

  // N:"…" with exactly N bytes between the quotes.
  bool quoted(std::string& s) {
    long long n = 0;
    if (!integer(n, ':') || n < 0) return false;
    if (!expect('"')) return false;
    if (static_cast<unsigned long long>(n) > text_.size() - pos_) return false;
    s.assign(text_.substr(pos_, static_cast<std::size_t>(n)));
    pos_ += static_cast<std::size_t>(n);
    return expect('"');
  }

  // N:{…} with exactly N bytes between the braces (a class's own serialisation, C:).
  bool quoted_braced(std::string& s) {
    long long n = 0;
    if (!integer(n, ':') || n < 0 || !expect('{')) return false;
    if (static_cast<unsigned long long>(n) > text_.size() - pos_) return false;
    s.assign(text_.substr(pos_, static_cast<std::size_t>(n)));
    pos_ += static_cast<std::size_t>(n);
    return expect('}');
  }

  // a:N:{key value …}; keys are integers or strings.
  bool array(int depth, std::map<std::string, long long>* entries) {
    long long n = 0;
    if (!expect(':') || !integer(n, ':') || n < 0 || !expect('{')) return false;
    // Each entry takes at least 4 bytes (i:0;N;), so a count beyond that is a lie, refused early.
    if (static_cast<unsigned long long>(n) > (text_.size() - pos_) / 4) return false;
    for (long long i = 0; i < n; ++i) {
      scalar key, val;
      if (pos_ >= text_.size() || (text_[pos_] != 'i' && text_[pos_] != 's')) return false;
      if (!value(depth + 1, &key, nullptr) || !value(depth + 1, &val, nullptr)) return false;
      if (!entries || !key.text) continue;
      std::optional<long long> id = val.number;
      if (val.text && !val.text->empty()) {
        long long parsed = 0;
        auto [ptr, ec] = std::from_chars(val.text->data(), val.text->data() + val.text->size(), parsed);
        if (ec == std::errc() && ptr == val.text->data() + val.text->size()) id = parsed;
      }
      if (id && *id > 0) (*entries)[*key.text] = *id;
    }
    return expect('}');
  }

  // O:N:"Class":M:{key value …}: read through, never used.
  bool object(int depth) {
    std::string name;
    long long n = 0;
    if (!expect(':') || !quoted(name) || !expect(':') || !integer(n, ':') || n < 0 || !expect('{')) return false;
    if (static_cast<unsigned long long>(n) > (text_.size() - pos_) / 4) return false;
    for (long long i = 0; i < n; ++i)
      if (!value(depth + 1, nullptr, nullptr) || !value(depth + 1, nullptr, nullptr)) return false;
    return expect('}');
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

std::optional<std::map<std::string, long long>> parse_php_id_map(std::string_view text) {
  reader in(text);
  std::map<std::string, long long> entries;
  const bool is_array = !text.empty() && text.front() == 'a';
  if (!in.value(0, nullptr, is_array ? &entries : nullptr) || !in.at_end()) return std::nullopt;
  return entries;
}

}  // namespace blog::import
