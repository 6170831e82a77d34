// A lean read model over real HTTP and PostgreSQL: post pages and first list pages go out
// compressed as they were built (brotli, gzip), each coding with its own ETag and Vary, plain for a
// client that accepts neither; a node starting on existing posts lists them with their reading
// times (kept across restarts) without holding their bodies, and serves the bodies from PostgreSQL.
#include "support/harness.hpp"

#include "blog/wire/compression.hpp"
#include "blog/wire/encoded_answer.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include <filesystem>

using blog::test::http_client;
using blog::test::test_server;

namespace {

std::unique_ptr<http_client> admin_client(test_server& server) {
  auto client = std::make_unique<http_client>(server.url());
  const std::string password = "lean-model-1";
  client->post("/api/register", blog::test::json_body({{"username", "lean_admin"},
                                                       {"email", "lean_admin@example.com"},
                                                       {"password", password},
                                                       {"confirmPassword", password}}));
  server.sql("UPDATE users SET approval_status = 'approved', role = 'admin' WHERE username = 'lean_admin'");
  return client;
}

std::string create_post(http_client& admin, const std::string& title, const std::string& content) {
  auto res = admin.post("/api/posts",
                        boost::json::serialize(boost::json::object{
                            {"title", title}, {"content", content}, {"category", "Fintech"}, {"language", "en"}}));
  EXPECT_EQ(res.status, 201) << res.body;
  return std::string(res.json().at("slug").as_string());
}

std::string paragraphs(const std::string& word) {
  std::string html;
  for (int i = 0; i < 40; ++i)
    html += "<p>Instant " + word + " payments settle in seconds, paragraph " + std::to_string(i) + ".</p>";
  return html;
}

}  // namespace

TEST(LeanReadModel, APostPageGoesOutCompressedByAcceptEncodingEachCodingWithItsOwnETag) {
  test_server server("lean_encodings");
  auto admin = admin_client(server);
  auto slug = create_post(*admin, "Compressed once", paragraphs("brotli"));
  http_client reader(server.url());

  auto plain = reader.get("/api/posts/" + slug);
  ASSERT_EQ(plain.status, 200);
  EXPECT_EQ(plain.header("content-encoding"), "");
  EXPECT_EQ(plain.header("vary"), "Accept-Encoding");
  EXPECT_EQ(plain.json().at("title").as_string(), "Compressed once");

  auto br = reader.get("/api/posts/" + slug, {{"Accept-Encoding", "gzip, deflate, br"}});
  ASSERT_EQ(br.status, 200);
  EXPECT_EQ(br.header("content-encoding"), "br");
  EXPECT_EQ(br.header("vary"), "Accept-Encoding");
  EXPECT_LT(br.body.size() * 2, plain.body.size());
  EXPECT_EQ(blog::http::brotli_decompress(br.body), plain.body);
  EXPECT_NE(br.header("etag"), plain.header("etag"));

  auto again = reader.get("/api/posts/" + slug, {{"Accept-Encoding", "br"}, {"If-None-Match", br.header("etag")}});
  EXPECT_EQ(again.status, 304);
  auto plain_again = reader.get("/api/posts/" + slug, {{"If-None-Match", plain.header("etag")}});
  EXPECT_EQ(plain_again.status, 304);

  // The first page of a list is kept in both codings.
  auto list_gz = reader.get("/api/posts?language=en", {{"Accept-Encoding", "gzip"}});
  EXPECT_EQ(list_gz.header("content-encoding"), "gzip");
  auto list_br = reader.get("/api/posts?language=en", {{"Accept-Encoding", "br, gzip"}});
  EXPECT_EQ(list_br.header("content-encoding"), "br");
  auto list = reader.get("/api/posts?language=en");
  EXPECT_EQ(blog::http::brotli_decompress(list_br.body), list.body);
  EXPECT_EQ(list.json().as_array().at(0).at("slug").as_string(), slug);

  // An update brings a new page, compressed anew.
  auto updated = admin->put("/api/posts/" + slug, boost::json::serialize(boost::json::object{
                                                      {"title", "Compressed twice"}, {"content", paragraphs("gzip")}}));
  ASSERT_EQ(updated.status, 200) << updated.body;
  auto fresh = reader.get("/api/posts/" + slug, {{"Accept-Encoding", "br"}});
  auto fresh_json = boost::json::parse(blog::http::brotli_decompress(fresh.body));
  EXPECT_EQ(fresh_json.at("title").as_string(), "Compressed twice");
  EXPECT_NE(std::string(fresh_json.at("contentHtml").as_string()).find("gzip payments"), std::string::npos);
}

// `words` words of HTML: 200 words a minute, rounded up.
std::string words_html(int words) {
  std::string html = "<p>";
  for (int i = 0; i < words; ++i) html += (i ? " " : "") + std::string("settlement") + std::to_string(i);
  return html + "</p>";
}

long long card_minutes(blog::app::app& node, const std::string& slug) {
  const auto* e = node.ctx().posts.current()->by_slug(slug);
  if (!e) return -1;
  return boost::json::parse(e->card()).at("readingMinutes").as_int64();
}

TEST(LeanReadModel, ANodeStartingOnExistingPostsListsThemWithTheirReadingTimesAndServesTheirBodies) {
  test_server first("lean_start");
  auto admin = admin_client(first);
  std::vector<std::string> slugs;
  for (int i = 1; i <= 5; ++i) slugs.push_back(create_post(*admin, "Stored " + std::to_string(i), words_html(250 * i)));
  // One more, straight into the database, with a body the lists never show.
  first.sql(
      "INSERT INTO posts (title, slug, content, content_html, excerpt, category, language) VALUES "
      "('Raw', 'raw-post', 'Raw body', '" +
      words_html(600) + "', 'Raw', 'Fintech', 'en')");
  const std::vector<long long> minutes = {2, 3, 4, 5, 7};

  blog::test::temp_dir data;
  {
    // No reading times kept yet: they come from the bodies, read once.
    blog::app::app second(blog::test::node_config(first.database_url(), data.path));
    auto& ctx = second.ctx();
    auto snap = ctx.posts.current();
    ASSERT_EQ(snap->entries().size(), 6U);
    for (std::size_t i = 0; i < slugs.size(); ++i) EXPECT_EQ(card_minutes(second, slugs[i]), minutes[i]) << slugs[i];
    EXPECT_EQ(card_minutes(second, "raw-post"), 3);
    for (const auto& [id, e] : snap->entries()) {
      EXPECT_TRUE(e->post.content.empty()) << id;
      EXPECT_TRUE(e->post.content_html.empty()) << id;
    }
    const auto* raw = snap->by_slug("raw-post");
    ASSERT_NE(raw, nullptr);
    auto whole = ctx.post_pages->full_post(*raw);
    ASSERT_TRUE(whole.has_value());
    EXPECT_EQ(whole->content_html, words_html(600));
    EXPECT_EQ(blog::posts::reading_minutes(*whole), 3);
    auto page = ctx.post_pages->page(*snap->by_slug(slugs[4]));
    ASSERT_NE(page, nullptr);
    auto json = boost::json::parse(page->body());
    EXPECT_EQ(json.at("contentHtml").as_string(), words_html(1250));
    EXPECT_EQ(json.at("readingMinutes").as_int64(), 7);
  }
  // A post changed while no node ran (its update time moves) is read again at the next start; an
  // unchanged one keeps the time kept at the stop: the start reads no body of it (a body rewritten
  // behind the node's back, same update time, proves it).
  first.sql("UPDATE posts SET content_html = '" + words_html(1000) + "', updated_at = now() WHERE slug = '" + slugs[0] +
            "'");
  first.sql("UPDATE posts SET content_html = '" + words_html(2000) + "' WHERE slug = '" + slugs[1] + "'");
  first.sql(
      "INSERT INTO posts (title, slug, content, content_html, excerpt, category, language) VALUES "
      "('Later', 'later-post', 'Later', '" +
      words_html(201) + "', 'Later', 'Fintech', 'en')");
  blog::app::app third(blog::test::node_config(first.database_url(), data.path));
  EXPECT_EQ(third.ctx().posts.current()->entries().size(), 7U);
  EXPECT_EQ(card_minutes(third, slugs[0]), 5) << "changed since the stop";
  EXPECT_EQ(card_minutes(third, slugs[1]), 3) << "kept at the stop";
  for (std::size_t i = 2; i < slugs.size(); ++i) EXPECT_EQ(card_minutes(third, slugs[i]), minutes[i]) << slugs[i];
  EXPECT_EQ(card_minutes(third, "raw-post"), 3);
  EXPECT_EQ(card_minutes(third, "later-post"), 2) << "new since the stop";
}
