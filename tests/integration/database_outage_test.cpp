// PostgreSQL really stopped and started again (pg_ctl, a cluster of this test's own): reads keep
// answering from memory, calls that need the database answer 503 quickly, and every node
// reconnects (pool and LISTEN) and catches up by itself.
#include "support/harness.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>
#include <pqxx/pqxx>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <vector>

using blog::test::http_client;
using blog::test::json_body;
using blog::test::png_bytes;
using blog::test::test_server;
using blog::test::upload_image;
using namespace std::chrono_literals;

namespace {

std::string json(const boost::json::object& o) {
  return boost::json::serialize(o);
}

// Signs a new admin in on `client` (registered through the API, promoted in SQL).
void sign_in_admin(http_client& client, test_server& server, const std::string& name) {
  const std::string password = "outage-pass-1";
  auto res = client.post("/api/register", json_body({{"username", name},
                                                     {"email", name + "@example.com"},
                                                     {"password", password},
                                                     {"confirmPassword", password}}));
  ASSERT_EQ(res.status, 201) << res.body;
  server.sql("UPDATE users SET approval_status = 'approved', role = 'admin' WHERE username = '" + name + "'");
}

std::string first_asset() {
  const char* source = std::getenv("BLOG_SOURCE_DIR");
  for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(source) / "web/dist/assets"))
    if (e.path().extension() == ".js") return "/assets/" + e.path().filename().string();
  return {};
}

// Waits up to `limit` for fn() to be true.
template <typename Fn>
bool eventually(Fn fn, std::chrono::milliseconds limit) {
  auto until = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < until) {
    if (fn()) return true;
    std::this_thread::sleep_for(50ms);
  }
  return fn();
}

}  // namespace

TEST(DatabaseOutage, ReadsAnswerFromMemoryWritesAnswer503AndEveryNodeRecoversAfterARealRestart) {
  blog::test::private_cluster pg;
  auto point_at_cluster = [&](blog::config& c) { c.database_url = pg.url(); };
  test_server a("outage_a", point_at_cluster);
  test_server b("outage_b", point_at_cluster);

  http_client admin(a.url());
  sign_in_admin(admin, a, "outage_admin");
  auto created = admin.post("/api/posts", json({{"title", "Quokkaword before the outage"},
                                                {"content", "<p>cards and quokkaword</p>"},
                                                {"category", "Fintech"},
                                                {"language", "en"}}));
  ASSERT_EQ(created.status, 201) << created.body;
  auto slug = std::string(created.json().at("slug").as_string());
  ASSERT_EQ(admin.post("/api/categories", json({{"name", "Outage Topics"}})).status, 201);
  ASSERT_EQ(admin.patch("/api/site-settings", json({{"siteTitle", "Outage Proof Blog"}})).status, 200);
  // Several pooled connections, all idle when the server goes: each must be found dead later,
  // not handed to a request.
  {
    std::vector<std::future<long>> calls;
    for (int i = 0; i < 6; ++i)
      calls.push_back(std::async(std::launch::async, [&] {
        http_client c(a.url());
        long status = 0;
        for (int n = 0; n < 5; ++n) status = c.get("/readyz").status;
        return status;
      }));
    for (auto& c : calls) EXPECT_EQ(c.get(), 200);
  }
  // Node b learnt the settings through NOTIFY.
  http_client reader_b(b.url());
  ASSERT_TRUE(eventually([&] { return reader_b.get("/").body.find("Outage Proof Blog") != std::string::npos; }, 2s));
  // An image uploaded through node a, and shown once by node b (a page's cover would be).
  auto uploaded = upload_image(admin, png_bytes());
  ASSERT_EQ(uploaded.status, 201) << uploaded.body;
  auto image = std::string(uploaded.json().at("url").as_string());
  auto variant = image.substr(0, image.rfind('.')) + "-480.webp";
  ASSERT_EQ(reader_b.get(image).status, 200);
  ASSERT_EQ(reader_b.get(variant).status, 200);

  // A node whose memory keeps no post page (a cache too small for one), started now: it writes
  // every published post's page to its disk, and reads them from there while PostgreSQL is away.
  test_server node_c("outage_c", [&](blog::config& cfg) {
    point_at_cluster(cfg);
    cfg.page_cache_bytes = 1;
  });
  auto pages_on_disk = [&] {
    // Bytes of the pages' packs (a record per page).
    std::uintmax_t bytes = 0;
    std::error_code ec;
    for (auto it = std::filesystem::directory_iterator(node_c.ctx().cfg.data_dir / "post-pages", ec);
         !ec && it != std::filesystem::directory_iterator(); it.increment(ec))
      if (it->path().extension() == ".pack") bytes += std::filesystem::file_size(it->path(), ec);
    return bytes;
  };
  ASSERT_TRUE(eventually([&] { return pages_on_disk() >= 100; }, 15s));

  pg.stop();

  http_client reader_c(node_c.url());
  auto article = reader_c.get("/post/" + slug);
  EXPECT_EQ(article.status, 200) << article.body.substr(0, 300);
  EXPECT_NE(article.body.find("cards and quokkaword"), std::string::npos);
  auto json_page = reader_c.get("/api/posts/" + slug);
  EXPECT_EQ(json_page.status, 200) << json_page.body.substr(0, 300);
  EXPECT_NE(json_page.body.find("cards and quokkaword"), std::string::npos);

  http_client reader(a.url());
  auto asset = first_asset();
  ASSERT_FALSE(asset.empty());
  for (std::string path :
       {std::string("/"), "/post/" + slug, std::string("/category/Fintech"), std::string("/search?q=quokkaword"),
        std::string("/admin"), std::string("/api/posts"), "/api/posts/" + slug, std::string("/api/categories"),
        std::string("/api/categories/Fintech"), std::string("/api/search?q=quokkaword"),
        std::string("/api/site-settings"), std::string("/rss.xml?lang=en"), std::string("/sitemap.xml"),
        std::string("/robots.txt"), asset}) {
    auto res = reader.get(path);
    EXPECT_EQ(res.status, 200) << path << ": " << res.body.substr(0, 300);
  }
  EXPECT_NE(reader.get("/").body.find("Outage Proof Blog"), std::string::npos);
  EXPECT_NE(reader.get("/rss.xml?lang=en").body.find("Outage Proof Blog"), std::string::npos);
  EXPECT_NE(reader.get("/api/categories").body.find("Outage Topics"), std::string::npos);
  EXPECT_NE(reader.get("/api/search?q=quokkaword").body.find(slug), std::string::npos);
  EXPECT_NE(reader.get("/api/posts").body.find(slug), std::string::npos);
  EXPECT_EQ(reader.get("/readyz").status, 503);
  // The images pages show come from each node's own copy.
  for (auto* client : {&reader, &reader_b})
    for (const auto& path : {image, variant}) {
      auto res = client->get(path);
      EXPECT_EQ(res.status, 200) << path << ": " << res.body.substr(0, 200);
      EXPECT_EQ(res.header("content-type").substr(0, 6), "image/") << path;
    }

  // Calls that need the database: 503 with a message, quickly.
  for (int i = 0; i < 3; ++i) {
    auto started = std::chrono::steady_clock::now();
    auto res = admin.post("/api/posts", json({{"title", "Written while away"},
                                              {"content", "<p>lost?</p>"},
                                              {"category", "Fintech"},
                                              {"language", "en"}}));
    auto took = std::chrono::steady_clock::now() - started;
    EXPECT_EQ(res.status, 503) << res.body;
    EXPECT_LT(took, 2s);
    EXPECT_EQ(res.json().at("message").as_string(), "The database is not reachable. Please try again in a moment.");
    auto me = admin.get("/api/user");
    EXPECT_EQ(me.status, 503) << me.body;
  }

  pg.start();

  // Both nodes reconnect by themselves: ready again, and the first calls find fresh connections.
  EXPECT_TRUE(eventually([&] { return reader.get("/readyz").status == 200; }, 10s));
  EXPECT_TRUE(eventually([&] { return reader_b.get("/readyz").status == 200; }, 10s));
  EXPECT_EQ(admin.get("/api/user").status, 200);
  auto after = admin.post("/api/posts", json({{"title", "Quokkaword after the outage"},
                                              {"content", "<p>back again quokkaword</p>"},
                                              {"category", "Fintech"},
                                              {"language", "en"}}));
  ASSERT_EQ(after.status, 201) << after.body;
  auto after_slug = std::string(after.json().at("slug").as_string());
  // Node b follows the log again (LISTEN re-established) and its settings follow NOTIFY again.
  EXPECT_TRUE(eventually([&] { return reader_b.get("/api/posts/" + after_slug).status == 200; }, 2s));
  EXPECT_TRUE(eventually(
      [&] { return reader_b.get("/api/search?q=quokkaword").body.find(after_slug) != std::string::npos; }, 2s));
  ASSERT_EQ(admin.patch("/api/site-settings", json({{"siteTitle", "Back Again Blog"}})).status, 200);
  EXPECT_TRUE(eventually([&] { return reader_b.get("/").body.find("Back Again Blog") != std::string::npos; }, 2s));
  // Nothing was lost, and nothing written while the database was away half-exists.
  pqxx::connection c(pg.url());
  pqxx::read_transaction tx(c);
  EXPECT_EQ(tx.exec1("SELECT count(*) FROM posts WHERE title LIKE 'Quokkaword%'")[0].as<long>(), 2);
  EXPECT_EQ(tx.exec1("SELECT count(*) FROM posts WHERE title = 'Written while away'")[0].as<long>(), 0);
}
