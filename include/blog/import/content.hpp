// The pure rules of an import: a WordPress post's content, slug, language and date made ours.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace blog::import {

struct converted_content {
  std::string html;                  // still to go through the sanitiser (render_post_html)
  std::vector<std::string> removed;  // the names of the shortcodes left out ([gallery], …), in order
};

// A WordPress post's content as HTML: block comments (<!-- wp:… -->), <!--more--> and
// <!--nextpage--> removed; [caption …]<img …> text[/caption] a <figure> with a <figcaption>;
// [gallery] and every other shortcode removed (an enclosing one keeps its inner text) and named
// in `removed`; [[x]] the literal [x]; paragraphs that WordPress would wrap on display (text
// separated by blank lines, outside block elements) wrapped in <p>. Never fails but std::bad_alloc.
converted_content convert_wordpress_content(std::string_view raw);

// `text` with every `from` replaced by `to` (an old site's address by ours); "" from changes nothing.
std::string replace_all(std::string text, std::string_view from, std::string_view to);

// A percent-encoded slug (post_name) decoded; invalid escapes stay as they are.
std::string percent_decode(std::string_view text);

// Our language of a source's language code: "en", "cs", or a locale ("cs_CZ", "en-GB") of
// them, ignoring case; nullopt for any other language.
std::optional<std::string> our_language(std::string_view code);

// A WordPress date ("2024-03-05 10:00:00", UTC for post_date_gmt) in milliseconds since the
// epoch; nullopt when empty, zero ("0000-00-00 00:00:00") or not a date.
std::optional<std::int64_t> wordpress_time(std::string_view text);

// The path of a URL ("https://old.example/2024/03/hello/" gives "/2024/03/hello/"), percent-decoded
// as the server decodes a request's path, with its query when it has one; "" when it is not an
// absolute http(s) URL or has no path beyond "/".
std::string url_path(std::string_view url);

}  // namespace blog::import
