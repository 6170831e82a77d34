// A small HTML tokenizer after the WHATWG rules: tags, attributes, text, raw-text elements.
#include "html_tokenizer.hpp"

#include "blog/core/text.hpp"
#include "entities.hpp"

#include <algorithm>
#include <array>

namespace blog::render::detail {
namespace {

constexpr bool is_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n';
}

// Printable ASCII, tab and line feed: what most of a post is, copied as it stands.
constexpr bool is_plain_ascii(char c) noexcept {
  const auto byte = static_cast<unsigned char>(c);
  return (byte >= 0x20 && byte < 0x7F) || c == '\t' || c == '\n';
}

std::string clean_input(std::string_view html) {
  std::string out;
  out.reserve(html.size());
  std::size_t pos = 0;
  while (pos < html.size()) {
    // A run of plain ASCII in one append rather than a byte at a time (this was a tenth of an
    // import's CPU).
    const std::size_t run = pos;
    while (pos < html.size() && is_plain_ascii(html[pos])) ++pos;
    if (pos > run) {
      out.append(html.data() + run, pos - run);
      continue;
    }
    const char c = html[pos];
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x80) {
      const std::size_t start = pos;
      const char32_t cp = core::utf8::decode(html, pos);
      if (cp == core::utf8::replacement && pos == start + 1) {
        core::utf8::encode(cp, out);
      } else if (!core::utf8::is_forbidden_char(cp)) {
        out.append(html.substr(start, pos - start));
      }
      continue;
    }
    ++pos;
    if (c == '\r') {
      out += '\n';
      if (pos < html.size() && html[pos] == '\n') {
        ++pos;
      }
    } else if (c == '\f') {
      out += ' ';
    } else if (!core::utf8::is_forbidden_char(byte)) {
      out += c;
    }
  }
  return out;
}

constexpr std::array<std::string_view, 7> raw_text_elements = {"script",  "style",    "xmp",     "iframe",
                                                               "noembed", "noframes", "noscript"};
constexpr std::array<std::string_view, 2> escapable_raw_text_elements = {"textarea", "title"};

bool contains(const auto& list, std::string_view name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

}  // namespace

bool is_raw_text_element(std::string_view name) noexcept {
  return contains(raw_text_elements, name) || contains(escapable_raw_text_elements, name) || name == "plaintext";
}

const html_attribute* html_token::find(std::string_view attribute_name) const {
  const auto it = std::find_if(attributes.begin(), attributes.end(),
                               [&](const html_attribute& a) { return a.name == attribute_name; });
  return it == attributes.end() ? nullptr : &*it;
}

void html_token::clear() {
  kind = token_kind::text;
  name.clear();
  text.clear();
  attributes.clear();
  self_closing = false;
}

html_tokenizer::html_tokenizer(std::string_view html) : input_(clean_input(html)) {}

bool html_tokenizer::next(html_token& token) {
  token.clear();
  while (pos_ < input_.size()) {
    if (plaintext_ || !raw_end_tag_.empty()) {
      read_raw_text(token);
      if (!token.text.empty()) {
        return true;
      }
      continue;
    }
    if (!starts_markup(pos_)) {
      read_text(token);
      return true;
    }
    if (read_markup(token) == markup_result::tag) {
      enter_raw_text_if_needed(token);
      return true;
    }
  }
  return false;
}

bool html_tokenizer::starts_markup(std::size_t at) const {
  if (input_[at] != '<' || at + 1 >= input_.size()) {
    return false;
  }
  const char c = input_[at + 1];
  return core::is_ascii_alpha(c) || c == '!' || c == '?' || (c == '/' && at + 2 < input_.size());
}

void html_tokenizer::read_text(html_token& token) {
  token.kind = token_kind::text;
  while (pos_ < input_.size()) {
    const char c = input_[pos_];
    if (c == '<' && starts_markup(pos_)) {
      break;
    }
    if (c == '&') {
      decode_char_ref(input_, pos_, token.text, char_ref_context::text);
      continue;
    }
    // Up to the next '<' or '&' in one append (text is most of a post).
    auto end = input_.find_first_of("<&", pos_ + 1);
    if (end == std::string::npos) end = input_.size();
    token.text.append(input_, pos_, end - pos_);
    pos_ = end;
  }
}

void html_tokenizer::read_raw_text(html_token& token) {
  token.kind = token_kind::text;
  std::size_t end = input_.size();
  if (!plaintext_) {
    // The raw text runs to "</name" followed by a space, '/' or '>' (any case).
    std::size_t from = pos_;
    while ((from = input_.find("</", from)) != std::string::npos) {
      const std::size_t after = from + 2 + raw_end_tag_.size();
      if (after < input_.size() &&
          core::to_lower_ascii(std::string_view(input_).substr(from + 2, raw_end_tag_.size())) == raw_end_tag_ &&
          (is_space(input_[after]) || input_[after] == '/' || input_[after] == '>')) {
        end = from;
        break;
      }
      from += 2;
    }
  }
  const std::string_view raw = std::string_view(input_).substr(pos_, end - pos_);
  token.text = raw_decodes_refs_ ? decode_char_refs(raw, char_ref_context::text) : std::string(raw);
  pos_ = end;
  raw_end_tag_.clear();
  raw_decodes_refs_ = false;
}

html_tokenizer::markup_result html_tokenizer::read_markup(html_token& token) {
  const char c = input_[pos_ + 1];
  if (c == '!') {
    if (input_.compare(pos_, 4, "<!--") == 0) {
      skip_comment();
    } else {
      skip_bogus_comment(pos_ + 2);
    }
    return markup_result::skipped;
  }
  if (c == '?') {
    skip_bogus_comment(pos_ + 2);
    return markup_result::skipped;
  }
  if (c == '/') {
    const char after = input_[pos_ + 2];
    if (core::is_ascii_alpha(after)) {
      return read_tag(token, true);
    }
    if (after == '>') {
      pos_ += 3;
    } else {
      skip_bogus_comment(pos_ + 2);
    }
    return markup_result::skipped;
  }
  return read_tag(token, false);
}

void html_tokenizer::skip_comment() {
  const std::size_t body = pos_ + 4;
  // "<!-->" and "<!--->" are complete (empty) comments.
  if (input_.compare(body, 1, ">") == 0) {
    pos_ = body + 1;
    return;
  }
  if (input_.compare(body, 2, "->") == 0) {
    pos_ = body + 2;
    return;
  }
  // The comment ends at the first "-->" or "--!>"; one pass, so many comments stay linear.
  for (std::size_t dashes = input_.find("--", body); dashes != std::string::npos;
       dashes = input_.find("--", dashes + 1)) {
    if (input_.compare(dashes + 2, 1, ">") == 0) {
      pos_ = dashes + 3;
      return;
    }
    if (input_.compare(dashes + 2, 2, "!>") == 0) {
      pos_ = dashes + 4;
      return;
    }
  }
  pos_ = input_.size();
}

void html_tokenizer::skip_bogus_comment(std::size_t from) {
  const std::size_t close = input_.find('>', from);
  pos_ = close == std::string::npos ? input_.size() : close + 1;
}

html_tokenizer::markup_result html_tokenizer::read_tag(html_token& token, bool end_tag) {
  const std::size_t n = input_.size();
  std::size_t p = pos_ + (end_tag ? 2 : 1);
  token.kind = end_tag ? token_kind::end_tag : token_kind::start_tag;
  while (p < n && !is_space(input_[p]) && input_[p] != '/' && input_[p] != '>') {
    token.name += core::ascii_lower(input_[p]);
    ++p;
  }
  const auto skip_spaces = [&] {
    while (p < n && is_space(input_[p])) {
      ++p;
    }
  };
  const auto cut_off = [&] {
    // A tag the input ends inside is dropped, as the browser drops it.
    pos_ = n;
    token.clear();
    return markup_result::skipped;
  };
  for (;;) {
    skip_spaces();
    if (p >= n) {
      return cut_off();
    }
    if (input_[p] == '>') {
      ++p;
      break;
    }
    if (input_[p] == '/') {
      ++p;
      if (p < n && input_[p] == '>') {
        token.self_closing = true;
        ++p;
        break;
      }
      continue;
    }
    html_attribute attribute;
    // The first character may be '=' (a parse error the browser takes as part of the name).
    attribute.name += core::ascii_lower(input_[p]);
    ++p;
    while (p < n && !is_space(input_[p]) && input_[p] != '/' && input_[p] != '>' && input_[p] != '=') {
      attribute.name += core::ascii_lower(input_[p]);
      ++p;
    }
    skip_spaces();
    if (p < n && input_[p] == '=') {
      ++p;
      skip_spaces();
      if (p >= n) {
        return cut_off();
      }
      if (input_[p] == '"' || input_[p] == '\'') {
        const std::size_t close = input_.find(input_[p], p + 1);
        if (close == std::string::npos) {
          return cut_off();
        }
        attribute.value =
            decode_char_refs(std::string_view(input_).substr(p + 1, close - p - 1), char_ref_context::attribute);
        p = close + 1;
      } else if (input_[p] != '>') {
        const std::size_t start = p;
        while (p < n && !is_space(input_[p]) && input_[p] != '>') {
          ++p;
        }
        attribute.value =
            decode_char_refs(std::string_view(input_).substr(start, p - start), char_ref_context::attribute);
      }
    }
    if (!end_tag) {
      token.attributes.push_back(std::move(attribute));
    }
  }
  pos_ = p;
  return markup_result::tag;
}

void html_tokenizer::enter_raw_text_if_needed(const html_token& token) {
  if (token.kind != token_kind::start_tag) {
    return;
  }
  if (token.name == "plaintext") {
    plaintext_ = true;
  } else if (contains(raw_text_elements, token.name)) {
    raw_end_tag_ = token.name;
    raw_decodes_refs_ = false;
  } else if (contains(escapable_raw_text_elements, token.name)) {
    raw_end_tag_ = token.name;
    raw_decodes_refs_ = true;
  }
}

}  // namespace blog::render::detail
