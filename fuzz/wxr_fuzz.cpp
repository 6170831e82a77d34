// Fuzzes the WordPress export reader (libexpat, streaming) and the content conversion of each item
// it yields: no crash, no hang, and a refusal is always blog::error (the operator's message).
#include "blog/core/error.hpp"
#include "blog/domain/render/html.hpp"
#include "blog/import/content.hpp"
#include "blog/import/wxr.hpp"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  blog::import::wxr_channel channel;
  try {
    blog::import::read_wxr(in, channel, [](blog::import::wxr_item&& item) {
      auto converted = blog::import::convert_wordpress_content(item.content);
      (void)blog::render::sanitize_html(converted.html);
      (void)blog::import::percent_decode(item.post_name);
      (void)blog::import::wordpress_time(item.post_date_gmt);
      (void)blog::import::url_path(item.link);
    });
  } catch (const blog::error&) {
    // Refused: what a bad file must get.
  }
  return 0;
}
