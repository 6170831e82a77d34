// Post rules that hold against a determined author and a lagging node: an admin's hide sticks,
// posts the caller may not see do not exist for them, previews are never cached, and every write
// decides from the database row rather than the node's read model.
#include "support/harness.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

using blog::test::http_client;
using blog::test::http_response;
using blog::test::test_server;

namespace {

std::string json(const boost::json::object& o) {
  return boost::json::serialize(o);
}

struct post_rules : ::testing::Test {
  static test_server* server;
  static void SetUpTestSuite() { server = new test_server("post_rules"); }
  static void TearDownTestSuite() { delete server; }

  // A signed-in client of a new account with the given approval status and role.
  static std::unique_ptr<http_client> account(const std::string& name, const std::string& status = "approved",
                                              const std::string& role = "user") {
    auto client = std::make_unique<http_client>(server->url());
    const std::string password = "post-rules-test-1";
    auto res = client->post("/api/register", json({{"username", name},
                                                   {"email", name + "@example.com"},
                                                   {"password", password},
                                                   {"confirmPassword", password}}));
    EXPECT_EQ(res.status, 201) << res.body;
    server->sql("UPDATE users SET approval_status = '" + status + "', role = '" + role + "' WHERE username = '" + name +
                "'");
    return client;
  }

  // Creates a post as `client` and returns its id.
  static std::string create(http_client& client, const std::string& title, boost::json::object extra = {}) {
    boost::json::object o{{"title", title},          {"content", "<p>Card schemes and interchange fees</p>"},
                          {"excerpt", "An excerpt"}, {"category", "Fintech"},
                          {"coverImage", ""},        {"language", "en"}};
    for (auto& [k, v] : extra) o[k] = v;
    auto res = client.post("/api/posts", json(o));
    EXPECT_EQ(res.status, 201) << res.body;
    return std::to_string(res.json().at("id").as_int64());
  }

  // Changes the database behind the node's back: with triggers off for this one transaction the
  // change log gets nothing and no NOTIFY goes out, and the log's earlier entries are aged past the
  // follower's re-read window, so the node's read model keeps the old row (as a lagging node does).
  static void change_behind_the_nodes_back(const std::string& statement) {
    server->sql("SET LOCAL session_replication_role = replica; " + statement +
                "; UPDATE post_changes SET changed_at = changed_at - interval '1 hour'");
  }
};

test_server* post_rules::server = nullptr;

}  // namespace

TEST_F(post_rules, APostAnAdminHidStaysHiddenWhateverItsAuthorSends) {
  auto author = account("pr_hidden_author");
  auto admin = account("pr_hidden_admin", "approved", "admin");
  auto id = create(*author, "Hidden by the admin");
  ASSERT_EQ(admin->patch("/api/admin/posts/" + id + "/toggle-published").json().at("published"), false);

  auto res = author->put("/api/posts/id/" + id, json({{"published", true}, {"title", "Hidden by the admin, fixed"}}));
  ASSERT_EQ(res.status, 200) << res.body;  // the text may still be fixed …
  res = author->put("/api/posts/hidden-by-the-admin", json({{"published", true}}));
  ASSERT_EQ(res.status, 200) << res.body;
  http_client reader(server->url());
  EXPECT_EQ(reader.get("/api/posts/hidden-by-the-admin").status, 404);  // … but the post stays hidden
  auto own = author->get("/api/posts/hidden-by-the-admin").json();
  EXPECT_EQ(own.at("title").as_string(), "Hidden by the admin, fixed");
  EXPECT_EQ(own.at("published"), false);
  EXPECT_EQ(own.at("hiddenByAdmin"), true);

  res = admin->patch("/api/admin/posts/" + id + "/toggle-published");
  ASSERT_EQ(res.json().at("published"), true) << res.body;
  EXPECT_EQ(reader.get("/api/posts/hidden-by-the-admin").json().at("hiddenByAdmin"), false);
  // Shown again, it is the author's own: a draft they make is theirs to publish.
  ASSERT_EQ(author->put("/api/posts/id/" + id, json({{"published", false}})).status, 200);
  EXPECT_EQ(reader.get("/api/posts/hidden-by-the-admin").status, 404);
  ASSERT_EQ(author->put("/api/posts/id/" + id, json({{"published", true}})).status, 200);
  EXPECT_EQ(reader.get("/api/posts/hidden-by-the-admin").status, 200);
}

TEST_F(post_rules, AnAdminPublishingAHiddenPostInTheEditorShowsIt) {
  auto author = account("pr_editor_author");
  auto admin = account("pr_editor_admin", "approved", "admin");
  auto id = create(*author, "Shown from the editor");
  ASSERT_EQ(admin->patch("/api/admin/posts/" + id + "/toggle-published").status, 200);
  ASSERT_EQ(admin->put("/api/posts/id/" + id, json({{"published", true}})).status, 200);
  http_client reader(server->url());
  auto res = reader.get("/api/posts/shown-from-the-editor");
  ASSERT_EQ(res.status, 200);
  EXPECT_EQ(res.json().at("hiddenByAdmin"), false);
}

TEST_F(post_rules, PostsTheCallerMayNotSeeAnswer404OnEveryCallAsIfTheyDidNotExist) {
  auto owner = account("pr_owner");
  auto other = account("pr_other");
  auto admin = account("pr_admin", "approved", "admin");
  auto hidden = create(*owner, "Owner hidden post");
  ASSERT_EQ(admin->patch("/api/admin/posts/" + hidden + "/toggle-published").status, 200);
  auto draft = create(*owner, "Owner draft post", {{"published", false}});
  auto scheduled = create(*owner, "Owner scheduled post", {{"publishedAt", "2099-01-01T10:00:00Z"}});
  auto open = create(*owner, "Owner public post");

  auto unknown = other->put("/api/posts/id/999999", json({{"title", "Taken"}}));
  ASSERT_EQ(unknown.status, 404);
  const std::vector<std::pair<std::string, std::string>> unseen = {
      {hidden, "owner-hidden-post"}, {draft, "owner-draft-post"}, {scheduled, "owner-scheduled-post"}};
  for (const auto& [id, slug] : unseen) {
    for (auto res : {other->put("/api/posts/id/" + id, json({{"title", "Taken"}})),
                     other->put("/api/posts/" + slug, json({{"title", "Taken"}})), other->get("/api/posts/" + slug)}) {
      EXPECT_EQ(res.status, 404) << slug;
      EXPECT_EQ(res.body, unknown.body) << slug;
    }
    EXPECT_EQ(owner->get("/api/posts/" + slug).status, 200) << slug;
    EXPECT_EQ(admin->get("/api/posts/" + slug).status, 200) << slug;
  }
  EXPECT_EQ(owner->get("/api/posts/owner-hidden-post").json().at("title").as_string(), "Owner hidden post");

  auto res = other->put("/api/posts/id/" + open, json({{"title", "Taken"}}));
  EXPECT_EQ(res.status, 403);
  EXPECT_EQ(res.json().at("message").as_string(), "You can only edit your own posts");
  EXPECT_EQ(other->put("/api/posts/owner-public-post", json({{"title", "Taken"}})).status, 403);
  EXPECT_EQ(admin->put("/api/posts/owner-draft-post", json({{"excerpt", "Reviewed"}})).status, 200);
}

TEST_F(post_rules, PreviewsOfPostsThatAreNotPublicAreNeverStored) {
  auto author = account("pr_previewer");
  auto admin = account("pr_preview_admin", "approved", "admin");
  create(*author, "Preview draft", {{"published", false}});
  auto hidden = create(*author, "Preview hidden");
  ASSERT_EQ(admin->patch("/api/admin/posts/" + hidden + "/toggle-published").status, 200);
  create(*author, "Preview scheduled", {{"publishedAt", "2099-01-01T10:00:00Z"}});
  for (const char* slug : {"preview-draft", "preview-hidden", "preview-scheduled"}) {
    for (auto* client : {author.get(), admin.get()}) {
      auto res = client->get(std::string("/api/posts/") + slug);
      ASSERT_EQ(res.status, 200) << slug;
      EXPECT_EQ(res.header("cache-control"), "private, no-store") << slug;
      EXPECT_EQ(res.json().at("slug").as_string(), slug);
    }
  }
  create(*author, "Preview public");
  http_client reader(server->url());
  auto res = reader.get("/api/posts/preview-public");
  ASSERT_EQ(res.status, 200);
  EXPECT_EQ(res.header("cache-control").find("private"), std::string::npos);
}

TEST_F(post_rules, ToggleFollowsTheDatabaseNotTheNodesSnapshot) {
  auto author = account("pr_toggle_author");
  auto admin = account("pr_toggle_admin", "approved", "admin");
  auto id = create(*author, "Toggled while the node lags");
  change_behind_the_nodes_back("UPDATE posts SET published = false, hidden_by_admin = true WHERE id = " + id);
  http_client reader(server->url());
  ASSERT_EQ(reader.get("/api/posts/toggled-while-the-node-lags").status, 200);  // the node has not heard of it

  auto res = admin->patch("/api/admin/posts/" + id + "/toggle-published");
  ASSERT_EQ(res.status, 200) << res.body;
  EXPECT_EQ(res.json().at("published"), true);  // hidden in the database, so the toggle shows it
  EXPECT_EQ(res.json().at("message").as_string(), "Post published successfully");
  EXPECT_EQ(reader.get("/api/posts/toggled-while-the-node-lags").status, 200);
}

TEST_F(post_rules, UpdatesKeepWhatChangedInTheDatabaseBehindTheNodesBack) {
  auto author = account("pr_update_author");
  auto admin = account("pr_update_admin", "approved", "admin");
  auto id = create(*author, "Edited on another node");
  change_behind_the_nodes_back("UPDATE posts SET title = 'Retitled elsewhere' WHERE id = " + id);
  http_client reader(server->url());
  ASSERT_EQ(reader.get("/api/posts/edited-on-another-node").json().at("title").as_string(), "Edited on another node");

  ASSERT_EQ(author->put("/api/posts/id/" + id, json({{"excerpt", "New excerpt"}})).status, 200);
  auto post = reader.get("/api/posts/edited-on-another-node").json();
  EXPECT_EQ(post.at("title").as_string(), "Retitled elsewhere");
  EXPECT_EQ(post.at("excerpt").as_string(), "New excerpt");

  change_behind_the_nodes_back("UPDATE posts SET category = 'Regulations' WHERE id = " + id);
  auto res = admin->patch("/api/admin/posts/" + id + "/update-date", json({{"publishedAt", "2021-03-05T09:30:00Z"}}));
  ASSERT_EQ(res.status, 200) << res.body;
  post = reader.get("/api/posts/edited-on-another-node").json();
  EXPECT_EQ(post.at("category").as_string(), "Regulations");
  EXPECT_EQ(post.at("publishedAt").as_string(), "2021-03-05T09:30:00.000Z");
}

TEST_F(post_rules, WhoMayEditIsDecidedFromTheDatabaseRow) {
  auto author = account("pr_row_author");
  auto heir = account("pr_row_heir");
  auto id = create(*author, "Handed over");
  change_behind_the_nodes_back(
      "UPDATE posts SET author_id = (SELECT id FROM users WHERE username = 'pr_row_heir') WHERE id = " + id);
  http_client reader(server->url());
  ASSERT_EQ(reader.get("/api/posts/handed-over").json().at("authorName").as_string(), "pr_row_author");

  auto res = author->put("/api/posts/id/" + id, json({{"title", "Taken back"}}));
  EXPECT_EQ(res.status, 403) << res.body;
  EXPECT_EQ(heir->put("/api/posts/handed-over", json({{"title", "Handed over, kept"}})).status, 200);

  change_behind_the_nodes_back("UPDATE posts SET published = false WHERE id = " + id);
  EXPECT_EQ(author->put("/api/posts/id/" + id, json({{"title", "Taken back"}})).status, 404);  // a draft not theirs
  change_behind_the_nodes_back("DELETE FROM posts WHERE id = " + id);
  EXPECT_EQ(heir->put("/api/posts/id/" + id, json({{"title", "Gone"}})).status, 404);
}

TEST_F(post_rules, TextFieldsRefuseCharactersNoPageOrFeedMayCarry) {
  auto author = account("pr_controls_author");
  const std::pair<const char*, const char*> fields[] = {
      {"title", "Title contains characters that are not allowed"},
      {"slug", "Slug contains characters that are not allowed"},
      {"excerpt", "Excerpt contains characters that are not allowed"},
      {"category", "Category contains characters that are not allowed"},
      {"coverImage", "Cover image contains characters that are not allowed"},
  };
  for (const auto& [field, message] : fields) {
    for (const char* bad : {"Fin\x05tech", "Fin\x16tech", "Fin\x7Ftech", "Fin\xC2\x85tech", "Fin\xEF\xBF\xBFtech"}) {
      boost::json::object body{{"title", "Controls"}, {"content", "<p>Body</p>"}, {"category", "Fintech"},
                               {"language", "en"},    {"excerpt", "E"},           {"coverImage", ""}};
      body[field] = field == std::string("coverImage") ? std::string("/uploads/") + bad : bad;
      auto res = author->post("/api/posts", json(body));
      ASSERT_EQ(res.status, 400) << field << ": " << res.body;
      EXPECT_EQ(res.json().at("fields").at(field).as_string(), message) << field;
    }
  }
  http_client reader(server->url());
  EXPECT_EQ(reader.get("/api/posts/controls").status, 404) << "nothing was written";

  // An update is held to the same rule.
  auto id = create(*author, "Clean title");
  auto res = author->put("/api/posts/id/" + id, json({{"title", "Dirty \x01 title"}}));
  ASSERT_EQ(res.status, 400) << res.body;
  EXPECT_EQ(res.json().at("message").as_string(), "Title contains characters that are not allowed");
  // Tabs and line breaks are text.
  EXPECT_EQ(author->put("/api/posts/id/" + id, json({{"excerpt", "Two\r\nlines\tand a tab"}})).status, 200);
}

TEST_F(post_rules, ControlsInTheContentAreDroppedFromItsPageAndFeeds) {
  auto author = account("pr_content_author");
  create(*author, "Content with controls",
         {{"content", "<p>Bell\x07 and \x05 shift\x16 \xC2\x85 here</p>"}, {"excerpt", ""}});
  http_client reader(server->url());
  auto post = reader.get("/api/posts/content-with-controls").json();
  EXPECT_EQ(post.at("contentHtml").as_string(), "<p>Bell and  shift  here</p>");
  EXPECT_EQ(post.at("excerpt").as_string(), "Bell and shift here");
}

TEST_F(post_rules, APostIsFiledOnlyUnderACategoryOfTheList) {
  auto author = account("pr_category_author");
  boost::json::object body{
      {"title", "Nowhere"}, {"content", "<p>Body</p>"}, {"category", "No such category"}, {"language", "en"}};
  auto res = author->post("/api/posts", json(body));
  ASSERT_EQ(res.status, 400) << res.body;
  EXPECT_EQ(res.json().at("fields").at("category").as_string(), "Please choose a category from the list");

  // A custom category, once created, is on the list; a built-in one may differ in case.
  ASSERT_EQ(author->post("/api/categories", json({{"name", "Open Banking Rules"}})).status, 201);
  create(*author, "Filed under a custom one", {{"category", "Open Banking Rules"}});
  create(*author, "Filed under fintech", {{"category", "fintech"}});
  http_client reader(server->url());
  EXPECT_EQ(reader.get("/api/posts/filed-under-fintech").json().at("category").as_string(), "Fintech")
      << "stored in the list's spelling";
}

TEST_F(post_rules, ACategoryAnotherNodeCreatedAMomentAgoIsOnTheListBeforeItsNotificationComes) {
  // This node's list follows NOTIFY; a name it lacks is looked up in PostgreSQL before a refusal.
  server->sql("INSERT INTO custom_categories (name) VALUES ('Created Elsewhere')");
  auto author = account("pr_elsewhere_author");
  create(*author, "Filed under one from elsewhere", {{"category", "created elsewhere"}});
  http_client reader(server->url());
  EXPECT_EQ(reader.get("/api/posts/filed-under-one-from-elsewhere").json().at("category").as_string(),
            "Created Elsewhere");
  auto id = create(*author, "Moved under one from elsewhere");
  server->sql("INSERT INTO custom_categories (name) VALUES ('Also Elsewhere')");
  EXPECT_EQ(author->put("/api/posts/id/" + id, json({{"category", "Also Elsewhere"}})).status, 200);
}

TEST_F(post_rules, APostWhoseCategoryLeftTheListCanStillBeEditedInIt) {
  auto author = account("pr_legacy_author");
  auto id = create(*author, "Legacy category");
  server->sql("UPDATE posts SET category = 'Retired Topic' WHERE id = " + id);
  server->ctx().follower->catch_up();
  // The editor sends every field, the category as it is.
  auto res = author->put(
      "/api/posts/id/" + id,
      json({{"title", "Legacy category, edited"}, {"category", "Retired Topic"}, {"content", "<p>Still here</p>"}}));
  ASSERT_EQ(res.status, 200) << res.body;
  res = author->put("/api/posts/id/" + id, json({{"category", "Another Retired Topic"}}));
  ASSERT_EQ(res.status, 400) << res.body;
  EXPECT_EQ(res.json().at("fields").at("category").as_string(), "Please choose a category from the list");
  EXPECT_EQ(author->put("/api/posts/id/" + id, json({{"category", "Regulations"}})).status, 200);
}

TEST_F(post_rules, StoredControlCharactersNeverReachTheFeedsOrThePages) {
  // A row written before the rules refused them, or straight in SQL.
  server->sql(
      "INSERT INTO posts (title, slug, content, content_html, excerpt, category, language, published_at) VALUES "
      "(E'Feed \\x05breaker\\x16', 'feed-breaker', 'x', E'<p>Body \\x05 with \\x01 controls</p>', "
      "E'Excerpt \\x0b here', E'Fin\\x1btech', 'en', now() - interval '1 hour')");
  server->ctx().follower->catch_up();
  http_client reader(server->url());
  auto has_control = [](const std::string& text) {
    for (unsigned char c : text)
      if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') return true;
    return false;
  };
  auto rss = reader.get("/rss.xml?lang=en").body;
  ASSERT_NE(rss.find("<title>Feed breaker</title>"), std::string::npos) << rss;
  EXPECT_NE(rss.find("<description>Excerpt  here</description>"), std::string::npos);
  EXPECT_FALSE(has_control(rss));
  EXPECT_FALSE(has_control(reader.get("/sitemap.xml").body));
  auto page = reader.get("/post/feed-breaker");
  if (page.status == 503) GTEST_SKIP() << "web/dist is not built: no page to read";
  ASSERT_EQ(page.status, 200);
  EXPECT_NE(page.body.find("<p>Body  with  controls</p>"), std::string::npos);
  EXPECT_NE(page.body.find("<title>Feed breaker | "), std::string::npos);
  EXPECT_FALSE(has_control(page.body));
}
