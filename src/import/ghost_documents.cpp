// Ghost's Lexical and Mobiledoc documents rendered to HTML: the nodes, the sections and the cards.
#include "blog/import/ghost_documents.hpp"

#include "blog/core/text.hpp"
#include "blog/domain/render/post_content.hpp"
#include "blog/import/ghost.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace blog::import {
namespace {

namespace json = boost::json;

// ---- fields, read leniently: a field of the wrong type is as if it were not there ----------

std::string_view string_field(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  return v && v->is_string() ? std::string_view(v->get_string()) : std::string_view();
}

const json::object* object_field(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  return v ? v->if_object() : nullptr;
}

const json::array* array_field(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  return v ? v->if_array() : nullptr;
}

std::optional<bool> bool_field(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  return v && v->is_bool() ? std::optional(v->get_bool()) : std::nullopt;
}

std::optional<std::int64_t> integer(const json::value& v) {
  if (v.is_int64()) return v.get_int64();
  if (v.is_uint64()) return static_cast<std::int64_t>(std::min<std::uint64_t>(v.get_uint64(), INT64_MAX));
  return std::nullopt;
}

// The element of `list` at `index` (a JSON number), or null when either is not what it should be.
const json::value* element_at(const json::array* list, const json::value& index) {
  const auto i = integer(index);
  if (!list || !i || *i < 0 || static_cast<std::uint64_t>(*i) >= list->size()) return nullptr;
  return &(*list)[static_cast<std::size_t>(*i)];
}

std::string_view first_of(std::string_view a, std::string_view b, std::string_view c = {}) {
  return !a.empty() ? a : !b.empty() ? b : c;
}

bool is_blank(std::string_view text) {
  return text.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

// ---- URLs ------------------------------------------------------------------------------------

// The scheme of `url` in lower case as a browser reads it (leading spaces and controls skipped,
// tabs and newlines ignored), or nullopt when it has none: a relative URL.
std::optional<std::string> scheme_of(std::string_view url) {
  std::size_t i = 0;
  while (i < url.size() && static_cast<unsigned char>(url[i]) <= 0x20) ++i;
  std::string scheme;
  for (; i < url.size(); ++i) {
    const char c = url[i];
    if (c == '\t' || c == '\n' || c == '\r') continue;
    if (c == ':') return scheme;
    if (!core::is_ascii_alnum(c) && c != '+' && c != '-' && c != '.') return std::nullopt;
    scheme += core::ascii_lower(c);
  }
  return std::nullopt;
}

// Where a link may point: http(s), mailto, or a relative URL (__GHOST_URL__/… is one).
bool allowed_href(std::string_view url) {
  if (is_blank(url)) return false;
  const auto scheme = scheme_of(url);
  return !scheme || *scheme == "http" || *scheme == "https" || *scheme == "mailto";
}

// Where an image or a media file may come from: http(s) or a relative URL.
bool allowed_src(std::string_view url) {
  if (is_blank(url)) return false;
  const auto scheme = scheme_of(url);
  return !scheme || *scheme == "http" || *scheme == "https";
}

// ---- writing ---------------------------------------------------------------------------------

void text(std::string_view value, std::string& out) {
  core::append_html_text_escaped(value, out);
}

void attribute(std::string_view name, std::string_view value, std::string& out) {
  out += ' ';
  out += name;
  out += "=\"";
  core::append_html_escaped(value, out);
  out += '"';
}

// `inner` (HTML) inside <tag>…</tag>, or nothing when it is empty.
void wrapped(std::string_view tag, std::string_view inner, std::string& out) {
  if (inner.empty()) return;
  out += '<';
  out += tag;
  out += '>';
  out += inner;
  out += "</";
  out += tag;
  out += '>';
}

// <p><a href="url">label</a></p>, the label escaped; nothing without an allowed URL.
void link_paragraph(std::string_view url, std::string_view label, std::string& out) {
  if (!allowed_href(url)) return;
  out += "<p><a";
  attribute("href", url, out);
  out += '>';
  text(label.empty() ? url : label, out);
  out += "</a></p>";
}

// <img src alt title>, wrapped in a link when `href` is one; nothing without an allowed src.
void image(std::string_view src, std::string_view alt, std::string_view title, std::string_view href,
           std::string& out) {
  if (!allowed_src(src)) return;
  const bool linked = allowed_href(href);
  if (linked) {
    out += "<a";
    attribute("href", href, out);
    out += '>';
  }
  out += "<img";
  attribute("src", src, out);
  attribute("alt", alt, out);
  if (!title.empty()) attribute("title", title, out);
  out += '>';
  if (linked) out += "</a>";
}

// ---- cards, shared by both formats (a Mobiledoc card is named as its Lexical node) -------------

void rule_card(const json::object&, std::string& out) {
  out += "<hr>";
}

void image_card(const json::object& o, std::string& out) {
  const auto src = string_field(o, "src");
  if (!allowed_src(src)) return;
  out += "<figure>";
  image(src, string_field(o, "alt"), string_field(o, "title"), string_field(o, "href"), out);
  wrapped("figcaption", string_field(o, "caption"), out);
  out += "</figure>";
}

void markdown_card(const json::object& o, std::string& out) {
  const auto markdown = string_field(o, "markdown");
  if (!is_blank(markdown)) out += render::render_markdown_html(markdown);
}

void html_card(const json::object& o, std::string& out) {
  out += string_field(o, "html");
}

void code_card(const json::object& o, std::string& out) {
  const auto code = string_field(o, "code");
  if (is_blank(code)) return;
  const auto caption = string_field(o, "caption");
  if (!caption.empty()) out += "<figure>";
  out += "<pre><code";
  // The class the sanitiser keeps: language- and lower-case letters, digits and - + # _ .
  const auto language = core::to_lower_ascii(string_field(o, "language"));
  if (!language.empty() && std::ranges::all_of(language, [](char c) {
        return core::is_ascii_alnum(c) || c == '-' || c == '+' || c == '#' || c == '_' || c == '.';
      }))
    attribute("class", "language-" + language, out);
  out += '>';
  text(code, out);
  out += "</code></pre>";
  if (!caption.empty()) {
    wrapped("figcaption", caption, out);
    out += "</figure>";
  }
}

void callout_card(const json::object& o, std::string& out) {
  const auto emoji = string_field(o, "calloutEmoji");
  const auto callout = string_field(o, "calloutText");
  if (emoji.empty() && callout.empty()) return;
  out += "<blockquote>";
  if (!emoji.empty()) {
    text(emoji, out);
    out += ' ';
  }
  out += callout;
  out += "</blockquote>";
}

void bookmark_card(const json::object& o, std::string& out) {
  const auto url = string_field(o, "url");
  if (!allowed_href(url)) return;
  // Ghost 5 writes the metadata's fields flat; older versions kept them in "metadata".
  const auto* metadata = object_field(o, "metadata");
  const auto field = [&](std::string_view key) {
    return first_of(metadata ? string_field(*metadata, key) : std::string_view(), string_field(o, key));
  };
  out += "<figure>";
  link_paragraph(url, field("title"), out);
  if (const auto description = field("description"); !description.empty()) {
    out += "<p>";
    text(description, out);
    out += "</p>";
  }
  wrapped("figcaption", string_field(o, "caption"), out);
  out += "</figure>";
}

// The embedded player (an iframe the sanitiser drops) and a link to what it shows.
void embed_card(const json::object& o, std::string& out) {
  const auto html = string_field(o, "html");
  const auto url = string_field(o, "url");
  if (html.empty() && !allowed_href(url)) return;
  out += "<figure>";
  out += html;
  link_paragraph(url, url, out);
  wrapped("figcaption", string_field(o, "caption"), out);
  out += "</figure>";
}

void gallery_card(const json::object& o, std::string& out) {
  const auto* images = array_field(o, "images");
  if (!images) return;
  std::string shown;
  for (const auto& item : *images)
    if (const auto* i = item.if_object())
      image(string_field(*i, "src"), string_field(*i, "alt"), string_field(*i, "title"), string_field(*i, "href"),
            shown);
  if (shown.empty()) return;
  out += "<figure>";
  out += shown;
  wrapped("figcaption", string_field(o, "caption"), out);
  out += "</figure>";
}

void button_card(const json::object& o, std::string& out) {
  link_paragraph(string_field(o, "buttonUrl"), string_field(o, "buttonText"), out);
}

void toggle_card(const json::object& o, std::string& out) {
  const auto heading = string_field(o, "heading");
  const auto content = string_field(o, "content");
  if (heading.empty() && content.empty()) return;
  out += "<div>";
  wrapped("h4", heading, out);
  out += content;
  out += "</div>";
}

// No <video> passes the sanitiser: the poster (or the file's name) links to the video.
void video_card(const json::object& o, std::string& out) {
  const auto src = string_field(o, "src");
  if (!allowed_src(src)) return;
  const auto name = string_field(o, "fileName");
  const auto poster = first_of(string_field(o, "customThumbnailSrc"), string_field(o, "thumbnailSrc"));
  out += "<figure><a";
  attribute("href", src, out);
  out += '>';
  if (allowed_src(poster))
    image(poster, name, {}, {}, out);
  else
    text(first_of(name, src), out);
  out += "</a>";
  wrapped("figcaption", string_field(o, "caption"), out);
  out += "</figure>";
}

void audio_card(const json::object& o, std::string& out) {
  const auto src = string_field(o, "src");
  if (allowed_src(src)) link_paragraph(src, string_field(o, "title"), out);
}

void file_card(const json::object& o, std::string& out) {
  const auto src = string_field(o, "src");
  if (!allowed_src(src)) return;
  link_paragraph(src, first_of(string_field(o, "fileTitle"), string_field(o, "fileName")), out);
  if (const auto caption = string_field(o, "fileCaption"); !caption.empty()) {
    out += "<p>";
    text(caption, out);
    out += "</p>";
  }
}

void product_card(const json::object& o, std::string& out) {
  std::string inner;
  if (const auto src = string_field(o, "productImageSrc"); allowed_src(src)) {
    inner += "<p>";
    image(src, {}, {}, {}, inner);
    inner += "</p>";
  }
  wrapped("h4", string_field(o, "productTitle"), inner);
  inner += string_field(o, "productDescription");
  if (bool_field(o, "productButtonEnabled").value_or(false) && !string_field(o, "productButton").empty())
    link_paragraph(string_field(o, "productUrl"), string_field(o, "productButton"), inner);
  wrapped("div", inner, out);
}

void header_card(const json::object& o, std::string& out) {
  std::string inner;
  wrapped("h2", string_field(o, "header"), inner);
  wrapped("p", string_field(o, "subheader"), inner);
  if (bool_field(o, "buttonEnabled").value_or(false) && !string_field(o, "buttonText").empty())
    link_paragraph(string_field(o, "buttonUrl"), string_field(o, "buttonText"), inner);
  wrapped("div", inner, out);
}

void call_to_action_card(const json::object& o, std::string& out) {
  std::string inner(string_field(o, "textValue"));
  if (bool_field(o, "showButton").value_or(true) && !string_field(o, "buttonText").empty())
    link_paragraph(string_field(o, "buttonUrl"), string_field(o, "buttonText"), inner);
  wrapped("div", inner, out);
}

// A members' signup form and the paywall's marker: nothing a reader here could use.
void no_card(const json::object&, std::string&) {}

struct card {
  std::string_view type;
  void (*write)(const json::object&, std::string&);
};

constexpr std::array cards = {
    card{"horizontalrule", rule_card},
    card{"image", image_card},
    card{"markdown", markdown_card},
    card{"html", html_card},
    card{"codeblock", code_card},
    card{"callout", callout_card},
    card{"bookmark", bookmark_card},
    card{"embed", embed_card},
    card{"gallery", gallery_card},
    card{"button", button_card},
    card{"toggle", toggle_card},
    card{"video", video_card},
    card{"audio", audio_card},
    card{"file", file_card},
    card{"product", product_card},
    card{"header", header_card},
    card{"call-to-action", call_to_action_card},
    card{"signup", no_card},
    card{"paywall", no_card},
};

const card* find_card(std::string_view type) {
  const auto found = std::ranges::find(cards, type, &card::type);
  return found == cards.end() ? nullptr : &*found;
}

// Whether Ghost shows the card on the site to a visitor who is no member: its visibility as Ghost
// 5.x writes it ({"web": {"nonMember": false}}), or as before (showOnWeb, emailOnly).
bool shown_to_visitors(const json::object& o) {
  const auto* visibility = object_field(o, "visibility");
  if (!visibility) return true;
  if (const auto* web = object_field(*visibility, "web"))
    if (const auto visitors = bool_field(*web, "nonMember")) return *visitors;
  return !bool_field(*visibility, "emailOnly").value_or(false) && bool_field(*visibility, "showOnWeb").value_or(true);
}

void write_card(const card& c, const json::object& o, std::string& out) {
  if (shown_to_visitors(o)) c.write(o, out);
}

// ---- Lexical -----------------------------------------------------------------------------------

// Lexical's text format bits, in the order their elements open when several start together.
constexpr std::array<std::string_view, 8> format_tags = {"strong", "em", "s", "u", "code", "sub", "sup", "mark"};

bool is_lexical_element(std::string_view type) {
  return type == "paragraph" || type == "heading" || type == "extended-heading" || type == "quote" ||
         type == "extended-quote" || type == "aside" || type == "list" || type == "listitem";
}

enum class piece_kind { text, line_break, link };

// One of the inline nodes next to each other in an element: text, a line break, a link.
struct piece {
  piece_kind kind;
  const json::object* node;
  std::string_view text;
  unsigned format = 0;
};

class lexical_renderer {
 public:
  std::string render(const json::object& root) {
    const auto* children = array_field(root, "children");
    if (!children) return {};
    std::span<const json::value> nodes(children->data(), children->size());
    // Koenig keeps an empty paragraph at the end of every document, which Ghost never shows.
    if (!nodes.empty() && nodes.back().is_object() && string_field(nodes.back().get_object(), "type") == "paragraph") {
      const auto* last = array_field(nodes.back().get_object(), "children");
      if (!last || last->empty()) nodes = nodes.first(nodes.size() - 1);
    }
    write_nodes(nodes, true, 1);
    out_ += deferred_;
    return std::move(out_);
  }

 private:
  // `nodes` inside a block that may hold blocks (`flow`: the root, a quote, a list item) or only
  // text (a paragraph, a heading, a link), where a block's children are written in its stead and
  // a card waits until the paragraph closes.
  void write_nodes(std::span<const json::value> nodes, bool flow, std::size_t depth) {
    if (depth > ghost_max_depth) return;
    std::vector<piece> run;
    for (const auto& value : nodes) {
      const auto* node = value.if_object();
      if (!node) continue;
      const auto type = string_field(*node, "type");
      if (type == "linebreak") {
        run.push_back({piece_kind::line_break, node, {}});
      } else if (type == "link" || type == "autolink") {
        run.push_back({piece_kind::link, node, {}});
      } else if (type == "text" || type == "extended-text" || type == "tab" ||
                 (!is_lexical_element(type) && !find_card(type) && !array_field(*node, "children"))) {
        const auto* format = node->if_contains("format");
        const auto bits = format ? integer(*format) : std::nullopt;
        auto value_text = string_field(*node, "text");
        if (value_text.empty() && type == "tab") value_text = "\t";
        if (!value_text.empty())
          run.push_back({piece_kind::text, node, value_text, static_cast<unsigned>(bits.value_or(0) & 0xFF)});
      } else {
        write_run(run, depth);
        run.clear();
        if (flow)
          write_block(*node, type, depth + 1);
        else
          write_inline_element(*node, type, depth + 1);
      }
    }
    write_run(run, depth);
  }

  void write_children(const json::object& node, bool flow, std::size_t depth) {
    if (const auto* children = array_field(node, "children"))
      write_nodes(std::span<const json::value>(children->data(), children->size()), flow, depth);
  }

  void write_block(const json::object& node, std::string_view type, std::size_t depth) {
    if (type == "paragraph") {
      write_text_block("p", node, depth);
    } else if (type == "heading" || type == "extended-heading") {
      const auto tag = string_field(node, "tag");
      const bool heading = tag.size() == 2 && tag[0] == 'h' && tag[1] >= '1' && tag[1] <= '6';
      write_text_block(heading ? tag : "p", node, depth);
    } else if (type == "quote" || type == "extended-quote" || type == "aside") {
      out_ += "<blockquote>";
      write_children(node, true, depth);
      out_ += "</blockquote>";
    } else if (type == "list") {
      write_list(node, depth);
    } else if (const auto* c = find_card(type)) {
      write_card(*c, node, out_);
    } else {
      write_children(node, true, depth);
    }
  }

  // A block where only text may stand: written as its text; a card waits until the paragraph closes.
  void write_inline_element(const json::object& node, std::string_view type, std::size_t depth) {
    if (const auto* c = find_card(type))
      write_card(*c, node, deferred_);
    else
      write_children(node, false, depth);
  }

  void write_text_block(std::string_view tag, const json::object& node, std::size_t depth) {
    out_ += '<';
    out_ += tag;
    out_ += '>';
    ++in_text_;
    write_children(node, false, depth);
    --in_text_;
    out_ += "</";
    out_ += tag;
    out_ += '>';
    write_deferred();
  }

  void write_deferred() {
    if (in_text_ > 0) return;
    out_ += deferred_;
    deferred_.clear();
  }

  // A list item whose first child is a list nests that list in the item before it, as Lexical
  // writes nested lists.
  void write_list(const json::object& node, std::size_t depth) {
    const auto kind = string_field(node, "listType");
    const bool ordered = kind == "number" || (kind != "bullet" && kind != "check" && string_field(node, "tag") == "ol");
    const bool checks = kind == "check";
    out_ += ordered ? "<ol" : "<ul";
    if (const auto* start = node.if_contains("start"); start && ordered) {
      if (const auto n = integer(*start); n && *n != 1 && *n >= 0 && *n <= 999'999'999)
        attribute("start", std::to_string(*n), out_);
    }
    out_ += '>';
    bool item_open = false;
    if (const auto* items = array_field(node, "children")) {
      for (const auto& value : *items) {
        const auto* item = value.if_object();
        if (!item) continue;
        const bool is_item = string_field(*item, "type") == "listitem";
        const auto* children = is_item ? array_field(*item, "children") : nullptr;
        const bool nested = children && !children->empty() && (*children)[0].is_object() &&
                            string_field((*children)[0].get_object(), "type") == "list";
        if (item_open && !nested) out_ += "</li>";
        if (!item_open || !nested) out_ += "<li>";
        item_open = true;
        if (checks && is_item && !nested) out_ += bool_field(*item, "checked").value_or(false) ? "\u2611 " : "\u2610 ";
        if (is_item)
          write_children(*item, true, depth + 1);
        else
          write_nodes(std::span<const json::value>(&value, 1), true, depth + 1);
      }
    }
    if (item_open) out_ += "</li>";
    out_ += ordered ? "</ol>" : "</ul>";
  }

  // Text, line breaks and links side by side. A format that goes on opens before one that stops
  // sooner, so that "a **b *c* d**" keeps one <strong>; formats close before a link, as Ghost's do.
  void write_run(const std::vector<piece>& run, std::size_t depth) {
    if (run.empty()) return;
    // For each text piece and format bit: how many text pieces from it on keep that format.
    std::vector<std::array<std::uint32_t, format_tags.size()>> lasting(run.size());
    std::array<std::uint32_t, format_tags.size()> next{};
    for (std::size_t i = run.size(); i-- > 0;) {
      if (run[i].kind == piece_kind::link) next = {};
      if (run[i].kind != piece_kind::text) continue;
      for (std::size_t bit = 0; bit < format_tags.size(); ++bit)
        next[bit] = (run[i].format >> bit & 1U) != 0 ? next[bit] + 1 : 0;
      lasting[i] = next;
    }
    std::vector<std::size_t> open;  // format bits, the outermost first
    for (std::size_t i = 0; i < run.size(); ++i) {
      const auto& p = run[i];
      if (p.kind == piece_kind::line_break) {
        out_ += "<br>";
      } else if (p.kind == piece_kind::link) {
        write_link(*p.node, depth + 1);
      } else {
        std::vector<std::size_t> opening;
        for (std::size_t bit = 0; bit < format_tags.size(); ++bit)
          if ((p.format >> bit & 1U) != 0 && std::ranges::find(open, bit) == open.end()) opening.push_back(bit);
        std::ranges::stable_sort(opening, std::ranges::greater{}, [&](std::size_t bit) { return lasting[i][bit]; });
        for (const auto bit : opening) {
          out_ += '<';
          out_ += format_tags[bit];
          out_ += '>';
          open.push_back(bit);
        }
        text(p.text, out_);
        // What the next text piece does not keep closes now, and all of it before a link.
        unsigned kept = 0;
        for (std::size_t j = i + 1; j < run.size() && run[j].kind != piece_kind::link; ++j)
          if (run[j].kind == piece_kind::text) {
            kept = run[j].format;
            break;
          }
        const auto kept_open = static_cast<std::size_t>(
            std::ranges::find_if(open, [&](std::size_t bit) { return (kept >> bit & 1U) == 0; }) - open.begin());
        while (open.size() > kept_open) {
          out_ += "</";
          out_ += format_tags[open.back()];
          out_ += '>';
          open.pop_back();
        }
      }
    }
  }

  // A link inside a link gives its text only.
  void write_link(const json::object& node, std::size_t depth) {
    const auto url = string_field(node, "url");
    const bool anchor = !in_link_ && allowed_href(url);
    if (anchor) {
      out_ += "<a";
      attribute("href", url, out_);
      out_ += '>';
      in_link_ = true;
    }
    ++in_text_;
    write_children(node, false, depth);
    --in_text_;
    if (anchor) {
      out_ += "</a>";
      in_link_ = false;
    }
    write_deferred();
  }

  std::string out_;
  std::string deferred_;  // cards met where only text may stand, written after that text's block
  int in_text_ = 0;       // paragraphs, headings and links open
  bool in_link_ = false;
};

// ---- Mobiledoc ---------------------------------------------------------------------------------

// The markups Mobiledoc defines that are no link: their element as it stands.
constexpr std::array<std::string_view, 9> markup_tags = {"b", "code", "em", "i", "s", "strong", "sub", "sup", "u"};

class mobiledoc_renderer {
 public:
  explicit mobiledoc_renderer(const json::object& document)
      : markups_(array_field(document, "markups")),
        atoms_(array_field(document, "atoms")),
        cards_(array_field(document, "cards")),
        sections_(array_field(document, "sections")) {}

  std::string render() {
    if (!sections_) return {};
    for (const auto& value : *sections_)
      if (const auto* section = value.if_array(); section && section->size() >= 2) write_section(*section);
    return std::move(out_);
  }

 private:
  void write_section(const json::array& section) {
    switch (integer(section[0]).value_or(0)) {
      case 1: {  // [1, tagName, markers]
        const auto name = section[1].is_string() ? core::to_lower_ascii(section[1].get_string()) : std::string();
        const bool heading = name.size() == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6';
        const std::string tag = heading ? name : name == "blockquote" || name == "aside" ? "blockquote" : "p";
        out_ += '<' + tag + '>';
        if (section.size() > 2) write_markers(section[2]);
        out_ += "</" + tag + '>';
        break;
      }
      case 2:  // [2, src]
        if (section[1].is_string() && allowed_src(section[1].get_string())) {
          out_ += "<figure>";
          image(section[1].get_string(), {}, {}, {}, out_);
          out_ += "</figure>";
        }
        break;
      case 3: {  // [3, tagName, [markers, …]]
        const bool ordered = section[1].is_string() && core::iequals_ascii(section[1].get_string(), "ol");
        out_ += ordered ? "<ol>" : "<ul>";
        if (const auto* items = section.size() > 2 ? section[2].if_array() : nullptr)
          for (const auto& item : *items) {
            if (!item.is_array()) continue;
            out_ += "<li>";
            write_markers(item);
            out_ += "</li>";
          }
        out_ += ordered ? "</ol>" : "</ul>";
        break;
      }
      case 10:  // [10, cardIndex]
        write_card_at(section[1]);
        break;
      default:
        break;
    }
  }

  void write_card_at(const json::value& index) {
    const auto* entry = element_at(cards_, index);
    const auto* pair = entry ? entry->if_array() : nullptr;
    if (!pair || pair->size() < 2 || !(*pair)[0].is_string() || !(*pair)[1].is_object()) return;
    std::string_view name = (*pair)[0].get_string();
    // The names Mobiledoc gave the cards that Lexical renamed.
    if (name == "code") name = "codeblock";
    if (name == "hr") name = "horizontalrule";
    if (name == "card-markdown") name = "markdown";
    if (const auto* c = find_card(name)) write_card(*c, (*pair)[1].get_object(), out_);
  }

  // Markers: [0, opened markups, closed count, text] or [1, opened markups, closed count, atom].
  // Markups close in the reverse order of their opening, so what is written always nests.
  void write_markers(const json::value& value) {
    const auto* markers = value.if_array();
    if (!markers) return;
    std::vector<std::string_view> open;  // each open markup's element, "" when it wrote none
    for (const auto& entry : *markers) {
      const auto* marker = entry.if_array();
      if (!marker || marker->empty()) continue;
      if (const auto* opened = marker->size() > 1 ? (*marker)[1].if_array() : nullptr)
        for (const auto& index : *opened) open.push_back(open_markup(element_at(markups_, index)));
      if (marker->size() > 3) {
        const auto kind = integer((*marker)[0]);
        if (kind == 0 && (*marker)[3].is_string()) text((*marker)[3].get_string(), out_);
        if (kind == 1) write_atom(element_at(atoms_, (*marker)[3]));
      }
      auto closed = marker->size() > 2 ? integer((*marker)[2]).value_or(0) : 0;
      for (; closed > 0 && !open.empty(); --closed) close_markup(open);
    }
    while (!open.empty()) close_markup(open);
  }

  std::string_view open_markup(const json::value* markup) {
    const auto* m = markup ? markup->if_array() : nullptr;
    if (!m || m->empty() || !(*m)[0].is_string()) return {};
    const auto tag = core::to_lower_ascii((*m)[0].get_string());
    if (tag == "a") {
      // Attributes come as one list of names and values: ["href", "https://…", "rel", "…"].
      std::string_view href;
      if (const auto* attributes = m->size() > 1 ? (*m)[1].if_array() : nullptr)
        for (std::size_t i = 0; i + 1 < attributes->size(); i += 2)
          if (const auto& name = (*attributes)[i];
              name.is_string() && name.get_string() == "href" && (*attributes)[i + 1].is_string())
            href = (*attributes)[i + 1].get_string();
      if (in_link_ || !allowed_href(href)) return {};
      out_ += "<a";
      attribute("href", href, out_);
      out_ += '>';
      in_link_ = true;
      return "a";
    }
    const auto known = std::ranges::find(markup_tags, tag);
    if (known == markup_tags.end()) return {};
    out_ += '<';
    out_ += *known;
    out_ += '>';
    return *known;
  }

  void close_markup(std::vector<std::string_view>& open) {
    const auto tag = open.back();
    open.pop_back();
    if (tag.empty()) return;
    out_ += "</";
    out_ += tag;
    out_ += '>';
    if (tag == "a") in_link_ = false;
  }

  // An atom: [name, text, payload]; Ghost's soft-return is a line break.
  void write_atom(const json::value* atom) {
    const auto* a = atom ? atom->if_array() : nullptr;
    if (!a || a->size() < 2) return;
    if ((*a)[0].is_string() && (*a)[0].get_string() == "soft-return")
      out_ += "<br>";
    else if ((*a)[1].is_string())
      text((*a)[1].get_string(), out_);
  }

  const json::array* markups_;
  const json::array* atoms_;
  const json::array* cards_;
  const json::array* sections_;
  std::string out_;
  bool in_link_ = false;
};

}  // namespace

std::string lexical_to_html(const json::value& document) {
  const auto* o = document.if_object();
  const auto* root = o ? object_field(*o, "root") : nullptr;
  return root ? lexical_renderer().render(*root) : std::string();
}

std::string mobiledoc_to_html(const json::value& document) {
  const auto* o = document.if_object();
  return o ? mobiledoc_renderer(*o).render() : std::string();
}

}  // namespace blog::import
