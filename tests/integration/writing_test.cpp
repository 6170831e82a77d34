// Writing over HTTP: post rules and slugs, author-only updates, drafts and scheduling, the admin's
// post management, categories and uploads — each visible to readers and search before the reply.
#include "support/harness.hpp"

#include "blog/core/crypto.hpp"
#include "blog/media/image.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

using blog::test::http_client;
using blog::test::http_response;
using blog::test::png_bytes;
using blog::test::test_server;
using blog::test::upload_image;

namespace {

std::string json(const boost::json::object& o) {
  return boost::json::serialize(o);
}

struct writing : ::testing::Test {
  static test_server* server;
  static void SetUpTestSuite() { server = new test_server("writing"); }
  static void TearDownTestSuite() { delete server; }

  // A signed-in client of a new account with the given approval status and role.
  static std::unique_ptr<http_client> account(const std::string& name, const std::string& status = "approved",
                                              const std::string& role = "user") {
    auto client = std::make_unique<http_client>(server->url());
    const std::string password = "writing-test-1";
    auto res = client->post("/api/register", json({{"username", name},
                                                   {"email", name + "@example.com"},
                                                   {"password", password},
                                                   {"confirmPassword", password}}));
    EXPECT_EQ(res.status, 201) << res.body;
    server->sql("UPDATE users SET approval_status = '" + status + "', role = '" + role + "' WHERE username = '" + name +
                "'");
    return client;
  }

  static boost::json::object post_body(const std::string& title, const std::string& extra_slug = "") {
    boost::json::object o{{"title", title},          {"content", "<p>Contactless payments and tokenisation</p>"},
                          {"excerpt", "An excerpt"}, {"category", "Fintech"},
                          {"coverImage", ""},        {"language", "en"}};
    if (!extra_slug.empty()) o["slug"] = extra_slug;
    return o;
  }
};

test_server* writing::server = nullptr;

}  // namespace

TEST_F(writing, CreateReturnsTheSlugAndThePostIsReadableAndSearchableAtOnce) {
  auto author = account("w_author1");
  auto res = author->post("/api/posts", json(post_body("Platební karty v roce 2025")));
  ASSERT_EQ(res.status, 201) << res.body;
  EXPECT_EQ(res.json().at("slug").as_string(), "platebni-karty-v-roce-2025");
  http_client reader(server->url());
  EXPECT_EQ(reader.get("/api/posts/platebni-karty-v-roce-2025").status, 200);
  auto list = reader.get("/api/posts?language=en").json().as_array();
  ASSERT_FALSE(list.empty());
  EXPECT_EQ(list.at(0).at("slug").as_string(), "platebni-karty-v-roce-2025");
  auto found = reader.get("/api/search?q=tokenisation&language=en").json();
  ASSERT_EQ(found.at("results").as_array().size(), 1u) << boost::json::serialize(found);
}

TEST_F(writing, RequiredFieldsAndSlugRules) {
  auto author = account("w_author2");
  auto res = author->post("/api/posts",
                          json({{"title", "x"}, {"content", "<p><br></p>"}, {"category", ""}, {"language", "de"}}));
  ASSERT_EQ(res.status, 400);
  auto fields = res.json().at("fields").as_object();
  EXPECT_EQ(fields.at("content").as_string(), "Content is required");
  EXPECT_EQ(fields.at("category").as_string(), "Category is required");
  EXPECT_EQ(fields.at("language").as_string(), "Language must be en or cs");

  res = author->post("/api/posts", json({{"title", ""}, {"content", "Some text"}, {"category", "Fintech"}}));
  ASSERT_EQ(res.status, 201) << res.body;
  std::string slug(res.json().at("slug").as_string());
  EXPECT_EQ(slug.rfind("post-", 0), 0u);
  http_client reader(server->url());
  EXPECT_EQ(reader.get("/api/posts/" + slug).json().at("title").as_string(), "Untitled Post");

  res = author->post("/api/posts", json(post_body("Hello,   World!!")));
  EXPECT_EQ(res.json().at("slug").as_string(), "hello-world");
  res = author->post("/api/posts", json(post_body("Another title", "hello-world")));
  EXPECT_EQ(res.status, 409);
  EXPECT_EQ(res.json().at("message").as_string(), "A post with this slug already exists");
}

TEST_F(writing, OnlyTheAuthorOrAnAdminMayUpdate) {
  auto author = account("w_owner");
  auto other = account("w_other");
  auto admin = account("w_admin", "approved", "admin");
  auto res = author->post("/api/posts", json(post_body("Owned post")));
  auto id = std::to_string(res.json().at("id").as_int64());
  EXPECT_EQ(other->put("/api/posts/id/" + id, json({{"title", "Stolen"}})).status, 403);
  EXPECT_EQ(other->put("/api/posts/owned-post", json({{"title", "Stolen"}})).status, 403);
  http_client anonymous(server->url());
  EXPECT_EQ(anonymous.put("/api/posts/id/" + id, json({{"title", "Stolen"}})).status, 401);
  res = author->put("/api/posts/id/" + id, json({{"title", "Owned post, revised"}}));
  ASSERT_EQ(res.status, 200) << res.body;
  EXPECT_EQ(res.json().at("slug").as_string(), "owned-post");
  EXPECT_EQ(admin->put("/api/posts/owned-post", json({{"excerpt", "Edited by the admin"}})).status, 200);
  auto post = anonymous.get("/api/posts/owned-post").json();
  EXPECT_EQ(post.at("title").as_string(), "Owned post, revised");
  EXPECT_EQ(post.at("excerpt").as_string(), "Edited by the admin");
  EXPECT_EQ(author->put("/api/posts/id/" + id, json({{"title", "  "}})).json().at("fields").at("title").as_string(),
            "Title is required");
  EXPECT_EQ(author->put("/api/posts/id/999999", json({{"title", "Nope"}})).status, 404);
}

TEST_F(writing, PendingAndRejectedAccountsCannotWrite) {
  auto pending = account("w_pending", "pending");
  auto rejected = account("w_rejected", "rejected");
  auto res = pending->post("/api/posts", json(post_body("Pending post")));
  EXPECT_EQ(res.status, 403);
  EXPECT_EQ(res.json().at("message").as_string(), "Your account is pending approval");
  res = rejected->post("/api/posts", json(post_body("Rejected post")));
  EXPECT_EQ(res.status, 403);
  EXPECT_EQ(res.json().at("message").as_string(), "Your account request was rejected");
}

TEST_F(writing, DraftsAndScheduledPostsAreSeenOnlyByTheirAuthor) {
  auto author = account("w_drafter");
  auto body = post_body("A draft to continue");
  body["published"] = false;
  ASSERT_EQ(author->post("/api/posts", json(body)).status, 201);
  auto later = post_body("Scheduled announcement");
  later["publishedAt"] = "2099-01-01T10:00:00Z";
  ASSERT_EQ(author->post("/api/posts", json(later)).status, 201);
  http_client reader(server->url());
  for (const char* slug : {"a-draft-to-continue", "scheduled-announcement"}) {
    EXPECT_EQ(reader.get(std::string("/api/posts/") + slug).status, 404) << slug;
    EXPECT_EQ(author->get(std::string("/api/posts/") + slug).status, 200) << slug;
  }
  EXPECT_EQ(reader.get("/api/search?q=draft&language=en").json().at("results").as_array().size(), 0u);
  body["published"] = true;
  ASSERT_EQ(author->put("/api/posts/a-draft-to-continue", json({{"published", true}})).status, 200);
  EXPECT_EQ(reader.get("/api/posts/a-draft-to-continue").status, 200);
}

TEST_F(writing, AdminManagesPostsAndReadersFollowAtOnce) {
  auto admin = account("w_boss", "approved", "admin");
  auto author = account("w_writer");
  auto created = author->post("/api/posts", json(post_body("Managed post about interchange")));
  auto id = std::to_string(created.json().at("id").as_int64());
  http_client reader(server->url());

  EXPECT_EQ(author->get("/api/admin/posts").status, 403);
  auto all = admin->get("/api/admin/posts");
  ASSERT_EQ(all.status, 200);
  EXPECT_NE(all.header("cache-control").find("no-store"), std::string::npos);

  auto res = admin->patch("/api/admin/posts/" + id + "/toggle-published");
  ASSERT_EQ(res.status, 200) << res.body;
  EXPECT_EQ(res.json().at("message").as_string(), "Post unpublished successfully");
  EXPECT_EQ(reader.get("/api/posts/managed-post-about-interchange").status, 404);
  EXPECT_TRUE(reader.get("/api/search?q=interchange&language=en").json().at("results").as_array().empty());
  EXPECT_EQ(reader.get("/sitemap.xml").body.find("managed-post-about-interchange"), std::string::npos);
  res = admin->patch("/api/admin/posts/" + id + "/toggle-published");
  EXPECT_EQ(res.json().at("message").as_string(), "Post published successfully");
  EXPECT_EQ(reader.get("/api/posts/managed-post-about-interchange").status, 200);

  res = admin->patch("/api/admin/posts/" + id + "/update-date", json({{"publishedAt", "2021-03-05T09:30:00.000Z"}}));
  ASSERT_EQ(res.status, 200) << res.body;
  EXPECT_EQ(reader.get("/api/posts/managed-post-about-interchange").json().at("publishedAt").as_string(),
            "2021-03-05T09:30:00.000Z");
  EXPECT_EQ(admin->patch("/api/admin/posts/" + id + "/update-date", json({{"publishedAt", "soon"}})).status, 400);

  res = admin->del("/api/admin/posts/" + id);
  ASSERT_EQ(res.status, 200);
  EXPECT_EQ(res.json().at("message").as_string(), "Post deleted");
  EXPECT_EQ(reader.get("/api/posts/managed-post-about-interchange").status, 404);
  EXPECT_TRUE(reader.get("/api/search?q=interchange&language=en").json().at("results").as_array().empty());
  EXPECT_EQ(reader.get("/rss.xml").body.find("managed-post-about-interchange"), std::string::npos);
  EXPECT_EQ(admin->del("/api/admin/posts/" + id).status, 404);
}

TEST_F(writing, CategoriesNeedThreeCharactersAndAreUniqueRegardlessOfCase) {
  auto user = account("w_cats", "approved");
  http_client anonymous(server->url());
  EXPECT_EQ(anonymous.post("/api/categories", json({{"name", "Open Finance"}})).status, 401);
  // Spec §6: creating categories is for approved users (and admins).
  EXPECT_EQ(account("w_cats_pending", "pending")->post("/api/categories", json({{"name", "Open Finance"}})).status,
            403);
  auto res = user->post("/api/categories", json({{"name", "ab"}}));
  EXPECT_EQ(res.status, 400);
  EXPECT_EQ(res.json().at("message").as_string(), "Category name must be at least 3 characters");
  res = user->post("/api/categories", json({{"name", "Open Finance"}}));
  ASSERT_EQ(res.status, 201) << res.body;
  EXPECT_EQ(res.json().at("name").as_string(), "Open Finance");
  EXPECT_EQ(user->post("/api/categories", json({{"name", "open finance"}})).status, 409);
  EXPECT_EQ(user->post("/api/categories", json({{"name", "FINTECH"}})).status, 409);
  // Beyond ASCII too: "ÚČTY" is "Účty", as the database's unique index on lower(name) has it.
  ASSERT_EQ(user->post("/api/categories", json({{"name", "Účty a platby"}})).status, 201);
  res = user->post("/api/categories", json({{"name", "ÚČTY A PLATBY"}}));
  EXPECT_EQ(res.status, 409) << res.body;
  EXPECT_EQ(res.json().at("message").as_string(), "Category already exists") << res.body;
  auto names = anonymous.get("/api/categories").json().as_array();
  EXPECT_NE(std::find(names.begin(), names.end(), boost::json::value("Open Finance")), names.end());
}

TEST_F(writing, UploadsAreRecognisedByTheirBytesAndServedSafely) {
  auto user = account("w_uploader", "approved");
  http_client anonymous(server->url());
  EXPECT_EQ(upload_image(anonymous, png_bytes(), "a.png", "image/png").status, 401);
  EXPECT_EQ(upload_image(*account("w_uploader_pending", "pending"), png_bytes(), "a.png", "image/png").status, 403);

  auto res = upload_image(*user, png_bytes(), "cover.txt", "text/plain");
  ASSERT_EQ(res.status, 201) << res.body;
  std::string url(res.json().at("url").as_string());
  EXPECT_EQ(url.rfind("/uploads/", 0), 0u);
  EXPECT_EQ(url.substr(url.size() - 4), ".png");
  auto file = anonymous.get(url);
  EXPECT_EQ(file.status, 200);
  EXPECT_EQ(file.header("content-type"), "image/png");
  EXPECT_EQ(file.header("x-content-type-options"), "nosniff");
  EXPECT_NE(file.header("cache-control").find("immutable"), std::string::npos);
  // Re-encoded, and named after the bytes served.
  EXPECT_EQ(file.body.substr(0, 8), png_bytes().substr(0, 8));
  EXPECT_EQ(url, "/uploads/" + blog::core::sha256_hex(file.body) + ".png");
  EXPECT_EQ(upload_image(*user, png_bytes(), "again.png", "image/png").json().at("url").as_string(), url);

  res = upload_image(*user, "<svg onload=alert(1)></svg>", "evil.png", "image/png");
  EXPECT_EQ(res.status, 415);
  EXPECT_EQ(res.json().at("message").as_string(), "Please select a valid image file (JPEG, PNG, GIF, WEBP)");

  std::string big = png_bytes() + std::string(5 * 1024 * 1024 + 1 - png_bytes().size(), 'x');
  res = upload_image(*user, big, "big.png", "image/png");
  EXPECT_EQ(res.status, 413);
  EXPECT_EQ(res.json().at("message").as_string(), "Image must be less than 5MB");
  std::string huge(7 * 1024 * 1024, 'x');
  res = upload_image(*user, huge, "huge.png", "image/png");
  EXPECT_EQ(res.status, 413);
  EXPECT_EQ(res.json().at("message").as_string(), "Image must be less than 5MB");

  EXPECT_EQ(anonymous.get("/uploads/" + std::string(64, 'a') + ".png").status, 404);
  EXPECT_EQ(anonymous.get("/uploads/payments-hero.svg").status, 200);
}

TEST_F(writing, EveryOtherTextEntryRefusesCharactersNoPageMayCarry) {
  auto author = account("w_controls_author");
  auto admin = account("w_controls_admin", "approved", "admin");
  auto res = author->post("/api/categories", json({{"name", "Open\x05 Banking"}}));
  ASSERT_EQ(res.status, 400) << res.body;
  EXPECT_EQ(res.json().at("fields").at("name").as_string(), "Category name contains characters that are not allowed");

  const std::pair<const char*, const char*> settings[] = {
      {"siteTitle", "Title contains characters that are not allowed"},
      {"siteDescription", "Description contains characters that are not allowed"},
      {"heroBadgeCs", "Badge contains characters that are not allowed"},
      {"heroTitleEn", "Title contains characters that are not allowed"},
      {"heroDescriptionEn", "Description contains characters that are not allowed"},
      {"heroImage", "Hero image contains characters that are not allowed"},
  };
  for (const auto& [field, message] : settings) {
    res = admin->patch("/api/site-settings",
                       json({{field, field == std::string("heroImage") ? "/uploads/a\x16.png"
                                                                       : "Payments \xC2\x85 and fintech news"}}));
    ASSERT_EQ(res.status, 400) << field << ": " << res.body;
    EXPECT_EQ(res.json().at("fields").at(field).as_string(), message) << field;
  }
  EXPECT_EQ(admin->patch("/api/site-settings", json({{"heroBadgeEn", "Payments\tweekly"}})).status, 200);

  const boost::json::array terms{boost::json::object{{"en", "card"}, {"cs", "karta"}},
                                 boost::json::object{{"en", "wallet\x01"}, {"cs", "peněženka"}}};
  res = admin->put("/api/admin/glossary", json({{"terms", terms}}));
  ASSERT_EQ(res.status, 400) << res.body;
  EXPECT_EQ(res.json().at("fields").at("terms[1].en").as_string(), "Term contains characters that are not allowed");

  http_client visitor(server->url());
  res = visitor.post("/api/register", json({{"username", "w_controls_new"},
                                            {"email", "w\xC2\x85@example.com"},
                                            {"password", "writing-test-1"},
                                            {"confirmPassword", "writing-test-1"}}));
  ASSERT_EQ(res.status, 400) << res.body;
  EXPECT_EQ(res.json().at("fields").at("email").as_string(), "Please enter a valid email address");
}
