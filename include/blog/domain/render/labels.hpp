// The interface texts of the server-rendered reader pages, in English and Czech: the web app's
// dictionaries (web/src/lib/i18n/{en,cs}.ts) for the keys those pages show, so the first paint
// already speaks the reader's language and React takes over without a word changing.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace blog::render {

struct labels {
  std::string_view language;  // "en" or "cs"
  // header, language
  std::string_view home_link, sign_in, language_label, language_english, language_czech;
  // hero
  std::string_view hero_badge, hero_read_latest, hero_image_alt;
  // search
  std::string_view search_label, search_placeholder, search_button, search_results_for, search_did_you_mean,
      search_no_results, search_no_results_hint, search_browse_all;
  std::string_view result_count_one, result_count_few, result_count_other;
  // home, categories, posts
  std::string_view latest_articles, category_description, categories_title, categories_all_posts, categories_no_posts,
      categories_no_posts_hint;
  std::string_view posts_featured, posts_latest, posts_content_filters, posts_no_articles, posts_no_articles_hint,
      posts_load_more, posts_read_more;
  std::string_view content_language_label, content_language_english_only, content_language_czech_and_english;
  std::string_view popular_this_week;  // issue 26
  // 'Get new articles by e-mail' (issue 24)
  std::string_view newsletter_title, newsletter_hint, newsletter_email, newsletter_language, newsletter_english,
      newsletter_czech, newsletter_subscribe;
  // the post page
  std::string_view back_to_home, back_to_all_posts, category, read_in_english, read_in_czech, reading_time;
  // the titles of the pages that are not there (errors.notFoundTitle, post.notFound.title)
  std::string_view not_found_title, post_not_found_title;
};

// The texts of `language`: Czech for "cs", English for anything else.
[[nodiscard]] const labels& labels_for(std::string_view language);

// `template` with each "{name}" replaced by `value` (the app's interpolate, for one placeholder).
[[nodiscard]] std::string fill(std::string_view template_text, std::string_view name, std::string_view value);

// '3 results' / '3 výsledky': the count with the plural form Intl.PluralRules picks for a whole number.
[[nodiscard]] std::string result_count(const labels& t, std::uint64_t count);

// The date as the app's formatDate writes it (UTC): 'March 5, 2024' or '5. března 2024'.
[[nodiscard]] std::string format_date(std::int64_t ms_since_epoch, const labels& t);

}  // namespace blog::render
