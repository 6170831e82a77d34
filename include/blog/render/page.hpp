// Server-rendered reader pages: the markup the web app would paint first, as pure functions, so
// that the first paint is the content and React takes over without moving anything.
#pragma once

#include "blog/posts/post.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace blog::render {

// A run of a post body: plain, or a highlighted box opened by an h2 'Key Points', 'Key Features',
// 'Benefits' or 'Implementation' and closed by 'Conclusion' (spec §2, Post detail).
struct content_section {
  bool highlight = false;
  std::string html;
};

// Splits sanitised post HTML at its top-level h2 headings as the web app does
// (web/src/features/posts/utils/content-sections.ts); whitespace-only plain runs are dropped.
// Never fails; unbalanced input is split as far as it can be read.
[[nodiscard]] std::vector<content_section> split_content_sections(std::string_view html);

// 'March 5, 2024' (UTC), the spec's 'MMMM d, yyyy'.
[[nodiscard]] std::string format_date_en(std::int64_t ms_since_epoch);

// The app's frame around a page: the sticky header with the site title, then `main_html`.
[[nodiscard]] std::string render_frame(std::string_view site_title, std::string_view main_html);

// A post page's article: cover band with category, title and date, then the body (with its
// highlighted boxes) in a card with the back links — the markup of the app's PostView. With
// `translation` (a counterpart the reader may see), a link to it ('Read in Czech').
[[nodiscard]] std::string render_post_article(const posts::post& post, const posts::counterpart* translation = nullptr);

}  // namespace blog::render
