// Ghost's editor documents, Lexical (Ghost 5+) and Mobiledoc (Ghost 1 to 4), rendered to HTML.
#pragma once

#include <boost/json/fwd.hpp>

#include <string>

namespace blog::import {

// Both renderers write what a reader of the post needs, for the sanitiser to go through next
// (render_post_html): text HTML-escaped; the HTML a Ghost card holds (an HTML or embed card, a
// caption, a callout's or a toggle's text) as it is; markdown cards rendered with
// render_post_html. Links keep only http(s), mailto and relative URLs (__GHOST_URL__/… is one),
// images and media only http(s) and relative ones; a link or image without one is left out, its
// text kept. Cards Ghost shows only to members or only in e-mails, and those that mean nothing
// outside Ghost (signup, paywall), give nothing. Whatever the input, the output nests well (but
// for the cards' own HTML). A part of the wrong type or with an index out of range is skipped:
// neither fails, but with std::bad_alloc.

// `document` is a parsed Lexical document ({"root": {"children": […]}}). Paragraphs, headings,
// quotes and asides (as <blockquote>), lists (bullet, number, check) and nested lists, text with
// its format bits (bold, italic, strikethrough, underline, code, subscript, superscript,
// highlight), line breaks, links and Ghost's cards. An unknown node gives its children, or else
// its text. Nesting deeper than ghost_max_depth is left out.
std::string lexical_to_html(const boost::json::value& document);

// `document` is a parsed Mobiledoc document ({"version": "0.3.1", "markups": […], "atoms": […],
// "cards": […], "sections": […]}). Markup sections (p, h1-h6, blockquote, aside), lists, image
// sections and cards, in the order of "sections"; markups a, b, code, em, i, s, strong, sub, sup
// and u; an atom gives its text (soft-return a <br>). An unknown card gives nothing.
std::string mobiledoc_to_html(const boost::json::value& document);

}  // namespace blog::import
