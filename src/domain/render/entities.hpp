// HTML character references (&name; &#NNN; &#xHH;) decoded the way a browser's tokenizer does.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace blog::render::detail {

// Attribute values keep "&copy=1" literal where text would decode it (HTML's legacy rule).
enum class char_ref_context { text, attribute };

// Decodes the reference starting at in[pos] == '&', appends it to out and advances pos.
// Never fails: an unknown or malformed reference appends a literal '&' and advances by one, so
// the rest is read as ordinary characters. Decoded C0 controls and NUL become U+FFFD.
void decode_char_ref(std::string_view in, std::size_t& pos, std::string& out, char_ref_context context);

// Decodes every reference in s; never fails (see decode_char_ref).
std::string decode_char_refs(std::string_view s, char_ref_context context);

}  // namespace blog::render::detail
