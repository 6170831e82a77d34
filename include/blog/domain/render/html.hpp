// Safe HTML for post bodies: escaping and the allowlist sanitiser.
#pragma once

#include "blog/core/text.hpp"

#include <string>
#include <string_view>

namespace blog::render {

// Escapes & < > " ' as entities (core/text.hpp holds the one escaper; named here for render's callers).
using core::html_escape;

// Re-serialises HTML keeping only the allowlisted elements and attributes:
// - elements: h1-h6 p br hr ul ol li blockquote pre code a img strong b em i u s strike del ins
//   sub sup span div table thead tbody tr th td figure figcaption mark;
// - script, style, iframe, object, embed, template, noscript, svg, math, form, textarea,
//   select, title, head (also frame, frameset, applet, noembed, noframes, xmp, plaintext,
//   base, link, meta, param, source, track) go with their content; other tags go, their text
//   stays; table parts outside a table go; nesting deeper than 256 elements is flattened;
// - a[href title rel target] (a target forces rel="noopener noreferrer nofollow"),
//   img[src alt title width height], class with Quill's values only (ql-align-center|right|
//   justify, ql-indent-1..8, ql-syntax, ql-size-*, ql-font-*, ql-direction-rtl and Quill 2's
//   ql-code-block[-container]), li[data-list], pre/div[spellcheck data-language], ol[start],
//   th/td[align colspan rowspan], code[class=language-*] (the last three are md4c's);
//   no id, style or on* attribute ever;
// - href: http, https, irc, ircs, mailto, xmpp or relative; src: http, https, relative or a
//   base64 PNG, JPEG, GIF or WebP data URL. A link with another URL loses its href, an image
//   loses itself (its alt text stays). Schemes are read as a browser reads them, after
//   entities, controls, tabs and newlines.
// Output: text and attribute values re-escaped, values double-quoted, comments and doctypes
// removed, every open element closed, end tags HTML implies written out (<p>a<div> gives
// <p>a</p><div></div>), invalid UTF-8 replaced with U+FFFD, the characters no page may carry
// (core::utf8::is_forbidden_char: C0 controls but tab and newline, DEL, C1, U+FFFE, U+FFFF) removed. Sanitising the
// output again returns it unchanged. Never fails: any input yields safe (possibly empty) HTML. Throws only
// std::bad_alloc.
[[nodiscard]] std::string sanitize_html(std::string_view html);

}  // namespace blog::render
