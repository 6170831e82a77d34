// Fuzzes our reader of PHP serialised values (Polylang's translation groups): no crash, no
// overread, and only positive ids come out.
#include "blog/import/php_value.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto map = blog::import::parse_php_id_map(std::string_view(reinterpret_cast<const char*>(data), size));
  if (map)
    for (const auto& [key, id] : *map)
      if (id <= 0) std::abort();
  return 0;
}
