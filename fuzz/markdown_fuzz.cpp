// Fuzzes a post's content rendering (markdown through md4c, or HTML) into safe HTML: no crash, and
// the result is what the sanitiser would leave unchanged.
#include "blog/domain/render/html.hpp"
#include "blog/domain/render/post_content.hpp"

#include "check_html.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  (void)blog::render::content_is_html(input);
  auto html = blog::render::render_post_html(input);
  blog::fuzz::check_safe_html(html);
  if (blog::render::sanitize_html(html) != html) std::abort();
  return 0;
}
