// The author's desk over HTTP against a real database: My posts, revisions, preview, embedded
// images refused, reading time on cards and the hero per language.
#include "support/harness.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

using blog::test::http_client;
using blog::test::test_server;
using blog::test::unique;

namespace {

std::string json(const boost::json::object& o) {
  return boost::json::serialize(o);
}

struct author_desk : ::testing::Test {
  static test_server* server;
  static void SetUpTestSuite() { server = new test_server("author_desk"); }
  static void TearDownTestSuite() { delete server; }

  static std::unique_ptr<http_client> account(const std::string& name, const std::string& role = "user") {
    auto client = std::make_unique<http_client>(server->url());
    const std::string password = "author-desk-1";
    auto res = client->post("/api/register", json({{"username", name},
                                                   {"email", name + "@example.com"},
                                                   {"password", password},
                                                   {"confirmPassword", password}}));
    EXPECT_EQ(res.status, 201) << res.body;
    server->sql("UPDATE users SET approval_status = 'approved', role = '" + role + "' WHERE username = '" + name + "'");
    return client;
  }

  static boost::json::object post_body(const std::string& title, const std::string& content = "<p>Some text</p>") {
    return {{"title", title},   {"content", content}, {"excerpt", ""},    {"category", "Fintech"},
            {"coverImage", ""}, {"language", "en"},   {"published", true}};
  }

  static int create(http_client& client, boost::json::object body) {
    auto res = client.post("/api/posts", json(body));
    EXPECT_EQ(res.status, 201) << res.body;
    return res.status == 201 ? static_cast<int>(res.json().at("id").as_int64()) : 0;
  }
};

test_server* author_desk::server = nullptr;

std::string words(std::size_t n) {
  std::string text;
  for (std::size_t i = 0; i < n; ++i) text += "word ";
  return text;
}

}  // namespace

TEST_F(author_desk, MyPostsListsOnlyTheAuthorsOwnPostsNewestFirstWithTheirStatus) {
  auto author = account(unique("desk_author"));
  auto other = account(unique("desk_other"));
  auto admin = account(unique("desk_admin"), "admin");
  auto draft = post_body("My draft");
  draft["published"] = false;
  int draft_id = create(*author, draft);
  auto later = post_body("My scheduled post");
  later["publishedAt"] = "2999-01-01T00:00:00Z";
  create(*author, later);
  int published_id = create(*author, post_body("My published post"));
  int hidden_id = create(*author, post_body("My hidden post"));
  create(*other, post_body("Someone else's post"));
  ASSERT_EQ(admin->patch("/api/admin/posts/" + std::to_string(hidden_id) + "/toggle-published").status, 200);

  auto res = author->get("/api/user/posts");
  ASSERT_EQ(res.status, 200) << res.body;
  EXPECT_NE(res.header("cache-control").find("no-store"), std::string::npos);
  auto list = res.json().as_array();
  ASSERT_EQ(list.size(), 4u) << res.body;
  EXPECT_EQ(list[0].at("id").as_int64(), hidden_id);
  EXPECT_EQ(list[0].at("status").as_string(), "hidden");
  EXPECT_EQ(list[1].at("id").as_int64(), published_id);
  EXPECT_EQ(list[1].at("status").as_string(), "published");
  EXPECT_EQ(list[2].at("status").as_string(), "scheduled");
  EXPECT_EQ(list[3].at("id").as_int64(), draft_id);
  EXPECT_EQ(list[3].at("status").as_string(), "draft");
  EXPECT_EQ(list[3].at("language").as_string(), "en");
  EXPECT_FALSE(list[3].at("slug").as_string().empty());
}

TEST_F(author_desk, MyPostsPagesWithACursorWithoutSkippingOrRepeating) {
  auto author = account(unique("desk_pager"));
  for (int i = 0; i < 5; ++i) create(*author, post_body("Paged post " + std::to_string(i)));
  std::vector<std::int64_t> seen;
  std::string cursor;
  for (int page = 0; page < 5; ++page) {
    auto res = author->get("/api/user/posts?limit=2" + (cursor.empty() ? "" : "&cursor=" + cursor));
    ASSERT_EQ(res.status, 200) << res.body;
    auto items = res.json();
    for (const auto& p : items.as_array()) seen.push_back(p.at("id").as_int64());
    cursor = res.header("x-next-cursor");
    if (cursor.empty()) break;
  }
  ASSERT_EQ(seen.size(), 5u);
  for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_GT(seen[i - 1], seen[i]);
  EXPECT_EQ(author->get("/api/user/posts?cursor=nonsense").status, 400);
}

TEST_F(author_desk, EverySaveKeepsARevisionAndOnlyTheLastTwentyRemain) {
  auto author = account(unique("desk_reviser"));
  int id = create(*author, post_body("Revision 0"));
  const auto path = "/api/posts/id/" + std::to_string(id);
  for (int i = 1; i <= 22; ++i) {
    auto body = post_body("Revision " + std::to_string(i));
    ASSERT_EQ(author->put(path, json(body)).status, 200);
  }
  // Saving the same text again is no new revision.
  ASSERT_EQ(author->put(path, json(post_body("Revision 22"))).status, 200);
  auto res = author->get("/api/posts/" + std::to_string(id) + "/revisions");
  ASSERT_EQ(res.status, 200) << res.body;
  auto list = res.json().as_array();
  ASSERT_EQ(list.size(), 20u);
  EXPECT_EQ(list.front().at("title").as_string(), "Revision 22");
  EXPECT_EQ(list.back().at("title").as_string(), "Revision 3");
  EXPECT_EQ(list.front().at("content").as_string(), "<p>Some text</p>");
  EXPECT_FALSE(list.front().at("savedBy").as_string().empty());
  EXPECT_FALSE(list.front().at("savedAt").as_string().empty());

  auto stranger = account(unique("desk_stranger"));
  EXPECT_EQ(stranger->get("/api/posts/" + std::to_string(id) + "/revisions").status, 403);
}

TEST_F(author_desk, ContentWithABase64ImageIsRefusedWithAClearMessage) {
  auto author = account(unique("desk_paster"));
  auto body = post_body("Pasted image", "<p>Look</p><p><img src=\"data:image/png;base64,iVBORw0KGgo=\"></p>");
  auto res = author->post("/api/posts", json(body));
  ASSERT_EQ(res.status, 400) << res.body;
  EXPECT_NE(res.json().at("fields").at("content").as_string().find("uploaded"), std::string::npos);
  int id = create(*author, post_body("Clean post", "<p><img src=\"/uploads/x.png\"></p>"));
  EXPECT_EQ(author->put("/api/posts/id/" + std::to_string(id), json(body)).status, 400);
}

TEST_F(author_desk, PreviewAnswersTheServerRenderedSanitisedArticle) {
  auto author = account(unique("desk_previewer"));
  auto res = author->post("/api/preview", json({{"title", "Preview <b>title</b>"},
                                                {"content",
                                                 "<h2>Key Points</h2><p>Safe</p><script>alert(1)</script>"
                                                 "<p onclick=\"x()\">" +
                                                     words(450) + "</p>"},
                                                {"category", "Fintech"},
                                                {"language", "en"}}));
  ASSERT_EQ(res.status, 200) << res.body;
  auto html = std::string(res.json().at("html").as_string());
  EXPECT_NE(html.find("data-testid=\"post-detail\""), std::string::npos);
  EXPECT_NE(html.find("Preview &lt;b&gt;title&lt;/b&gt;"), std::string::npos);
  EXPECT_NE(html.find("post-highlight"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("onclick"), std::string::npos);
  EXPECT_NE(html.find("3 min read"), std::string::npos);
  EXPECT_EQ(res.json().at("readingMinutes").as_int64(), 3);
  // Nothing was saved.
  EXPECT_TRUE(author->get("/api/user/posts").json().as_array().empty());
}

TEST_F(author_desk, CardsCarryTheReadingTimeRoundedUpAndAtLeastOneMinute) {
  auto author = account(unique("desk_reader"));
  create(*author, post_body("Short read", "<p>Just a few words</p>"));
  create(*author, post_body("Long read", "<p>" + words(401) + "</p>"));
  http_client reader(server->url());
  auto list = reader.get("/api/posts?language=en").json().as_array();
  std::map<std::string, std::int64_t> minutes;
  for (const auto& p : list) minutes[std::string(p.at("title").as_string())] = p.at("readingMinutes").as_int64();
  EXPECT_EQ(minutes.at("Short read"), 1);
  EXPECT_EQ(minutes.at("Long read"), 3);
  auto page = reader.get("/post/long-read");
  EXPECT_NE(page.body.find("3 min read"), std::string::npos);
}

TEST_F(author_desk, TheHeroIsSetPerLanguageAndTooLongTextsAreRefused) {
  auto admin = account(unique("desk_settings"), "admin");
  auto res = admin->patch("/api/site-settings", json({{"heroBadgeEn", "Payments weekly"},
                                                      {"heroBadgeCs", "Platby týdně"},
                                                      {"heroTitleCs", "Blog o platbách"},
                                                      {"heroDescriptionCs", "Postřehy z plateb a fintechu."}}));
  ASSERT_EQ(res.status, 200) << res.body;
  auto settings = http_client(server->url()).get("/api/site-settings").json();
  EXPECT_EQ(settings.at("heroBadgeEn").as_string(), "Payments weekly");
  EXPECT_EQ(settings.at("heroBadgeCs").as_string(), "Platby týdně");
  EXPECT_EQ(settings.at("heroTitleCs").as_string(), "Blog o platbách");
  EXPECT_EQ(settings.at("heroTitleEn").as_string(), "");
  auto bad = admin->patch("/api/site-settings", json({{"heroBadgeEn", std::string(61, 'x')}}));
  ASSERT_EQ(bad.status, 400);
  EXPECT_EQ(bad.json().at("fields").at("heroBadgeEn").as_string(), "Badge must be at most 60 characters");
  // The English hero has no description of its own: the page falls back to the Czech one.
  auto home = http_client(server->url()).get("/");
  EXPECT_NE(home.body.find("Postřehy z plateb a fintechu."), std::string::npos);
}

TEST_F(author_desk, MyPostsNamesEachPostsCounterpartTheDraftOneIncluded) {
  auto author = account(unique("desk_linker"));
  int english = create(*author, post_body("Instant payments explained"));
  auto czech = post_body("Okamžité platby vysvětleny");
  czech["language"] = "cs";
  czech["published"] = false;  // a draft counterpart: only its author (and admins) may see it
  czech["translationOf"] = english;
  int czech_id = create(*author, czech);

  auto list = author->get("/api/user/posts").json().as_array();
  ASSERT_EQ(list.size(), 2u);
  for (const auto& entry : list) {
    const auto& o = entry.as_object();
    const auto& translations = o.at("translations").as_array();
    ASSERT_EQ(translations.size(), 1u) << boost::json::serialize(o);
    EXPECT_EQ(translations[0].at("id").as_int64(), o.at("id").as_int64() == english ? czech_id : english);
  }
  // Readers of the English post do not learn of the Czech draft.
  http_client reader(server->url());
  auto slug = std::string(list[1].at("slug").as_string());
  EXPECT_TRUE(reader.get("/api/posts/" + slug).json().at("translations").as_array().empty());
}
