// The allowlist HTML sanitiser: tokens in, only allowed elements and attributes out, re-escaped.
#include <blog/domain/render/html.hpp>

#include "blog/core/text.hpp"
#include "elements.hpp"
#include "html_tokenizer.hpp"
#include "sanitizer.hpp"

#include <algorithm>
#include <initializer_list>
#include <map>
#include <optional>
#include <vector>

namespace blog::render {
namespace detail {
namespace {

// Deeper nesting is flattened: it bounds the work of closing tags on hostile input.
constexpr std::size_t max_depth = 256;

constexpr bool is_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n';
}

bool is_one_of(std::string_view value, std::initializer_list<std::string_view> options) {
  return std::find(options.begin(), options.end(), value) != options.end();
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) {
    s.remove_prefix(1);
  }
  while (!s.empty() && is_space(s.back())) {
    s.remove_suffix(1);
  }
  return s;
}

std::vector<std::string_view> split_spaces(std::string_view s) {
  std::vector<std::string_view> parts;
  std::size_t pos = 0;
  while (pos < s.size()) {
    while (pos < s.size() && is_space(s[pos])) {
      ++pos;
    }
    const std::size_t start = pos;
    while (pos < s.size() && !is_space(s[pos])) {
      ++pos;
    }
    if (pos > start) {
      parts.push_back(s.substr(start, pos - start));
    }
  }
  return parts;
}

std::string join_spaces(const auto& words) {
  std::string joined;
  for (const auto& word : words) {
    if (!joined.empty()) {
      joined += ' ';
    }
    joined += word;
  }
  return joined;
}

bool all_of_chars(std::string_view s, auto predicate) {
  return std::all_of(s.begin(), s.end(), predicate);
}

bool is_digits(std::string_view s, std::size_t max_length) {
  return !s.empty() && s.size() <= max_length && all_of_chars(s, core::is_ascii_digit);
}

// ---- URLs -------------------------------------------------------------------------------

// What a browser's URL parser does first: drop tabs and newlines anywhere, then leading and
// trailing C0 controls and spaces. Entities are already decoded by the tokenizer.
std::string normalize_url(std::string_view value) {
  std::string url;
  url.reserve(value.size());
  for (const char c : value) {
    if (c != '\t' && c != '\n' && c != '\r') {
      url += c;
    }
  }
  const auto is_c0_or_space = [](char c) { return static_cast<unsigned char>(c) <= 0x20; };
  const auto first = std::find_if_not(url.begin(), url.end(), is_c0_or_space);
  const auto last = std::find_if_not(url.rbegin(), url.rend(), is_c0_or_space).base();
  return first < last ? std::string(first, last) : std::string();
}

enum class url_form { relative, absolute, unreadable };

// The scheme of a normalised URL. Anything with a ':' before the first '/', '?' or '#' has a
// scheme; a malformed one ("java script:", "jav\u00ADascript:") is unreadable, hence refused.
url_form scheme_of(std::string_view url, std::string& scheme) {
  for (std::size_t i = 0; i < url.size(); ++i) {
    const char c = url[i];
    if (c == '/' || c == '?' || c == '#') {
      return url_form::relative;
    }
    if (c != ':') {
      continue;
    }
    const std::string_view candidate = url.substr(0, i);
    const auto scheme_char = [](char ch) { return core::is_ascii_alnum(ch) || ch == '+' || ch == '-' || ch == '.'; };
    if (candidate.empty() || !core::is_ascii_alpha(candidate.front()) || !all_of_chars(candidate, scheme_char)) {
      return url_form::unreadable;
    }
    scheme = core::to_lower_ascii(candidate);
    return url_form::absolute;
  }
  return url_form::relative;
}

bool is_allowed_link(std::string_view url) {
  std::string scheme;
  switch (scheme_of(url, scheme)) {
    case url_form::relative:
      return true;
    case url_form::absolute:
      return is_one_of(scheme, {"http", "https", "irc", "ircs", "mailto", "xmpp"});
    case url_form::unreadable:
      return false;
  }
  return false;
}

bool is_allowed_data_image(std::string_view url) {
  const std::string head = core::to_lower_ascii(url.substr(0, std::min<std::size_t>(url.size(), 32)));
  for (const std::string_view prefix :
       {"data:image/png;base64,", "data:image/jpeg;base64,", "data:image/gif;base64,", "data:image/webp;base64,"}) {
    if (head.starts_with(prefix)) {
      const std::string_view payload = url.substr(prefix.size());
      return !payload.empty() &&
             all_of_chars(payload, [](char c) { return core::is_ascii_alnum(c) || c == '+' || c == '/' || c == '='; });
    }
  }
  return false;
}

bool is_allowed_image(std::string_view url, const sanitize_options& options) {
  if (url.empty()) {
    return false;
  }
  std::string scheme;
  switch (scheme_of(url, scheme)) {
    case url_form::relative:
      return true;
    case url_form::absolute:
      if (scheme == "data") {
        return options.allow_data_images && is_allowed_data_image(url);
      }
      return scheme == "http" || scheme == "https";
    case url_form::unreadable:
      return false;
  }
  return false;
}

// ---- classes ----------------------------------------------------------------------------

bool has_suffix_of(std::string_view token, std::string_view prefix, auto predicate) {
  return token.starts_with(prefix) && token.size() > prefix.size() && token.size() <= 64 &&
         all_of_chars(token.substr(prefix.size()), predicate);
}

// The classes Quill writes (and md4c's language-* on code), nothing a page's CSS could abuse.
bool is_allowed_class(std::string_view token, std::string_view element) {
  const auto name_char = [](char c) { return (c >= 'a' && c <= 'z') || core::is_ascii_digit(c) || c == '-'; };
  if (is_one_of(token, {"ql-align-center", "ql-align-right", "ql-align-justify", "ql-direction-rtl", "ql-syntax",
                        "ql-code-block", "ql-code-block-container"})) {
    return true;
  }
  if (token.size() == 11 && token.starts_with("ql-indent-") && token[10] >= '1' && token[10] <= '8') {
    return true;
  }
  if (has_suffix_of(token, "ql-size-", name_char) || has_suffix_of(token, "ql-font-", name_char)) {
    return true;
  }
  return element == "code" && has_suffix_of(token, "language-", [&](char c) {
           return name_char(c) || c == '+' || c == '#' || c == '_' || c == '.';
         });
}

// ---- the tree ---------------------------------------------------------------------------

bool is_heading(std::string_view name) {
  return name.size() == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6';
}

bool closes_paragraph(std::string_view name) {
  return is_heading(name) ||
         is_one_of(name, {"p", "div", "ul", "ol", "li", "blockquote", "pre", "hr", "table", "figure", "figcaption"});
}

bool is_table_part(std::string_view name) {
  return is_one_of(name, {"thead", "tbody", "tr", "th", "td"});
}

void append_attribute(std::string& out, std::string_view name, std::string_view value) {
  out += ' ';
  out += name;
  out += "=\"";
  out += html_escape(value);
  out += '"';
}

class sanitizer {
 public:
  explicit sanitizer(const sanitize_options& options) : options_(options) {}

  std::string run(std::string_view html) {
    out_.reserve(html.size());
    html_tokenizer tokenizer(html);
    html_token token;
    while (tokenizer.next(token)) {
      if (dropped_.consume(token)) {
        continue;
      }
      switch (token.kind) {
        case token_kind::text:
          core::append_html_text_escaped(token.text, out_);
          break;
        case token_kind::start_tag:
          start_tag(token);
          break;
        case token_kind::end_tag:
          end_tag(token.name);
          break;
      }
    }
    close_above(0);
    return std::move(out_);
  }

 private:
  void start_tag(const html_token& token) {
    const std::string& name = token.name;
    if (!is_allowed_element(name)) {
      return;
    }
    const bool is_void = is_void_element(name);
    if ((!is_void && open_.size() >= max_depth) || (is_table_part(name) && !is_open("table"))) {
      return;
    }
    close_implied_by(name);
    std::string attributes;
    if (!allowed_attributes(token, attributes)) {
      return;
    }
    out_ += '<';
    out_ += name;
    out_ += attributes;
    out_ += '>';
    if (!is_void) {
      open_.push_back(name);
      ++open_counts_[name];
    }
  }

  void end_tag(const std::string& name) {
    if (!is_allowed_element(name) || is_void_element(name)) {
      return;
    }
    // An end tag does not reach out of a table cell (or a table) it was not opened in.
    const std::initializer_list<std::string_view> cell_scope = {"td", "th", "table"};
    const std::initializer_list<std::string_view> table_scope = {"table"};
    const std::initializer_list<std::string_view> no_scope = {};
    const auto& scope = name == "table" ? no_scope : is_table_part(name) ? table_scope : cell_scope;
    close_in_scope(name, scope);
  }

  // The end tags HTML implies when an element starts (a <p> ends at a <div>, an <li> at the
  // next <li>): emitted so that the output parses back into the same tree.
  void close_implied_by(std::string_view name) {
    if (closes_paragraph(name)) {
      close_in_scope("p", {"table", "td", "th"});
    }
    if (name == "li") {
      close_in_scope("li", {"ul", "ol", "blockquote", "figure", "figcaption", "pre", "table", "thead", "tbody", "tr",
                            "td", "th", "h1", "h2", "h3", "h4", "h5", "h6"});
    } else if (is_heading(name) && !open_.empty() && is_heading(open_.back())) {
      close_above(open_.size() - 1);
    } else if (name == "a") {
      close_in_scope("a", {"table", "td", "th"});
    } else if (name == "tr") {
      close_down_to_nearest({"table", "thead", "tbody"});
    } else if (name == "td" || name == "th") {
      close_down_to_nearest({"tr", "table", "thead", "tbody"});
    } else if (name == "thead" || name == "tbody") {
      close_down_to_nearest({"table"});
    }
  }

  [[nodiscard]] bool is_open(std::string_view name) const {
    const auto it = open_counts_.find(name);
    return it != open_counts_.end() && it->second > 0;
  }

  // Closes the innermost open `name` and everything inside it, unless a boundary comes first.
  void close_in_scope(std::string_view name, std::initializer_list<std::string_view> boundaries) {
    if (!is_open(name)) {
      return;  // the common case of stray end tags, without a walk down the stack
    }
    for (std::size_t i = open_.size(); i-- > 0;) {
      if (open_[i] == name) {
        close_above(i);
        return;
      }
      if (is_one_of(open_[i], boundaries)) {
        return;
      }
    }
  }

  // Closes everything inside the innermost open element of `names`.
  void close_down_to_nearest(std::initializer_list<std::string_view> names) {
    for (std::size_t i = open_.size(); i-- > 0;) {
      if (is_one_of(open_[i], names)) {
        close_above(i + 1);
        return;
      }
    }
  }

  // Closes open_[depth..] innermost first.
  void close_above(std::size_t depth) {
    while (open_.size() > depth) {
      out_ += "</";
      out_ += open_.back();
      out_ += '>';
      --open_counts_[open_.back()];
      open_.pop_back();
    }
  }

  // Appends the element's allowed attributes in source order (the first of duplicates, as a
  // browser keeps); false when the element must go: an image without a usable source, whose
  // alt text is kept instead.
  bool allowed_attributes(const html_token& token, std::string& out) {
    const std::string& element = token.name;
    if (element == "img") {
      const html_attribute* src = token.find("src");
      if (src == nullptr || !is_allowed_image(normalize_url(src->value), options_)) {
        if (const html_attribute* alt = token.find("alt")) {
          core::append_html_text_escaped(alt->value, out_);
        }
        return false;
      }
    }
    // A new browsing context must not get a handle on this page (window.opener).
    const html_attribute* target = element == "a" ? token.find("target") : nullptr;
    const bool forced_rel = target != nullptr && allowed_value(element, *target).has_value();
    std::vector<std::string_view> seen;
    for (const html_attribute& attribute : token.attributes) {
      if (std::find(seen.begin(), seen.end(), attribute.name) != seen.end()) {
        continue;
      }
      seen.push_back(attribute.name);
      if (forced_rel && attribute.name == "rel") {
        continue;
      }
      if (const std::optional<std::string> value = allowed_value(element, attribute)) {
        append_attribute(out, attribute.name, *value);
      }
    }
    if (forced_rel) {
      append_attribute(out, "rel", "noopener noreferrer nofollow");
    }
    return true;
  }

  // The value to write for an attribute of an allowed element, or nothing to drop it.
  std::optional<std::string> allowed_value(std::string_view element, const html_attribute& attribute) const {
    const std::string_view name = attribute.name;
    const std::string& value = attribute.value;
    const std::string_view trimmed = trim(value);
    if (name == "class") {
      std::vector<std::string_view> kept;
      for (const std::string_view word : split_spaces(value)) {
        if (is_allowed_class(word, element) && std::find(kept.begin(), kept.end(), word) == kept.end()) {
          kept.push_back(word);
        }
      }
      return kept.empty() ? std::nullopt : std::optional(join_spaces(kept));
    }
    if (element == "a") {
      if (name == "href") {
        std::string url = normalize_url(value);
        return is_allowed_link(url) ? std::optional(std::move(url)) : std::nullopt;
      }
      if (name == "title") {
        return value;
      }
      if (name == "target") {
        std::string target = core::to_lower_ascii(trimmed);
        return is_one_of(target, {"_blank", "_self", "_parent", "_top"}) ? std::optional(std::move(target))
                                                                         : std::nullopt;
      }
      if (name == "rel") {
        std::vector<std::string> kept;
        for (const std::string_view word : split_spaces(value)) {
          std::string lower = core::to_lower_ascii(word);
          if (all_of_chars(lower, [](char c) { return (c >= 'a' && c <= 'z') || c == '-'; })) {
            kept.push_back(std::move(lower));
          }
        }
        return kept.empty() ? std::nullopt : std::optional(join_spaces(kept));
      }
      return std::nullopt;
    }
    if (element == "img") {
      if (name == "src") {
        return normalize_url(value);  // checked by allowed_attributes
      }
      if (name == "alt" || name == "title") {
        return value;
      }
      if (name == "width" || name == "height") {
        const std::string_view number = trimmed.ends_with('%') ? trimmed.substr(0, trimmed.size() - 1) : trimmed;
        return is_digits(number, 5) ? std::optional(std::string(trimmed)) : std::nullopt;
      }
      return std::nullopt;
    }
    if (element == "li" && name == "data-list") {
      return is_one_of(value, {"bullet", "ordered", "checked", "unchecked"}) ? std::optional(value) : std::nullopt;
    }
    if (element == "ol" && name == "start") {
      return is_digits(trimmed, 9) ? std::optional(std::string(trimmed)) : std::nullopt;
    }
    if (element == "th" || element == "td") {
      if (name == "align") {
        std::string align = core::to_lower_ascii(trimmed);
        return is_one_of(align, {"left", "center", "right"}) ? std::optional(std::move(align)) : std::nullopt;
      }
      if (name == "colspan" || name == "rowspan") {
        return is_digits(trimmed, 3) ? std::optional(std::string(trimmed)) : std::nullopt;
      }
      return std::nullopt;
    }
    if (element == "pre" || element == "div") {
      // Quill 2 code blocks: <pre spellcheck="false" data-language="plain">.
      if (name == "spellcheck") {
        std::string flag = core::to_lower_ascii(trimmed);
        return is_one_of(flag, {"true", "false"}) ? std::optional(std::move(flag)) : std::nullopt;
      }
      if (name == "data-language") {
        return is_allowed_class("language-" + value, "code") ? std::optional(value) : std::nullopt;
      }
    }
    return std::nullopt;
  }

  const sanitize_options& options_;
  std::string out_;
  std::vector<std::string> open_;
  std::map<std::string, std::size_t, std::less<>> open_counts_;
  dropped_content dropped_;
};

}  // namespace

std::string sanitize(std::string_view html, const sanitize_options& options) {
  return sanitizer(options).run(html);
}

}  // namespace detail

std::string sanitize_html(std::string_view html) {
  return detail::sanitize(html, detail::sanitize_options{});
}

}  // namespace blog::render
