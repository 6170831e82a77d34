// A small HTML tokenizer after the WHATWG rules: tags, attributes, text, raw-text elements.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace blog::render::detail {

enum class token_kind { text, start_tag, end_tag };

struct html_attribute {
  std::string name;   // ASCII-lowercased
  std::string value;  // character references decoded
};

struct html_token {
  token_kind kind = token_kind::text;
  std::string name;  // tag name, ASCII-lowercased; empty for text
  std::string text;  // character data with references decoded; empty for tags
  std::vector<html_attribute> attributes;
  bool self_closing = false;

  // The first attribute of that name, as a browser keeps only the first of duplicates.
  [[nodiscard]] const html_attribute* find(std::string_view attribute_name) const;
  void clear();
};

// Splits HTML into text and tag tokens; comments, doctypes and processing instructions are
// consumed silently, and a tag cut off by the end of input is dropped, as a browser does.
// Input is cleaned first: invalid UTF-8 becomes U+FFFD, CR/CRLF become LF, NUL and other C0
// controls (but tab and LF) are removed, so no token carries them.
class html_tokenizer {
 public:
  explicit html_tokenizer(std::string_view html);

  // Reads the next token; false once the input is exhausted. Never throws but std::bad_alloc.
  bool next(html_token& token);

 private:
  enum class markup_result { tag, skipped };

  void read_text(html_token& token);
  void read_raw_text(html_token& token);
  [[nodiscard]] bool starts_markup(std::size_t at) const;
  markup_result read_markup(html_token& token);
  markup_result read_tag(html_token& token, bool end_tag);
  void skip_comment();
  void skip_bogus_comment(std::size_t from);
  void enter_raw_text_if_needed(const html_token& token);

  std::string input_;
  std::size_t pos_ = 0;
  std::string raw_end_tag_;  // set while inside script, style, textarea, ...
  bool raw_decodes_refs_ = false;
  bool plaintext_ = false;
};

// The name of the element whose content is raw text in HTML (script, style, textarea, ...).
[[nodiscard]] bool is_raw_text_element(std::string_view name) noexcept;

}  // namespace blog::render::detail
