// The demo posts' covers (issue 10 follow-up): after seed-demo every demo post's cover is one of the
// blog's own uploads, owned by the administrator, served with its six variants like any upload.
#include "support/harness.hpp"

#include "blog/app/cli/commands.hpp"
#include "blog/media/image.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>
#include <pqxx/pqxx>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

using blog::test::http_client;
using blog::test::test_server;

namespace {

long count(test_server& server, const std::string& query) {
  return server.ctx().db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    return tx.exec1(query)[0].as<long>();
  });
}

class demo_covers : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server = new test_server("demo_covers");
    server->sql(
        "INSERT INTO users (username, email, password, role, approval_status, email_verified) "
        "VALUES ('admin', 'admin@paytech.local', 'not-a-hash', 'admin', 'approved', true)");
    admin_id = count(*server, "SELECT id FROM users WHERE username = 'admin'");
    written = blog::cli::seed_demo_posts(server->ctx().db, blog::test::demo_posts_file());
    server->ctx().follower->catch_up();
  }
  static void TearDownTestSuite() {
    delete server;
    server = nullptr;
  }

  static test_server* server;
  static long admin_id;
  static int written;
};

test_server* demo_covers::server = nullptr;
long demo_covers::admin_id = 0;
int demo_covers::written = 0;

}  // namespace

TEST_F(demo_covers, EveryDemoPostsCoverIsAnUploadWhoseOriginalAndSixVariantsAreServedAsImages) {
  auto demo = blog::test::demo_posts();
  ASSERT_EQ(written, static_cast<int>(demo.size()));
  http_client client(server->url());
  const std::regex upload_url("^/uploads/([0-9a-f]{64})\\.(jpg|png)$");
  std::set<std::string> covers, shipped;
  for (const auto& item : demo) {
    const std::string slug(item.at("slug").as_string());
    shipped.emplace(item.at("coverImage").as_string());
    auto res = client.get("/api/posts/" + slug);
    ASSERT_EQ(res.status, 200) << slug;
    const std::string cover(res.json().at("coverImage").as_string());
    std::smatch parts;
    ASSERT_TRUE(std::regex_match(cover, parts, upload_url)) << slug << ": " << cover;
    if (!covers.insert(cover).second) continue;

    const std::string sha = parts[1], ext = parts[2];
    std::vector<std::string> files{sha + "." + ext};
    for (int width : blog::uploads::variant_widths) {
      files.push_back(sha + "-" + std::to_string(width) + "." + ext);
      files.push_back(sha + "-" + std::to_string(width) + ".webp");
    }
    std::map<std::string, std::string> bodies;
    for (const auto& file : files) {
      auto image = client.get("/uploads/" + file);
      ASSERT_EQ(image.status, 200) << file;
      auto type = blog::uploads::detect_image(image.body);
      ASSERT_TRUE(type.has_value()) << file << " is not an image";
      EXPECT_EQ(image.header("content-type"), type->content_type) << file;
      EXPECT_EQ(file.substr(file.rfind('.') + 1), type->extension) << file;
      bodies[file] = image.body;
    }
    // Drawn 1600 px wide: the 1600 variant is the original itself, the 960 one is smaller.
    EXPECT_EQ(bodies[sha + "-1600." + ext], bodies[sha + "." + ext]);
    EXPECT_LT(bodies[sha + "-960." + ext].size(), bodies[sha + "." + ext].size());
  }
  // One upload per shipped drawing, however many posts use it.
  EXPECT_EQ(covers.size(), shipped.size());
  EXPECT_EQ(count(*server, "SELECT count(*) FROM uploads"), static_cast<long>(shipped.size()));
  EXPECT_EQ(count(*server, "SELECT count(*) FROM uploads WHERE created_by = " + std::to_string(admin_id)),
            static_cast<long>(shipped.size()));
}

TEST_F(demo_covers, SeedingAgainWritesNoPostAndStoresNoImage) {
  const auto uploads = count(*server, "SELECT count(*) FROM uploads");
  const auto variants = count(*server, "SELECT count(*) FROM upload_variants");
  EXPECT_EQ(blog::cli::seed_demo_posts(server->ctx().db, blog::test::demo_posts_file()), 0);
  EXPECT_EQ(count(*server, "SELECT count(*) FROM uploads"), uploads);
  EXPECT_EQ(count(*server, "SELECT count(*) FROM upload_variants"), variants);
}
