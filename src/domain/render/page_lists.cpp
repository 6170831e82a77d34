// The list pages rendered on the server — home (hero, featured and latest cards, content filters),
// a category and search results — with the markup and classes of the app's routes, in the
// reader's interface language.
#include "blog/domain/render/html.hpp"
#include "blog/domain/render/labels.hpp"
#include "blog/domain/render/page.hpp"

namespace blog::render {
namespace {

std::string e(std::string_view s) {
  return html_escape(s);
}

// Where the app draws a lucide icon: a box of the icon's size, so that the text beside it does
// not move when React puts the icon in.
std::string icon_box(std::string_view size_class) {
  return "<span aria-hidden=\"true\" class=\"inline-block shrink-0 " + std::string(size_class) + "\"></span>";
}

// <img>, or <picture> with the WebP variants for an uploaded image (ResponsiveImage).
std::string responsive_image(std::string_view src, std::string_view sizes, std::string_view attributes) {
  auto srcset = upload_srcset(src, "");
  std::string img = "<img src=\"" + e(src) + "\"";
  if (!srcset.empty()) img += " srcset=\"" + srcset + "\" sizes=\"" + std::string(sizes) + "\"";
  img += " " + std::string(attributes) + " />";
  if (srcset.empty()) return img;
  return "<picture class=\"contents\"><source type=\"image/webp\" srcset=\"" + upload_srcset(src, "webp") +
         "\" sizes=\"" + std::string(sizes) + "\" />" + img + "</picture>";
}

// SearchBox: without scripts it is a plain GET form to /search.
std::string search_form(const labels& t, std::string_view value = {}, std::string_view extra_class = {}) {
  return "<form role=\"search\" data-testid=\"search-form\" action=\"/search\" method=\"get\" "
         "class=\"flex w-full items-center gap-2" +
         std::string(extra_class.empty() ? "" : " ") + std::string(extra_class) +
         "\"><div class=\"relative flex-1\">"
         "<span aria-hidden=\"true\" class=\"pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2\">"
         "</span><input data-testid=\"search-input\" type=\"search\" name=\"q\" value=\"" +
         e(value) +
         "\" "
         "placeholder=\"" +
         std::string(t.search_placeholder) + "\" aria-label=\"" + std::string(t.search_label) +
         "\" class=\"flex w-full rounded-lg border "
         "border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 h-11 pl-9 shadow-sm\" "
         "/></div><button data-testid=\"search-button\" type=\"submit\" class=\"inline-flex items-center "
         "justify-center gap-2 whitespace-nowrap rounded-lg font-medium bg-indigo-600 text-white shadow-sm px-6 "
         "text-base h-11\">" +
         std::string(t.search_button) + "</button></form>";
}

std::string hero(const domain::site_settings& s, const labels& t) {
  bool right = s.image_on_right;
  std::string out = "<section data-testid=\"hero\" data-image-position=\"" + std::string(right ? "right" : "left") +
                    "\" class=\"relative overflow-hidden\" style=\"background-color: " + e(s.hero_background_color) +
                    ";\">";
  out +=
      "<div aria-hidden=\"true\" class=\"pointer-events-none absolute inset-0\">"
      "<div class=\"absolute -left-32 -top-32 size-96 rounded-full bg-indigo-500/20 blur-3xl\"></div>"
      "<div class=\"absolute -bottom-40 right-0 size-[28rem] rounded-full bg-sky-400/10 blur-3xl\"></div>"
      "<div class=\"absolute inset-0 bg-[radial-gradient(rgba(255,255,255,0.07)_1px,transparent_1px)] "
      "[background-size:22px_22px]\"></div></div>";
  out += "<div class=\"container relative grid items-center gap-10 py-14 md:grid-cols-2 md:gap-14 md:py-24\">";
  out += "<div class=\"order-2 flex justify-center " + std::string(right ? "md:order-2" : "md:order-1") + "\">";
  if (!s.hero_image.empty())
    out += responsive_image(
        s.hero_image, "(min-width: 768px) 50vw, 100vw",
        "data-testid=\"hero-image\" alt=\"" + std::string(t.hero_image_alt) +
            "\" fetchpriority=\"high\" class=\"max-w-full object-contain drop-shadow-2xl\" style=\"width: " +
            e(s.hero_image_width) + "; height: " + e(s.hero_image_height) +
            (s.hero_image_height == "auto" ? "; aspect-ratio: 4 / 3;\"" : ";\""));
  out += "</div>";
  out += "<div class=\"order-1 text-center md:text-left " + std::string(right ? "md:order-1" : "md:order-2") +
         "\" style=\"color: " + e(s.subtitle_color) + ";\">";
  out +=
      "<span data-testid=\"hero-badge\" class=\"inline-flex items-center gap-2 rounded-full border border-white/20 "
      "bg-white/10 px-3 py-1 text-xs font-semibold uppercase tracking-wider backdrop-blur\">" +
      icon_box("size-3.5") + e(domain::hero_badge(s, t.language, t.hero_badge)) + "</span>";
  out +=
      "<h1 data-testid=\"hero-title\" class=\"mt-5 text-balance text-4xl font-extrabold tracking-tight sm:text-5xl "
      "lg:text-6xl\" style=\"color: " +
      e(s.title_color) + ";\">" + e(domain::hero_title(s, t.language)) + "</h1>";
  out +=
      "<p data-testid=\"hero-description\" class=\"mx-auto mt-5 max-w-xl text-pretty text-lg leading-relaxed "
      "opacity-90 md:mx-0\" style=\"color: " +
      e(s.subtitle_color) + ";\">" + e(domain::hero_description(s, t.language)) + "</p>";
  out += "<div class=\"mx-auto mt-8 max-w-xl md:mx-0\">" + search_form(t) + "</div>";
  out +=
      "<a data-testid=\"hero-cta\" href=\"#latest-articles\" class=\"mt-6 inline-flex items-center gap-2 rounded-lg "
      "px-1 py-1 text-sm font-semibold opacity-90\">" +
      std::string(t.hero_read_latest) + icon_box("size-4") + "</a>";
  out += "</div></div></section>";
  return out;
}

std::string grid(std::span<const posts::post* const> posts, std::string_view classes, std::string_view test_id,
                 const labels& t) {
  std::string out = "<div data-testid=\"" + std::string(test_id) + "\" class=\"" + std::string(classes) + "\">";
  for (const auto* p : posts) out += render_post_card(*p, "", 3, t);
  out += "</div>";
  return out;
}

std::string filter_link(std::string_view href, bool active, std::string_view test_id, std::string_view label) {
  std::string out = "<a href=\"" + std::string(href) + "\" data-testid=\"" + std::string(test_id) +
                    "\" data-active=\"" + (active ? "true" : "false") + "\"";
  if (active) out += " aria-current=\"page\"";
  out +=
      " class=\"flex items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm font-medium transition-colors "
      "lg:w-full ";
  out += active ? "bg-indigo-600 text-white shadow-sm" : "bg-slate-50 text-slate-700 lg:bg-transparent";
  out += "\">" + icon_box("size-4") + "<span class=\"truncate\">" + e(label) + "</span></a>";
  return out;
}

std::string lower_ascii(std::string_view text) {
  std::string out(text);
  for (auto& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// The content filters; `active` is the category shown ("" for all posts).
// `content_language` is the reader's choice ("en" or "cs", from its cookie).
// The most read posts of the week as the app's PopularPosts draws them; "" for none.
std::string popular_posts(std::span<const posts::post* const> popular, const labels& t) {
  if (popular.empty()) return {};
  std::string out =
      "<section data-testid=\"popular-posts\" aria-labelledby=\"popular-posts-heading\" class=\"rounded-xl border "
      "border-slate-200 bg-white p-5 text-slate-900 shadow-sm\"><h2 id=\"popular-posts-heading\" class=\"mb-3 "
      "text-base font-semibold text-slate-900\">" +
      e(t.popular_this_week) + "</h2><ol class=\"space-y-2 text-sm\">";
  for (const auto* p : popular)
    out += "<li><a href=\"/post/" + url_path_segment(p->slug) +
           "\" data-testid=\"popular-post\" class=\"text-slate-700 hover:text-indigo-700\">" + e(p->title) +
           "</a></li>";
  return out + "</ol></section>";
}

}  // namespace

std::string render_subscribe_box(const labels& t, std::string_view id) {
  const std::string i(id);
  std::string out =
      "<section aria-labelledby=\"" + i +
      "-title\" data-testid=\"newsletter-box\" class=\"rounded-xl border "
      "border-slate-200 bg-white p-5 shadow-sm\"><h2 id=\"" +
      i + "-title\" class=\"flex items-center gap-2 text-base font-semibold text-slate-900\">" + icon_box("size-4") +
      e(t.newsletter_title) +
      "</h2><form action=\"/newsletter\" method=\"get\" class=\"mt-3 grid gap-3\">"
      "<p class=\"text-sm text-slate-600\">" +
      e(t.newsletter_hint) + "</p><label for=\"" + i + "-email\" class=\"sr-only\">" + e(t.newsletter_email) +
      "</label><input id=\"" + i +
      "-email\" name=\"email\" type=\"email\" autocomplete=\"email\" required placeholder=\"" + e(t.newsletter_email) +
      "\" data-testid=\"newsletter-email\" class=\"flex h-10 w-full rounded-lg border border-slate-300 bg-white "
      "px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400\" /><label class=\"grid gap-1 text-sm "
      "text-slate-700\">" +
      e(t.newsletter_language) +
      "<select name=\"language\" data-testid=\"newsletter-language\" class=\"h-10 rounded-lg border "
      "border-slate-300 bg-white px-3 text-sm text-slate-900\">";
  for (auto [value, label] :
       {std::pair{std::string_view("en"), t.newsletter_english}, std::pair{std::string_view("cs"), t.newsletter_czech}})
    out += "<option value=\"" + std::string(value) + "\"" + (value == t.language ? " selected" : "") + ">" + e(label) +
           "</option>";
  out +=
      "</select></label><button type=\"submit\" data-testid=\"newsletter-subscribe\" class=\"inline-flex "
      "items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-medium bg-indigo-600 text-white "
      "shadow-sm h-10 px-4 py-2\">" +
      e(t.newsletter_subscribe) + "</button></form></section>";
  return out;
}

namespace {

std::string sidebar(const std::vector<std::string>& categories, const labels& t, std::string_view content_language,
                    std::string_view active = {}, std::string_view extra = {}) {
  std::string out =
      "<aside data-testid=\"content-filters\" aria-labelledby=\"content-filters-heading\" "
      "class=\"space-y-6 lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1 lg:self-start\">"
      "<div class=\"rounded-xl border border-slate-200 bg-white text-slate-900 shadow-sm space-y-6 p-5\">"
      "<h2 id=\"content-filters-heading\" class=\"text-base font-semibold text-slate-900\">" +
      std::string(t.posts_content_filters) + "</h2>";
  out +=
      "<div><p id=\"content-language-label\" class=\"mb-2 flex items-center gap-2 text-xs font-semibold uppercase "
      "tracking-wider text-slate-500\">" +
      icon_box("size-4") + std::string(t.content_language_label) +
      "</p><div role=\"radiogroup\" aria-labelledby=\"content-language-label\" data-testid=\"content-language\" "
      "class=\"grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1\">";
  for (auto [value, label] : {std::pair{std::string_view("en"), t.content_language_english_only},
                              std::pair{std::string_view("cs"), t.content_language_czech_and_english}}) {
    bool selected = value == content_language;
    out += "<button type=\"button\" role=\"radio\" aria-checked=\"" + std::string(selected ? "true" : "false") +
           "\" tabindex=\"" + (selected ? "0" : "-1") + "\" data-value=\"" + std::string(value) +
           "\" data-testid=\"content-language-" + std::string(value) +
           "\" class=\"rounded-md px-2 py-1.5 text-sm font-medium transition-colors " +
           (selected ? "bg-white text-indigo-700 shadow-sm" : "text-slate-600") + "\">" + std::string(label) +
           "</button>";
  }
  out += "</div></div>";
  out += "<nav aria-label=\"" + std::string(t.categories_title) +
         "\" data-testid=\"category-filter\"><p class=\"mb-2 text-xs font-semibold uppercase tracking-wider "
         "text-slate-500\">" +
         std::string(t.categories_title) + "</p><ul class=\"flex flex-wrap gap-1.5 lg:flex-col lg:gap-1\">";
  out += "<li>" + filter_link("/", active.empty(), "category-filter-all", t.categories_all_posts) + "</li>";
  auto active_key = lower_ascii(active);
  for (const auto& name : categories)
    out += "<li>" +
           filter_link("/category/" + url_path_segment(name), !active.empty() && lower_ascii(name) == active_key,
                       "category-filter-item", name) +
           "</li>";
  out += "</ul></nav></div>";
  out += extra;
  out += "</aside>";
  return out;
}

constexpr std::string_view outline_button =
    "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-medium border "
    "border-slate-300 bg-white text-slate-900";

// PageShell: the back link, the h1, the lead text, then the content.
std::string page_shell(std::string_view title, std::string_view description, std::string_view back_label,
                       std::string_view content) {
  std::string out =
      "<div class=\"container py-10 md:py-14\"><div class=\"mb-6 flex flex-wrap items-center gap-3\">"
      "<a href=\"/\" data-testid=\"back-link\" class=\"" +
      std::string(outline_button) + " h-9 px-3\">" + icon_box("size-4") + std::string(back_label) + "</a></div>";
  out += "<h1 data-testid=\"page-title\" class=\"text-3xl font-bold tracking-tight text-slate-900 md:text-4xl\">" +
         e(title) + "</h1>";
  if (!description.empty())
    out += "<p data-testid=\"page-description\" class=\"mt-3 max-w-3xl text-lg text-slate-600\">" + e(description) +
           "</p>";
  out += "<div class=\"mt-8\">" + std::string(content) + "</div></div>";
  return out;
}

std::string feed_message(std::string_view title, std::string_view hint, std::string_view action) {
  std::string out =
      "<div data-testid=\"post-list-empty\" class=\"flex flex-col items-center rounded-xl border "
      "border-dashed border-slate-300 bg-white px-6 py-14 text-center\"><span class=\"grid size-12 "
      "place-items-center rounded-full bg-indigo-50 text-indigo-600\">" +
      icon_box("size-6") + "</span><h3 class=\"mt-4 text-lg font-semibold text-slate-900\">" + e(title) +
      "</h3><p class=\"mt-1 max-w-md text-slate-600\">" + e(hint) + "</p>";
  if (!action.empty()) out += "<div class=\"mt-5\">" + std::string(action) + "</div>";
  out += "</div>";
  return out;
}

std::string load_more(const labels& t) {
  return "<div class=\"mt-8 flex justify-center\"><button type=\"button\" data-testid=\"load-more\" class=\"" +
         std::string(outline_button) + " h-10 px-4 py-2\">" + std::string(t.posts_load_more) + "</button></div>";
}

// PostFeed with cards: a two-column grid of h2 cards, then 'Load more' when there are more.
std::string feed(const std::vector<std::pair<const posts::post*, std::string>>& cards, bool more, const labels& t) {
  std::string out = "<div class=\"\"><div data-testid=\"post-grid\" class=\"grid gap-6 sm:grid-cols-2\">";
  // The first card's cover is likely a phone's largest paint: fetched at once, first.
  for (const auto& [post, snippet] : cards) out += render_post_card(*post, snippet, 2, t, post == cards.front().first);
  out += "</div>";
  if (more) out += load_more(t);
  out += "</div>";
  return out;
}

}  // namespace

std::string render_post_card(const posts::post& post, std::string_view snippet_html, int heading_level, const labels& t,
                             bool priority) {
  auto href = "/post/" + url_path_segment(post.slug);
  std::string title_tag = heading_level == 2 ? "h2" : "h3";
  std::string out = "<div data-testid=\"post-card\" data-slug=\"" + e(post.slug) +
                    "\" class=\"rounded-xl border border-slate-200 bg-white text-slate-900 shadow-sm group flex h-full "
                    "flex-col overflow-hidden transition-shadow hover:shadow-md\">";
  out += "<div class=\"relative aspect-[16/9] overflow-hidden bg-slate-100\"><a href=\"" + href +
         "\" tabindex=\"-1\" aria-hidden=\"true\" class=\"block size-full\">";
  if (!post.cover_image.empty())
    out += responsive_image(post.cover_image, "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
                            std::string(priority ? "alt=\"\" fetchpriority=\"high\"" : "alt=\"\" loading=\"lazy\"") +
                                " width=\"1600\" height=\"900\" class=\"size-full object-cover "
                                "transition-transform duration-500 group-hover:scale-[1.03]\"");
  else
    out +=
        "<span class=\"grid size-full place-items-center bg-gradient-to-br from-indigo-100 to-slate-200 "
        "text-indigo-400\">" +
        icon_box("size-10") + "</span>";
  out +=
      "</a><span data-testid=\"post-card-category\" class=\"inline-flex items-center gap-1 rounded-full border "
      "px-2.5 py-0.5 text-xs font-semibold border-transparent bg-indigo-600 text-white absolute left-3 top-3 "
      "shadow-sm\">" +
      e(post.category) + "</span></div>";
  out += "<div class=\"flex flex-1 flex-col p-5\">";
  // The post's own words carry its language, the labels around them are the page's (WCAG 3.1.2:
  // a screen reader then reads an English post on a Czech page as English).
  const auto lang = " lang=\"" + e(post.language) + "\"";
  out += "<" + title_tag +
         " class=\"line-clamp-2 min-h-[2.75em] text-lg font-semibold leading-snug tracking-tight text-slate-900\"" +
         lang + "><a href=\"" + href +
         "\" data-testid=\"post-card-title\" class=\"rounded-sm hover:text-indigo-600\">" + e(post.title) + "</a></" +
         title_tag + ">";
  out += "<p class=\"mt-2 flex items-center gap-1.5 text-sm text-slate-500\">" + icon_box("size-4") +
         "<time data-testid=\"post-card-date\" datetime=\"" + e(posts::iso_time(post.published_at_ms)) + "\">" +
         format_date(post.published_at_ms, t) + "</time></p>";
  bool has_snippet = snippet_html.find_first_not_of(" \t\r\n") != std::string_view::npos;
  if (has_snippet)
    // The search index escapes the snippet; its only markup is its own <mark> tags.
    out +=
        "<p data-testid=\"post-card-snippet\" class=\"mt-3 line-clamp-3 min-h-[4.875em] text-sm leading-relaxed "
        "text-slate-600 [&_mark]:rounded-sm [&_mark]:bg-amber-100 [&_mark]:px-0.5 [&_mark]:text-slate-900\"" +
        lang + ">" + std::string(snippet_html) + "</p>";
  else
    out +=
        "<p data-testid=\"post-card-excerpt\" class=\"mt-3 line-clamp-3 min-h-[4.875em] text-sm leading-relaxed "
        "text-slate-600\"" +
        lang + ">" + e(post.excerpt) + "</p>";
  out += "<a href=\"" + href +
         "\" data-testid=\"post-card-read-more\" class=\"mt-auto inline-flex w-fit items-center rounded-sm pt-4 "
         "text-sm font-semibold text-indigo-600 hover:text-indigo-500\">" +
         std::string(t.posts_read_more) + "</a>";
  out += "</div></div>";
  return out;
}

std::string render_home(const domain::site_settings& settings, std::span<const posts::post* const> posts,
                        const std::vector<std::string>& categories, bool more, const reader& r,
                        std::span<const posts::post* const> popular) {
  constexpr std::size_t featured_count = 3;
  const auto& t = *r.t;
  std::string out = hero(settings, t);
  out +=
      "<section id=\"latest-articles\" data-testid=\"latest-articles\" class=\"container scroll-mt-20 py-12 "
      "md:py-16\"><div class=\"flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pb-4\">"
      "<h2 class=\"text-2xl font-bold tracking-tight text-slate-900 md:text-3xl\">" +
      std::string(t.latest_articles) + "</h2>";
  // The app's author action: 'Sign In' for a visitor; for a session, room for the button it shows.
  out += r.session ? "<div class=\"h-10\"></div>"
                   : "<a href=\"/auth\" data-testid=\"home-sign-in\" class=\"inline-flex items-center justify-center "
                     "gap-2 whitespace-nowrap rounded-lg text-sm font-medium border border-slate-300 bg-white "
                     "text-slate-900 h-10 px-4 py-2\">" +
                         icon_box("size-4") + std::string(t.sign_in) + "</a>";
  out += "</div>";
  out += "<div class=\"mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]\">" +
         sidebar(categories, t, r.content_language, {}, popular_posts(popular, t) + render_subscribe_box(t)) +
         "<div data-testid=\"home-post-list\" aria-busy=\"false\">";
  if (posts.empty()) {
    out += feed_message(t.posts_no_articles, t.posts_no_articles_hint, "");
  } else {
    auto featured = posts.subspan(0, std::min(featured_count, posts.size()));
    auto latest = posts.subspan(featured.size());
    out +=
        "<div class=\"space-y-10\"><section aria-labelledby=\"featured-posts-heading\" "
        "data-testid=\"featured-posts\"><h3 id=\"featured-posts-heading\" class=\"mb-4 text-lg font-semibold "
        "tracking-tight text-slate-900\">" +
        std::string(t.posts_featured) + "</h3>" +
        grid(featured, "grid gap-6 sm:grid-cols-2 xl:grid-cols-3", "featured-grid", t) + "</section>";
    if (!latest.empty())
      out +=
          "<section aria-labelledby=\"latest-posts-heading\" data-testid=\"latest-posts\"><h3 "
          "id=\"latest-posts-heading\" class=\"mb-4 text-lg font-semibold tracking-tight text-slate-900\">" +
          std::string(t.posts_latest) + "</h3>" + grid(latest, "grid gap-6 sm:grid-cols-2", "post-grid", t) +
          "</section>";
    if (more) out += load_more(t);
    out += "</div>";
  }
  out += "</div></div></section>";
  return out;
}

std::string render_category(std::string_view category, const std::vector<const posts::post*>& posts, bool more,
                            const std::vector<std::string>& categories, const reader& r) {
  const auto& t = *r.t;
  // The filters come first in the markup, above the posts on a phone and beside them (grid
  // column 2) on a wide screen: a browser painting the page while it still parses it never
  // shows the posts where the filters are about to go.
  std::string content = "<div class=\"grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]\">" +
                        sidebar(categories, t, r.content_language, category);
  if (posts.empty()) {
    content += "<div class=\"\">" + feed_message(t.categories_no_posts, t.categories_no_posts_hint, "") + "</div>";
  } else {
    std::vector<std::pair<const posts::post*, std::string>> cards;
    cards.reserve(posts.size());
    for (const auto* p : posts) cards.emplace_back(p, "");
    content += feed(cards, more, t);
  }
  content += "</div>";
  return page_shell(category, fill(t.category_description, "category", category), t.back_to_all_posts, content);
}

std::string render_search(std::string_view query, const std::vector<std::pair<const posts::post*, std::string>>& hits,
                          std::uint64_t total, std::string_view suggestion, bool more, const labels& t) {
  std::string results =
      "<div data-testid=\"search-results\" class=\"min-h-screen space-y-6\"><div "
      "data-testid=\"search-summary\" class=\"flex min-h-6 flex-wrap items-baseline "
      "justify-between gap-3\">";
  if (suggestion.find_first_not_of(" \t\r\n") != std::string_view::npos)
    results += "<p data-testid=\"search-suggestion\" class=\"text-slate-700\">" + std::string(t.search_did_you_mean) +
               " <a href=\"/search?q=" + url_path_segment(suggestion) +
               "\" class=\"font-semibold italic text-indigo-600 underline-offset-4 hover:underline\">" + e(suggestion) +
               "</a>?</p>";
  if (!hits.empty())
    results += "<p data-testid=\"search-count\" class=\"text-sm text-slate-500\">" +
               result_count(t, std::max<std::uint64_t>(total, hits.size())) + "</p>";
  results += "</div>";
  // The room the app's search filters take once they load (refinements-layout.ts: refinementsBox).
  results += "<div aria-hidden=\"true\" class=\"h-[5.5rem]\"></div>";
  if (hits.empty())
    results += "<div class=\"\">" +
               feed_message(t.search_no_results, t.search_no_results_hint,
                            "<a href=\"/\" class=\"" + std::string(outline_button) + " h-10 px-4 py-2\">" +
                                std::string(t.search_browse_all) + "</a>") +
               "</div>";
  else
    results += feed(hits, more, t);
  results += "</div>";
  std::string content = search_form(t, query, "max-w-2xl") + "<div class=\"mt-8\">" + results + "</div>";
  return page_shell(fill(t.search_results_for, "query", query), "", t.back_to_home, content);
}

}  // namespace blog::render
