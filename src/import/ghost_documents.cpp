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

// Whether a link to `url` is kept; one to an address not allowed (not a blank one: no address) is
// counted as left out.
bool href_kept(std::string_view url, ghost_left_out& left) {
  if (allowed_href(url)) return true;
  if (!is_blank(url)) ++left.unsafe_links;
  return false;
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

// <p><a href="url">label</a></p>, the label escaped (the URL when there is none); without an
// allowed URL the label alone, as text.
void link_paragraph(std::string_view url, std::string_view label, std::string& out, ghost_left_out& left) {
  const bool linked = href_kept(url, left);
  if (label.empty() && !linked) return;
  out += "<p>";
  if (linked) {
    out += "<a";
    attribute("href", url, out);
    out += '>';
  }
  text(label.empty() ? url : label, out);
  if (linked) out += "</a>";
  out += "</p>";
}

// <img src alt title>, wrapped in a link when `href` is one; nothing without an allowed src.
void image(std::string_view src, std::string_view alt, std::string_view title, std::string_view href, std::string& out,
           ghost_left_out& left) {
  if (!allowed_src(src)) return;
  const bool linked = href_kept(href, left);
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

// A card's writer: its HTML to `out`, what it leaves out counted in `left`.
using card_writer = void (*)(const json::object&, std::string& out, ghost_left_out& left);

void rule_card(const json::object&, std::string& out, ghost_left_out&) {
  out += "<hr>";
}

void image_card(const json::object& o, std::string& out, ghost_left_out& left) {
  const auto src = string_field(o, "src");
  if (!allowed_src(src)) return;
  out += "<figure>";
  image(src, string_field(o, "alt"), string_field(o, "title"), string_field(o, "href"), out, left);
  wrapped("figcaption", string_field(o, "caption"), out);
  out += "</figure>";
}

void markdown_card(const json::object& o, std::string& out, ghost_left_out&) {
  const auto markdown = string_field(o, "markdown");
  if (!is_blank(markdown)) out += render::render_markdown_html(markdown);
}

void html_card(const json::object& o, std::string& out, ghost_left_out&) {
  out += string_field(o, "html");
}

void code_card(const json::object& o, std::string& out, ghost_left_out&) {
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

void callout_card(const json::object& o, std::string& out, ghost_left_out&) {
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

void bookmark_card(const json::object& o, std::string& out, ghost_left_out& left) {
  // Ghost 5 writes the metadata's fields flat; older versions kept them in "metadata".
  const auto* metadata = object_field(o, "metadata");
  const auto field = [&](std::string_view key) {
    return first_of(metadata ? string_field(*metadata, key) : std::string_view(), string_field(o, key));
  };
  std::string inner;
  link_paragraph(string_field(o, "url"), field("title"), inner, left);
  if (const auto description = field("description"); !description.empty()) {
    inner += "<p>";
    text(description, inner);
    inner += "</p>";
  }
  wrapped("figcaption", string_field(o, "caption"), inner);
  wrapped("figure", inner, out);
}

// The embedded player (an iframe the sanitiser drops) and a link to what it shows.
void embed_card(const json::object& o, std::string& out, ghost_left_out& left) {
  std::string inner(string_field(o, "html"));
  link_paragraph(string_field(o, "url"), {}, inner, left);
  if (inner.empty()) return;
  out += "<figure>";
  out += inner;
  wrapped("figcaption", string_field(o, "caption"), out);
  out += "</figure>";
}

void gallery_card(const json::object& o, std::string& out, ghost_left_out& left) {
  const auto* images = array_field(o, "images");
  if (!images) return;
  std::string shown;
  for (const auto& item : *images)
    if (const auto* i = item.if_object())
      image(string_field(*i, "src"), string_field(*i, "alt"), string_field(*i, "title"), string_field(*i, "href"),
            shown, left);
  if (shown.empty()) return;
  out += "<figure>";
  out += shown;
  wrapped("figcaption", string_field(o, "caption"), out);
  out += "</figure>";
}

void button_card(const json::object& o, std::string& out, ghost_left_out& left) {
  link_paragraph(string_field(o, "buttonUrl"), string_field(o, "buttonText"), out, left);
}

void toggle_card(const json::object& o, std::string& out, ghost_left_out&) {
  const auto heading = string_field(o, "heading");
  const auto content = string_field(o, "content");
  if (heading.empty() && content.empty()) return;
  out += "<div>";
  wrapped("h4", heading, out);
  out += content;
  out += "</div>";
}

// No <video> passes the sanitiser: the poster (or the file's name) links to the video.
void video_card(const json::object& o, std::string& out, ghost_left_out& left) {
  const auto src = string_field(o, "src");
  if (!allowed_src(src)) return;
  const auto name = string_field(o, "fileName");
  const auto poster = first_of(string_field(o, "customThumbnailSrc"), string_field(o, "thumbnailSrc"));
  out += "<figure><a";
  attribute("href", src, out);
  out += '>';
  if (allowed_src(poster))
    image(poster, name, {}, {}, out, left);
  else
    text(first_of(name, src), out);
  out += "</a>";
  wrapped("figcaption", string_field(o, "caption"), out);
  out += "</figure>";
}

void audio_card(const json::object& o, std::string& out, ghost_left_out& left) {
  const auto src = string_field(o, "src");
  if (allowed_src(src)) link_paragraph(src, string_field(o, "title"), out, left);
}

void file_card(const json::object& o, std::string& out, ghost_left_out& left) {
  const auto src = string_field(o, "src");
  if (!allowed_src(src)) return;
  link_paragraph(src, first_of(string_field(o, "fileTitle"), string_field(o, "fileName")), out, left);
  if (const auto caption = string_field(o, "fileCaption"); !caption.empty()) {
    out += "<p>";
    text(caption, out);
    out += "</p>";
  }
}

void product_card(const json::object& o, std::string& out, ghost_left_out& left) {
  std::string inner;
  if (const auto src = string_field(o, "productImageSrc"); allowed_src(src)) {
    inner += "<p>";
    image(src, {}, {}, {}, inner, left);
    inner += "</p>";
  }
  wrapped("h4", string_field(o, "productTitle"), inner);
  inner += string_field(o, "productDescription");
  if (bool_field(o, "productButtonEnabled").value_or(false) && !string_field(o, "productButton").empty())
    link_paragraph(string_field(o, "productUrl"), string_field(o, "productButton"), inner, left);
  wrapped("div", inner, out);
}

void header_card(const json::object& o, std::string& out, ghost_left_out& left) {
  std::string inner;
  wrapped("h2", string_field(o, "header"), inner);
  wrapped("p", string_field(o, "subheader"), inner);
  if (bool_field(o, "buttonEnabled").value_or(false) && !string_field(o, "buttonText").empty())
    link_paragraph(string_field(o, "buttonUrl"), string_field(o, "buttonText"), inner, left);
  wrapped("div", inner, out);
}

void call_to_action_card(const json::object& o, std::string& out, ghost_left_out& left) {
  std::string inner(string_field(o, "textValue"));
  if (bool_field(o, "showButton").value_or(true) && !string_field(o, "buttonText").empty())
    link_paragraph(string_field(o, "buttonUrl"), string_field(o, "buttonText"), inner, left);
  wrapped("div", inner, out);
}

// Who a card is for: a reader of the post; only the newsletter's readers (left out, counted); or
// only Ghost itself, a members' signup form or the paywall's marker (nothing a reader here could
// use, and nothing lost: not counted).
enum class card_use { post, email_only, ghost_only };

struct card {
  std::string_view type;
  card_writer write = nullptr;
  card_use use = card_use::post;
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
    card{"email", nullptr, card_use::email_only},
    card{"email-cta", nullptr, card_use::email_only},
    card{"signup", nullptr, card_use::ghost_only},
    card{"paywall", nullptr, card_use::ghost_only},
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

void write_card(const card& c, const json::object& o, std::string& out, ghost_left_out& left) {
  if (c.use == card_use::ghost_only) return;
  if (c.use == card_use::email_only || !shown_to_visitors(o))
    ++left.hidden_cards;
  else
    c.write(o, out, left);
}

// A card or node of a type not known here, which gave nothing.
void unknown_kind(std::string_view type, ghost_left_out& left) {
  ++left.unknown_cards;
  if (std::ranges::find(left.unknown_kinds, type) == left.unknown_kinds.end()) left.unknown_kinds.emplace_back(type);
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

// Where a node stands: among blocks only (the root, an unknown node there), where blocks and text
// may stand (a quote, a list item), or where only text may (a paragraph, a heading, a link).
enum class place { blocks, flow, text };

class lexical_renderer {
 public:
  ghost_document render(const json::array& children) {
    std::span<const json::value> nodes(children.data(), children.size());
    // Koenig keeps an empty paragraph at the end of every document, which Ghost never shows.
    if (!nodes.empty() && nodes.back().is_object() && string_field(nodes.back().get_object(), "type") == "paragraph") {
      const auto* last = array_field(nodes.back().get_object(), "children");
      if (!last || last->empty()) nodes = nodes.first(nodes.size() - 1);
    }
    write_nodes(nodes, place::blocks, 1);
    out_ += deferred_;
    return {std::move(out_), std::move(left_), {}};
  }

 private:
  // `nodes` standing in `where`; among text a block's children are written in its stead and a
  // card waits until the paragraph closes.
  void write_nodes(std::span<const json::value> nodes, place where, std::size_t depth) {
    if (depth > ghost_max_depth) {
      if (!nodes.empty()) left_.too_deep = true;
      return;
    }
    std::vector<piece> run;
    for (const auto& value : nodes) {
      const auto* node = value.if_object();
      if (!node) {
        ++left_.unreadable_parts;
        continue;
      }
      const auto type = string_field(*node, "type");
      if (type == "linebreak") {
        run.push_back({piece_kind::line_break, node, {}});
      } else if (type == "link" || type == "autolink") {
        run.push_back({piece_kind::link, node, {}});
      } else if (type == "text" || type == "extended-text" || type == "tab" ||
                 (!is_lexical_element(type) && !find_card(type) && !array_field(*node, "children"))) {
        add_text(*node, type, run);
      } else {
        write_run(run, where, depth);
        run.clear();
        if (where == place::text)
          write_inline_element(*node, type, depth + 1);
        else
          write_block(*node, type, where, depth + 1);
      }
    }
    write_run(run, where, depth);
  }

  // A text node, or a node of another type that has text: its text, a piece of the run. One of
  // another type with none gave nothing.
  void add_text(const json::object& node, std::string_view type, std::vector<piece>& run) {
    const auto* value = node.if_contains("text");
    if (value && !value->is_string()) {
      ++left_.unreadable_parts;
      return;
    }
    const bool text_type = type == "text" || type == "extended-text" || type == "tab";
    if (!value && !text_type) {
      if (type.empty())
        ++left_.unreadable_parts;
      else
        unknown_kind(type, left_);
      return;
    }
    auto text = value ? std::string_view(value->get_string()) : std::string_view();
    if (text.empty() && type == "tab") text = "\t";
    const auto* format = node.if_contains("format");
    const auto bits = format ? integer(*format) : std::nullopt;
    if (!text.empty()) run.push_back({piece_kind::text, &node, text, static_cast<unsigned>(bits.value_or(0) & 0xFF)});
  }

  // The children of `node`; a "children" that is no list is a part that could not be read.
  const json::array* children_of(const json::object& node) {
    const auto* children = node.if_contains("children");
    if (children && !children->is_array()) ++left_.unreadable_parts;
    return children ? children->if_array() : nullptr;
  }

  void write_children(const json::object& node, place where, std::size_t depth) {
    if (const auto* children = children_of(node))
      write_nodes(std::span<const json::value>(children->data(), children->size()), where, depth);
  }

  void write_block(const json::object& node, std::string_view type, place where, std::size_t depth) {
    if (type == "paragraph") {
      write_text_block("p", node, depth);
    } else if (type == "heading" || type == "extended-heading") {
      const auto tag = string_field(node, "tag");
      const bool heading = tag.size() == 2 && tag[0] == 'h' && tag[1] >= '1' && tag[1] <= '6';
      write_text_block(heading ? tag : "p", node, depth);
    } else if (type == "quote" || type == "extended-quote" || type == "aside") {
      out_ += "<blockquote>";
      write_children(node, place::flow, depth);
      out_ += "</blockquote>";
    } else if (type == "list") {
      write_list(node, depth);
    } else if (const auto* c = find_card(type)) {
      write_card(*c, node, out_, left_);
    } else {
      write_children(node, where, depth);
    }
  }

  // A block where only text may stand: written as its text; a card waits until the paragraph closes.
  void write_inline_element(const json::object& node, std::string_view type, std::size_t depth) {
    if (const auto* c = find_card(type))
      write_card(*c, node, deferred_, left_);
    else
      write_children(node, place::text, depth);
  }

  void write_text_block(std::string_view tag, const json::object& node, std::size_t depth) {
    out_ += '<';
    out_ += tag;
    out_ += '>';
    ++in_text_;
    write_children(node, place::text, depth);
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
    if (const auto* items = children_of(node)) {
      for (const auto& value : *items) {
        const auto* item = value.if_object();
        if (!item) {
          ++left_.unreadable_parts;
          continue;
        }
        const bool is_item = string_field(*item, "type") == "listitem";
        const auto* children = is_item ? array_field(*item, "children") : nullptr;
        const bool nested = children && !children->empty() && (*children)[0].is_object() &&
                            string_field((*children)[0].get_object(), "type") == "list";
        if (item_open && !nested) out_ += "</li>";
        if (!item_open || !nested) out_ += "<li>";
        item_open = true;
        if (checks && is_item && !nested) out_ += bool_field(*item, "checked").value_or(false) ? "\u2611 " : "\u2610 ";
        if (is_item)
          write_children(*item, place::flow, depth + 1);
        else
          write_nodes(std::span<const json::value>(&value, 1), place::flow, depth + 1);
      }
    }
    if (item_open) out_ += "</li>";
    out_ += ordered ? "</ol>" : "</ul>";
  }

  // A run standing among blocks only is a paragraph of its own.
  void write_run(const std::vector<piece>& run, place where, std::size_t depth) {
    if (run.empty()) return;
    if (where != place::blocks) {
      write_pieces(run, depth);
      return;
    }
    out_ += "<p>";
    ++in_text_;
    write_pieces(run, depth);
    --in_text_;
    out_ += "</p>";
    write_deferred();
  }

  // Text, line breaks and links side by side. A format that goes on opens before one that stops
  // sooner, so that "a **b *c* d**" keeps one <strong>; formats close before a link, as Ghost's do.
  void write_pieces(const std::vector<piece>& run, std::size_t depth) {
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
    const bool anchor = !in_link_ && href_kept(url, left_);
    if (anchor) {
      out_ += "<a";
      attribute("href", url, out_);
      out_ += '>';
      in_link_ = true;
    }
    ++in_text_;
    write_children(node, place::text, depth);
    --in_text_;
    if (anchor) {
      out_ += "</a>";
      in_link_ = false;
    }
    write_deferred();
  }

  std::string out_;
  std::string deferred_;  // cards met where only text may stand, written after that text's block
  ghost_left_out left_;
  int in_text_ = 0;  // paragraphs, headings and links open
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
        cards_(array_field(document, "cards")) {}

  ghost_document render(const json::array& sections) {
    for (const auto& value : sections) {
      if (const auto* section = value.if_array(); section && section->size() >= 2)
        write_section(*section);
      else
        ++left_.unreadable_parts;
    }
    return {std::move(out_), std::move(left_), {}};
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
        if (!section[1].is_string()) {
          ++left_.unreadable_parts;
        } else if (allowed_src(section[1].get_string())) {
          out_ += "<figure>";
          image(section[1].get_string(), {}, {}, {}, out_, left_);
          out_ += "</figure>";
        }
        break;
      case 3: {  // [3, tagName, [markers, …]]
        const bool ordered = section[1].is_string() && core::iequals_ascii(section[1].get_string(), "ol");
        out_ += ordered ? "<ol>" : "<ul>";
        if (const auto* items = section.size() > 2 ? section[2].if_array() : nullptr) {
          for (const auto& item : *items) {
            if (!item.is_array()) {
              ++left_.unreadable_parts;
              continue;
            }
            out_ += "<li>";
            write_markers(item);
            out_ += "</li>";
          }
        } else if (section.size() > 2) {
          ++left_.unreadable_parts;
        }
        out_ += ordered ? "</ol>" : "</ul>";
        break;
      }
      case 10:  // [10, cardIndex]
        write_card_at(section[1]);
        break;
      default:
        ++left_.unreadable_parts;
        break;
    }
  }

  void write_card_at(const json::value& index) {
    const auto* entry = element_at(cards_, index);
    const auto* pair = entry ? entry->if_array() : nullptr;
    if (!pair || pair->size() < 2 || !(*pair)[0].is_string() || !(*pair)[1].is_object()) {
      ++left_.unreadable_parts;
      return;
    }
    std::string_view name = (*pair)[0].get_string();
    // The names Mobiledoc gave the cards that Lexical renamed.
    if (name == "code") name = "codeblock";
    if (name == "hr") name = "horizontalrule";
    if (name == "card-markdown") name = "markdown";
    if (const auto* c = find_card(name))
      write_card(*c, (*pair)[1].get_object(), out_, left_);
    else
      unknown_kind((*pair)[0].get_string(), left_);
  }

  // Markers: [0, opened markups, closed count, text] or [1, opened markups, closed count, atom].
  // Markups close in the reverse order of their opening, so what is written always nests.
  void write_markers(const json::value& value) {
    const auto* markers = value.if_array();
    if (!markers) {
      ++left_.unreadable_parts;
      return;
    }
    std::vector<std::string_view> open;  // each open markup's element, "" when it wrote none
    for (const auto& entry : *markers) {
      const auto* marker = entry.if_array();
      if (!marker || marker->empty()) {
        ++left_.unreadable_parts;
        continue;
      }
      if (const auto* opened = marker->size() > 1 ? (*marker)[1].if_array() : nullptr)
        for (const auto& index : *opened) open.push_back(open_markup(element_at(markups_, index)));
      const auto kind = integer((*marker)[0]);
      if (marker->size() > 3 && kind == 0 && (*marker)[3].is_string())
        text((*marker)[3].get_string(), out_);
      else if (marker->size() > 3 && kind == 1)
        write_atom(element_at(atoms_, (*marker)[3]));
      else
        ++left_.unreadable_parts;
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
      if (in_link_ || !href_kept(href, left_)) return {};
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
    const bool named = a && a->size() >= 2 && (*a)[0].is_string();
    if (named && (*a)[0].get_string() == "soft-return")
      out_ += "<br>";
    else if (named && (*a)[1].is_string())
      text((*a)[1].get_string(), out_);
    else
      ++left_.unreadable_parts;
  }

  const json::array* markups_;
  const json::array* atoms_;
  const json::array* cards_;
  std::string out_;
  ghost_left_out left_;
  bool in_link_ = false;
};

}  // namespace

ghost_document lexical_to_html(const json::value& document) {
  const auto* o = document.if_object();
  const auto* root = o ? object_field(*o, "root") : nullptr;
  const auto* children = root ? array_field(*root, "children") : nullptr;
  if (!children) return {{}, {}, "not a lexical document"};
  return lexical_renderer().render(*children);
}

ghost_document mobiledoc_to_html(const json::value& document) {
  const auto* o = document.if_object();
  const auto* sections = o ? array_field(*o, "sections") : nullptr;
  if (!sections) return {{}, {}, "not a mobiledoc document"};
  return mobiledoc_renderer(*o).render(*sections);
}

ghost_document read_ghost_document(std::string_view text, ghost_format format) {
  if (is_blank(text)) return {};
  json::parse_options options;
  // A node nests two to four levels of JSON in its parent (itself, its list of children, a list
  // item's own): a document far deeper than ghost_max_depth nodes is still read, and only what is
  // past them left out (80 nested lists lost their whole post at 4 x 64 + 8 levels). Past 1024
  // levels, which no editor writes, nothing is read. The parser keeps its own stack, not ours.
  options.max_depth = 1024;
  json::parser parser({}, options);
  std::error_code ec;
  const auto read = parser.write(text.data(), text.size(), ec);
  if (ec == json::error::too_deep) {
    ghost_document deep;
    deep.left_out.too_deep = true;
    return deep;
  }
  if (ec) return {{}, {}, "not JSON at byte " + std::to_string(read)};
  const auto document = parser.release();
  return format == ghost_format::lexical ? lexical_to_html(document) : mobiledoc_to_html(document);
}

std::string_view ghost_format_name(ghost_format format) {
  return format == ghost_format::lexical ? "lexical" : "mobiledoc";
}

}  // namespace blog::import
