// Element tables shared by the sanitiser and the text extractor.
#include "elements.hpp"

#include "html_tokenizer.hpp"

#include <algorithm>
#include <iterator>

namespace blog::render::detail {
namespace {

constexpr std::string_view allowed_elements[] = {
    "h1",  "h2",   "h3",   "h4",  "h5",     "h6",    "p",     "br", "hr", "ul", "ol",     "li",         "blockquote",
    "pre", "code", "a",    "img", "strong", "b",     "em",    "i",  "u",  "s",  "strike", "del",        "ins",
    "sub", "sup",  "span", "div", "table",  "thead", "tbody", "tr", "th", "td", "figure", "figcaption", "mark"};

constexpr std::string_view dropped_with_content[] = {
    "script",   "style",    "iframe",    "object", "embed", "template", "noscript", "svg",    "math",
    "form",     "textarea", "select",    "title",  "head",  "frameset", "frame",    "applet", "noembed",
    "noframes", "xmp",      "plaintext", "base",   "link",  "meta",     "param",    "source", "track"};

constexpr std::string_view void_elements[] = {"area", "base", "br",    "col",    "embed", "hr",  "img",   "input",
                                              "link", "meta", "param", "source", "track", "wbr", "frame", "keygen"};

constexpr std::string_view block_elements[] = {
    "p",      "div",        "h1",         "h2",  "h3",      "h4",       "h5",      "h6",      "ul",
    "ol",     "li",         "blockquote", "pre", "table",   "thead",    "tbody",   "tfoot",   "tr",
    "figure", "figcaption", "hr",         "br",  "section", "article",  "header",  "footer",  "aside",
    "nav",    "main",       "address",    "dl",  "dt",      "dd",       "details", "summary", "caption",
    "center", "body",       "html",       "td",  "th",      "fieldset", "legend",  "hgroup",  "menu"};

bool contains(const auto& list, std::string_view name) noexcept {
  return std::find(std::begin(list), std::end(list), name) != std::end(list);
}

}  // namespace

bool is_allowed_element(std::string_view name) noexcept {
  return contains(allowed_elements, name);
}

bool is_dropped_with_content(std::string_view name) noexcept {
  return contains(dropped_with_content, name);
}

bool is_void_element(std::string_view name) noexcept {
  return contains(void_elements, name);
}

bool is_block_element(std::string_view name) noexcept {
  return contains(block_elements, name);
}

bool dropped_content::consume(const html_token& token) {
  if (token.kind == token_kind::text) {
    return depth_ > 0;
  }
  if (depth_ == 0) {
    if (!is_dropped_with_content(token.name)) {
      return false;
    }
    // Script-like elements stay raw text even when written <script/>; <svg/> is closed.
    if (token.kind == token_kind::start_tag && !is_void_element(token.name) &&
        (!token.self_closing || is_raw_text_element(token.name))) {
      name_ = token.name;
      depth_ = 1;
    }
    return true;
  }
  if (token.name != name_) {
    if (name_ == "head" && token.kind == token_kind::start_tag && token.name == "body") {
      depth_ = 0;  // a document whose </head> is missing still has a body
      return false;
    }
    return true;
  }
  if (token.kind == token_kind::start_tag && (!token.self_closing || is_raw_text_element(token.name))) {
    ++depth_;
  } else if (token.kind == token_kind::end_tag) {
    --depth_;
  }
  return true;
}

}  // namespace blog::render::detail
