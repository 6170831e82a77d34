// What a page says about itself (title, description, canonical and language links, Open Graph and
// Twitter cards, JSON-LD) and the app's index.html filled with it: pure functions from plain data
// to HTML text. The api gathers the data (api/pages_api.cpp); nothing here reads the read model.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace blog::render {

struct page_head {
  std::string title;
  std::string description;
  std::string url;                 // canonical, absolute; "" for a page that is not there (no
                                   // canonical, hreflang or og:url)
  std::string language;            // "en" or "cs": <html lang>, hreflang, og:locale
  std::string alternate_language;  // a linked translation's language and absolute URL, or ""
  std::string alternate_url;
  std::string type = "website";  // og:type
  std::string image;             // absolute, or ""
  std::string json_ld;           // a JSON object, or ""
  std::string rss_en_url;        // the two feeds, absolute
  std::string rss_cs_url;
  bool session = false;  // whether a session cookie came (the app then asks who it is)
};

// An Article's schema.org JSON-LD.
struct article_data {
  std::string headline;
  std::string description;
  std::int64_t published_ms = 0;
  std::int64_t modified_ms = 0;
  std::string language;
  std::string section;  // the category
  std::string url;      // absolute
  std::string author;
  std::string publisher;
  std::string image;  // absolute, or ""
};

// The head's tags, each on its own line; every value HTML-escaped, the JSON-LD script-safe.
[[nodiscard]] std::string head_tags(const page_head& head);

// The JSON object of an Article (serialised).
[[nodiscard]] std::string article_json_ld(const article_data& article);

// JSON to put inside a <script> element: '<' escaped so that no "</script>" closes it early, and the
// characters no page may carry (core::utf8::is_forbidden_char) as \uXXXX escapes.
[[nodiscard]] std::string script_safe(std::string_view json);

// The app's index.html with the head's tags (its own <title> and description replaced), the
// page's language in <html lang>, and, when `root_html` is not empty, the server's markup in
// #root followed by the app's data (`page_data`, a JSON object, when not empty).
[[nodiscard]] std::string fill_app_shell(std::string index_html, const page_head& head, std::string_view root_html,
                                         std::string_view page_data);

}  // namespace blog::render
