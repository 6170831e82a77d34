// Ghost's JSON export: posts, their tags and authors, the body from html, else lexical or mobiledoc.
#include "blog/import/ghost.hpp"

#include "blog/core/error.hpp"
#include "blog/domain/posts/post.hpp"
#include "blog/domain/render/render.hpp"
#include "blog/domain/text.hpp"
#include "blog/import/content.hpp"
#include "blog/import/ghost_documents.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cctype>

namespace blog::import {
namespace {

namespace json = boost::json;

// A language code as a Ghost internal tag names one: two or three letters, perhaps a region
// ("en", "cs", "de", "cs-CZ", "en_GB").
bool is_language_code(std::string_view code) {
  const auto letters = [](std::string_view part) {
    return std::ranges::all_of(part, [](unsigned char c) { return std::isalpha(c) != 0; });
  };
  const auto split = code.find_first_of("-_");
  const auto base = code.substr(0, split);
  if (base.size() < 2 || base.size() > 3 || !letters(base)) return false;
  if (split == std::string_view::npos) return true;
  const auto region = code.substr(split + 1);
  return region.size() >= 2 && region.size() <= 4 &&
         std::ranges::all_of(region, [](unsigned char c) { return std::isalnum(c) != 0; });
}

std::string text_of(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

// Ghost's ids are strings (24 hex digits) from version 1, numbers before: both are keys here.
std::string id_of(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  if (!v) return {};
  if (v->is_string()) return std::string(v->as_string());
  if (v->is_int64()) return std::to_string(v->as_int64());
  if (v->is_uint64()) return std::to_string(v->as_uint64());
  return {};
}

const json::array* array_of(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  return v && v->is_array() ? &v->as_array() : nullptr;
}

// The report's lines on what rendering `label`'s document of `format` left out.
void report_left_out(const std::string& label, std::string_view format, const ghost_left_out& left,
                     std::vector<std::string>& problems) {
  if (left.hidden_cards > 0)
    problems.push_back(label + ": " + std::to_string(left.hidden_cards) +
                       " card(s) shown only to members or only in e-mails: left out");
  if (left.unknown_cards > 0) {
    std::string kinds;
    for (const auto& kind : left.unknown_kinds) kinds += (kinds.empty() ? "" : ", ") + kind;
    problems.push_back(label + ": " + std::to_string(left.unknown_cards) +
                       " card(s) of a kind this blog does not know (" + kinds + "): left out");
  }
  if (left.unsafe_links > 0)
    problems.push_back(label + ": " + std::to_string(left.unsafe_links) +
                       " link(s) to an address that is not http(s), mailto or relative: left out, their text kept");
  if (left.unreadable_parts > 0)
    problems.push_back(label + ": " + std::to_string(left.unreadable_parts) + " part(s) of its " + std::string(format) +
                       " document could not be read: left out");
  if (left.too_deep)
    problems.push_back(label + ": its " + std::string(format) + " document nests deeper than " +
                       std::to_string(ghost_max_depth) + " levels: what is deeper was left out");
}

struct tag {
  std::string name;
  bool internal = false;
};

}  // namespace

bool looks_like_json(std::string_view head) {
  if (head.starts_with("\xEF\xBB\xBF")) head.remove_prefix(3);
  auto first = head.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && (head[first] == '{' || head[first] == '[');
}

namespace {

// Thrown by capped_resource past its bound.
struct over_bound {};

// The memory of one parsed document, bounded: a JSON bomb need not nest (a 10 MB array of five
// million zeros took 276 MB, a 200 MB one would take 5 GB), so what its values take is counted.
class capped_resource final : public json::memory_resource {
 public:
  explicit capped_resource(std::size_t bound) : bound_(bound) {}
  std::size_t bound() const { return bound_; }

 private:
  void* do_allocate(std::size_t n, std::size_t align) override {
    if (n > bound_ - used_) throw over_bound{};
    used_ += n;
    // The aligned forms only past what plain new gives: a pair must match (ASan checks it).
    if (align > __STDCPP_DEFAULT_NEW_ALIGNMENT__) return ::operator new(n, std::align_val_t(align));
    return ::operator new(n);
  }
  void do_deallocate(void* p, std::size_t n, std::size_t align) override {
    used_ -= n;
    if (align > __STDCPP_DEFAULT_NEW_ALIGNMENT__)
      ::operator delete(p, std::align_val_t(align));
    else
      ::operator delete(p);
  }
  bool do_is_equal(const json::memory_resource& other) const noexcept override { return this == &other; }

  std::size_t bound_;
  std::size_t used_ = 0;
};

// What reading a Ghost export may take, the parser's stack and the document together: an export
// is mostly text, about its own size parsed (rows of ids and numbers up to three times it); five
// million zeros take sixteen times theirs. Never more than a gigabyte.
std::size_t document_bound(std::size_t file_bytes) {
  constexpr std::size_t floor = std::size_t{64} << 20, ceiling = std::size_t{1} << 30;
  return std::min(ceiling, floor + 4 * file_bytes);
}

}  // namespace

ghost_site read_ghost(std::string_view text, std::string_view site_url) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a byte-order mark, as some editors save it
  json::parse_options options;
  options.max_depth = ghost_max_depth;
  auto memory = json::make_shared_resource<capped_resource>(document_bound(text.size()));
  const auto bound_mb = std::to_string(document_bound(text.size()) >> 20);
  json::stream_parser parser(memory, options);
  parser.reset(memory);
  std::error_code ec;
  std::size_t used = 0;
  try {
    used = parser.write_some(text.data(), text.size(), ec);
    if (!ec) parser.finish(ec);
  } catch (const over_bound&) {
    throw invalid("The JSON would take more than " + bound_mb +
                  " MB of memory to read, far more than a Ghost export of its size: not a Ghost export (a JSON "
                  "bomb?)");
  }
  if (ec) {
    if (ec == json::error::too_deep)
      throw invalid("The JSON nests deeper than " + std::to_string(ghost_max_depth) +
                    " levels: not a Ghost export (a JSON bomb?)");
    // Where the parser stopped, as a line and column of the file.
    auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(used), '\n');
    auto last_newline = text.substr(0, used).rfind('\n');
    auto column = used - (last_newline == std::string_view::npos ? 0 : last_newline + 1) + 1;
    throw invalid("The file is not valid JSON: line " + std::to_string(line) + ", column " + std::to_string(column) +
                  ": " + ec.message());
  }
  auto root = parser.release();
  const json::object* top = root.is_object() ? &root.as_object() : nullptr;
  if (top) {
    if (const auto* db = array_of(*top, "db"); db && !db->empty() && (*db)[0].is_object()) top = &(*db)[0].as_object();
  }
  const auto* meta = top ? top->if_contains("meta") : nullptr;
  const auto* data = top ? top->if_contains("data") : nullptr;
  if (!meta || !meta->is_object() || !data || !data->is_object())
    throw invalid("Unknown format: JSON, but not a Ghost export (no meta and data)");
  ghost_site site;
  site.version = text_of(meta->as_object(), "version");
  const auto major = site.version.substr(0, site.version.find('.'));
  if (major != "2" && major != "3" && major != "4" && major != "5" && major != "6")
    throw invalid("Unknown Ghost export version " + (site.version.empty() ? "(none)" : site.version) +
                  " (2 to 6 are read)");
  const auto& d = data->as_object();

  std::map<std::string, tag> tags;
  if (const auto* all = array_of(d, "tags"))
    for (const auto& t : *all) {
      if (!t.is_object()) continue;
      const auto& o = t.as_object();
      auto name = text_of(o, "name");
      tags[id_of(o, "id")] = {name, text_of(o, "visibility") == "internal" || name.starts_with('#')};
    }
  site.not_imported["tags"] =
      static_cast<int>(std::ranges::count_if(tags, [](const auto& t) { return !t.second.internal; }));
  // post id → its tags and authors, in their sort order.
  std::map<std::string, std::vector<std::pair<long long, std::string>>> post_tags, post_authors;
  auto collect = [&](const char* key, const char* target, auto& into) {
    if (const auto* all = array_of(d, key))
      for (const auto& link : *all) {
        if (!link.is_object()) continue;
        const auto& o = link.as_object();
        const auto* order = o.if_contains("sort_order");
        long long n = order && order->is_int64() ? order->as_int64() : 0;
        into[id_of(o, "post_id")].emplace_back(n, id_of(o, target));
      }
    for (auto& [post, list] : into) std::ranges::stable_sort(list, {}, &std::pair<long long, std::string>::first);
  };
  collect("posts_tags", "tag_id", post_tags);
  collect("posts_authors", "author_id", post_authors);

  if (const auto* users = array_of(d, "users"))
    for (const auto& u : *users) {
      if (!u.is_object()) continue;
      const auto& o = u.as_object();
      // Only these three fields: a user's password hash and tokens stay in the file.
      site.authors.push_back({id_of(o, "id"), text_of(o, "slug"), text_of(o, "email")});
    }
  if (const auto* members = array_of(d, "members")) site.not_imported["members"] = static_cast<int>(members->size());

  const std::string base(site_url.ends_with('/') ? site_url.substr(0, site_url.size() - 1) : site_url);
  const auto* posts = array_of(d, "posts");
  if (!posts) return site;
  for (const auto& value : *posts) {
    if (!value.is_object()) continue;
    const auto& o = value.as_object();
    const auto* page = o.if_contains("page");
    const bool is_page = text_of(o, "type") == "page" || (page && page->is_bool() && page->as_bool()) ||
                         (page && page->is_int64() && page->as_int64() != 0);
    if (is_page) {
      ++site.not_imported["pages"];
      continue;
    }
    source_post p;
    p.id = text_of(o, "uuid");
    if (p.id.empty()) p.id = id_of(o, "id");
    p.slug = text_of(o, "slug");
    // A post with neither (a hand-made or converted export) is remembered by its slug, unique on
    // a Ghost site; with none of the three the writer skips it (nothing to tell it from the others by).
    if (p.id.empty() && !p.slug.empty()) p.id = "slug:" + p.slug;
    const auto ghost_id = id_of(o, "id");
    p.label = "post " + p.slug + " (id " + (ghost_id.empty() ? p.id : ghost_id) + ")";
    // Ghost's title is text, not HTML: "Why <div> beats <span>" is a title as it stands. Character
    // references are read as such ("Cards &amp; wallets"), as older exports have them.
    p.title =
        domain::trim(render::html_to_text(replace_all(replace_all(text_of(o, "title"), "<", "&lt;"), ">", "&gt;")));
    if (p.id.empty()) p.label = "post \"" + p.title + "\" (no id)";
    auto html = text_of(o, "html");
    // Without html, the lexical document, else the mobiledoc one; what each read leaves out is
    // reported, and one that cannot be read is said to be, as the reason of an empty body.
    std::vector<std::string> unreadable;
    bool too_deep = false;
    for (const auto format : {ghost_format::lexical, ghost_format::mobiledoc}) {
      if (!html.empty()) break;
      const auto name = ghost_format_name(format);
      auto document = read_ghost_document(text_of(o, name), format);
      report_left_out(p.label, name, document.left_out, p.problems);
      if (!document.unreadable.empty())
        unreadable.push_back(p.label + ": its " + std::string(name) + " document could not be read (" +
                             document.unreadable + ")");
      too_deep = too_deep || document.left_out.too_deep;
      html = std::move(document.html);
    }
    p.body_unreadable = domain::trim(html).empty() && (!unreadable.empty() || too_deep);
    for (auto& line : unreadable)
      p.problems.push_back(p.body_unreadable ? line + ": imported unpublished, with a line saying so" : line);
    p.content = replace_all(std::move(html), "__GHOST_URL__", base);
    p.excerpt = text_of(o, "custom_excerpt");
    p.cover_image = replace_all(text_of(o, "feature_image"), "__GHOST_URL__", base);
    for (const auto& [order, tag_id] : post_tags[id_of(o, "id")]) {
      auto t = tags.find(tag_id);
      if (t == tags.end()) continue;
      if (t->second.internal && t->second.name.starts_with('#')) {
        // Only a language code is a language ("#en", "#cs", "#de", "#cs-CZ"): sites use internal
        // tags for their theme too ("#hidden", "#featured-home"), which say nothing of it.
        if (!p.language && is_language_code(std::string_view(t->second.name).substr(1)))
          p.language = t->second.name.substr(1);
      } else if (!t->second.internal && p.category.empty()) {
        p.category = t->second.name;
      }
    }
    const auto status = text_of(o, "status");
    p.published = status == "published" || status == "scheduled";
    if (status == "sent")
      p.problems.push_back(p.label + ": sent by e-mail only on Ghost, never on the site: imported unpublished");
    if (auto visibility = text_of(o, "visibility"); !visibility.empty() && visibility != "public") {
      p.published = false;
      p.problems.push_back(p.label + ": visible to " + visibility + " members only on Ghost, imported unpublished");
    }
    if (auto when = posts::parse_iso_time(text_of(o, "published_at"))) p.published_at_ms = *when;
    auto authors = post_authors[id_of(o, "id")];
    p.author = !authors.empty() ? authors.front().second : id_of(o, "author_id");
    p.old_paths.push_back("/" + p.slug + "/");
    site.posts.push_back(std::move(p));
  }
  return site;
}

}  // namespace blog::import
