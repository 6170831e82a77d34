// WordPress's content conventions (block comments, shortcodes, autop) turned into plain HTML.
#include "blog/import/content.hpp"

#include "blog/core/text.hpp"
#include "blog/domain/posts/post.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <map>

namespace blog::import {
namespace {

bool is_name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
}

// Removes <!-- wp:… -->, <!-- /wp:… -->, <!--more…--> and <!--nextpage--> (other comments are the
// sanitiser's to drop).
std::string without_wordpress_comments(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  std::size_t pos = 0;
  while (pos < raw.size()) {
    auto open = raw.find("<!--", pos);
    if (open == std::string_view::npos) break;
    auto close = raw.find("-->", open + 4);
    if (close == std::string_view::npos) break;
    auto inside = raw.substr(open + 4, close - open - 4);
    auto first = inside.find_first_not_of(" \t\r\n");
    auto body = first == std::string_view::npos ? std::string_view() : inside.substr(first);
    const bool ours = body.starts_with("wp:") || body.starts_with("/wp:") || body.starts_with("more") ||
                      body.starts_with("nextpage") || body.starts_with("noteaser");
    out.append(raw.substr(pos, (ours ? open : close + 3) - pos));
    pos = close + 3;
  }
  out.append(raw.substr(pos));
  return out;
}

// The value of attribute `key` in a shortcode's attribute text (key="v", key='v' or key=v).
std::string attribute(std::string_view attrs, std::string_view key) {
  std::size_t pos = 0;
  while ((pos = attrs.find(key, pos)) != std::string_view::npos) {
    const bool starts = pos == 0 || !is_name_char(attrs[pos - 1]);
    auto after = pos + key.size();
    if (starts && after < attrs.size() && attrs[after] == '=') {
      ++after;
      if (after < attrs.size() && (attrs[after] == '"' || attrs[after] == '\'')) {
        auto end = attrs.find(attrs[after], after + 1);
        if (end == std::string_view::npos) return {};
        return std::string(attrs.substr(after + 1, end - after - 1));
      }
      auto end = attrs.find_first_of(" \t]", after);
      return std::string(attrs.substr(after, end == std::string_view::npos ? end : end - after));
    }
    pos = after;
  }
  return {};
}

// [caption]'s inner text split into the image (an <img>, maybe inside an <a>) and the caption.
std::string figure_of(std::string_view inner, std::string_view attrs) {
  std::size_t image_end = 0;
  auto trimmed_start = inner.find_first_not_of(" \t\r\n");
  if (trimmed_start != std::string_view::npos && inner.substr(trimmed_start).starts_with("<a")) {
    auto close = inner.find("</a>");
    if (close != std::string_view::npos) image_end = close + 4;
  }
  if (image_end == 0) {
    auto img = inner.find("<img");
    if (img != std::string_view::npos) {
      auto close = inner.find('>', img);
      if (close != std::string_view::npos) image_end = close + 1;
    }
  }
  std::string caption(inner.substr(image_end));
  auto first = caption.find_first_not_of(" \t\r\n");
  caption = first == std::string::npos ? std::string() : caption.substr(first);
  while (!caption.empty() && std::isspace(static_cast<unsigned char>(caption.back()))) caption.pop_back();
  if (caption.empty()) caption = attribute(attrs, "caption");
  std::string out = "<figure>" + std::string(inner.substr(0, image_end));
  if (!caption.empty()) out += "<figcaption>" + caption + "</figcaption>";
  return out + "</figure>";
}

// Shortcodes of WordPress itself and of the plugins most sites ran: one of these is a shortcode
// even alone and without attributes ("[gallery]", "[toc]").
constexpr std::array<std::string_view, 28> known_shortcodes = {
    "audio",        "caption",      "embed",          "gallery",     "playlist",       "video",
    "wp_caption",   "contact-form", "contact-form-7", "gravityform", "wpforms",        "ninja_form",
    "mc4wp_form",   "toc",          "su_button",      "su_note",     "et_pb_section",  "et_pb_row",
    "et_pb_column", "et_pb_text",   "vc_row",         "vc_column",   "vc_column_text", "fusion_builder_container",
    "tweet",        "instagram",    "youtube",        "soundcloud"};

// Sorted positions of every occurrence of `what` in `text`: later look-ups are binary searches,
// so a text of many unmatched openings costs n log n, never a scan to its end for each.
std::vector<std::size_t> positions_of(std::string_view text, std::string_view what) {
  std::vector<std::size_t> at;
  for (auto pos = text.find(what); pos != std::string_view::npos; pos = text.find(what, pos + 1)) at.push_back(pos);
  return at;
}

// The first position in `sorted` at or after `from`, or npos.
std::size_t next_at(const std::vector<std::size_t>& sorted, std::size_t from) {
  auto it = std::ranges::lower_bound(sorted, from);
  return it == sorted.end() ? std::string_view::npos : *it;
}

// Where an element's content is text to keep as it is: shortcodes are not looked for there, and
// blank lines make no paragraphs (WordPress's wpautop keeps <pre> whole too).
constexpr std::array<std::string_view, 5> verbatim_elements = {"pre", "code", "script", "style", "textarea"};

class shortcode_pass {
 public:
  shortcode_pass(std::string_view text, std::vector<std::string>& removed)
      : text_(text),
        lower_(core::to_lower_ascii(text)),
        removed_(removed),
        brackets_(positions_of(text, "]")),
        escapes_(positions_of(text, "]]")),
        tag_ends_(positions_of(text, ">")) {
    for (auto at : positions_of(text, "[/")) {
      std::size_t end = at + 2;
      while (end < text.size() && is_name_char(text[end])) ++end;
      if (end < text.size() && text[end] == ']') closers_[std::string(text.substr(at + 2, end - at - 2))].push_back(at);
    }
    for (auto element : verbatim_elements)
      element_ends_[std::string(element)] = positions_of(lower_, "</" + std::string(element));
  }

  // Replaces shortcodes in [from, to): [caption] becomes a figure, every other one goes (its inner
  // text stays); HTML tags, and the content of <pre>, <code> and the like, are copied as they are.
  std::string run(std::size_t from, std::size_t to, int depth = 0) {
    std::string out;
    std::size_t pos = from;
    while (pos < to) {
      auto next = text_.substr(0, to).find_first_of("[<", pos);
      if (next == std::string_view::npos) break;
      out.append(text_.substr(pos, next - pos));
      pos = text_[next] == '<' ? copy_tag(next, to, out) : shortcode(next, to, depth, out);
    }
    if (pos < to) out.append(text_.substr(pos, to - pos));
    return out;
  }

 private:
  // Copies the tag at `open` (and the whole element when its content is verbatim); the position after.
  std::size_t copy_tag(std::size_t open, std::size_t to, std::string& out) {
    const auto close = next_at(tag_ends_, open);
    const bool tag = open + 1 < to && (std::isalpha(static_cast<unsigned char>(text_[open + 1])) ||
                                       text_[open + 1] == '/' || text_[open + 1] == '!');
    if (!tag || close == std::string_view::npos || close >= to) {
      out += '<';
      return open + 1;
    }
    std::size_t end = close + 1;
    std::size_t name_end = open + 1;
    while (name_end < close && std::isalnum(static_cast<unsigned char>(text_[name_end]))) ++name_end;
    const std::string name = lower_.substr(open + 1, name_end - open - 1);
    if (auto ends = element_ends_.find(name); ends != element_ends_.end()) {
      const auto closing = next_at(ends->second, end);
      if (closing != std::string_view::npos && closing < to) {
        const auto closing_end = next_at(tag_ends_, closing);
        end = closing_end == std::string_view::npos || closing_end >= to ? closing + 2 + name.size() : closing_end + 1;
      }
    }
    out.append(text_.substr(open, end - open));
    return end;
  }

  // Handles the '[' at `open`; the position after what it consumed.
  std::size_t shortcode(std::size_t open, std::size_t to, int depth, std::string& out) {
    // [[x]]: WordPress's escape for a literal shortcode.
    if (open + 1 < to && text_[open + 1] == '[') {
      const auto close = next_at(escapes_, open + 2);
      if (close != std::string_view::npos && close + 2 <= to) {
        out.append(text_.substr(open + 1, close - open));
        return close + 2;
      }
    }
    std::size_t name_end = open + 1;
    while (name_end < to && is_name_char(text_[name_end])) ++name_end;
    const auto name = text_.substr(open + 1, name_end - open - 1);
    const bool tag_like = !name.empty() && std::isalpha(static_cast<unsigned char>(name.front())) && name_end < to &&
                          (text_[name_end] == ']' || text_[name_end] == ' ' || text_[name_end] == '/');
    const auto close = tag_like ? next_at(brackets_, name_end) : std::string_view::npos;
    if (close == std::string_view::npos || close >= to) {
      out += '[';
      return open + 1;
    }
    const auto attrs = text_.substr(name_end, close - name_end);
    if (attrs.find('[') != std::string_view::npos) {  // "[b … [a x=1]": the bracket closes another
      out += '[';
      return open + 1;
    }
    const bool self_closing = attrs.ends_with("/");
    std::size_t end = std::string_view::npos;
    if (!self_closing) {
      if (auto found = closers_.find(std::string(name)); found != closers_.end()) {
        end = next_at(found->second, close + 1);
        if (end != std::string_view::npos && end >= to) end = std::string_view::npos;
      }
    }
    // Text in brackets is not a shortcode unless it looks like one a site ran: a known name, a
    // pair with its closing tag, or attributes (key=value). "[i]" in code, "[Smith 2020]" and
    // "[note]" in prose stay as they were written.
    const bool known = std::ranges::find(known_shortcodes, core::to_lower_ascii(name)) != known_shortcodes.end();
    if (!known && end == std::string_view::npos && attrs.find('=') == std::string_view::npos) {
      out += '[';
      return open + 1;
    }
    std::size_t after = close + 1;
    std::size_t inner_from = after, inner_to = after;
    if (end != std::string_view::npos) {
      inner_to = end;
      after = end + name.size() + 3;
    }
    const auto inner = [&] {
      return depth < 4 ? run(inner_from, inner_to, depth + 1)
                       : std::string(text_.substr(inner_from, inner_to - inner_from));
    };
    if (name == "caption" || name == "wp_caption") {
      out += figure_of(inner(), attrs);
    } else {
      if (std::ranges::find(removed_, name) == removed_.end()) removed_.emplace_back(name);
      if (inner_to > inner_from) out += inner();
    }
    return after;
  }

  std::string_view text_;
  std::string lower_;
  std::vector<std::string>& removed_;
  std::vector<std::size_t> brackets_, escapes_, tag_ends_;
  std::map<std::string, std::vector<std::size_t>, std::less<>> closers_;
  std::map<std::string, std::vector<std::size_t>, std::less<>> element_ends_;
};

// Replaces shortcodes (see shortcode_pass::run).
std::string replace_shortcodes(std::string_view text, std::vector<std::string>& removed) {
  return shortcode_pass(text, removed).run(0, text.size());
}

bool starts_with_block(std::string_view chunk) {
  static constexpr std::array<std::string_view, 24> blocks = {
      "p",   "div",   "h1",    "h2",    "h3", "h4", "h5", "h6",     "ul", "ol",      "li", "blockquote",
      "pre", "table", "thead", "tbody", "tr", "td", "th", "figure", "hr", "section", "dl", "address"};
  if (!chunk.starts_with('<')) return false;
  auto rest = chunk.substr(1);
  if (rest.starts_with('/')) rest.remove_prefix(1);
  std::size_t n = 0;
  while (n < rest.size() && std::isalnum(static_cast<unsigned char>(rest[n]))) ++n;
  std::string tag(rest.substr(0, n));
  std::ranges::transform(tag, tag.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return std::ranges::find(blocks, tag) != blocks.end();
}

// WordPress's wpautop, the part that matters for a stored post: text between blank lines is a
// paragraph unless it starts with a block element; a single newline inside one is a <br>.
std::string paragraphs(std::string_view text) {
  std::string normal;
  normal.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] != '\r') normal += text[i];
  std::string out;
  std::size_t pos = 0;
  while (pos <= normal.size()) {
    auto gap = normal.find("\n\n", pos);
    auto chunk = std::string_view(normal).substr(pos, gap == std::string::npos ? std::string::npos : gap - pos);
    auto first = chunk.find_first_not_of(" \t\n");
    if (first != std::string_view::npos) {
      auto last = chunk.find_last_not_of(" \t\n");
      chunk = chunk.substr(first, last - first + 1);
      if (starts_with_block(chunk)) {
        out.append(chunk);
      } else {
        out += "<p>";
        for (char c : chunk) {
          if (c == '\n')
            out += "<br>";
          else
            out += c;
        }
        out += "</p>";
      }
      out += '\n';
    }
    if (gap == std::string::npos) break;
    pos = gap + 2;
  }
  return out;
}

// Each <pre> element of `text` set aside, as WordPress's wpautop does: its blank lines make no
// paragraph and its newlines no <br>. It stands alone between blank lines in the text returned,
// as a placeholder paragraphs() takes for a block ("<pre" and a control character no text has).
std::string set_pre_aside(std::string_view text, std::vector<std::string>& aside) {
  const auto lower = core::to_lower_ascii(text);
  std::string out;
  std::size_t pos = 0;
  // The next "</pre" at or after a position, remembered: many "<pre" without an end must not each
  // look to the end of the text.
  std::size_t closer = 0;
  bool closer_known = false;
  auto next_closer = [&](std::size_t from) {
    if (!closer_known || (closer != std::string::npos && closer < from)) {
      closer = lower.find("</pre", from);
      closer_known = true;
    }
    return closer;
  };
  for (auto open = lower.find("<pre"); open != std::string::npos; open = lower.find("<pre", pos)) {
    const auto after_name = open + 4;
    const bool element = after_name < lower.size() &&
                         (lower[after_name] == '>' || std::isspace(static_cast<unsigned char>(lower[after_name])));
    auto close = element ? next_closer(after_name) : std::string::npos;
    auto close_end = close == std::string::npos ? std::string::npos : lower.find('>', close);
    if (close_end == std::string::npos) {
      out.append(text.substr(pos, after_name - pos));
      pos = after_name;
      continue;
    }
    out.append(text.substr(pos, open - pos));
    out += "\n\n<pre\x01" + std::to_string(aside.size()) + "\x01>\n\n";
    aside.emplace_back(text.substr(open, close_end + 1 - open));
    pos = close_end + 1;
  }
  out.append(text.substr(pos));
  return out;
}

std::string put_pre_back(std::string_view text, const std::vector<std::string>& aside) {
  std::string out;
  std::size_t pos = 0;
  for (auto at = text.find("<pre\x01"); at != std::string_view::npos; at = text.find("<pre\x01", pos)) {
    const auto end = text.find("\x01>", at + 5);
    std::size_t index = aside.size();
    if (end != std::string_view::npos) std::from_chars(text.data() + at + 5, text.data() + end, index);
    if (index >= aside.size()) {
      out.append(text.substr(pos, at + 5 - pos));
      pos = at + 5;
      continue;
    }
    out.append(text.substr(pos, at - pos));
    out += aside[index];
    pos = end + 2;
  }
  out.append(text.substr(pos));
  return out;
}

}  // namespace

converted_content convert_wordpress_content(std::string_view raw) {
  converted_content result;
  auto text = without_wordpress_comments(raw);
  text = replace_shortcodes(text, result.removed);
  std::vector<std::string> aside;
  text = set_pre_aside(text, aside);
  result.html = put_pre_back(paragraphs(text), aside);
  return result;
}

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
  if (from.empty()) return text;
  for (auto pos = text.find(from); pos != std::string::npos; pos = text.find(from, pos + to.size()))
    text.replace(pos, from.size(), to);
  return text;
}

std::string percent_decode(std::string_view text) {
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && hex(text[i + 1]) >= 0 && hex(text[i + 2]) >= 0) {
      out += static_cast<char>(hex(text[i + 1]) * 16 + hex(text[i + 2]));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

std::optional<std::string> our_language(std::string_view code) {
  std::string lower;
  for (char c : code) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto base = lower.substr(0, lower.find_first_of("_-"));
  if (base == "en" || base == "cs") return base;
  return std::nullopt;
}

std::optional<std::int64_t> wordpress_time(std::string_view text) {
  if (text.empty() || text.starts_with("0000-00-00")) return std::nullopt;
  std::string iso(text);
  if (iso.size() > 10 && iso[10] == ' ') iso[10] = 'T';
  if (iso.size() == 19) iso += 'Z';
  return posts::parse_iso_time(iso);
}

std::string url_path(std::string_view url) {
  for (std::string_view scheme : {"http://", "https://"}) {
    if (!url.starts_with(scheme)) continue;
    auto rest = url.substr(scheme.size());
    auto slash = rest.find_first_of("/?");
    if (slash == std::string_view::npos) return {};
    std::string path(rest.substr(slash));
    if (path.starts_with('?')) path = "/" + path;
    if (auto hash = path.find('#'); hash != std::string::npos) path.resize(hash);
    // Kept as the server compares it, percent-decoded up to the query: WordPress writes a Czech
    // permalink as "/cs/%c5%belut%c3%bd/", and a browser asks for it in either case of escape.
    const auto query = path.find('?');
    path = percent_decode(std::string_view(path).substr(0, query)) +
           (query == std::string::npos ? std::string() : path.substr(query));
    return path == "/" ? std::string() : path;
  }
  return {};
}

}  // namespace blog::import
