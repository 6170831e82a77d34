// Element tables shared by the sanitiser and the text extractor.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace blog::render::detail {

// Elements the sanitiser keeps (with filtered attributes).
[[nodiscard]] bool is_allowed_element(std::string_view name) noexcept;

// Elements removed together with everything inside them (script, style, svg, ...).
[[nodiscard]] bool is_dropped_with_content(std::string_view name) noexcept;

// HTML void elements: they never have content or an end tag.
[[nodiscard]] bool is_void_element(std::string_view name) noexcept;

// Elements that break the flow of text (a paragraph, a list item, a table row, ...).
[[nodiscard]] bool is_block_element(std::string_view name) noexcept;

struct html_token;

// Follows an element dropped with its content (script, svg, ...) from its start tag to its
// end tag, counting nested elements of the same name.
class dropped_content {
 public:
  // True when the token is part of dropped content, its own start and end tags included.
  bool consume(const html_token& token);

 private:
  std::string name_;
  std::size_t depth_ = 0;
};

}  // namespace blog::render::detail
