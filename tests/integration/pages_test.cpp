// The app's pages over real HTTP: every route of the web app answers with its real status (the
// route list is read from web/src/app/router.tsx, so server and app cannot drift apart), and the
// page tells the app whether a session cookie came with it; the pages readers share are kept
// rendered and compressed, and follow every change.
#include "support/harness.hpp"

#include "blog/domain/posts/post.hpp"
#include "blog/domain/render/render.hpp"
#include "blog/store/posts_store.hpp"
#include "blog/wire/compression.hpp"

#include <chrono>
#include <thread>

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

using blog::test::http_client;
using blog::test::test_server;

namespace {

test_server& server() {
  static test_server instance("pages");
  return instance;
}

std::filesystem::path source_dir() {
  const char* source = std::getenv("BLOG_SOURCE_DIR");
  return source ? source : ".";
}

// The paths of the app's route table with each ":param" filled in; the catch-all is left out.
std::vector<std::string> app_routes(const std::string& slug) {
  std::ifstream in(source_dir() / "web/src/app/router.tsx");
  std::stringstream text;
  text << in.rdbuf();
  std::string source = text.str();
  std::vector<std::string> out;
  std::regex path_re(R"(path: '([^']+)')");
  for (auto it = std::sregex_iterator(source.begin(), source.end(), path_re); it != std::sregex_iterator(); ++it) {
    std::string path = (*it)[1];
    if (path == "*") continue;
    if (path != "/") path = "/" + path;
    path = std::regex_replace(path, std::regex(":slug"), slug);
    path = std::regex_replace(path, std::regex(":category"), "Fintech");
    out.push_back(path);
  }
  return out;
}

std::string add_post(const std::string& slug) {
  blog::posts::post p;
  p.title = "Title " + slug;
  p.slug = slug;
  p.content = "Body";
  p.content_html = blog::render::render_post_html(p.content);
  p.excerpt = "Excerpt";
  p.category = "Fintech";
  p.language = "en";
  p.published = true;
  p.published_at_ms = blog::posts::now_ms() - 60'000;
  blog::store::insert_post(server().ctx().db, p);
  server().ctx().follower->catch_up();
  return slug;
}

}  // namespace

TEST(pages, every_route_of_the_app_answers_200_with_the_app) {
  http_client client(server().url());
  if (client.get("/").status == 503) GTEST_SKIP() << "web/dist is not built";
  auto slug = add_post("route-truth");
  auto routes = app_routes(slug);
  ASSERT_GT(routes.size(), 15u) << "router.tsx was not read";
  for (const auto& path : routes) {
    auto page = client.get(path);
    EXPECT_EQ(page.status, 200) << path;
    EXPECT_NE(page.body.find("<div id=\"root\""), std::string::npos) << path;
  }
}

TEST(pages, the_editor_of_a_post_is_not_a_missing_post) {
  http_client client(server().url());
  if (client.get("/").status == 503) GTEST_SKIP() << "web/dist is not built";
  auto slug = add_post("edit-me");
  EXPECT_EQ(client.get("/posts/edit/" + slug).status, 200);
  EXPECT_EQ(client.get("/post-editor/" + slug).status, 200);
  EXPECT_EQ(client.get("/posts/" + slug).status, 200);
}

TEST(pages, paths_the_app_does_not_route_answer_404) {
  http_client client(server().url());
  if (client.get("/").status == 503) GTEST_SKIP() << "web/dist is not built";
  for (const char* path :
       {"/admin/users", "/no-such-page", "/post/no-such-post", "/posts/no-such-post", "/admin/nothing"}) {
    auto page = client.get(path);
    EXPECT_EQ(page.status, 404) << path;
    EXPECT_NE(page.body.find("<div id=\"root\""), std::string::npos) << path;
  }
}

TEST(pages, the_page_says_whether_a_session_cookie_came_with_it) {
  http_client client(server().url());
  if (client.get("/").status == 503) GTEST_SKIP() << "web/dist is not built";
  auto absent = "<meta name=\"blog-session\" content=\"absent\" />";
  auto present = "<meta name=\"blog-session\" content=\"present\" />";
  auto anonymous = client.get("/");
  EXPECT_NE(anonymous.body.find(absent), std::string::npos);
  EXPECT_EQ(anonymous.body.find(present), std::string::npos);
  for (const char* cookie : {"sid=abc", "theme=dark; sid=abc", "__Host-sid=abc"}) {
    auto with = client.get("/category/Fintech", {{"Cookie", cookie}});
    EXPECT_NE(with.body.find(present), std::string::npos) << cookie;
  }
  auto other = client.get("/", {{"Cookie", "sidebar=open"}});
  EXPECT_NE(other.body.find(absent), std::string::npos);
}

TEST(pages, a_post_page_arrives_as_html_with_its_data_for_the_app) {
  http_client client(server().url());
  if (client.get("/").status == 503) GTEST_SKIP() << "web/dist is not built";
  blog::posts::post p;
  p.title = "Server </script> rendered";
  p.slug = "server-rendered";
  p.content = "<p>First words</p><h2>Key Points</h2><p>Point</p>";
  p.content_html = blog::render::render_post_html(p.content);
  p.excerpt = "Excerpt";
  p.category = "Fintech";
  p.language = "en";
  p.published = true;
  p.published_at_ms = blog::posts::now_ms() - 60'000;
  blog::store::insert_post(server().ctx().db, p);
  server().ctx().follower->catch_up();

  auto page = client.get("/post/server-rendered");
  ASSERT_EQ(page.status, 200);
  auto root = page.body.find("<div id=\"root\"><div class=\"flex min-h-screen");
  auto article = page.body.find("<article data-testid=\"post-detail\">");
  auto first_words = page.body.find("<p>First words</p>");
  auto box = page.body.find("<section data-testid=\"post-highlight\" class=\"post-highlight\"><h2>Key Points</h2>");
  EXPECT_NE(root, std::string::npos);
  EXPECT_NE(article, std::string::npos);
  EXPECT_LT(root, article);
  EXPECT_NE(first_words, std::string::npos);
  EXPECT_NE(box, std::string::npos);
  EXPECT_NE(page.body.find(">Server &lt;/script&gt; rendered</h1>"), std::string::npos);
  // Under the article, before the app takes over: 'Get new articles by e-mail'.
  auto subscribe = page.body.find("data-testid=\"newsletter-box\"");
  EXPECT_LT(page.body.find("</article>"), subscribe);
  EXPECT_NE(page.body.find(">Get new articles by e-mail</h2>"), std::string::npos);

  // The app's data: the same post as GET /api/posts/{slug}, safe inside the script element.
  auto open = page.body.find("<script type=\"application/json\" id=\"page-data\">");
  ASSERT_NE(open, std::string::npos);
  open += std::string_view("<script type=\"application/json\" id=\"page-data\">").size();
  auto close = page.body.find("</script>", open);
  ASSERT_NE(close, std::string::npos);
  auto data = boost::json::parse(page.body.substr(open, close - open));
  auto api = client.get("/api/posts/server-rendered").json();
  EXPECT_EQ(data.at("post"), api);

  // Other pages still leave the root to the app.
  EXPECT_NE(client.get("/no-such-page").body.find("<div id=\"root\"></div>"), std::string::npos);
}

TEST(pages, shared_pages_are_compressed_once_and_revalidate) {
  http_client client(server().url());
  if (client.get("/").status == 503) GTEST_SKIP() << "web/dist is not built";
  auto slug = add_post("compressed-page");
  for (const std::string& path : std::vector<std::string>{"/", "/post/" + slug, "/category/Fintech"}) {
    auto br = client.get(path, {{"Accept-Encoding", "gzip, deflate, br"}});
    ASSERT_EQ(br.status, 200) << path;
    EXPECT_EQ(br.header("content-encoding"), "br") << path;
    auto html = blog::http::brotli_decompress(br.body);
    EXPECT_NE(html.find("<div id=\"root\"><div class=\"flex"), std::string::npos) << path;
    EXPECT_NE(br.header("vary").find("Cookie"), std::string::npos) << path;
    auto gz = client.get(path, {{"Accept-Encoding", "gzip, deflate"}});
    EXPECT_EQ(gz.header("content-encoding"), "gzip") << path;
    auto plain = client.get(path);
    EXPECT_EQ(plain.header("content-encoding"), "") << path;
    EXPECT_EQ(plain.body, html) << path;
    // The same page again: the kept copy, which a browser may revalidate.
    auto again = client.get(path, {{"Accept-Encoding", "br"}, {"If-None-Match", br.header("etag")}});
    EXPECT_EQ(again.status, 304) << path;
  }
  // A search is made per request, and compressed as it goes.
  auto search = client.get("/search?q=compressed", {{"Accept-Encoding", "br"}});
  EXPECT_EQ(search.status, 200);
  EXPECT_EQ(search.header("content-encoding"), "br");
}

TEST(pages, a_kept_page_follows_new_posts_and_settings) {
  http_client client(server().url());
  if (client.get("/").status == 503) GTEST_SKIP() << "web/dist is not built";
  auto body = [&](const std::string& path) {
    return blog::http::brotli_decompress(client.get(path, {{"Accept-Encoding", "br"}}).body);
  };
  body("/");
  body("/category/Fintech");
  add_post("kept-page-follows");
  EXPECT_NE(body("/").find("Title kept-page-follows"), std::string::npos);
  // The category page lists from the search index, which follows the change log on its own.
  bool listed = false;
  for (int i = 0; i < 100 && !listed; ++i) {
    listed = body("/category/Fintech").find("Title kept-page-follows") != std::string::npos;
    if (!listed) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_TRUE(listed);

  // A new site title, through the API as an admin would.
  http_client admin(server().url());
  const std::string password = "kept-pages-1";
  auto registered = admin.post("/api/register", blog::test::json_body({{"username", "keptadmin"},
                                                                       {"email", "keptadmin@example.com"},
                                                                       {"password", password},
                                                                       {"confirmPassword", password}}));
  ASSERT_EQ(registered.status, 201) << registered.body;
  server().sql("UPDATE users SET approval_status = 'approved', role = 'admin' WHERE username = 'keptadmin'");
  auto title = [&](const std::string& t) { return blog::test::json_body({{"siteTitle", t}}); };
  ASSERT_EQ(admin.patch("/api/site-settings", title("Kept Pages Weekly")).status, 200);
  EXPECT_NE(body("/").find("Kept Pages Weekly"), std::string::npos);
  ASSERT_EQ(admin.patch("/api/site-settings", title("PayTech Blog")).status, 200);
  EXPECT_EQ(body("/").find("Kept Pages Weekly"), std::string::npos);
}

TEST(pages, pages_of_made_up_categories_are_not_kept) {
  http_client client(server().url());
  if (client.get("/").status == 503) GTEST_SKIP() << "web/dist is not built";
  client.get("/category/Fintech", {{"Accept-Encoding", "br"}});
  auto kept = server().ctx().pages.size();
  EXPECT_GE(kept, 1u) << "the page of a real category is kept";
  for (int i = 0; i < 30; ++i) {
    auto page = client.get("/category/made-up-" + std::to_string(i), {{"Accept-Encoding", "br"}});
    EXPECT_EQ(page.status, 200);
    EXPECT_EQ(page.header("content-encoding"), "br");
  }
  EXPECT_LE(server().ctx().pages.size(), kept);
}

TEST(pages, a_missing_page_speaks_the_readers_language_and_names_no_address_of_its_own) {
  http_client client(server().url());
  if (client.get("/").status == 503) GTEST_SKIP() << "web/dist is not built";
  struct expected {
    const char* path;
    const char* cookie;
    const char* title;
    const char* lang;
  };
  for (const auto& e : {expected{"/no-such-page", "language=cs", "<title>404 Stránka nenalezena | ", "cs"},
                        expected{"/no-such-page", "", "<title>404 Page Not Found | ", "en"},
                        expected{"/post/no-such-post", "language=cs", "<title>Příspěvek nenalezen | ", "cs"},
                        expected{"/post/no-such-post", "language=en", "<title>Post Not Found | ", "en"}}) {
    std::map<std::string, std::string> headers;
    if (*e.cookie) headers["Cookie"] = e.cookie;
    auto page = client.get(e.path, headers);
    EXPECT_EQ(page.status, 404) << e.path;
    EXPECT_NE(page.body.find(e.title), std::string::npos) << e.path << ' ' << e.cookie;
    EXPECT_NE(page.body.find(std::string("<html lang=\"") + e.lang + "\">"), std::string::npos) << e.path;
    EXPECT_EQ(page.body.find("rel=\"canonical\""), std::string::npos) << e.path;
    EXPECT_EQ(page.body.find("hreflang"), std::string::npos) << e.path;
    EXPECT_EQ(page.body.find("og:url"), std::string::npos) << e.path;
  }
  // A page that is there still names itself.
  EXPECT_NE(client.get("/", {{"Cookie", "language=cs"}}).body.find("rel=\"canonical\""), std::string::npos);
}
