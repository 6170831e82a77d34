// Fuzzes the Ghost export reader (JSON with a depth limit, mobiledoc and lexical inside strings):
// no crash, and a refusal is always blog::error (the operator's message).
#include "blog/core/error.hpp"
#include "blog/import/ghost.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    (void)blog::import::read_ghost(std::string_view(reinterpret_cast<const char*>(data), size), "https://old.example");
  } catch (const blog::error&) {
    // Refused: what a bad file must get.
  }
  return 0;
}
