// Server-rendered reader pages: the markup the web app would paint first, as pure functions, so
// that the first paint is the content and React takes over without moving anything.
#pragma once

#include "blog/domain/posts/post.hpp"
#include "blog/domain/render/labels.hpp"
#include "blog/domain/site_settings.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace blog::render {

// A run of a post body: plain, or a highlighted box opened by an h2 'Key Points', 'Key Features',
// 'Benefits' or 'Implementation' and closed by 'Conclusion', or their Czech names (spec §2, Post
// detail; the list is highlight_headings.hpp's).
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

// Whom a page is rendered for, as the app will see it: its interface texts (the 'language'
// cookie), the posts it lists ('contentLanguage' cookie: "en" English only, "cs" Czech and
// English) and whether a session cookie came with the request.
struct reader {
  const labels* t = &labels_for("en");
  std::string content_language = "en";
  bool session = false;
};

// The app's frame around a page: the sticky header with the site title, the interface language
// select and 'Sign In' (or, for a session, the room the user's menu takes), then `main_html`.
[[nodiscard]] std::string render_frame(std::string_view site_title, std::string_view main_html, const reader& r = {});

// A post page's article: cover band with category, title and date, then the body (with its
// highlighted boxes) in a card with the back links — the markup of the app's PostView. With
// `translation` (a counterpart the reader may see), a link to it ('Read in Czech').
[[nodiscard]] std::string render_post_article(const posts::post& post, const posts::counterpart* translation = nullptr,
                                              const labels& t = labels_for("en"));

// A card of a list (the app's PostCard, for a reader who is not its author): cover, category,
// title as an h2 or h3 (`heading_level`), date, and the excerpt — or `snippet_html`, the search
// index's escaped snippet with its <mark> tags, when that is not blank — and 'Read more →'. The
// cover is lazy, or with `priority` (a list's first card under the h1) fetched at once, first.
[[nodiscard]] std::string render_post_card(const posts::post& post, std::string_view snippet_html, int heading_level,
                                           const labels& t = labels_for("en"), bool priority = false);

// The home page below the header (the app's HomeRoute): the hero from `settings`, 'Latest
// Articles' with the first page of `posts` (three featured, the rest latest; 'Load more' when
// `more`), 'Sign In' for a visitor or room for the author's button for a session, and the
// content filters listing `categories`, in the reader's language.
// `popular`: 'Popular this week' in the sidebar (issue 26), left out when empty.
[[nodiscard]] std::string render_home(const domain::site_settings& settings, std::span<const posts::post* const> posts,
                                      const std::vector<std::string>& categories, bool more, const reader& r,
                                      std::span<const posts::post* const> popular = {});

// 'Get new articles by e-mail' as the app's SubscribeBox first paints it: the address, the
// articles' language preset to the interface's, 'Subscribe'. Without the app, the form opens
// /newsletter. `id` names its heading and field (unique on the page).
[[nodiscard]] std::string render_subscribe_box(const labels& t, std::string_view id = "newsletter-box");

// A category page (the app's CategoryRoute): its title and lead, the cards of `posts` with 'Load
// more' when `more`, or 'No posts found', beside the content filters with `category` active.
[[nodiscard]] std::string render_category(std::string_view category, const std::vector<const posts::post*>& posts,
                                          bool more, const std::vector<std::string>& categories, const reader& r);

// The search results page (the app's SearchRoute) for the trimmed `query`: the box, the
// suggestion, the count (`total`, at least the hits shown), the `hits` with their snippets and
// 'Load more' when `more`, or 'No results found'.
[[nodiscard]] std::string render_search(std::string_view query,
                                        const std::vector<std::pair<const posts::post*, std::string>>& hits,
                                        std::uint64_t total, std::string_view suggestion, bool more, const labels& t);

// A URL path segment: every byte but the unreserved ones percent-encoded (encodeURIComponent).
[[nodiscard]] std::string url_path_segment(std::string_view text);

// For /uploads/{sha256}.{ext} the srcset of the server's 480, 960 and 1600 px copies, in the
// image's format or in `extension_override` when not empty; "" for any other URL.
[[nodiscard]] std::string upload_srcset(std::string_view url, std::string_view extension_override);

}  // namespace blog::render
