// Reading over HTTP from the read model: language filter, visibility, scheduling, paging, categories,
// ETags, and the pages and feeds search engines read.
#include "support/harness.hpp"

#include "blog/domain/posts/post.hpp"
#include "blog/domain/render/render.hpp"
#include "blog/store/posts_store.hpp"

#include <gtest/gtest.h>

#include <set>

using blog::test::http_client;
using blog::test::test_server;

namespace {

constexpr std::int64_t day = 86'400'000;

struct reading : ::testing::Test {
  static test_server* server;
  static void SetUpTestSuite() { server = new test_server("reading"); }
  static void TearDownTestSuite() { delete server; }

  void SetUp() override {
    server->sql("DELETE FROM posts; DELETE FROM custom_categories;");
    server->ctx().follower->catch_up();
  }

  int add(const std::string& slug, const std::string& language, std::int64_t published_at_ms, bool published = true,
          const std::string& category = "Fintech", const std::string& content = "Body text") {
    blog::posts::post p;
    p.title = "Title " + slug;
    p.slug = slug;
    p.content = content;
    p.content_html = blog::render::render_post_html(content);
    p.excerpt = "Excerpt of " + slug;
    p.category = category;
    p.cover_image = "/covers/fintech-1.svg";
    p.language = language;
    p.published = published;
    p.published_at_ms = published_at_ms;
    int id = blog::store::insert_post(server->ctx().db, p);
    server->ctx().follower->catch_up();
    return id;
  }

  static std::vector<std::string> slugs(const blog::test::http_response& res) {
    std::vector<std::string> out;
    auto doc = res.json();
    for (const auto& v : doc.as_array()) out.emplace_back(v.at("slug").as_string());
    return out;
  }
};

test_server* reading::server = nullptr;

}  // namespace

TEST_F(reading, LanguageFilterAndNewestFirst) {
  auto now = blog::posts::now_ms();
  add("en-old", "en", now - 3 * day);
  add("cs-mid", "cs", now - 2 * day);
  add("en-new", "en", now - day);
  http_client client(server->url());
  EXPECT_EQ(slugs(client.get("/api/posts?language=en")), (std::vector<std::string>{"en-new", "en-old"}));
  EXPECT_EQ(slugs(client.get("/api/posts?language=cs")), (std::vector<std::string>{"en-new", "cs-mid", "en-old"}));
  EXPECT_EQ(slugs(client.get("/api/posts")), (std::vector<std::string>{"en-new", "en-old"}));
}

TEST_F(reading, CardsCarryNoContentAndThePostPageCarriesSafeHtml) {
  add("rich", "en", blog::posts::now_ms() - day, true, "Fintech",
      "<h2>Key Points</h2><p onclick=\"x()\">Safe <script>alert(1)</script>text</p>");
  http_client client(server->url());
  auto card = client.get("/api/posts?language=en").json().as_array().at(0).as_object();
  EXPECT_FALSE(card.contains("content"));
  EXPECT_FALSE(card.contains("contentHtml"));
  for (const char* field :
       {"id", "title", "slug", "excerpt", "category", "coverImage", "publishedAt", "authorId", "language"})
    EXPECT_TRUE(card.contains(field)) << field;
  auto full = client.get("/api/posts/rich").json().as_object();
  std::string html(full.at("contentHtml").as_string());
  EXPECT_NE(html.find("<h2>Key Points</h2>"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("onclick"), std::string::npos);
  EXPECT_TRUE(full.contains("content"));
}

TEST_F(reading, HiddenScheduledAndUnknownPostsAre404ToReaders) {
  auto now = blog::posts::now_ms();
  add("hidden", "en", now - day, false);
  add("later", "en", now + day);
  http_client client(server->url());
  EXPECT_TRUE(slugs(client.get("/api/posts?language=cs")).empty());
  for (const char* slug : {"hidden", "later", "no-such-post"}) {
    auto res = client.get(std::string("/api/posts/") + slug);
    EXPECT_EQ(res.status, 404) << slug;
    EXPECT_EQ(res.json().at("message").as_string(), "Post not found");
  }
}

TEST_F(reading, ScheduledPostAppearsByItselfWhenItsTimeComes) {
  add("soon", "en", blog::posts::now_ms() + 1500);
  http_client client(server->url());
  EXPECT_TRUE(slugs(client.get("/api/posts?language=en")).empty());
  std::this_thread::sleep_for(std::chrono::milliseconds(1700));
  EXPECT_EQ(slugs(client.get("/api/posts?language=en")), std::vector<std::string>{"soon"});
  EXPECT_EQ(client.get("/api/posts/soon").status, 200);
}

TEST_F(reading, LimitAndCursorWalkEveryPostOnce) {
  auto now = blog::posts::now_ms();
  for (int i = 0; i < 30; ++i) add("p-" + std::to_string(i), i % 2 ? "cs" : "en", now - (i + 1) * 60'000);
  http_client client(server->url());
  EXPECT_EQ(client.get("/api/posts?language=cs").json().as_array().size(), 12u);
  std::vector<std::string> seen;
  std::string cursor;
  int pages = 0;
  do {
    auto res = client.get("/api/posts?language=cs&limit=7" + (cursor.empty() ? "" : "&cursor=" + cursor));
    ASSERT_EQ(res.status, 200);
    for (auto& s : slugs(res)) seen.push_back(s);
    cursor = res.header("x-next-cursor");
    ++pages;
  } while (!cursor.empty() && pages < 10);
  EXPECT_EQ(pages, 5);
  ASSERT_EQ(seen.size(), 30u);
  EXPECT_EQ(std::set<std::string>(seen.begin(), seen.end()).size(), 30u);
  EXPECT_EQ(seen.front(), "p-0");
  EXPECT_EQ(seen.back(), "p-29");
  EXPECT_EQ(client.get("/api/posts?limit=0").status, 400);
  EXPECT_EQ(client.get("/api/posts?limit=abc").status, 400);
  EXPECT_EQ(client.get("/api/posts?cursor=garbage").status, 400);
}

TEST_F(reading, CategoriesAreBuiltInPlusCustomWithoutDuplicates) {
  server->sql("INSERT INTO custom_categories (name) VALUES ('Payments Law'), ('FINTECH')");
  http_client client(server->url());
  auto list = client.get("/api/categories").json().as_array();
  std::vector<std::string> names;
  for (const auto& v : list) names.emplace_back(v.as_string());
  EXPECT_EQ(names.size(), 7u);  // 'FINTECH' differs from 'Fintech' only by case: it shows once
  EXPECT_EQ(std::vector<std::string>(names.begin(), names.begin() + 6),
            (std::vector<std::string>{"Digital Payments", "Fintech", "Regulations", "Cybersecurity", "Innovation",
                                      "Market Trends"}));
  EXPECT_NE(std::find(names.begin(), names.end(), "Payments Law"), names.end());
}

TEST_F(reading, CategoryPostsAreUrlDecodedAndFiltered) {
  auto now = blog::posts::now_ms();
  add("mt-1", "en", now - day, true, "Market Trends");
  add("mt-2", "cs", now - 2 * day, true, "Market Trends");
  add("fin", "en", now - day, true, "Fintech");
  http_client client(server->url());
  EXPECT_EQ(slugs(client.get("/api/categories/Market%20Trends?language=cs")),
            (std::vector<std::string>{"mt-1", "mt-2"}));
  EXPECT_EQ(slugs(client.get("/api/categories/market%20trends")), (std::vector<std::string>{"mt-1"}));
  EXPECT_TRUE(slugs(client.get("/api/categories/Nothing%20Here")).empty());
}

TEST_F(reading, ListsAndPostsAnswer304ToAMatchingEtag) {
  add("tagged", "en", blog::posts::now_ms() - day);
  http_client client(server->url());
  for (const char* path : {"/api/posts?language=en", "/api/posts/tagged", "/api/posts?language=en&limit=5"}) {
    auto first = client.get(path);
    auto etag = first.header("etag");
    ASSERT_FALSE(etag.empty()) << path;
    EXPECT_EQ(client.get(path, {{"If-None-Match", etag}}).status, 304) << path;
  }
  auto before = client.get("/api/posts?language=en").header("etag");
  add("newer", "en", blog::posts::now_ms() - 1000);
  EXPECT_NE(client.get("/api/posts?language=en").header("etag"), before);
}

TEST_F(reading, PagesCarryMetaTagsAndUnknownPostsAre404) {
  add("seo-post", "cs", blog::posts::now_ms() - day, true, "Regulations");
  http_client client(server->url());
  auto page = client.get("/post/seo-post");
  if (page.status == 503) GTEST_SKIP() << "web/dist is not built";
  EXPECT_EQ(page.status, 200);
  EXPECT_NE(page.body.find("<title>Title seo-post | PayTech Blog</title>"), std::string::npos);
  EXPECT_NE(page.body.find("property=\"og:title\""), std::string::npos);
  EXPECT_NE(page.body.find("name=\"twitter:card\""), std::string::npos);
  EXPECT_NE(page.body.find("rel=\"canonical\" href=\"" + server->url("/post/seo-post") + "\""), std::string::npos);
  EXPECT_NE(page.body.find("\"@type\":\"Article\""), std::string::npos);
  EXPECT_NE(page.body.find("<html lang=\"cs\">"), std::string::npos);
  EXPECT_EQ(client.get("/post/no-such-post").status, 404);
  auto category = client.get("/category/Regulations");
  EXPECT_NE(category.body.find("Articles related to Regulations in payment technologies"), std::string::npos);
}

TEST_F(reading, SitemapRobotsAndFeedsListOnlyVisiblePosts) {
  auto now = blog::posts::now_ms();
  add("feed-en", "en", now - day);
  add("feed-cs", "cs", now - day);
  add("feed-hidden", "en", now - day, false);
  http_client client(server->url());
  auto sitemap = client.get("/sitemap.xml").body;
  EXPECT_NE(sitemap.find("/post/feed-en"), std::string::npos);
  EXPECT_NE(sitemap.find("/post/feed-cs"), std::string::npos);
  EXPECT_EQ(sitemap.find("feed-hidden"), std::string::npos);
  EXPECT_NE(client.get("/robots.txt").body.find("Sitemap: "), std::string::npos);
  auto cs = client.get("/rss.xml?lang=cs");
  EXPECT_NE(cs.header("content-type").find("application/rss+xml"), std::string::npos);
  EXPECT_NE(cs.body.find("/post/feed-cs"), std::string::npos);
  EXPECT_EQ(cs.body.find("/post/feed-en"), std::string::npos);
  auto en = client.get("/rss.xml").body;
  EXPECT_NE(en.find("/post/feed-en"), std::string::npos);
  EXPECT_EQ(en.find("feed-hidden"), std::string::npos);
}

TEST_F(reading, AnotherWriterIsPickedUpThroughTheChangeLog) {
  // A row written behind this node's back (another node, psql) arrives through NOTIFY.
  server->sql(
      "INSERT INTO posts (title, slug, content, category, language, published_at) "
      "VALUES ('Elsewhere', 'from-elsewhere', 'x', 'Fintech', 'en', now() - interval '1 hour')");
  http_client client(server->url());
  bool seen = false;
  for (int i = 0; i < 40 && !seen; ++i) {
    seen = client.get("/api/posts/from-elsewhere").status == 200;
    if (!seen) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_TRUE(seen);
  server->sql("DELETE FROM posts WHERE slug = 'from-elsewhere'");
  bool gone = false;
  for (int i = 0; i < 40 && !gone; ++i) {
    gone = client.get("/api/posts/from-elsewhere").status == 404;
    if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_TRUE(gone);
}
