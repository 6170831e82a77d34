// Ghost's editor documents, Lexical (Ghost 5+) and Mobiledoc (Ghost 1 to 4), rendered to HTML.
#pragma once

#include <boost/json/fwd.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace blog::import {

enum class ghost_format { lexical, mobiledoc };

// What a renderer left out of a document, counted for the import's report.
struct ghost_left_out {
  int hidden_cards = 0;                    // shown only to members or only in e-mails
  int unknown_cards = 0;                   // cards and nodes of a kind not known here, which gave nothing
  std::vector<std::string> unknown_kinds;  // their types, each once, the first seen first
  int unsafe_links = 0;                    // links to an address not http(s), mailto or relative: their text kept
  int unreadable_parts = 0;                // nodes, sections, markers, cards of the wrong shape
  bool too_deep = false;                   // nodes past ghost_max_depth
};

struct ghost_document {
  std::string html;
  ghost_left_out left_out;
  // Why none of it could be read ("not JSON at byte 1", "not a lexical document"); "" when it could.
  std::string unreadable;
};

// Both renderers write what a reader of the post needs, for the sanitiser to go through next
// (render_post_html): text HTML-escaped; the HTML a Ghost card holds (an HTML or embed card, a
// caption, a callout's or a toggle's text) as it is; markdown cards rendered with
// render_post_html. Links keep only http(s), mailto and relative URLs (__GHOST_URL__/… is one),
// images and media only http(s) and relative ones; a link without one is left out, its text kept
// (a button's and a bookmark's too), an image without one left out. Cards Ghost shows only to
// members or only in e-mails give nothing, as do those that mean nothing outside Ghost (signup,
// paywall: not counted). Whatever the input, the output nests well (but for the cards' own HTML).
// A part of the wrong type or with an index out of range is skipped. What is left out is counted
// in left_out. Neither fails, but with std::bad_alloc.

// `document` is a parsed Lexical document ({"root": {"children": […]}}). Paragraphs, headings,
// quotes and asides (as <blockquote>), lists (bullet, number, check) and nested lists, text with
// its format bits (bold, italic, strikethrough, underline, code, subscript, superscript,
// highlight), line breaks, links and Ghost's cards. An unknown node gives its children, or else
// its text (in a <p> where only blocks stand), or else nothing (counted as unknown). Nesting
// deeper than ghost_max_depth is left out. Another shape is "not a lexical document".
ghost_document lexical_to_html(const boost::json::value& document);

// `document` is a parsed Mobiledoc document ({"version": "0.3.1", "markups": […], "atoms": […],
// "cards": […], "sections": […]}). Markup sections (p, h1-h6, blockquote, aside), lists, image
// sections and cards, in the order of "sections"; markups a, b, code, em, i, s, strong, sub, sup
// and u; an atom gives its text (soft-return a <br>). An unknown card gives nothing (counted).
// Without a "sections" list it is "not a mobiledoc document".
ghost_document mobiledoc_to_html(const boost::json::value& document);

// `text`, a document of `format` as a Ghost export holds it (a string), parsed and rendered. Blank
// text is no document: nothing, and nothing to say. Text that is not JSON is "not JSON at byte N"
// (N where the parser stopped); JSON nesting past what ghost_max_depth nodes take gives nothing
// but too_deep.
ghost_document read_ghost_document(std::string_view text, ghost_format format);

// "lexical" or "mobiledoc": the format as the report and the export name it.
std::string_view ghost_format_name(ghost_format format);

}  // namespace blog::import
