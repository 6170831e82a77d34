// A post's stored content (HTML from the editor, or markdown) turned into safe HTML.
#pragma once

#include <string>
#include <string_view>

namespace blog::render {

// True when content holds an HTML tag (<name ...>, </name>), so the spec renders it as HTML;
// otherwise it is markdown. "<https://x>" autolinks and "a < b" are not tags.
[[nodiscard]] bool content_is_html(std::string_view content) noexcept;

// The safe HTML copy of a post's content. HTML content goes through sanitize_html. Markdown
// is rendered by md4c (tables, strikethrough, autolinks; raw HTML shown as text), links and
// images are then kept only with http, https, irc, ircs, mailto, xmpp or relative URLs
// (images: http, https, relative), and the result goes through the sanitiser as well.
// Never fails: should md4c give up, the content comes back escaped as one <pre> block.
// Throws only std::bad_alloc.
[[nodiscard]] std::string render_post_html(std::string_view content);

// Markdown that may hold raw HTML (Ghost's markdown cards: "![x](a.png)" beside a <div>), as
// markdown whatever tags it holds, the raw HTML kept; then the sanitiser, as above. Never fails
// (but std::bad_alloc).
[[nodiscard]] std::string render_markdown_html(std::string_view markdown);

}  // namespace blog::render
