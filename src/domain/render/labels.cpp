// The reader pages' texts in English and Czech, copied from the web app's dictionaries
// (web/build-tools/server-labels.test.ts checks every one against web/src/lib/i18n/{en,cs}.ts).
#include "blog/domain/render/labels.hpp"

#include <array>
#include <ctime>

namespace blog::render {
namespace {

constexpr labels english{
    .language = "en",
    .home_link = "Go to the home page",
    .sign_in = "Sign In",
    .language_label = "Interface language",
    .language_english = "English",
    .language_czech = "Čeština",
    .hero_badge = "Professional Payment Blog",
    .hero_read_latest = "Read Latest Articles",
    .hero_image_alt = "Payment technology illustration",
    .search_label = "Search articles",
    .search_placeholder = "Search articles...",
    .search_button = "Search",
    .search_results_for = "Search Results for \"{query}\"",
    .search_did_you_mean = "Did you mean",
    .search_no_results = "No results found",
    .search_no_results_hint = "Try searching for different keywords or browse all posts",
    .search_browse_all = "Browse all posts",
    .result_count_one = "{count} result",
    .result_count_few = "{count} results",
    .result_count_other = "{count} results",
    .latest_articles = "Latest Articles",
    .category_description = "Articles related to {category} in payment technologies and fintech innovations.",
    .categories_title = "Categories",
    .categories_all_posts = "All Posts",
    .categories_no_posts = "No posts found",
    .categories_no_posts_hint = "There are no posts available in this category yet.",
    .posts_featured = "Featured Posts",
    .posts_latest = "Latest Posts",
    .posts_content_filters = "Content Filters",
    .posts_no_articles = "No articles found",
    .posts_no_articles_hint = "Try changing your category selection or language preference",
    .posts_load_more = "Load more",
    .posts_read_more = "Read more →",
    .content_language_label = "Content language",
    .content_language_english_only = "English only",
    .content_language_czech_and_english = "Czech + English",
    .popular_this_week = "Popular this week",
    .newsletter_title = "Get new articles by e-mail",
    .newsletter_hint = "One e-mail per new article. Unsubscribe with one click.",
    .newsletter_email = "E-mail address",
    .newsletter_language = "Language of the articles",
    .newsletter_english = "English",
    .newsletter_czech = "Czech",
    .newsletter_subscribe = "Subscribe",
    .back_to_home = "Back to home",
    .back_to_all_posts = "Back to all posts",
    .category = "Category",
    .read_in_english = "Read in English",
    .read_in_czech = "Read in Czech",
    .reading_time = "{minutes} min read",
    .not_found_title = "404 Page Not Found",
    .post_not_found_title = "Post Not Found",
};

constexpr labels czech{
    .language = "cs",
    .home_link = "Přejít na domovskou stránku",
    .sign_in = "Přihlásit se",
    .language_label = "Jazyk rozhraní",
    .language_english = "English",
    .language_czech = "Čeština",
    .hero_badge = "Profesionální blog o platbách",
    .hero_read_latest = "Číst nejnovější příspěvky",
    .hero_image_alt = "Ilustrace platebních technologií",
    .search_label = "Hledat články",
    .search_placeholder = "Hledat články...",
    .search_button = "Hledat",
    .search_results_for = "Výsledky hledání pro „{query}“",
    .search_did_you_mean = "Měli jste na mysli",
    .search_no_results = "Nebyly nalezeny žádné výsledky",
    .search_no_results_hint = "Zkuste hledat jiná klíčová slova nebo si projděte všechny příspěvky",
    .search_browse_all = "Procházet všechny příspěvky",
    .result_count_one = "{count} výsledek",
    .result_count_few = "{count} výsledky",
    .result_count_other = "{count} výsledků",
    .latest_articles = "Nejnovější příspěvky",
    .category_description = "Články na téma {category} z oblasti platebních technologií a fintech inovací.",
    .categories_title = "Kategorie",
    .categories_all_posts = "Všechny příspěvky",
    .categories_no_posts = "Nebyly nalezeny žádné příspěvky",
    .categories_no_posts_hint = "V této kategorii zatím nejsou žádné příspěvky.",
    .posts_featured = "Doporučené příspěvky",
    .posts_latest = "Nedávné příspěvky",
    .posts_content_filters = "Filtry obsahu",
    .posts_no_articles = "Nebyly nalezeny žádné články",
    .posts_no_articles_hint = "Zkuste změnit výběr kategorie nebo jazykové nastavení",
    .posts_load_more = "Načíst další",
    .posts_read_more = "Číst dále →",
    .content_language_label = "Jazyk obsahu",
    .content_language_english_only = "Pouze angličtina",
    .content_language_czech_and_english = "Čeština + angličtina",
    .popular_this_week = "Tento týden nejčtenější",
    .newsletter_title = "Nové články e-mailem",
    .newsletter_hint = "Jeden e-mail za každý nový článek. Odhlásit se můžete jedním kliknutím.",
    .newsletter_email = "E-mailová adresa",
    .newsletter_language = "Jazyk článků",
    .newsletter_english = "Angličtina",
    .newsletter_czech = "Čeština",
    .newsletter_subscribe = "Odebírat",
    .back_to_home = "Zpět na domovskou stránku",
    .back_to_all_posts = "Zpět na všechny příspěvky",
    .category = "Kategorie",
    .read_in_english = "Číst anglicky",
    .read_in_czech = "Číst česky",
    .reading_time = "{minutes} min čtení",
    .not_found_title = "404 Stránka nenalezena",
    .post_not_found_title = "Příspěvek nenalezen",
};

constexpr std::array english_months = {"January", "February", "March",     "April",   "May",      "June",
                                       "July",    "August",   "September", "October", "November", "December"};
// Intl's cs-CZ long month in a date is the genitive.
constexpr std::array czech_months = {"ledna",    "února", "března", "dubna", "května",    "června",
                                     "července", "srpna", "září",   "října", "listopadu", "prosince"};

}  // namespace

const labels& labels_for(std::string_view language) {
  return language == "cs" ? czech : english;
}

std::string fill(std::string_view template_text, std::string_view name, std::string_view value) {
  std::string placeholder = "{" + std::string(name) + "}";
  std::string out(template_text);
  for (auto at = out.find(placeholder); at != std::string::npos; at = out.find(placeholder, at + value.size()))
    out.replace(at, placeholder.size(), value);
  return out;
}

std::string result_count(const labels& t, std::uint64_t count) {
  // Whole numbers: 'one' for 1; in Czech 'few' for 2 to 4; 'other' for the rest.
  std::string_view form = count == 1                                       ? t.result_count_one
                          : t.language == "cs" && count >= 2 && count <= 4 ? t.result_count_few
                                                                           : t.result_count_other;
  return fill(form, "count", std::to_string(count));
}

std::string format_date(std::int64_t ms_since_epoch, const labels& t) {
  std::time_t seconds = static_cast<std::time_t>(ms_since_epoch / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  auto month = static_cast<std::size_t>(tm.tm_mon);
  auto day = std::to_string(tm.tm_mday), year = std::to_string(tm.tm_year + 1900);
  if (t.language == "cs") return day + ". " + czech_months[month] + " " + year;
  return std::string(english_months[month]) + " " + day + ", " + year;
}

}  // namespace blog::render
