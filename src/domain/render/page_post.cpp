// The post page rendered on the server: the same markup and classes as the app's PostView.
#include "blog/core/text.hpp"
#include "blog/domain/render/highlight_headings.hpp"
#include "blog/domain/render/html.hpp"
#include "blog/domain/render/page.hpp"

#include <array>
#include <cctype>
#include <ctime>

namespace blog::render {
namespace {

bool is_void(std::string_view name) {
  static constexpr std::array names = {"area",  "base", "br",   "col",    "embed", "hr", "img",
                                       "input", "link", "meta", "source", "track", "wbr"};
  for (std::string_view n : names)
    if (n == name) return true;
  return false;
}

// A heading's plain text: tags dropped, the entities the sanitiser writes decoded.
std::string heading_text(std::string_view inner) {
  std::string text;
  bool in_tag = false;
  for (char c : inner) {
    if (c == '<')
      in_tag = true;
    else if (c == '>')
      in_tag = false;
    else if (!in_tag)
      text += c;
  }
  for (auto [entity, plain] : std::array<std::pair<std::string_view, std::string_view>, 6>{
           {{"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}, {"&nbsp;", " "}}}) {
    for (auto at = text.find(entity); at != std::string::npos; at = text.find(entity, at + plain.size()))
      text.replace(at, entity.size(), plain);
  }
  return text;
}

struct heading {
  std::size_t start;
  highlight_role role;
};

// The h2 elements directly at the top level of the fragment, in order.
std::vector<heading> top_level_h2s(std::string_view html) {
  std::vector<heading> out;
  int depth = 0;
  std::size_t open_start = std::string_view::npos, content_start = 0;
  for (std::size_t i = html.find('<'); i != std::string_view::npos; i = html.find('<', i + 1)) {
    auto end = html.find('>', i);
    if (end == std::string_view::npos) break;
    auto tag = html.substr(i + 1, end - i - 1);
    bool closing = !tag.empty() && tag.front() == '/';
    if (closing) tag.remove_prefix(1);
    std::size_t n = 0;
    while (n < tag.size() && (std::isalnum(static_cast<unsigned char>(tag[n])) || tag[n] == '-' || tag[n] == ':')) ++n;
    if (n == 0) continue;  // a comment or stray '<'
    auto name = core::to_lower_ascii(tag.substr(0, n));
    if (closing) {
      if (is_void(name)) continue;
      depth = depth > 0 ? depth - 1 : 0;
      if (depth == 0 && open_start != std::string_view::npos && name == "h2")
        out.push_back({open_start, highlight_role_of(heading_text(html.substr(content_start, i - content_start)))});
      if (depth == 0) open_start = std::string_view::npos;
      continue;
    }
    if (is_void(name) || (!tag.empty() && tag.back() == '/')) continue;
    if (depth == 0 && name == "h2") {
      open_start = i;
      content_start = end + 1;
    }
    ++depth;
  }
  return out;
}

}  // namespace

// A URL path segment: every byte but the unreserved ones percent-encoded.
std::string url_path_segment(std::string_view text) {
  static constexpr char digits[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += digits[c >> 4];
      out += digits[c & 15];
    }
  }
  return out;
}

// The server keeps these copies as web/src/lib/responsive-image.ts knows them.
std::string upload_srcset(std::string_view url, std::string_view extension_override) {
  constexpr std::string_view prefix = "/uploads/";
  if (!url.starts_with(prefix)) return {};
  auto name = url.substr(prefix.size());
  auto dot = name.find('.');
  if (dot != 64 || name.substr(0, 64).find_first_not_of("0123456789abcdef") != std::string_view::npos) return {};
  auto ext = name.substr(65);
  if (ext != "jpg" && ext != "jpeg" && ext != "png" && ext != "gif" && ext != "webp") return {};
  auto sha = name.substr(0, 64);
  std::string out;
  for (int w : {480, 960, 1600}) {
    if (!out.empty()) out += ", ";
    out += std::string(prefix) + std::string(sha) + "-" + std::to_string(w) + "." +
           std::string(extension_override.empty() ? ext : extension_override) + " " + std::to_string(w) + "w";
  }
  return out;
}

std::vector<content_section> split_content_sections(std::string_view html) {
  std::vector<content_section> sections;
  std::size_t start = 0;
  bool in_box = false;
  auto flush = [&](std::size_t end) {
    auto slice = html.substr(start, end - start);
    bool blank = slice.find_first_not_of(" \t\r\n") == std::string_view::npos;
    if (in_box)
      sections.push_back({true, std::string(slice)});
    else if (!blank)
      sections.push_back({false, std::string(slice)});
    start = end;
  };
  for (const auto& h : top_level_h2s(html)) {
    if (h.role == highlight_role::opens) {
      flush(h.start);
      in_box = true;
    } else if (h.role == highlight_role::closes && in_box) {
      flush(h.start);
      in_box = false;
    }
  }
  flush(html.size());
  return sections;
}

std::string format_date_en(std::int64_t ms_since_epoch) {
  return format_date(ms_since_epoch, labels_for("en"));
}

std::string render_frame(std::string_view site_title, std::string_view main_html, const reader& r) {
  const auto& t = *r.t;
  std::string out;
  out += "<div class=\"flex min-h-screen flex-col bg-slate-50\">";
  out +=
      "<header class=\"sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur "
      "supports-[backdrop-filter]:bg-white/70\"><div class=\"container flex h-16 items-center justify-between gap-4\">";
  out += "<a href=\"/\" data-testid=\"site-title-link\" title=\"" + std::string(t.home_link) +
         "\" class=\"flex min-w-0 items-center gap-2.5 rounded-lg font-bold text-slate-900\">"
         "<span class=\"grid size-9 shrink-0 place-items-center rounded-lg bg-gradient-to-br from-indigo-500 "
         "to-indigo-700 text-white shadow-sm\"></span><span class=\"truncate text-lg tracking-tight\">";
  out += html_escape(site_title);
  out += "</span></a>";
  // The app's LanguageSwitcher (a select whose icons are boxes of their size here) and UserMenu:
  // 'Sign In', or while a session is asked about, its placeholder.
  out +=
      "<nav class=\"flex items-center gap-2 sm:gap-3\"><div class=\"relative inline-flex h-9 items-center\">"
      "<span aria-hidden=\"true\" class=\"pointer-events-none absolute left-2.5 size-4\"></span>"
      "<select data-testid=\"language-switcher\" aria-label=\"" +
      std::string(t.language_label) +
      "\" class=\"h-9 cursor-pointer appearance-none rounded-lg border border-slate-300 bg-white pl-8 pr-7 text-sm "
      "text-slate-800 shadow-sm\">";
  for (auto [value, label] :
       {std::pair{std::string_view("en"), t.language_english}, std::pair{std::string_view("cs"), t.language_czech}})
    out += "<option value=\"" + std::string(value) + "\" data-testid=\"language-option-" + std::string(value) + "\"" +
           (value == t.language ? " selected" : "") + ">" + std::string(label) + "</option>";
  out += "</select><span aria-hidden=\"true\" class=\"pointer-events-none absolute right-2 size-4\"></span></div>";
  out += r.session ? "<div aria-hidden=\"true\" class=\"animate-pulse bg-slate-200 h-9 w-20 rounded-lg\"></div>"
                   : "<a href=\"/auth\" data-testid=\"sign-in-button\" class=\"inline-flex items-center justify-center "
                     "gap-2 whitespace-nowrap rounded-lg text-sm font-medium bg-indigo-600 text-white shadow-sm h-9 "
                     "px-3\">" +
                         std::string(t.sign_in) + "</a>";
  out += "</nav></div></header><main class=\"flex-1\">";
  out += main_html;
  out += "</main></div>";
  return out;
}

std::string render_post_article(const posts::post& post, const posts::counterpart* translation, const labels& t) {
  auto e = [](std::string_view s) { return html_escape(s); };
  auto category_href = "/category/" + url_path_segment(post.category);
  std::string out;
  out += "<article data-testid=\"post-detail\">";
  out += "<header data-testid=\"post-cover\" class=\"relative h-[500px] w-full overflow-hidden bg-slate-900\">";
  if (!post.cover_image.empty()) {
    auto srcset = upload_srcset(post.cover_image, "");
    std::string img = "<img data-testid=\"post-cover-image\" src=\"" + e(post.cover_image) + "\"";
    if (!srcset.empty()) img += " srcset=\"" + srcset + "\" sizes=\"100vw\"";
    img += " alt=\"\" fetchpriority=\"high\" class=\"absolute inset-0 size-full object-cover\" />";
    if (srcset.empty())
      out += img;
    else
      out += "<picture class=\"contents\"><source type=\"image/webp\" srcset=\"" +
             upload_srcset(post.cover_image, "webp") + "\" sizes=\"100vw\" />" + img + "</picture>";
  }
  out +=
      "<div aria-hidden=\"true\" class=\"absolute inset-0 bg-gradient-to-t from-black/85 via-black/55 "
      "to-black/30\"></div>";
  out += "<div class=\"container relative flex h-full max-w-4xl flex-col justify-end pb-20 text-white\"><div>";
  out +=
      "<span class=\"inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold "
      "border-transparent bg-indigo-600 text-white shadow\"><a href=\"" +
      category_href + "\" class=\"hover:underline\">" + e(post.category) + "</a></span></div>";
  out += "<h1 data-testid=\"post-title\" lang=\"" + e(post.language) +
         "\" class=\"mt-4 text-balance text-3xl font-extrabold leading-tight tracking-tight drop-shadow sm:text-4xl "
         "md:text-5xl\">" +
         e(post.title) + "</h1>";
  out +=
      "<p class=\"mt-4 flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-white/85\"><span class=\"inline-flex "
      "items-center gap-1.5\"><time data-testid=\"post-date\" datetime=\"" +
      e(posts::iso_time(post.published_at_ms)) + "\">" + format_date(post.published_at_ms, t) +
      "</time></span><span data-testid=\"post-reading-time\" class=\"inline-flex items-center gap-1.5\">" +
      fill(t.reading_time, "minutes", std::to_string(posts::reading_minutes(post))) + "</span></p>";
  out += "</div></header>";
  out +=
      "<div class=\"container relative -mt-12 max-w-4xl pb-16\"><div class=\"rounded-xl border border-slate-200 "
      "bg-white text-slate-900 shadow-sm p-6 sm:p-8 md:p-12\">";
  out +=
      "<a href=\"/\" data-testid=\"back-link\" class=\"-ml-3 mb-6 inline-flex h-9 items-center gap-2 rounded-lg px-3 "
      "text-sm font-medium text-slate-700\">" +
      std::string(t.back_to_all_posts) + "</a>";
  if (translation) {
    out += "<p class=\"mb-6 text-sm\"><a href=\"/post/" + e(translation->slug) + "\" hreflang=\"" +
           e(translation->language) +
           "\" data-testid=\"post-translation-link\" class=\"font-medium text-indigo-700 hover:underline\">" +
           std::string(translation->language == "cs" ? t.read_in_czech : t.read_in_english) + "</a></p>";
  }
  out += "<div data-testid=\"post-content\" lang=\"" + e(post.language) + "\" class=\"post-prose\">";
  for (const auto& section : split_content_sections(post.content_html)) {
    out += section.highlight ? "<section data-testid=\"post-highlight\" class=\"post-highlight\">"
                             : "<div class=\"contents\">";
    core::utf8::append_allowed(section.html, out);  // rows sanitised before the rules refused controls
    out += section.highlight ? "</section>" : "</div>";
  }
  out += "</div>";
  out +=
      "<footer data-testid=\"post-footer\" class=\"mt-12 flex flex-col gap-4 border-t border-slate-200 pt-6 "
      "sm:flex-row sm:items-center sm:justify-between\"><p class=\"flex items-center gap-2 text-sm text-slate-600\">"
      "<span class=\"font-medium\">" +
      std::string(t.category) + ":</span> <a href=\"" + category_href + "\">" + e(post.category) + "</a></p>";
  out += "<a href=\"/\" data-testid=\"post-back-home\">" + std::string(t.back_to_home) + "</a></footer>";
  out += "</div></div></article>";
  return out;
}

}  // namespace blog::render
