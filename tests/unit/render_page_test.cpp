// The server-rendered post page: highlight boxes split as the app splits them, dates, escaping.
#include "blog/domain/render/page.hpp"

#include <gtest/gtest.h>

using blog::render::split_content_sections;

TEST(split_content_sections, opens_a_box_at_key_points_and_closes_it_at_conclusion) {
  auto sections =
      split_content_sections("<p>Intro</p><h2>Key Points</h2><ul><li>a</li></ul><h2>Conclusion</h2><p>End</p>");
  ASSERT_EQ(sections.size(), 3u);
  EXPECT_FALSE(sections[0].highlight);
  EXPECT_EQ(sections[0].html, "<p>Intro</p>");
  EXPECT_TRUE(sections[1].highlight);
  EXPECT_EQ(sections[1].html, "<h2>Key Points</h2><ul><li>a</li></ul>");
  EXPECT_FALSE(sections[2].highlight);
  EXPECT_EQ(sections[2].html, "<h2>Conclusion</h2><p>End</p>");
}

TEST(split_content_sections, matches_headings_loosely_and_only_at_the_top_level) {
  auto sections = split_content_sections(
      "<h2><strong>Benefits:</strong></h2><p>x</p><h2>Implementation</h2><p>y</p>"
      "<blockquote><h2>Conclusion</h2></blockquote>");
  ASSERT_EQ(sections.size(), 2u);
  EXPECT_TRUE(sections[0].highlight);
  EXPECT_EQ(sections[0].html, "<h2><strong>Benefits:</strong></h2><p>x</p>");
  EXPECT_TRUE(sections[1].highlight);
  EXPECT_EQ(sections[1].html, "<h2>Implementation</h2><p>y</p><blockquote><h2>Conclusion</h2></blockquote>");
}

TEST(split_content_sections, opens_and_closes_boxes_at_the_czech_headings_with_or_without_diacritics) {
  auto sections = split_content_sections(
      "<p>Úvod</p><h2>Klíčové body</h2><p>a</p><h2>HLAVNI FUNKCE</h2><p>b</p><h2>výhody:</h2><p>c</p>"
      "<h2>Implementace</h2><p>d</p><h2>ZÁVĚR</h2><p>Konec</p><h2>klicove body</h2><p>e</p><h2>zaver</h2>");
  ASSERT_EQ(sections.size(), 8u);
  EXPECT_FALSE(sections[0].highlight);
  EXPECT_EQ(sections[1].html, "<h2>Klíčové body</h2><p>a</p>");
  EXPECT_EQ(sections[2].html, "<h2>HLAVNI FUNKCE</h2><p>b</p>");
  EXPECT_EQ(sections[3].html, "<h2>výhody:</h2><p>c</p>");
  EXPECT_EQ(sections[4].html, "<h2>Implementace</h2><p>d</p>");
  for (std::size_t i = 1; i <= 4; ++i) EXPECT_TRUE(sections[i].highlight) << i;
  EXPECT_FALSE(sections[5].highlight);
  EXPECT_EQ(sections[5].html, "<h2>ZÁVĚR</h2><p>Konec</p>");
  EXPECT_TRUE(sections[6].highlight);
  EXPECT_EQ(sections[6].html, "<h2>klicove body</h2><p>e</p>");
  EXPECT_FALSE(sections[7].highlight);
  EXPECT_EQ(sections[7].html, "<h2>zaver</h2>");
}

TEST(split_content_sections, leaves_other_czech_headings_and_near_misses_plain) {
  auto sections = split_content_sections("<h2>Klíčové body trhu</h2><p>a</p><h2>Výhoda</h2><p>b</p>");
  ASSERT_EQ(sections.size(), 1u);
  EXPECT_FALSE(sections[0].highlight);
}

TEST(split_content_sections, leaves_plain_content_whole_and_drops_blank_runs) {
  auto sections = split_content_sections("<h2>Other</h2><p>a<br>b</p>");
  ASSERT_EQ(sections.size(), 1u);
  EXPECT_FALSE(sections[0].highlight);
  EXPECT_TRUE(split_content_sections("  \n").empty());
  auto boxed_first = split_content_sections("\n<h2>Key Features</h2><p>f</p>");
  ASSERT_EQ(boxed_first.size(), 1u);
  EXPECT_TRUE(boxed_first[0].highlight);
}

TEST(format_date_en, writes_the_month_name_day_and_year) {
  EXPECT_EQ(blog::render::format_date_en(1709632800000), "March 5, 2024");  // 2024-03-05T10:00:00Z
  EXPECT_EQ(blog::render::format_date_en(1704067199000), "December 31, 2023");
}

TEST(render_post_article, carries_the_article_with_its_boxes_and_escapes_the_fields) {
  blog::posts::post p;
  p.title = "Cards <&> wallets";
  p.category = "Digital Payments";
  p.language = "en";
  p.cover_image = "/covers/a.svg";
  p.published_at_ms = 1709632800000;
  p.content_html = "<p>Intro</p><h2>Key Points</h2><p>k</p>";
  auto html = blog::render::render_post_article(p);
  EXPECT_NE(html.find(">Cards &lt;&amp;&gt; wallets</h1>"), std::string::npos) << html;
  EXPECT_NE(
      html.find(
          "<section data-testid=\"post-highlight\" class=\"post-highlight\"><h2>Key Points</h2><p>k</p></section>"),
      std::string::npos)
      << html;
  EXPECT_NE(html.find("href=\"/category/Digital%20Payments\""), std::string::npos);
  EXPECT_NE(html.find("src=\"/covers/a.svg\""), std::string::npos);
  EXPECT_NE(html.find(">March 5, 2024</time>"), std::string::npos);
  auto framed = blog::render::render_frame("Pay <Tech>", html);
  EXPECT_NE(framed.find("Pay &lt;Tech&gt;"), std::string::npos);
  EXPECT_NE(framed.find("<main class=\"flex-1\"><article"), std::string::npos);
}

TEST(render_post_article, boxes_a_czech_post_under_its_czech_headings) {
  blog::posts::post p;
  p.title = "Okamžité platby";
  p.category = "Digital Payments";
  p.language = "cs";
  p.content_html = "<p>Úvod</p><h2>Klíčové body</h2><p>k</p><h2>Závěr</h2><p>Konec</p>";
  auto html = blog::render::render_post_article(p, nullptr, blog::render::labels_for("cs"));
  EXPECT_NE(html.find("<section data-testid=\"post-highlight\" class=\"post-highlight\"><h2>Klíčové body</h2><p>k</p>"
                      "</section><div class=\"contents\"><h2>Závěr</h2>"),
            std::string::npos)
      << html;
}

TEST(render_post_article, offers_the_responsive_copies_of_an_uploaded_cover_only) {
  blog::posts::post p;
  p.title = "t";
  p.category = "Fintech";
  std::string sha(64, 'b');
  p.cover_image = "/uploads/" + sha + ".png";
  auto html = blog::render::render_post_article(p);
  EXPECT_NE(html.find("<source type=\"image/webp\" srcset=\"/uploads/" + sha + "-480.webp 480w, /uploads/" + sha +
                      "-960.webp 960w, /uploads/" + sha + "-1600.webp 1600w\" sizes=\"100vw\" />"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("srcset=\"/uploads/" + sha + "-480.png 480w"), std::string::npos);
  p.cover_image = "/covers/fintech-1.svg";
  EXPECT_EQ(blog::render::render_post_article(p).find("srcset"), std::string::npos);
  p.cover_image = "/uploads/payments-hero.svg";
  EXPECT_EQ(blog::render::render_post_article(p).find("srcset"), std::string::npos);
}

namespace {

blog::posts::post card_post(int id, std::string title) {
  blog::posts::post p;
  p.id = id;
  p.title = std::move(title);
  p.slug = "post-" + std::to_string(id);
  p.excerpt = "An excerpt <with> & signs";
  p.category = "Open Banking";
  p.published_at_ms = 1709632800000;  // 2024-03-05
  return p;
}

std::size_t count(const std::string& text, std::string_view needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) ++n;
  return n;
}

// A reader who came with a session cookie.
blog::render::reader signed_in_reader() {
  blog::render::reader r;
  r.session = true;
  return r;
}

}  // namespace

TEST(render_post_card, carries_title_date_excerpt_and_links_escaped) {
  auto p = card_post(7, "Fees & <limits>");
  p.slug = "fees & limits";
  auto html = blog::render::render_post_card(p, "", 3);
  EXPECT_NE(html.find("data-testid=\"post-card\""), std::string::npos);
  EXPECT_NE(html.find("<h3 class=\"line-clamp-2 min-h-[2.75em]"), std::string::npos);
  EXPECT_NE(html.find("Fees &amp; &lt;limits&gt;</a></h3>"), std::string::npos);
  EXPECT_NE(html.find("href=\"/post/fees%20%26%20limits\""), std::string::npos);
  EXPECT_NE(html.find(">March 5, 2024</time>"), std::string::npos);
  EXPECT_NE(html.find("An excerpt &lt;with&gt; &amp; signs"), std::string::npos);
  EXPECT_NE(html.find(">Open Banking</span>"), std::string::npos);
  // No cover: the placeholder, no image.
  EXPECT_EQ(html.find("<img"), std::string::npos);
}

TEST(render_post_card, shows_a_search_snippet_instead_of_the_excerpt_and_sizes_its_cover) {
  auto p = card_post(8, "Instant payments");
  p.cover_image = "/uploads/" + std::string(64, 'a') + ".png";
  auto html = blog::render::render_post_card(p, "about <mark>payments</mark>", 2);
  EXPECT_NE(html.find("data-testid=\"post-card-snippet\""), std::string::npos);
  EXPECT_NE(html.find("about <mark>payments</mark>"), std::string::npos);
  EXPECT_EQ(html.find("post-card-excerpt"), std::string::npos);
  EXPECT_NE(html.find("<h2 "), std::string::npos);
  EXPECT_NE(html.find("width=\"1600\" height=\"900\""), std::string::npos);
  EXPECT_NE(html.find("-480.webp 480w"), std::string::npos);
  // A blank snippet falls back to the excerpt.
  EXPECT_NE(blog::render::render_post_card(p, "  ", 3).find("post-card-excerpt"), std::string::npos);
}

TEST(render_home, draws_the_hero_from_the_settings_and_splits_featured_from_latest) {
  blog::domain::site_settings s;
  s.site_title = "Pay & Tech";
  s.site_description = "Notes <on> payments";
  s.title_color = "#112233";
  s.image_on_right = true;
  std::vector<blog::posts::post> all;
  for (int i = 1; i <= 5; ++i) all.push_back(card_post(i, "Post " + std::to_string(i)));
  std::vector<const blog::posts::post*> shown;
  for (const auto& p : all) shown.push_back(&p);
  auto html = blog::render::render_home(s, shown, {"Fintech", "Open Banking"}, true, {});
  EXPECT_NE(html.find("data-image-position=\"right\""), std::string::npos);
  EXPECT_NE(html.find("style=\"color: #112233;\">Pay &amp; Tech</h1>"), std::string::npos);
  EXPECT_NE(html.find("Notes &lt;on&gt; payments"), std::string::npos);
  auto featured = html.find("data-testid=\"featured-grid\"");
  auto latest = html.find("data-testid=\"latest-posts\"");
  ASSERT_NE(featured, std::string::npos);
  ASSERT_NE(latest, std::string::npos);
  EXPECT_EQ(count(html.substr(featured, latest - featured), "data-testid=\"post-card\""), 3u);
  EXPECT_EQ(count(html.substr(latest), "data-testid=\"post-card\""), 2u);
  EXPECT_NE(html.find("data-testid=\"load-more\""), std::string::npos);
  EXPECT_NE(html.find("data-testid=\"home-sign-in\""), std::string::npos);
  EXPECT_NE(html.find("href=\"/category/Open%20Banking\""), std::string::npos);
  EXPECT_NE(html.find("action=\"/search\""), std::string::npos);
}

TEST(render_home, says_so_when_there_are_no_posts_and_keeps_room_for_an_author) {
  blog::domain::site_settings s;
  auto html = blog::render::render_home(s, {}, {}, false, signed_in_reader());
  EXPECT_NE(html.find("No articles found"), std::string::npos);
  EXPECT_EQ(html.find("data-testid=\"post-card\""), std::string::npos);
  EXPECT_EQ(html.find("load-more"), std::string::npos);
  EXPECT_EQ(html.find("home-sign-in"), std::string::npos);
  EXPECT_NE(html.find("<div class=\"h-10\"></div>"), std::string::npos);
}

TEST(render_category, lists_the_cards_as_h2s_with_the_category_active) {
  std::vector<blog::posts::post> all = {card_post(1, "One"), card_post(2, "Two")};
  std::vector<const blog::posts::post*> shown = {&all[0], &all[1]};
  auto html = blog::render::render_category("Open Banking", shown, true, {"Fintech", "Open Banking"}, {});
  EXPECT_NE(html.find(">Open Banking</h1>"), std::string::npos);
  EXPECT_NE(html.find("Articles related to Open Banking in payment technologies"), std::string::npos);
  EXPECT_EQ(count(html, "data-testid=\"post-card\""), 2u);
  EXPECT_EQ(count(html, "<h2 class=\"line-clamp-2"), 2u);
  EXPECT_NE(html.find("load-more"), std::string::npos);
  auto active = html.find("aria-current=\"page\"");
  ASSERT_NE(active, std::string::npos);
  EXPECT_LT(html.find("/category/Open%20Banking\""), active);
  EXPECT_EQ(count(html, "aria-current"), 1u);
  EXPECT_NE(blog::render::render_category("Empty", {}, false, {}, {}).find("No posts found"), std::string::npos);
}

TEST(render_search, shows_the_query_suggestion_count_and_snippets) {
  const auto& en = blog::render::labels_for("en");
  auto p = card_post(3, "Instant payments");
  auto html = blog::render::render_search("pay <ments>", {{&p, "<mark>pay</mark>"}}, 14, "payments", true, en);
  EXPECT_NE(html.find("Search Results for &quot;pay &lt;ments&gt;&quot;</h1>"), std::string::npos);
  EXPECT_NE(html.find("value=\"pay &lt;ments&gt;\""), std::string::npos);
  EXPECT_NE(html.find("href=\"/search?q=payments\""), std::string::npos);
  EXPECT_NE(html.find(">14 results</p>"), std::string::npos);
  EXPECT_NE(html.find("<mark>pay</mark>"), std::string::npos);
  EXPECT_NE(html.find("load-more"), std::string::npos);
  EXPECT_NE(blog::render::render_search("x", {{&p, ""}}, 0, "", false, en).find(">1 result</p>"), std::string::npos);
  auto none = blog::render::render_search("platby", {}, 0, "", false, en);
  EXPECT_NE(none.find("No results found"), std::string::npos);
  EXPECT_EQ(none.find("search-count"), std::string::npos);
  EXPECT_EQ(none.find("search-suggestion"), std::string::npos);
}

TEST(render_labels, czech_dates_and_result_counts_read_as_the_app_writes_them) {
  const auto& cs = blog::render::labels_for("cs");
  const auto& en = blog::render::labels_for("en");
  EXPECT_EQ(blog::render::format_date(1709632800000, cs), "5. března 2024");
  EXPECT_EQ(blog::render::format_date(1704067199000, cs), "31. prosince 2023");
  EXPECT_EQ(blog::render::format_date(1709632800000, en), "March 5, 2024");
  EXPECT_EQ(blog::render::result_count(cs, 1), "1 výsledek");
  EXPECT_EQ(blog::render::result_count(cs, 3), "3 výsledky");
  EXPECT_EQ(blog::render::result_count(cs, 5), "5 výsledků");
  EXPECT_EQ(blog::render::result_count(en, 1), "1 result");
  EXPECT_EQ(blog::render::result_count(en, 3), "3 results");
  EXPECT_EQ(&blog::render::labels_for("de"), &en);
}

TEST(render_home, speaks_czech_to_a_czech_reader_and_shows_the_content_language_chosen) {
  blog::domain::site_settings s;
  std::vector<blog::posts::post> all = {card_post(1, "Platby")};
  std::vector<const blog::posts::post*> shown = {&all[0]};
  blog::render::reader czech;
  czech.t = &blog::render::labels_for("cs");
  czech.content_language = "cs";
  auto html =
      blog::render::render_frame(s.site_title, blog::render::render_home(s, shown, {"Fintech"}, false, czech), czech);
  for (std::string_view text :
       {"Nejnovější příspěvky", "Profesionální blog o platbách", "Doporučené příspěvky",
        "placeholder=\"Hledat články...\"", "Číst dále →", "Filtry obsahu", "Všechny příspěvky", ">Přihlásit se</a>",
        "<option value=\"cs\" "
        "data-testid=\"language-option-cs\" selected>"})
    EXPECT_NE(html.find(text), std::string::npos) << text;
  EXPECT_EQ(html.find("Latest Articles"), std::string::npos);
  EXPECT_NE(html.find("aria-checked=\"true\" tabindex=\"0\" data-value=\"cs\""), std::string::npos);
  EXPECT_NE(html.find("aria-checked=\"false\" tabindex=\"-1\" data-value=\"en\""), std::string::npos);
}

TEST(render_frame, reserves_the_user_menu_for_a_session_and_offers_sign_in_otherwise) {
  auto visitor = blog::render::render_frame("Blog", "<p>x</p>");
  EXPECT_NE(visitor.find("data-testid=\"sign-in-button\""), std::string::npos);
  EXPECT_NE(visitor.find("data-testid=\"language-switcher\""), std::string::npos);
  auto member = blog::render::render_frame("Blog", "<p>x</p>", signed_in_reader());
  EXPECT_EQ(member.find("sign-in-button"), std::string::npos);
  EXPECT_NE(member.find("h-9 w-20"), std::string::npos);
}

TEST(render_search, writes_czech_titles_counts_and_the_back_link_home) {
  auto p = card_post(3, "Platby");
  const auto& cs = blog::render::labels_for("cs");
  auto html = blog::render::render_search("platby", {{&p, ""}, {&p, ""}}, 2, "", false, cs);
  EXPECT_NE(html.find("Výsledky hledání pro „platby“</h1>"), std::string::npos);
  EXPECT_NE(html.find(">2 výsledky</p>"), std::string::npos);
  EXPECT_NE(html.find("Zpět na domovskou stránku</a>"), std::string::npos);
}

TEST(render_category, fetches_the_first_cover_at_once_and_the_others_lazily) {
  std::vector<blog::posts::post> all = {card_post(1, "One"), card_post(2, "Two")};
  for (auto& p : all) p.cover_image = "/covers/fintech-1.svg";
  std::vector<const blog::posts::post*> shown = {&all[0], &all[1]};
  auto html = blog::render::render_category("Fintech", shown, false, {}, {});
  EXPECT_EQ(count(html, "fetchpriority=\"high\""), 1u);
  EXPECT_EQ(count(html, "loading=\"lazy\""), 1u);
  EXPECT_LT(html.find("fetchpriority=\"high\""), html.find("loading=\"lazy\""));
}

// WCAG 3.1.2 (issue 28): a post's words carry its language, the page's labels do not.
TEST(render_post_card, marks_the_title_and_excerpt_or_passage_with_the_posts_language) {
  auto p = card_post(4, "Platby");
  p.language = "cs";
  auto html = blog::render::render_post_card(p, "", 3);
  EXPECT_NE(html.find("text-slate-900\" lang=\"cs\"><a href=\"/post/post-4\""), std::string::npos) << html;
  EXPECT_NE(html.find("data-testid=\"post-card-excerpt\""), std::string::npos);
  EXPECT_NE(html.find("text-slate-600\" lang=\"cs\">An excerpt"), std::string::npos) << html;
  // The date and 'Read more →' are in the interface language.
  EXPECT_EQ(count(html, "lang=\""), 2u);
  auto passage = blog::render::render_post_card(p, "o <mark>platbách</mark>", 2);
  EXPECT_NE(passage.find("lang=\"cs\">o <mark>platbách</mark></p>"), std::string::npos) << passage;
}

TEST(render_search, marks_english_hits_and_passages_on_a_czech_page_as_english) {
  auto english = card_post(3, "Instant payments");
  auto czech = card_post(5, "Okamžité platby");
  czech.language = "cs";
  auto html = blog::render::render_search("platby", {{&english, "<mark>payments</mark>"}, {&czech, ""}}, 2, "", false,
                                          blog::render::labels_for("cs"));
  EXPECT_NE(html.find("lang=\"en\"><a href=\"/post/post-3\""), std::string::npos) << html;
  EXPECT_NE(html.find("lang=\"en\"><mark>payments</mark>"), std::string::npos) << html;
  EXPECT_NE(html.find("lang=\"cs\"><a href=\"/post/post-5\""), std::string::npos) << html;
}

TEST(render_home, marks_each_card_of_a_czech_readers_list_with_its_posts_language) {
  blog::domain::site_settings s;
  std::vector<blog::posts::post> all = {card_post(1, "Open banking"), card_post(2, "Otevřené bankovnictví")};
  all[1].language = "cs";
  std::vector<const blog::posts::post*> shown = {&all[0], &all[1]};
  blog::render::reader czech;
  czech.t = &blog::render::labels_for("cs");
  czech.content_language = "cs";
  auto html = blog::render::render_home(s, shown, {}, false, czech);
  EXPECT_NE(html.find("lang=\"en\"><a href=\"/post/post-1\""), std::string::npos) << html;
  EXPECT_NE(html.find("lang=\"cs\"><a href=\"/post/post-2\""), std::string::npos) << html;
}

TEST(render_post_article, marks_an_english_articles_title_and_body_as_english_on_a_czech_page) {
  blog::posts::post p;
  p.title = "Open banking";
  p.category = "Fintech";
  p.language = "en";
  p.published_at_ms = 1709632800000;
  p.content_html = "<p>Body</p>";
  auto html = blog::render::render_post_article(p, nullptr, blog::render::labels_for("cs"));
  EXPECT_NE(html.find("data-testid=\"post-title\" lang=\"en\""), std::string::npos) << html;
  EXPECT_NE(html.find("data-testid=\"post-content\" lang=\"en\""), std::string::npos) << html;
  // The Czech date and back link are the page's.
  EXPECT_EQ(count(html, "lang=\""), 2u);
  EXPECT_NE(html.find(">5. března 2024</time>"), std::string::npos);
}

TEST(render_home, offers_the_newsletter_in_the_sidebar_with_the_readers_language_preset) {
  blog::domain::site_settings s;
  std::vector<blog::posts::post> all = {card_post(1, "Platby")};
  std::vector<const blog::posts::post*> shown = {&all[0]};
  blog::render::reader czech;
  czech.t = &blog::render::labels_for("cs");
  auto html = blog::render::render_home(s, shown, {"Fintech"}, false, czech);
  auto box = html.find("data-testid=\"newsletter-box\"");
  ASSERT_NE(box, std::string::npos);
  EXPECT_LT(html.find("data-testid=\"content-filters\""), box) << "in the sidebar";
  EXPECT_LT(box, html.find("</aside>"));
  for (std::string_view text : {">Nové články e-mailem</h2>", "placeholder=\"E-mailová adresa\"", "Jazyk článků",
                                "<option value=\"cs\" selected>Čeština</option>", ">Odebírat</button>",
                                "<form action=\"/newsletter\" method=\"get\""})
    EXPECT_NE(html.find(text), std::string::npos) << text;

  auto english = blog::render::render_subscribe_box(blog::render::labels_for("en"));
  for (std::string_view text : {">Get new articles by e-mail</h2>", "<option value=\"en\" selected>English</option>",
                                "<option value=\"cs\">Czech</option>", ">Subscribe</button>",
                                "<label for=\"newsletter-box-email\" class=\"sr-only\">E-mail address</label>"})
    EXPECT_NE(english.find(text), std::string::npos) << text;
}
