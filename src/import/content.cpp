// WordPress's content conventions (block comments, shortcodes, autop) turned into plain HTML.
#include "blog/import/content.hpp"

#include "blog/domain/posts/post.hpp"

#include <algorithm>
#include <array>
#include <cctype>

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

// Replaces shortcodes: [caption] becomes a figure, every other one goes (its inner text stays).
std::string replace_shortcodes(std::string_view text, std::vector<std::string>& removed, int depth = 0) {
  std::string out;
  std::size_t pos = 0;
  while (pos < text.size()) {
    auto open = text.find('[', pos);
    if (open == std::string_view::npos) break;
    out.append(text.substr(pos, open - pos));
    // [[x]]: WordPress's escape for a literal shortcode.
    if (open + 1 < text.size() && text[open + 1] == '[') {
      auto close = text.find("]]", open + 2);
      if (close != std::string_view::npos) {
        out.append(text.substr(open + 1, close - open));
        pos = close + 2;
        continue;
      }
    }
    std::size_t name_end = open + 1;
    while (name_end < text.size() && is_name_char(text[name_end])) ++name_end;
    const auto name = text.substr(open + 1, name_end - open - 1);
    const bool is_tag = !name.empty() && std::isalpha(static_cast<unsigned char>(name.front())) &&
                        name_end < text.size() &&
                        (text[name_end] == ']' || text[name_end] == ' ' || text[name_end] == '/');
    auto close = is_tag ? text.find(']', name_end) : std::string_view::npos;
    if (close == std::string_view::npos) {
      out += '[';
      pos = open + 1;
      continue;
    }
    auto attrs = text.substr(name_end, close - name_end);
    const bool self_closing = attrs.ends_with("/");
    const std::string end_tag = "[/" + std::string(name) + "]";
    auto end = self_closing ? std::string_view::npos : text.find(end_tag, close + 1);
    std::string_view inner;
    std::size_t next = close + 1;
    if (end != std::string_view::npos) {
      inner = text.substr(close + 1, end - close - 1);
      next = end + end_tag.size();
    }
    if (name == "caption" || name == "wp_caption") {
      out += figure_of(depth < 4 ? replace_shortcodes(inner, removed, depth + 1) : std::string(inner), attrs);
    } else {
      removed.emplace_back(name);
      if (!inner.empty()) out += depth < 4 ? replace_shortcodes(inner, removed, depth + 1) : std::string(inner);
    }
    pos = next;
  }
  out.append(text.substr(pos));
  return out;
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

}  // namespace

converted_content convert_wordpress_content(std::string_view raw) {
  converted_content result;
  auto text = without_wordpress_comments(raw);
  text = replace_shortcodes(text, result.removed);
  result.html = paragraphs(text);
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
    return path == "/" ? std::string() : path;
  }
  return {};
}

}  // namespace blog::import
