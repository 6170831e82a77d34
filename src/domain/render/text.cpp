// Plain text from post HTML, for the search index and for excerpts.
#include <blog/domain/render/text.hpp>

#include "blog/core/text.hpp"
#include "elements.hpp"
#include "html_tokenizer.hpp"

namespace blog::render {
namespace {

// ASCII whitespace and the Unicode spaces Czech typography uses (no-break, thin, narrow).
bool is_text_space(char32_t cp) noexcept {
  return cp == ' ' || cp == '\t' || cp == '\n' || cp == '\r' || cp == '\f' || cp == '\v' || cp == 0xA0 ||
         (cp >= 0x2000 && cp <= 0x200A) || cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

// Builds text with whitespace runs collapsed: a run that spans a block break becomes '\n',
// any other run one ' '; nothing leads or trails.
class collapsing_writer {
 public:
  void append(std::string_view text) {
    std::size_t pos = 0;
    while (pos < text.size()) {
      const std::size_t start = pos;
      // Most of a post is ASCII: a run of ASCII that is not space is copied in one append rather
      // than decoded and appended a code point at a time (html_to_text was ~10% of an import).
      while (pos < text.size() && is_ascii_word(text[pos])) ++pos;
      if (pos > start) {
        separate();
        out_.append(text.data() + start, pos - start);
        continue;
      }
      const char32_t cp = core::utf8::decode(text, pos);
      if (is_text_space(cp)) {
        pending_space_ = true;
        continue;
      }
      separate();
      if (cp == core::utf8::replacement && pos == start + 1) {
        core::utf8::encode(cp, out_);
      } else {
        out_.append(text.substr(start, pos - start));
      }
    }
  }

  void line_break() { pending_break_ = true; }

  std::string take() { return std::move(out_); }

 private:
  static bool is_ascii_word(char c) noexcept {
    const auto b = static_cast<unsigned char>(c);
    return b > ' ' && b < 0x80;
  }

  // The whitespace run before what is appended next, if any text came before it.
  void separate() {
    if (!out_.empty() && (pending_break_ || pending_space_)) {
      out_ += pending_break_ ? '\n' : ' ';
    }
    pending_break_ = false;
    pending_space_ = false;
  }

  std::string out_;
  bool pending_space_ = false;
  bool pending_break_ = false;
};

bool is_trimmed_tail(std::string_view s, std::size_t& length) {
  for (const std::string_view tail : {" ", ",", ";", ":", ".", "-", "(", "\u2013", "\u2014"}) {
    if (s.ends_with(tail)) {
      length = tail.size();
      return true;
    }
  }
  return false;
}

}  // namespace

std::string html_to_text(std::string_view html) {
  detail::html_tokenizer tokenizer(html);
  detail::html_token token;
  detail::dropped_content dropped;
  collapsing_writer writer;
  while (tokenizer.next(token)) {
    if (dropped.consume(token)) {
      continue;
    }
    if (token.kind == detail::token_kind::text) {
      writer.append(token.text);
    } else if (detail::is_block_element(token.name)) {
      writer.line_break();
    }
  }
  return writer.take();
}

std::string make_excerpt(std::string_view text, std::size_t max_chars) {
  if (max_chars == 0) {
    return {};
  }
  collapsing_writer writer;
  writer.append(text);
  std::string collapsed = writer.take();

  // The byte offset after max_chars - 1 code points: room for the '…'.
  std::size_t limit = 0;
  std::size_t count = 0;
  for (std::size_t i = 0; i < collapsed.size(); ++i) {
    if (core::utf8::is_lead(collapsed[i])) {
      if (count == max_chars - 1) {
        limit = i;
      }
      ++count;
    }
  }
  if (count <= max_chars) {
    return collapsed;
  }
  std::size_t cut = limit;
  if (collapsed[limit] != ' ') {
    const std::size_t space = collapsed.rfind(' ', limit);
    if (space != std::string::npos && space > 0) {
      cut = space;
    }
  }
  collapsed.resize(cut);
  std::size_t tail = 0;
  while (is_trimmed_tail(collapsed, tail)) {
    collapsed.resize(collapsed.size() - tail);
  }
  collapsed += "\u2026";
  return collapsed;
}

}  // namespace blog::render
