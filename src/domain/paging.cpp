// Opaque cursors: see paging.hpp. A cursor is base64url (no padding) of "k{ms}.{id}" or "o{offset}".
#include "blog/domain/paging.hpp"

#include "blog/core/error.hpp"

#include <sodium.h>

#include <charconv>
#include <vector>

namespace blog::domain {
namespace {

constexpr int variant = sodium_base64_VARIANT_URLSAFE_NO_PADDING;
constexpr std::size_t max_cursor_length = 64;

std::string encode(const std::string& plain) {
  std::string out(sodium_base64_encoded_len(plain.size(), variant), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(plain.data()), plain.size(),
                    variant);
  out.resize(out.find('\0'));
  return out;
}

[[noreturn]] void invalid_cursor() {
  throw invalid("Invalid cursor");
}

std::string decode(std::string_view cursor) {
  if (cursor.empty() || cursor.size() > max_cursor_length) invalid_cursor();
  std::vector<unsigned char> plain(cursor.size());
  std::size_t length = 0;
  const char* end = nullptr;
  if (sodium_base642bin(plain.data(), plain.size(), cursor.data(), cursor.size(), nullptr, &length, &end, variant) !=
          0 ||
      end != cursor.data() + cursor.size())
    invalid_cursor();
  return {plain.begin(), plain.begin() + static_cast<std::ptrdiff_t>(length)};
}

// A whole non-negative decimal number, nothing around it.
template <typename Int>
Int number(std::string_view text) {
  Int value{};
  if (text.empty() || text.front() == '-' || text.front() == '+') invalid_cursor();
  auto [at, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || at != text.data() + text.size()) invalid_cursor();
  return value;
}

}  // namespace

std::string keyset_cursor(keyset_position last) {
  return encode("k" + std::to_string(last.ms) + "." + std::to_string(last.id));
}

std::string offset_cursor(std::size_t offset) {
  return encode("o" + std::to_string(offset));
}

std::string next_offset_cursor(std::size_t offset, std::size_t limit, std::size_t returned, std::uint64_t total,
                               std::size_t max_offset) {
  const auto next = offset + limit;
  if (returned < limit || next >= total || next > max_offset) return {};
  return offset_cursor(next);
}

keyset_position parse_keyset_cursor(std::string_view cursor) {
  auto plain = decode(cursor);
  std::string_view text = plain;
  auto dot = text.find('.');
  if (text.empty() || text.front() != 'k' || dot == std::string_view::npos) invalid_cursor();
  return {number<std::int64_t>(text.substr(1, dot - 1)), number<std::int64_t>(text.substr(dot + 1))};
}

std::size_t parse_offset_cursor(std::string_view cursor, std::size_t max_offset) {
  auto plain = decode(cursor);
  std::string_view text = plain;
  if (text.empty() || text.front() != 'o') invalid_cursor();
  auto offset = number<std::size_t>(text.substr(1));
  if (offset > max_offset) invalid_cursor();
  return offset;
}

}  // namespace blog::domain
