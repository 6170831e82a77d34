// Fuzzes the Ghost export reader (JSON with a depth limit, mobiledoc and lexical inside strings):
// no crash, and a refusal is always blog::error (the operator's message). The input is also given
// as a Lexical and as a Mobiledoc document to their renderers directly, which never fail and
// write valid UTF-8 (the parser lets no invalid string through).
#include "blog/core/error.hpp"
#include "blog/import/ghost.hpp"
#include "blog/import/ghost_documents.hpp"

#include "check_html.hpp"

#include <boost/json.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    (void)blog::import::read_ghost(text, "https://old.example");
  } catch (const blog::error&) {
    // Refused: what a bad file must get.
  }
  boost::json::parse_options options;
  options.max_depth = blog::import::ghost_max_depth;
  std::error_code ec;
  const auto document = boost::json::parse(text, ec, {}, options);
  if (ec) return 0;
  if (!blog::fuzz::valid_utf8(blog::import::lexical_to_html(document).html)) std::abort();
  if (!blog::fuzz::valid_utf8(blog::import::mobiledoc_to_html(document).html)) std::abort();
  return 0;
}
