// A page's head tags and the app's index.html filled with them.
#include "blog/domain/render/page_head.hpp"

#include "blog/domain/posts/post.hpp"
#include "blog/domain/render/html.hpp"

#include <boost/json.hpp>

#include <cstdio>

namespace blog::render {
namespace {

// Removes the first element starting with `open` up to `close` (inclusive).
void erase_between(std::string& html, std::string_view open, std::string_view close) {
  auto start = html.find(open);
  if (start == std::string::npos) return;
  auto end = html.find(close, start);
  if (end == std::string::npos) return;
  html.erase(start, end + close.size() - start);
}

}  // namespace

std::string script_safe(std::string_view json) {
  std::string out;
  out.reserve(json.size());
  std::size_t pos = 0;
  while (pos < json.size()) {
    const std::size_t start = pos;
    const char32_t cp = core::utf8::decode(json, pos);
    if (cp == '<' || core::utf8::is_forbidden_char(cp)) {
      // JSON's own escape keeps the value while the page carries no control character; such
      // characters stand only inside strings, where the escape means the same.
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(cp));
      out += escaped;
    } else if (cp == core::utf8::replacement && pos == start + 1) {
      core::utf8::encode(cp, out);
    } else {
      out.append(json.substr(start, pos - start));
    }
  }
  return out;
}

std::string article_json_ld(const article_data& a) {
  boost::json::object ld{{"@context", "https://schema.org"},
                         {"@type", "Article"},
                         {"headline", a.headline},
                         {"description", a.description},
                         {"datePublished", posts::iso_time(a.published_ms)},
                         {"dateModified", posts::iso_time(a.modified_ms)},
                         {"inLanguage", a.language},
                         {"articleSection", a.section},
                         {"mainEntityOfPage", a.url},
                         {"author", {{"@type", "Person"}, {"name", a.author}}},
                         {"publisher", {{"@type", "Organization"}, {"name", a.publisher}}}};
  if (!a.image.empty()) ld["image"] = a.image;
  return boost::json::serialize(ld);
}

std::string head_tags(const page_head& h) {
  auto e = [](const std::string& t) { return html_escape(t); };
  std::string tags;
  tags += "<title>" + e(h.title) + "</title>\n";
  tags += "    <meta name=\"description\" content=\"" + e(h.description) + "\" />\n";
  // A page that is not there has no address of its own to name: no canonical, no language versions.
  if (!h.url.empty()) {
    tags += "    <link rel=\"canonical\" href=\"" + e(h.url) + "\" />\n";
    tags += "    <link rel=\"alternate\" hreflang=\"" + e(h.language) + "\" href=\"" + e(h.url) + "\" />\n";
    // A linked pair names both versions; x-default is the English one.
    auto x_default = h.url;
    if (!h.alternate_url.empty()) {
      tags += "    <link rel=\"alternate\" hreflang=\"" + e(h.alternate_language) + "\" href=\"" + e(h.alternate_url) +
              "\" />\n";
      if (h.alternate_language == "en") x_default = h.alternate_url;
    }
    tags += "    <link rel=\"alternate\" hreflang=\"x-default\" href=\"" + e(x_default) + "\" />\n";
  }
  tags += "    <link rel=\"alternate\" type=\"application/rss+xml\" title=\"RSS (English)\" href=\"" + e(h.rss_en_url) +
          "\" />\n";
  tags += "    <link rel=\"alternate\" type=\"application/rss+xml\" title=\"RSS (čeština)\" href=\"" + e(h.rss_cs_url) +
          "\" />\n";
  tags += "    <meta property=\"og:type\" content=\"" + e(h.type) + "\" />\n";
  tags += "    <meta property=\"og:title\" content=\"" + e(h.title) + "\" />\n";
  tags += "    <meta property=\"og:description\" content=\"" + e(h.description) + "\" />\n";
  if (!h.url.empty()) tags += "    <meta property=\"og:url\" content=\"" + e(h.url) + "\" />\n";
  tags +=
      "    <meta property=\"og:locale\" content=\"" + std::string(h.language == "cs" ? "cs_CZ" : "en_US") + "\" />\n";
  tags += "    <meta name=\"twitter:card\" content=\"" +
          std::string(h.image.empty() ? "summary" : "summary_large_image") + "\" />\n";
  tags += "    <meta name=\"twitter:title\" content=\"" + e(h.title) + "\" />\n";
  tags += "    <meta name=\"twitter:description\" content=\"" + e(h.description) + "\" />\n";
  if (!h.image.empty()) {
    tags += "    <meta property=\"og:image\" content=\"" + e(h.image) + "\" />\n";
    tags += "    <meta name=\"twitter:image\" content=\"" + e(h.image) + "\" />\n";
  }
  // The session cookie is HttpOnly: only the server can tell the app whether to ask for the user.
  tags += "    <meta name=\"blog-session\" content=\"" + std::string(h.session ? "present" : "absent") + "\" />\n";
  if (!h.json_ld.empty()) tags += "    <script type=\"application/ld+json\">" + script_safe(h.json_ld) + "</script>\n";
  return tags;
}

std::string fill_app_shell(std::string html, const page_head& head, std::string_view root_html,
                           std::string_view page_data) {
  erase_between(html, "<title>", "</title>");
  auto description = html.find("name=\"description\"");
  if (description != std::string::npos) {
    auto open = html.rfind("<meta", description);
    auto close = html.find('>', description);
    if (open != std::string::npos && close != std::string::npos) html.erase(open, close + 1 - open);
  }
  if (!root_html.empty()) {
    constexpr std::string_view empty_root = "<div id=\"root\"></div>";
    auto root = html.find(empty_root);
    if (root != std::string::npos) {
      std::string filled = "<div id=\"root\">";
      filled += root_html;
      filled += "</div>";
      if (!page_data.empty())
        filled += "\n    <script type=\"application/json\" id=\"page-data\">" + script_safe(page_data) + "</script>";
      filled += "\n    <span id=\"page-end\" hidden></span>";
      html.replace(root, empty_root.size(), filled);
    }
  }
  std::string tags = head_tags(head);
  // A browser may paint a page it is still parsing; on a slow phone the top of this one would
  // then show before what follows it (the hero before its last line, the posts before the
  // filters placed above them), and move. The page is small and arrives whole: its first paint
  // waits for its end (the `expect` link; browsers without it paint as before).
  if (!root_html.empty()) tags += "    <link rel=\"expect\" href=\"#page-end\" blocking=\"render\" />\n";
  auto head_end = html.find("</head>");
  if (head_end != std::string::npos) html.insert(head_end, "    " + tags + "  ");
  auto lang = html.find("<html lang=\"");
  if (lang != std::string::npos) html.replace(lang + 12, 2, head.language == "cs" ? "cs" : "en");
  return html;
}

}  // namespace blog::render
