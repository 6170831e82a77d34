// Plain text from post HTML, for the search index and for excerpts.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace blog::render {

// The readable text of HTML: tags removed, entities decoded, the content of script, style
// and the other dropped elements left out, block elements and <br> separated by a newline,
// other whitespace (and no-break spaces) collapsed to one space, lines trimmed.
// Pass HTML (render_post_html's output for a post), not markdown.
// Never fails (but std::bad_alloc); malformed HTML is read as a browser would read it.
[[nodiscard]] std::string html_to_text(std::string_view html);

// At most max_chars code points of text with whitespace collapsed to single spaces. When the
// text is longer it is cut at the last word boundary that fits, trailing punctuation is trimmed
// and '…' appended (counted in max_chars); a single word longer than the limit is cut inside,
// never inside a UTF-8 sequence. max_chars == 0 gives "". Never fails (but std::bad_alloc).
[[nodiscard]] std::string make_excerpt(std::string_view text, std::size_t max_chars = 200);

}  // namespace blog::render
