// A post's stored content (HTML from the editor, or markdown) turned into safe HTML.
#include <blog/domain/render/html.hpp>
#include <blog/domain/render/post_content.hpp>

#include "blog/core/text.hpp"
#include "sanitizer.hpp"

#include <md4c-html.h>

#include <limits>
#include <string>

namespace blog::render {
namespace {

constexpr bool is_tag_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

void append_chunk(const MD_CHAR* text, MD_SIZE size, void* userdata) {
  static_cast<std::string*>(userdata)->append(text, size);
}

// md4c's HTML, or nothing when md4c gives up (it fails only on allocation).
enum class raw_html { as_text, kept };

bool markdown_to_html(std::string_view markdown, std::string& html, raw_html raw = raw_html::as_text) {
  if (markdown.size() > std::numeric_limits<MD_SIZE>::max()) {
    return false;
  }
  // Raw HTML is shown as text: markdown content holds no tag (else it is HTML), and what
  // md4c would still pass through (comments, <?...?>) has no business in a post. (The sanitiser
  // after it makes kept raw HTML safe.)
  const unsigned parser_flags = MD_FLAG_TABLES | MD_FLAG_STRIKETHROUGH | MD_FLAG_PERMISSIVEAUTOLINKS |
                                (raw == raw_html::as_text ? MD_FLAG_NOHTML : 0U);
  html.reserve(markdown.size() + markdown.size() / 4);
  // md4c 0.4.8 (Debian 12) can read one byte past the end of its input (found by the markdown
  // fuzzer). A final newline changes nothing in the document and, with std::string's terminator
  // after it, keeps every read inside memory we own; a NUL it may copy out is dropped below.
  std::string input;
  input.reserve(markdown.size() + 1);
  input.append(markdown).push_back('\n');
  if (md_html(input.data(), static_cast<MD_SIZE>(input.size()), append_chunk, &html, parser_flags,
              MD_HTML_FLAG_SKIP_UTF8_BOM) != 0) {
    return false;
  }
  std::erase(html, '\0');
  return true;
}

}  // namespace

bool content_is_html(std::string_view content) noexcept {
  const std::size_t last_close = content.rfind('>');
  if (last_close == std::string_view::npos) {
    return false;
  }
  for (std::size_t i = content.find('<'); i < last_close; i = content.find('<', i + 1)) {
    std::size_t p = i + 1;
    if (p < content.size() && content[p] == '/') {
      ++p;
    }
    if (p >= content.size() || !core::is_ascii_alpha(content[p])) {
      continue;
    }
    while (p < content.size() && (core::is_ascii_alnum(content[p]) || content[p] == '-')) {
      ++p;
    }
    if (p <= last_close && (is_tag_space(content[p]) || content[p] == '/' || content[p] == '>')) {
      return true;
    }
  }
  return false;
}

std::string render_post_html(std::string_view content) {
  if (content_is_html(content)) {
    return sanitize_html(content);
  }
  std::string html;
  if (!markdown_to_html(content, html)) {
    html = "<pre>" + html_escape(content) + "</pre>";
  }
  return detail::sanitize(html, detail::sanitize_options{.allow_data_images = false});
}

std::string render_markdown_html(std::string_view markdown) {
  std::string html;
  if (!markdown_to_html(markdown, html, raw_html::kept)) {
    html = "<pre>" + html_escape(markdown) + "</pre>";
  }
  return detail::sanitize(html, detail::sanitize_options{.allow_data_images = false});
}

}  // namespace blog::render
