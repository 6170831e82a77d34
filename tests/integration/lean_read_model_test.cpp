// A lean read model over real HTTP and PostgreSQL: post pages and first list pages go out
// compressed as they were built (brotli, gzip), each coding with its own ETag and Vary, plain for a
// client that accepts neither; a node starting on existing posts serves them before and after it
// has loaded their bodies, and holds each body only compressed.
#include "support/harness.hpp"

#include "blog/readmodel/encoded_answer.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include <chrono>
#include <thread>

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
  EXPECT_EQ(blog::readmodel::brotli_decompress(br.body), plain.body);
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
  EXPECT_EQ(blog::readmodel::brotli_decompress(list_br.body), list.body);
  EXPECT_EQ(list.json().as_array().at(0).at("slug").as_string(), slug);

  // An update brings a new page, compressed anew.
  auto updated = admin->put("/api/posts/" + slug, boost::json::serialize(boost::json::object{
                                                      {"title", "Compressed twice"}, {"content", paragraphs("gzip")}}));
  ASSERT_EQ(updated.status, 200) << updated.body;
  auto fresh = reader.get("/api/posts/" + slug, {{"Accept-Encoding", "br"}});
  auto fresh_json = boost::json::parse(blog::readmodel::brotli_decompress(fresh.body));
  EXPECT_EQ(fresh_json.at("title").as_string(), "Compressed twice");
  EXPECT_NE(std::string(fresh_json.at("contentHtml").as_string()).find("gzip payments"), std::string::npos);
}

TEST(LeanReadModel, ANodeStartingOnExistingPostsServesThemAndHoldsEachBodyOnlyCompressed) {
  test_server first("lean_start");
  auto admin = admin_client(first);
  std::vector<std::string> slugs;
  for (int i = 0; i < 30; ++i)
    slugs.push_back(create_post(*admin, "Stored " + std::to_string(i), paragraphs("w" + std::to_string(i))));
  // One more, straight into the database, with a body the lists never show.
  first.sql(
      "INSERT INTO posts (title, slug, content, content_html, excerpt, category, language) VALUES "
      "('Raw', 'raw-post', 'Raw body', '<p>Raw body</p>', 'Raw', 'Fintech', 'en')");

  blog::test::temp_dir data;
  blog::config cfg;
  cfg.http_address = "127.0.0.1";
  cfg.http_port = 0;
  cfg.database_url = first.database_url();
  cfg.data_dir = data.path;
  cfg.io_threads = 1;
  cfg.worker_threads = 2;
  cfg.log_level = "warn";
  blog::app::app second(cfg);
  auto& ctx = second.ctx();

  // Serving at once: every post is listed, and its whole post is there, loaded or not yet.
  auto snap = ctx.posts.current();
  ASSERT_EQ(snap->entries().size(), 31U);
  const auto* raw = snap->by_slug("raw-post");
  ASSERT_NE(raw, nullptr);
  auto whole = ctx.follower->full_post(*raw);
  ASSERT_TRUE(whole.has_value());
  EXPECT_EQ(whole->content_html, "<p>Raw body</p>");

  for (int i = 0; i < 200 && !ctx.follower->bodies_loaded(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_TRUE(ctx.follower->bodies_loaded());
  snap = ctx.posts.current();
  for (const auto& [id, e] : snap->entries()) {
    EXPECT_TRUE(e->post.content.empty()) << id;
    EXPECT_TRUE(e->post.content_html.empty()) << id;
    ASSERT_NE(e->page(), nullptr) << id;
  }
  for (std::size_t i = 0; i < slugs.size(); ++i) {
    auto post = snap->by_slug(slugs[i])->full_post();
    ASSERT_TRUE(post.has_value());
    EXPECT_NE(post->content_html.find("w" + std::to_string(i) + " payments"), std::string::npos) << slugs[i];
  }
  EXPECT_EQ(snap->by_slug("raw-post")->full_post()->content, "Raw body");
}
