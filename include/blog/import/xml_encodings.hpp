// Single-byte encodings of old exports that libexpat does not read by itself.
#pragma once

#include <array>
#include <string_view>

namespace blog::import {

// The Unicode code points of the bytes 0x80 to 0xFF; -1 where the encoding defines none.
using single_byte_table = std::array<int, 128>;

// The table of the encoding an XML declaration names (windows-1250, windows-1252, ISO-8859-2,
// ISO-8859-15 and their usual other spellings, in any case); nullptr for any other. Does not fail.
const single_byte_table* single_byte_encoding(std::string_view name);

}  // namespace blog::import
