// Spec §6 enforced by the server: every call × every kind of visitor, as one table.
//
// To cover a new call, append a row to `calls()`: method, path, body and the status each visitor
// gets. "{user}" in a path stands for the id of a plain pending account that rows may act on;
// "{hidden}" and "{public}" for the slug, "{hidden_id}" and "{public_id}" for the id, of two posts
// that account wrote, one an admin hid and one public: a post the visitor may not see answers 404
// as if it did not exist, one they see but did not write 403.
#include "support/harness.hpp"

#include "blog/api/guard.hpp"
#include "blog/core/error.hpp"
#include "blog/http/error_response.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include <array>
#include <chrono>
#include <cstring>
#include <map>
#include <thread>

using blog::test::http_client;
using blog::test::http_response;
using blog::test::test_server;

namespace {

enum visitor { anonymous, pending, rejected, approved, admin };
constexpr std::array<const char*, 5> visitor_names = {"anonymous", "pending", "rejected", "approved", "admin"};

struct call {
  const char* method;
  const char* path;
  const char* body;
  std::array<long, 5> expected;  // anonymous, pending, rejected, approved, admin
  bool ends_session = false;     // the visitor signs in again after this row
};

const std::vector<call>& calls() {
  static const std::vector<call> all = {
      // method  path                                 body                          anon  pend  rej   appr  admin
      {"GET", "/api/user", "", {401, 200, 200, 200, 200}},
      {"POST", "/api/user/password", "{}", {401, 400, 400, 400, 400}},
      {"GET", "/api/site-settings", "", {200, 200, 200, 200, 200}},
      {"PATCH", "/api/site-settings", R"({"siteTitle":"PayTech Blog"})", {401, 403, 403, 403, 200}},
      {"GET", "/api/admin/users", "", {401, 403, 403, 403, 200}},
      {"PATCH", "/api/admin/users/{user}/approval", R"({"status":"pending"})", {401, 403, 403, 403, 200}},
      {"GET", "/api/posts?language=cs", "", {200, 200, 200, 200, 200}},
      {"GET", "/api/categories", "", {200, 200, 200, 200, 200}},
      {"GET", "/api/categories/Fintech", "", {200, 200, 200, 200, 200}},
      {"GET", "/api/search?q=platby", "", {200, 200, 200, 200, 200}},
      {"POST", "/api/posts", "{}", {401, 403, 403, 400, 400}},
      {"PUT", "/api/posts/id/999999", "{}", {401, 403, 403, 404, 404}},
      {"PUT", "/api/posts/no-such-post", "{}", {401, 403, 403, 404, 404}},
      {"GET", "/api/posts/{hidden}", "", {404, 404, 404, 404, 200}},
      {"PUT", "/api/posts/id/{hidden_id}", "{}", {401, 403, 403, 404, 200}},
      {"PUT", "/api/posts/{hidden}", "{}", {401, 403, 403, 404, 200}},
      {"PATCH", "/api/admin/posts/{hidden_id}/update-date", "{}", {401, 403, 403, 403, 400}},
      {"GET", "/api/posts/{public}", "", {200, 200, 200, 200, 200}},
      {"GET", "/api/posts/{hidden}/related", "", {404, 404, 404, 404, 200}},
      {"GET", "/api/posts/{public}/related", "", {200, 200, 200, 200, 200}},
      {"GET", "/api/admin/glossary", "", {401, 403, 403, 403, 200}},
      {"PUT", "/api/admin/glossary", R"({"terms":"none"})", {401, 403, 403, 403, 400}},
      {"GET", "/api/admin/search-stats?days=7", "", {401, 403, 403, 403, 200}},
      {"GET", "/api/admin/analytics?days=7", "", {401, 403, 403, 403, 200}},
      {"GET", "/api/post-views?days=30", "", {401, 403, 403, 200, 200}},
      {"GET", "/api/posts/id/{public_id}/views", "", {401, 403, 403, 404, 200}},
      {"POST", "/api/views", R"({"path":"/"})", {204, 204, 204, 204, 204}},
      {"GET", "/api/admin/redirects", "", {401, 403, 403, 403, 200}},
      {"DELETE", "/api/admin/redirects?path=%2Fnone%2F", "", {401, 403, 403, 403, 404}},
      {"GET", "/api/admin/import/999999", "", {401, 403, 403, 403, 404}},
      {"POST", "/api/admin/import", "{}", {401, 403, 403, 403, 415}},  // JSON where multipart is due
      {"PUT", "/api/posts/id/{public_id}", "{}", {401, 403, 403, 403, 200}},
      {"PUT", "/api/posts/{public}", "{}", {401, 403, 403, 403, 200}},
      {"POST", "/api/categories", R"({"name":"x"})", {401, 403, 403, 400, 400}},
      {"POST", "/api/upload", "{}", {401, 403, 403, 415, 415}},  // JSON where multipart is due
      {"GET", "/api/admin/posts", "", {401, 403, 403, 403, 200}},
      {"PATCH", "/api/admin/posts/999999/update-date", "{}", {401, 403, 403, 403, 404}},
      {"PATCH", "/api/admin/posts/999999/toggle-published", "{}", {401, 403, 403, 403, 404}},
      {"DELETE", "/api/admin/posts/999999", "", {401, 403, 403, 403, 404}},
      {"POST", "/api/ai/generate", R"({"prompt":"Open banking"})", {401, 403, 403, 403, 503}},  // no AI configured
      {"GET", "/api/user/posts", "", {401, 200, 200, 200, 200}},
      {"GET", "/api/posts/{hidden_id}/revisions", "", {401, 403, 403, 404, 200}},
      {"GET", "/api/posts/{public_id}/revisions", "", {401, 403, 403, 403, 200}},
      {"GET", "/api/posts/999999/revisions", "", {401, 403, 403, 404, 404}},
      {"POST", "/api/preview", R"({"content":"<p>Hi</p>"})", {401, 403, 403, 200, 200}},
      {"POST", "/api/logout", "{}", {200, 200, 200, 200, 200}, true},
  };
  return all;
}

test_server& server() {
  static test_server instance("permissions");
  return instance;
}

std::string json_body(const std::string& name, const std::string& password) {
  return boost::json::serialize(boost::json::object{
      {"username", name}, {"email", name + "@example.com"}, {"password", password}, {"confirmPassword", password}});
}

// Registers one account per visitor kind and keeps each one's session cookie.
class Permissions : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const std::array<const char*, 4> statuses = {"pending", "rejected", "approved", "approved"};
    for (int v = pending; v <= admin; ++v) {
      std::string name = std::string("perm_") + visitor_names[static_cast<std::size_t>(v)];
      http_client client(server().url());
      auto res = client.post("/api/register", json_body(name, password));
      ASSERT_EQ(res.status, 201) << res.body;
      auto id = std::to_string(res.json().at("id").as_int64());
      server().sql(std::string("UPDATE users SET approval_status = '") + statuses[static_cast<std::size_t>(v - 1)] +
                   "'" + (v == admin ? ", role = 'admin'" : "") + " WHERE id = " + id);
      names()[v] = name;
      sign_in(static_cast<visitor>(v));
    }
    http_client target(server().url());
    auto res = target.post("/api/register", json_body("perm_target", password));
    ASSERT_EQ(res.status, 201) << res.body;
    target_id() = std::to_string(res.json().at("id").as_int64());
    for (const auto* slug : {"perm-hidden", "perm-public"}) {
      bool hidden = std::string(slug) == "perm-hidden";
      server().sql(std::string("INSERT INTO posts (title, slug, content, category, published, hidden_by_admin, "
                               "author_id) VALUES ('A post', '") +
                   slug + "', '<p>Text</p>', 'Fintech', " + (hidden ? "false, true" : "true, false") + ", " +
                   target_id() + ")");
    }
    // The admin sees both as soon as the node has followed the inserts; their ids come from there.
    for (const auto* slug : {"perm-hidden", "perm-public"}) {
      http_response seen;
      for (int attempt = 0; attempt < 100 && seen.status != 200; ++attempt) {
        if (attempt) std::this_thread::sleep_for(std::chrono::milliseconds(50));
        seen = http_client(server().url()).get(std::string("/api/posts/") + slug, {{"Cookie", cookies()[admin]}});
      }
      ASSERT_EQ(seen.status, 200) << seen.body;
      post_ids()[slug] = std::to_string(seen.json().at("id").as_int64());
    }
  }

  static void sign_in(visitor v) {
    http_client client(server().url());
    auto res = client.post(
        "/api/login", boost::json::serialize(boost::json::object{{"username", names()[v]}, {"password", password}}));
    ASSERT_EQ(res.status, 200) << res.body;
    auto cookie = res.header("set-cookie");
    cookies()[v] = cookie.substr(0, cookie.find(';'));
  }

  static http_response perform(const call& c, visitor v) {
    std::string path = c.path;
    if (auto at = path.find("{user}"); at != std::string::npos) path.replace(at, 6, target_id());
    for (const char* kind : {"hidden", "public"}) {
      std::string slug = std::string("perm-") + kind;
      if (auto at = path.find(std::string("{") + kind + "_id}"); at != std::string::npos)
        path.replace(at, std::strlen(kind) + 5, post_id(slug));
      if (auto at = path.find(std::string("{") + kind + "}"); at != std::string::npos)
        path.replace(at, std::strlen(kind) + 2, slug);
    }
    std::map<std::string, std::string> headers;
    if (v != anonymous) headers["Cookie"] = cookies()[v];
    http_client client(server().url());
    return client.request(c.method, path, c.body, headers);
  }

  static std::string post_id(const std::string& slug) { return post_ids()[slug]; }
  static std::map<std::string, std::string>& post_ids() {
    static std::map<std::string, std::string> value;
    return value;
  }

  static constexpr const char* password = "permission-test-1";
  static std::map<int, std::string>& names() {
    static std::map<int, std::string> value;
    return value;
  }
  static std::map<int, std::string>& cookies() {
    static std::map<int, std::string> value;
    return value;
  }
  static std::string& target_id() {
    static std::string value;
    return value;
  }
};

}  // namespace

TEST_F(Permissions, EveryCallAnswersEveryVisitorAsTheSpecSays) {
  for (const auto& c : calls()) {
    for (int v = anonymous; v <= admin; ++v) {
      auto res = perform(c, static_cast<visitor>(v));
      EXPECT_EQ(res.status, c.expected[static_cast<std::size_t>(v)])
          << c.method << " " << c.path << " as " << visitor_names[static_cast<std::size_t>(v)] << ": " << res.body;
      if (c.ends_session && v != anonymous) sign_in(static_cast<visitor>(v));
    }
  }
}

TEST_F(Permissions, RefusalsUseTheSpecsMessages) {
  auto res = perform({"GET", "/api/admin/users", "", {}}, anonymous);
  EXPECT_EQ(res.json().at("message").as_string(), "You must be logged in to view this page");
  res = perform({"GET", "/api/admin/users", "", {}}, approved);
  EXPECT_EQ(res.json().at("message").as_string(), "You do not have permission to access this page.");
  res = perform({"PATCH", "/api/site-settings", R"({"siteTitle":"PayTech Blog"})", {}}, pending);
  EXPECT_EQ(res.json().at("message").as_string(), "You do not have permission to access this page.");
}

TEST_F(Permissions, AdminSettingsChangesAreValidatedAndStamped) {
  auto res = perform({"PATCH", "/api/site-settings", R"({"siteTitle":"X"})", {}}, admin);
  EXPECT_EQ(res.status, 400);
  EXPECT_EQ(res.json().at("fields").at("siteTitle").as_string(), "Title must be at least 2 characters");
  res = perform({"PATCH", "/api/site-settings", R"({"siteTitle":"PayTech Blog"})", {}}, admin);
  ASSERT_EQ(res.status, 200) << res.body;
  EXPECT_FALSE(res.json().at("updatedBy").is_null());
}

// No call needs an author yet (posts will): the policy itself, asked in process with each session.
TEST_F(Permissions, AuthorPolicyAdmitsApprovedUsersAndAdmins) {
  auto ask = [](visitor v) -> std::string {
    blog::http::request req;
    req.method = "POST";
    req.path = req.target = "/api/posts";
    if (v != anonymous) req.headers.emplace_back("cookie", cookies()[v]);
    try {
      auto u = blog::api::require_author({server().ctx().cfg, server().ctx().db, server().ctx().site}, req);
      return "ok " + u.username;
    } catch (const blog::error& e) {
      return std::to_string(blog::http::status_of(e.kind())) + " " + e.what();
    }
  };
  EXPECT_EQ(ask(anonymous), "401 You must be logged in to view this page");
  EXPECT_EQ(ask(pending), "403 Your account is pending approval");
  EXPECT_EQ(ask(rejected), "403 Your account request was rejected");
  EXPECT_EQ(ask(approved), "ok perm_approved");
  EXPECT_EQ(ask(admin), "ok perm_admin");
}
