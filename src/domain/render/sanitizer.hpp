// The allowlist sanitiser's entry point with the options post rendering needs.
#pragma once

#include <string>
#include <string_view>

namespace blog::render::detail {

struct sanitize_options {
  // data:image/(png|jpeg|gif|webp);base64 sources; markdown images don't get them (spec §2).
  bool allow_data_images = true;
};

// sanitize_html with options; never fails (throws only std::bad_alloc).
[[nodiscard]] std::string sanitize(std::string_view html, const sanitize_options& options);

}  // namespace blog::render::detail
