// View counting over HTTP against a real database (issue 26): what counts and what does not, the
// visitor hash across a day boundary and across two nodes on one database, the flush on a clean
// stop, and the admin's and the home page's figures.
#include "support/harness.hpp"

#include "blog/core/crypto.hpp"
#include "blog/domain/posts/post.hpp"
#include "blog/domain/render/render.hpp"
#include "blog/store/analytics_store.hpp"
#include "blog/store/posts_store.hpp"

#include <gtest/gtest.h>
#include <pqxx/pqxx>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <thread>

using blog::test::http_client;
using blog::test::test_server;

namespace {

const std::map<std::string, std::string> browser = {
    {"User-Agent",
     "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36"}};

std::map<std::string, std::string> browser_with(std::initializer_list<std::pair<const std::string, std::string>> more) {
  auto h = browser;
  for (const auto& [k, v] : more) h[k] = v;
  return h;
}

// A node that writes its counts only when asked (or when it stops).
void write_rarely(blog::config& c) {
  c.analytics_flush_ms = 3'600'000;
}

std::string scalar(const std::string& url, const std::string& sql) {
  pqxx::connection c(url);
  pqxx::read_transaction tx(c);
  auto r = tx.exec(sql);
  return r.empty() || r[0][0].is_null() ? "" : r[0][0].as<std::string>();
}

int add_post(test_server& server, const std::string& slug, const std::string& language = "en",
             std::optional<int> author = std::nullopt) {
  blog::posts::post p;
  p.title = "Title of " + slug;
  p.slug = slug;
  p.content = "Body of " + slug;
  p.content_html = blog::render::render_post_html(p.content);
  p.category = "Fintech";
  p.cover_image = "/covers/fintech-1.svg";
  p.language = language;
  p.published = true;
  p.published_at_ms = blog::posts::now_ms() - 60'000;
  p.author_id = author;
  int id = blog::store::insert_post(server.ctx().db, p);
  server.ctx().follower->catch_up();
  return id;
}

// A signed-in client of a new approved account; an admin when `admin`. Returns it and its id.
std::pair<std::unique_ptr<http_client>, int> account(test_server& server, const std::string& name, bool admin) {
  auto client = std::make_unique<http_client>(server.url());
  const std::string password = "analytics-1";
  auto res = client->post("/api/register", blog::test::json_body({{"username", name},
                                                                  {"email", name + "@example.com"},
                                                                  {"password", password},
                                                                  {"confirmPassword", password}}));
  EXPECT_EQ(res.status, 201) << res.body;
  server.sql("UPDATE users SET approval_status = 'approved'" + std::string(admin ? ", role = 'admin'" : "") +
             " WHERE username = '" + name + "'");
  int id = std::stoi(scalar(server.database_url(), "SELECT id FROM users WHERE username = '" + name + "'"));
  return {std::move(client), id};
}

struct figures {
  std::int64_t views = 0;
  std::int64_t visitors = 0;
  boost::json::value body;
};

// Today's figures as the admin's analytics answer them (which writes the node's batch first).
figures today(http_client& admin, int days = 7) {
  auto res = admin.get("/api/admin/analytics?days=" + std::to_string(days));
  EXPECT_EQ(res.status, 200) << res.body;
  figures f;
  f.body = res.json();
  const auto& list = f.body.at("days").as_array();
  f.views = list.back().at("views").as_int64();
  f.visitors = list.back().at("visitors").as_int64();
  return f;
}

std::int64_t views_of(const boost::json::value& list, const char* key, const std::string& name) {
  for (const auto& e : list.as_array())
    if (e.at(key).is_string() ? e.at(key).as_string() == name : std::to_string(e.at(key).as_int64()) == name)
      return e.at("views").as_int64();
  return 0;
}

struct analytics : ::testing::Test {
  static test_server* server;
  static std::unique_ptr<http_client> admin;
  static void SetUpTestSuite() {
    server = new test_server("analytics", write_rarely);
    admin = account(*server, "analytics_admin", true).first;
  }
  static void TearDownTestSuite() {
    admin.reset();
    delete server;
  }
};
test_server* analytics::server = nullptr;
std::unique_ptr<http_client> analytics::admin;

}  // namespace

TEST_F(analytics, ServedPagesAndTheBeaconCountAsViewsOfTheirPostAndLanguages) {
  const int id = add_post(*server, "counted-post", "cs");
  auto before = today(*admin);
  http_client reader(server->url());
  for (const char* path : {"/", "/post/counted-post", "/category/Fintech", "/search?q=platby"})
    ASSERT_EQ(reader.get(path, browser).status, 200) << path;
  // The app's own navigation, in Czech.
  auto beacon =
      reader.post("/api/views", R"({"path":"/posts/counted-post"})", browser_with({{"Cookie", "language=cs"}}));
  EXPECT_EQ(beacon.status, 204) << beacon.body;
  EXPECT_TRUE(beacon.header("set-cookie").empty());
  auto after = today(*admin);
  EXPECT_EQ(after.views - before.views, 5);
  EXPECT_EQ(after.visitors - before.visitors, 1) << "one reader: one visitor";
  EXPECT_EQ(views_of(after.body.at("posts"), "id", std::to_string(id)), 2) << after.body;
  EXPECT_EQ(views_of(after.body.at("languages").at("posts"), "language", "cs") -
                views_of(before.body.at("languages").at("posts"), "language", "cs"),
            2);
  EXPECT_EQ(views_of(after.body.at("languages").at("interface"), "language", "cs") -
                views_of(before.body.at("languages").at("interface"), "language", "cs"),
            1);
}

TEST_F(analytics, ReadersAreToldApartByAddressAndUserAgentWithinOneBatch) {
  add_post(*server, "two-readers", "en");
  auto before = today(*admin);
  http_client reader(server->url());
  // A reader new today three times, then another browser from the same address: two visitors.
  auto first = browser_with({{"User-Agent", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Edge/131.0"}});
  auto other = browser_with({{"User-Agent", "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Firefox/131.0"}});
  for (int i = 0; i < 3; ++i) ASSERT_EQ(reader.get("/post/two-readers", first).status, 200);
  ASSERT_EQ(reader.get("/post/two-readers", other).status, 200);
  auto after = today(*admin);
  EXPECT_EQ(after.views - before.views, 4);
  EXPECT_EQ(after.visitors - before.visitors, 2);
  // A later batch of the same day does not make the first reader new again.
  ASSERT_EQ(reader.get("/post/two-readers", first).status, 200);
  auto later = today(*admin);
  EXPECT_EQ(later.views - after.views, 1);
  EXPECT_EQ(later.visitors, after.visitors);
}

TEST_F(analytics, BotsPrefetchesHeadErrorsAndDoNotTrackAreNotCounted) {
  add_post(*server, "uncounted-post");
  auto before = today(*admin);
  http_client reader(server->url());
  EXPECT_EQ(
      reader.get("/", {{"User-Agent", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"}})
          .status,
      200);
  EXPECT_EQ(reader.get("/", {{"User-Agent", ""}}).status, 200);
  EXPECT_EQ(reader.get("/", {{"User-Agent", "facebookexternalhit/1.1"}}).status, 200);
  EXPECT_EQ(reader.get("/post/uncounted-post", browser_with({{"Sec-Purpose", "prefetch"}})).status, 200);
  EXPECT_EQ(reader.get("/post/uncounted-post", browser_with({{"Purpose", "prefetch"}})).status, 200);
  EXPECT_EQ(reader.get("/post/uncounted-post", browser_with({{"DNT", "1"}})).status, 200);
  EXPECT_EQ(reader.get("/post/uncounted-post", browser_with({{"Sec-GPC", "1"}})).status, 200);
  EXPECT_EQ(reader.request("HEAD", "/post/uncounted-post", "", browser).status, 200);
  EXPECT_EQ(reader.get("/post/no-such-post", browser).status, 404);
  EXPECT_EQ(reader.get("/no/such/page", browser).status, 404);
  EXPECT_EQ(reader.get("/profile", browser).status, 200);  // the app's screens are no reading
  EXPECT_EQ(reader.post("/api/views", R"({"path":"/admin"})", browser).status, 204);
  EXPECT_EQ(reader.post("/api/views", R"({"path":"/post/no-such-post"})", browser).status, 204);
  EXPECT_EQ(reader.post("/api/views", R"({"path":"/"})", browser_with({{"DNT", "1"}})).status, 204);
  EXPECT_EQ(reader.post("/api/views", R"({"path":"/"})", {{"User-Agent", "curl/8.5.0"}}).status, 204);
  EXPECT_EQ(reader.post("/api/views", R"({"nothing":1})", browser).status, 400);
  auto after = today(*admin);
  EXPECT_EQ(after.views, before.views) << after.body;
  EXPECT_EQ(after.visitors, before.visitors);
}

TEST_F(analytics, StaffReadingTheirOwnPostIsNotCountedOthersAre) {
  auto [author, author_id] = account(*server, "analytics_author", false);
  const int id = add_post(*server, "authors-own", "en", author_id);
  auto before = today(*admin);
  EXPECT_EQ(author->get("/post/authors-own", browser).status, 200);
  EXPECT_EQ(author->post("/api/views", R"({"path":"/post/authors-own"})", browser).status, 204);
  EXPECT_EQ(today(*admin).views, before.views);
  // The author's other pages, and another signed-in reader of the post, count.
  EXPECT_EQ(author->get("/", browser).status, 200);
  EXPECT_EQ(admin->get("/post/authors-own", browser).status, 200);
  auto after = today(*admin);
  EXPECT_EQ(after.views - before.views, 2);
  EXPECT_EQ(views_of(after.body.at("posts"), "id", std::to_string(id)), 1);
}

TEST_F(analytics, ReferrerDomainsAreCountedButNotTheSiteItself) {
  http_client reader(server->url());
  const auto host = server->url().substr(std::string("http://").size());
  reader.get("/", browser_with({{"Referer", "https://www.news.example/story?id=1"}}));
  reader.get("/", browser_with({{"Referer", "https://news.example/"}}));
  reader.get("/", browser_with({{"Referer", "http://" + host + "/category/Fintech"}}));
  auto after = today(*admin);
  EXPECT_EQ(views_of(after.body.at("referrers"), "domain", "news.example"), 2) << after.body;
  EXPECT_EQ(views_of(after.body.at("referrers"), "domain", "127.0.0.1"), 0) << after.body;
}

TEST_F(analytics, TheSettingTurnsCountingOffAndTheReportIsForAdminsOnly) {
  auto set = [&](bool on) {
    auto res =
        admin->patch("/api/site-settings", std::string(R"({"analyticsEnabled":)") + (on ? "true" : "false") + "}");
    ASSERT_EQ(res.status, 200) << res.body;
    EXPECT_EQ(res.json().at("analyticsEnabled").as_bool(), on);
    // Every node reloads its settings on the NOTIFY.
    for (int i = 0; i < 100 && server->ctx().site.current()->settings.analytics_enabled != on; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
  };
  http_client reader(server->url());
  EXPECT_TRUE(reader.get("/api/site-settings").json().at("analyticsEnabled").as_bool());
  set(false);
  auto before = today(*admin);
  reader.get("/", browser);
  reader.post("/api/views", R"({"path":"/"})", browser);
  EXPECT_EQ(today(*admin).views, before.views);
  EXPECT_FALSE(today(*admin).body.at("enabled").as_bool());
  set(true);
  reader.get("/", browser);
  EXPECT_EQ(today(*admin).views, before.views + 1);

  EXPECT_EQ(reader.get("/api/admin/analytics?days=7").status, 401);
  auto [author, author_id] = account(*server, "analytics_not_admin", false);
  EXPECT_EQ(author->get("/api/admin/analytics?days=7").status, 403);
  for (const char* days : {"7", "30", "90"}) {
    auto res = admin->get(std::string("/api/admin/analytics?days=") + days);
    ASSERT_EQ(res.status, 200);
    EXPECT_EQ(res.json().at("days").as_array().size(), static_cast<std::size_t>(std::stoi(days)));
  }
  EXPECT_EQ(admin->get("/api/admin/analytics?days=8").status, 400);
}

// One visitor is one visitor a day on every node, and a new one the next day; a day's salt and
// visitor hashes go once the day is over.
TEST(analytics_days, AVisitorCountsOnceADayAcrossNodesAndTheSaltGoesWithTheDay) {
  test_server a("analytics_day_a", write_rarely);
  const auto shared_db = a.database_url();
  test_server b("analytics_day_b", [&](blog::config& c) {
    write_rarely(c);
    c.database_url = shared_db;
  });
  auto admin = account(a, "day_admin", true).first;
  using clock = std::chrono::system_clock;
  const auto midnight = std::chrono::floor<std::chrono::days>(clock::now());
  auto at = [&](clock::duration since_midnight) {
    for (auto* s : {&a, &b}) s->ctx().views->set_clock([=] { return midnight + since_midnight; });
  };
  http_client on_a(a.url());
  http_client on_b(b.url());
  const auto other = browser_with({{"User-Agent", "Mozilla/5.0 (Macintosh) Firefox/131.0"}});

  at(-std::chrono::seconds(10));  // yesterday, 23:59:50
  on_a.get("/", browser);
  on_b.get("/", browser);
  b.ctx().views->flush();
  const auto yesterday_salt =
      scalar(shared_db, "SELECT salt FROM analytics_salts WHERE day = (now() AT TIME ZONE 'UTC')::date - 1");
  EXPECT_FALSE(yesterday_salt.empty());

  at(std::chrono::seconds(10));  // today, 00:00:10
  on_a.get("/", browser);
  on_b.get("/", browser);
  on_b.get("/", other);
  b.ctx().views->flush();
  auto f = today(*admin);  // writes a's batches
  const auto& days = f.body.at("days").as_array();
  const auto& yesterday = days.at(days.size() - 2);
  EXPECT_EQ(yesterday.at("views").as_int64(), 2) << f.body;
  EXPECT_EQ(yesterday.at("visitors").as_int64(), 1) << f.body;
  EXPECT_EQ(f.views, 3);
  EXPECT_EQ(f.visitors, 2) << "the same reader is a new visitor on a new day";
  // A day's last batches may come a little after midnight: its salt stays for that long.
  EXPECT_EQ(scalar(shared_db, "SELECT count(*) FROM analytics_salts"), "2");
  const auto today_salt =
      scalar(shared_db, "SELECT salt FROM analytics_salts WHERE day = (now() AT TIME ZONE 'UTC')::date");
  EXPECT_NE(today_salt, yesterday_salt);

  at(std::chrono::minutes(20));
  on_a.get("/", browser);
  f = today(*admin);
  EXPECT_EQ(f.visitors, 2);
  EXPECT_EQ(scalar(shared_db, "SELECT count(*) FROM analytics_salts"), "1");
  EXPECT_EQ(scalar(shared_db, "SELECT count(*) FROM analytics_visitors WHERE day < (now() AT TIME ZONE 'UTC')::date"),
            "0");
  // Nothing stored is the address or the user agent, nor their unsalted hash.
  EXPECT_EQ(scalar(shared_db, "SELECT count(*) FROM analytics_visitors WHERE visitor !~ '^[0-9a-f]{64}$'"), "0");
  const auto unsalted = blog::core::sha256_hex("127.0.0.1\n" + browser.at("User-Agent"));
  EXPECT_EQ(scalar(shared_db, "SELECT count(*) FROM analytics_visitors WHERE visitor = '" + unsalted + "'"), "0");
}

TEST(analytics_stop, ACleanStopWritesWhatWasCounted) {
  auto s = std::make_unique<test_server>("analytics_stop", write_rarely);
  const auto url = s->database_url();
  http_client reader(s->url());
  for (int i = 0; i < 7; ++i) ASSERT_EQ(reader.get("/", browser).status, 200);
  EXPECT_EQ(scalar(url, "SELECT coalesce(sum(views), 0) FROM analytics_days"), "0") << "nothing written yet";
  s.reset();
  EXPECT_EQ(scalar(url, "SELECT sum(views) FROM analytics_days"), "7");
  EXPECT_EQ(scalar(url, "SELECT sum(visitors) FROM analytics_days"), "1");
}

// Days older than 90 become monthly totals; `blogctl analytics purge` deletes everything.
TEST(analytics_retention, OldDaysBecomeMonthsAndBlogctlPurgesAll) {
  auto s = std::make_unique<test_server>("analytics_retention", write_rarely);
  const auto url = s->database_url();
  const int id = add_post(*s, "old-post");
  s->sql(
      "INSERT INTO analytics_days (day, views, visitors) VALUES ('2020-01-05', 10, 4), ('2020-01-20', 5, 2), "
      "(current_date, 3, 1)");
  s->sql("INSERT INTO analytics_post_days (day, post_id, views) VALUES ('2020-01-05', " + std::to_string(id) +
         ", 7), ('2020-01-20', " + std::to_string(id) + ", 1)");
  s->sql("INSERT INTO analytics_referrer_days (day, domain, views) VALUES ('2020-01-05', 'old.example', 3)");
  s->sql("INSERT INTO analytics_salts (day, salt) VALUES ('2020-01-05', 'x')");
  auto today = s->ctx().views->today();
  EXPECT_EQ(blog::store::purge_views(s->ctx().db, today, 90, today), 5u);
  EXPECT_EQ(scalar(url, "SELECT views || '/' || visitors FROM analytics_months WHERE month = '2020-01-01'"), "15/6");
  EXPECT_EQ(scalar(url, "SELECT views FROM analytics_post_months WHERE month = '2020-01-01'"), "8");
  EXPECT_EQ(scalar(url, "SELECT count(*) FROM analytics_days"), "1");
  EXPECT_EQ(scalar(url, "SELECT count(*) FROM analytics_salts"), "0");

  http_client reader(s->url());
  reader.get("/", browser);
  s.reset();  // writes the view
  const char* blogd = std::getenv("BLOG_BLOGD");
  ASSERT_NE(blogd, nullptr);
  const auto blogctl = std::filesystem::path(blogd).parent_path() / "blogctl";
  const std::string command = "BLOG_DATABASE_URL='" + url + "' '" + blogctl.string() + "' analytics purge > /dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0);
  for (const char* table : {"analytics_days", "analytics_post_days", "analytics_months", "analytics_post_months",
                            "analytics_salts", "analytics_visitors", "analytics_referrer_days"})
    EXPECT_EQ(scalar(url, std::string("SELECT count(*) FROM ") + table), "0") << table;
}

// 'Popular this week' on the home page comes from memory: a new ranking is a new cached page.
TEST(analytics_popular, TheHomePageShowsTheWeeksMostReadPostsInTheReadersLanguage) {
  test_server s("analytics_popular", write_rarely);
  add_post(s, "quiet-en");
  add_post(s, "busy-en");
  add_post(s, "busy-cs", "cs");
  http_client reader(s.url());
  auto home = reader.get("/", browser);
  ASSERT_EQ(home.status, 200);
  EXPECT_EQ(home.body.find("data-testid=\"popular-posts\""), std::string::npos) << "nothing read yet";
  for (int i = 0; i < 3; ++i) reader.get("/post/busy-en", browser);
  reader.get("/post/quiet-en", browser);
  for (int i = 0; i < 5; ++i) reader.get("/post/busy-cs", browser);
  s.ctx().views->flush();
  s.ctx().views->refresh_popular();

  auto popular = reader.get("/api/posts/popular?language=en", browser);
  ASSERT_EQ(popular.status, 200);
  const auto popular_body = popular.json();
  const auto& list = popular_body.as_array();
  ASSERT_EQ(list.size(), 2u) << popular.body;
  EXPECT_EQ(list[0].at("slug").as_string(), "busy-en");
  EXPECT_EQ(list[1].at("slug").as_string(), "quiet-en");
  const auto czech_popular = reader.get("/api/posts/popular?language=cs").json();
  EXPECT_EQ(czech_popular.as_array().at(0).at("slug").as_string(), "busy-cs");

  home = reader.get("/", browser);
  const auto section = home.body.find("data-testid=\"popular-posts\"");
  ASSERT_NE(section, std::string::npos) << "the cached page of before is not served";
  EXPECT_NE(home.body.find("Popular this week", section), std::string::npos);
  EXPECT_LT(home.body.find("/post/busy-en", section), home.body.find("/post/quiet-en", section));
  EXPECT_EQ(home.body.find("/post/busy-cs", section), std::string::npos);
  EXPECT_NE(home.body.find("\"popular\":{\"language\":\"en\""), std::string::npos);
  auto czech = reader.get("/", browser_with({{"Cookie", "language=cs; contentLanguage=cs"}}));
  EXPECT_NE(czech.body.find("Tento týden nejčtenější"), std::string::npos);
  EXPECT_NE(czech.body.find("/post/busy-cs", czech.body.find("data-testid=\"popular-posts\"")), std::string::npos);
}

// My posts, Manage Posts and the editor ask for views: an author gets those of their own posts
// only, an admin those of every post; any other account state is refused as writing is.
TEST(analytics_post_views, AuthorsSeeTheirOwnPostsViewsAdminsEveryPostsOthersNone) {
  test_server s("analytics_post_views", write_rarely);
  auto [author, author_id] = account(s, "views_author", false);
  auto [other, other_id] = account(s, "views_other", false);
  auto [admin, admin_id] = account(s, "views_admin", true);
  auto [pending, pending_id] = account(s, "views_pending", false);
  auto [rejected, rejected_id] = account(s, "views_rejected", false);
  s.sql("UPDATE users SET approval_status = 'pending' WHERE id = " + std::to_string(pending_id));
  s.sql("UPDATE users SET approval_status = 'rejected' WHERE id = " + std::to_string(rejected_id));
  const int mine = add_post(s, "views-of-mine", "en", author_id);
  const int theirs = add_post(s, "views-of-theirs", "cs", other_id);
  http_client reader(s.url());
  for (int i = 0; i < 3; ++i) EXPECT_EQ(reader.get("/post/views-of-mine", browser).status, 200);
  EXPECT_EQ(reader.get("/post/views-of-theirs", browser).status, 200);
  s.ctx().views->flush();

  const auto views_in = [](const blog::test::http_response& res) {
    std::map<int, std::int64_t> out;
    const auto body = res.json();
    for (const auto& [id, n] : body.at("views").as_object()) out[std::stoi(std::string(id))] = n.as_int64();
    return out;
  };
  const std::string my_line = "/api/posts/id/" + std::to_string(mine) + "/views";
  const std::string their_line = "/api/posts/id/" + std::to_string(theirs) + "/views";

  auto own = author->get("/api/post-views?days=30");
  ASSERT_EQ(own.status, 200) << own.body;
  EXPECT_EQ(views_in(own), (std::map<int, std::int64_t>{{mine, 3}}));
  auto line = author->get(my_line);
  ASSERT_EQ(line.status, 200) << line.body;
  EXPECT_EQ(line.json().at("views").as_int64(), 3);
  EXPECT_EQ(line.json().at("days").as_array().size(), 30u);
  EXPECT_EQ(line.json().at("days").as_array().back().at("views").as_int64(), 3);
  // Another author's post is as if it did not exist.
  EXPECT_EQ(author->get(their_line).status, 404);
  EXPECT_EQ(views_in(other->get("/api/post-views?days=30")), (std::map<int, std::int64_t>{{theirs, 1}}));
  EXPECT_EQ(other->get(my_line).status, 404);

  EXPECT_EQ(views_in(admin->get("/api/post-views?days=30")), (std::map<int, std::int64_t>{{mine, 3}, {theirs, 1}}));
  EXPECT_TRUE(views_in(admin->get("/api/post-views?days=30&mine=true")).empty());
  EXPECT_EQ(admin->get(their_line).json().at("views").as_int64(), 1);
  EXPECT_EQ(admin->get("/api/post-views?days=12").status, 400);

  http_client anonymous(s.url());
  for (const auto& path : {std::string("/api/post-views?days=30"), my_line}) {
    EXPECT_EQ(anonymous.get(path).status, 401) << path;
    auto res = pending->get(path);
    EXPECT_EQ(res.status, 403) << path;
    EXPECT_EQ(res.json().at("message").as_string(), "Your account is pending approval");
    res = rejected->get(path);
    EXPECT_EQ(res.status, 403) << path;
    EXPECT_EQ(res.json().at("message").as_string(), "Your account request was rejected");
  }
}
