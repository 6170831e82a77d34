// Fuzzes the HTML sanitiser: no crash, valid UTF-8 out, nothing executable out, and sanitising the
// output again gives it back unchanged (html.hpp promises all three).
#include "blog/domain/render/html.hpp"
#include "blog/domain/render/text.hpp"

#include "check_html.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  auto safe = blog::render::sanitize_html(input);
  blog::fuzz::check_safe_html(safe);
  if (blog::render::sanitize_html(safe) != safe) std::abort();
  (void)blog::render::make_excerpt(blog::render::html_to_text(input));
  return 0;
}
