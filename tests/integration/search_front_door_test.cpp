// Search as the front door over HTTP, on a real database and index: facets and the category filter,
// what the language filter hides, best passages, cross-language finds through the glossary, search
// statistics for admins, and related posts.
#include "blog/domain/paging.hpp"
#include "support/harness.hpp"

#include "blog/domain/posts/post.hpp"
#include "blog/domain/render/render.hpp"
#include "blog/store/glossary_store.hpp"
#include "blog/store/posts_store.hpp"
#include "blog/store/search_stats_store.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <set>
#include <thread>

using blog::test::http_client;
using blog::test::test_server;

namespace {

constexpr std::int64_t day = 86'400'000;

struct front_door : ::testing::Test {
  static test_server* server;
  static void SetUpTestSuite() { server = new test_server("front_door"); }
  static void TearDownTestSuite() { delete server; }

  void SetUp() override {
    server->sql("DELETE FROM posts; DELETE FROM custom_categories;");
    server->ctx().follower->catch_up();
  }

  static int add(const std::string& slug, const std::string& language, const std::string& title,
                 const std::string& content, const std::string& category = "Fintech", bool published = true) {
    blog::posts::post p;
    p.title = title;
    p.slug = slug;
    p.content = content;
    p.content_html = blog::render::render_post_html(content);
    p.excerpt = "";
    p.category = category;
    p.cover_image = "/covers/fintech-1.svg";
    p.language = language;
    p.published = published;
    p.published_at_ms = blog::posts::now_ms() - day;
    int id = blog::store::insert_post(server->ctx().db, p);
    server->ctx().follower->catch_up();
    return id;
  }

  static std::set<std::string> slugs(const boost::json::value& body) {
    std::set<std::string> out;
    for (const auto& v : body.at("results").as_array()) out.emplace(v.at("slug").as_string());
    return out;
  }
};

test_server* front_door::server = nullptr;

}  // namespace

TEST_F(front_door, SearchAnswersFacetsOverEveryMatchAndNarrowsByCategory) {
  add("platby-1", "cs", "Platby kartou", "Platby kartou.", "Payments");
  add("platby-2", "cs", "Okamžité platby", "Platby.", "Payments");
  add("platby-3", "cs", "Regulace plateb", "Platby a regulace.", "Regulation");
  http_client client(server->url());

  auto body = client.get("/api/search?q=platby&language=cs&limit=1").json();
  EXPECT_EQ(body.at("results").as_array().size(), 1u);
  EXPECT_EQ(body.at("total").as_int64(), 3);
  EXPECT_EQ(boost::json::serialize(body.at("facets")),
            R"({"categories":[{"name":"Payments","count":2},{"name":"Regulation","count":1}],)"
            R"("languages":[{"language":"cs","count":3}]})");
  EXPECT_EQ(body.at("hiddenByLanguage").as_int64(), 0);
  EXPECT_EQ(body.at("query").as_string(), "platby");
  EXPECT_TRUE(body.at("suggestion").is_string());

  auto narrowed = client.get("/api/search?q=platby&language=cs&category=Regulation").json();
  EXPECT_EQ(slugs(narrowed), (std::set<std::string>{"platby-3"}));
  EXPECT_EQ(narrowed.at("total").as_int64(), 1);
}

TEST_F(front_door, EnglishFilterSaysHowManyCzechPostsItHid) {
  add("bezpecnost-1", "cs", "Bezpečnost plateb", "Bezpečnost karet.");
  add("bezpecnost-2", "cs", "Bezpečnost bank", "Bezpečnost.");
  add("bezpecnost-3", "cs", "Bezpecnost bez hacku", "Bezpecnost.");
  add("bezpecnost-draft", "cs", "Bezpečnost konceptu", "Bezpečnost.", "Fintech", false);
  http_client client(server->url());

  auto en = client.get("/api/search?q=bezpecnost&language=en").json();
  EXPECT_TRUE(en.at("results").as_array().empty());
  EXPECT_EQ(en.at("hiddenByLanguage").as_int64(), 3);
  auto cs = client.get("/api/search?q=bezpecnost&language=cs").json();
  EXPECT_EQ(cs.at("results").as_array().size(), 3u);
  EXPECT_EQ(cs.at("hiddenByLanguage").as_int64(), 0);
}

namespace {

// A signed-in client of a new account; an admin when `admin`.
std::unique_ptr<http_client> account(test_server& server, const std::string& name, bool admin) {
  auto client = std::make_unique<http_client>(server.url());
  const std::string password = "front-door-1";
  auto res = client->post("/api/register", blog::test::json_body({{"username", name},
                                                                  {"email", name + "@example.com"},
                                                                  {"password", password},
                                                                  {"confirmPassword", password}}));
  EXPECT_EQ(res.status, 201) << res.body;
  server.sql("UPDATE users SET approval_status = 'approved'" + std::string(admin ? ", role = 'admin'" : "") +
             " WHERE username = '" + name + "'");
  return client;
}

}  // namespace

TEST_F(front_door, ShippedGlossaryFindsPostsAcrossLanguagesBelowTheQuerysOwn) {
  add("okamzite-cs", "cs", "Okamžité platby v Česku", "Okamžitá platba dorazí do deseti sekund.");
  add("instant-en", "en", "Instant payments in Europe", "An instant payment settles within seconds.");
  add("issuer-cs", "cs", "Vydavatel karty a poplatky", "Každý vydavatel karty účtuje jinak.");
  add("issuer-en", "en", "Card issuers and their fees", "Every card issuer charges differently.");
  http_client client(server->url());

  auto czech = client.get("/api/search?q=okam%C5%BEit%C3%A9%20platby&language=cs").json();
  const auto& found = czech.at("results").as_array();
  ASSERT_EQ(found.size(), 2u) << boost::json::serialize(czech);
  EXPECT_EQ(found.at(0).at("slug").as_string(), "okamzite-cs");
  EXPECT_EQ(found.at(1).at("slug").as_string(), "instant-en");

  auto english = client.get("/api/search?q=card%20issuer&language=cs").json();
  const auto& reverse = english.at("results").as_array();
  ASSERT_EQ(reverse.size(), 2u) << boost::json::serialize(english);
  EXPECT_EQ(reverse.at(0).at("slug").as_string(), "issuer-en");
  EXPECT_EQ(reverse.at(1).at("slug").as_string(), "issuer-cs");
}

TEST_F(front_door, AdminEditsTheGlossaryAndSearchUsesItAtOnce) {
  add("tokenizace-cs", "cs", "Tokenizace v peněženkách", "Tokenizace chrání číslo karty.");
  add("vault-en", "en", "The card vault", "A card vault keeps numbers safe.");
  auto admin = account(*server, blog::test::unique("glossary_admin"), true);
  http_client reader(server->url());
  EXPECT_EQ(slugs(reader.get("/api/search?q=tokenizace&language=cs").json()), (std::set<std::string>{"tokenizace-cs"}));

  auto before = admin->get("/api/admin/glossary").json();
  EXPECT_GE(before.at("terms").as_array().size(), 300u) << "the shipped file is loaded on start";
  const auto version = before.at("version").as_int64();

  auto saved = admin->put("/api/admin/glossary", R"({"terms":[{"en":"card vault","cs":" tokenizace "}]})");
  ASSERT_EQ(saved.status, 200) << saved.body;
  EXPECT_EQ(boost::json::serialize(saved.json().at("terms")), R"([{"en":"card vault","cs":"tokenizace"}])");
  EXPECT_EQ(saved.json().at("version").as_int64(), version + 1);
  EXPECT_EQ(slugs(reader.get("/api/search?q=tokenizace&language=cs").json()),
            (std::set<std::string>{"tokenizace-cs", "vault-en"}));

  // Validation speaks in fields; nothing is saved.
  auto empty_side = admin->put("/api/admin/glossary", R"({"terms":[{"en":"ok","cs":"  "}]})");
  EXPECT_EQ(empty_side.status, 400);
  EXPECT_EQ(boost::json::serialize(empty_side.json().at("fields")),
            R"({"terms[0].cs":"Each term must have 1 to 200 characters"})");
  auto long_side =
      admin->put("/api/admin/glossary", R"({"terms":[{"en":")" + std::string(201, 'x') + R"(","cs":"a"}]})");
  EXPECT_EQ(long_side.status, 400);
  EXPECT_TRUE(long_side.json().at("fields").as_object().contains("terms[0].en"));
  std::string many = R"({"terms":[)";
  for (int i = 0; i < 2001; ++i)
    many += std::string(i ? "," : "") + R"({"en":"e)" + std::to_string(i) + R"(","cs":"c"})";
  many += "]}";
  auto too_many = admin->put("/api/admin/glossary", many);
  EXPECT_EQ(too_many.status, 400);
  EXPECT_TRUE(too_many.json().at("fields").as_object().contains("terms"));
  EXPECT_EQ(admin->get("/api/admin/glossary").json().at("version").as_int64(), version + 1);

  // A change written by another node (its write path, not this node's handler) reaches this
  // node's searches by the commit's NOTIFY, with no search needed to notice it.
  blog::store::replace_glossary(server->ctx().db, {});
  bool heard = false;
  for (int i = 0; i < 50 && !heard; ++i) {
    heard = server->ctx().search->synonyms()->version == version + 2;
    if (!heard) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_TRUE(heard) << "the node did not hear of the glossary change";
  EXPECT_EQ(slugs(reader.get("/api/search?q=tokenizace&language=cs").json()).size(), 1u)
      << "the searcher still uses the old glossary";

  auto user = account(*server, blog::test::unique("glossary_user"), false);
  EXPECT_EQ(user->get("/api/admin/glossary").status, 403);
  EXPECT_EQ(user->put("/api/admin/glossary", R"({"terms":[]})").status, 403);
}

TEST_F(front_door, SearchStatsCountNormalisedQueriesAndThoseWithoutResults) {
  add("stats-1", "en", "Contactless checkout", "Contactless checkout everywhere.");
  http_client reader(server->url());
  const std::string word = blog::test::unique("nothingmatches");
  for (const char* q : {"contactless", "%20%20Contactless%20", "CONTACTLESS"}) {
    ASSERT_EQ(reader.get(std::string("/api/search?language=en&q=") + q).status, 200);
  }
  reader.get("/api/search?language=en&q=" + word);
  // A second page is no new search.
  reader.get("/api/search?language=en&q=" + word + "&cursor=" + blog::domain::offset_cursor(20));
  reader.get("/api/search?language=en&q=");  // nothing typed: not counted

  auto admin = account(*server, blog::test::unique("stats_admin"), true);
  auto stats = admin->get("/api/admin/search-stats?days=7");
  ASSERT_EQ(stats.status, 200) << stats.body;
  const auto body = stats.json();
  const auto count_of = [&](const char* list, const std::string& q) -> std::int64_t {
    for (const auto& e : body.at(list).as_array())
      if (e.at("query").as_string() == q) return e.at("count").as_int64();
    return 0;
  };
  EXPECT_EQ(count_of("top", "contactless"), 3) << stats.body;
  EXPECT_EQ(count_of("top", word), 1) << stats.body;
  EXPECT_EQ(count_of("zeroResults", word), 1) << stats.body;
  EXPECT_EQ(count_of("zeroResults", "contactless"), 0) << stats.body;
  EXPECT_EQ(admin->get("/api/admin/search-stats?days=30").status, 200);
  auto bad = admin->get("/api/admin/search-stats?days=8");
  EXPECT_EQ(bad.status, 400);
  EXPECT_TRUE(bad.json().at("fields").as_object().contains("days"));

  // Nothing but the day and the normalised text is stored, and old days are purged.
  server->sql("INSERT INTO search_query_days (day, query, searches) VALUES (current_date - 91, 'ancient', 5)");
  EXPECT_EQ(blog::store::purge_search_counts(server->ctx().db, 90), 1u);
}

TEST_F(front_door, RelatedPostsAreSimilarVisiblePostsInTheSameLanguage) {
  add("tokens-1", "cs", "Tokenizace karet v mobilních peněženkách",
      "Tokenizace nahrazuje číslo karty tokenem v mobilní peněžence.");
  add("tokens-2", "cs", "Peněženky a tokenizace", "Mobilní peněženka ukládá token místo čísla karty.");
  add("tokens-3", "cs", "Tokenizace v peněženkách budoucnosti", "Tokenizace karet a mobilní peněženky.");
  add("mortgages", "cs", "Hypotéky a úroky", "Úrokové sazby hypoték rostou.");
  add("tokens-en", "en", "Card tokenisation in wallets", "Tokenisation replaces the card number.");
  add("tokens-draft", "cs", "Tokenizace peněženky karty", "Tokenizace karty v peněžence.", "Fintech", false);
  http_client reader(server->url());

  auto res = reader.get("/api/posts/tokens-1/related");
  ASSERT_EQ(res.status, 200) << res.body;
  std::set<std::string> related;
  const auto cards = res.json();
  for (const auto& card : cards.as_array()) {
    related.emplace(card.at("slug").as_string());
    EXPECT_TRUE(card.as_object().contains("title"));  // the card JSON of lists
  }
  EXPECT_EQ(related, (std::set<std::string>{"tokens-2", "tokens-3"}));
  EXPECT_EQ(reader.get("/api/posts/tokens-draft/related").status, 404);
  EXPECT_EQ(reader.get("/api/posts/no-such-post/related").status, 404);
}

TEST_F(front_door, EveryListPagesWithTheSameOpaqueCursor) {
  for (int i = 0; i < 5; ++i)
    add("walrus-" + std::to_string(i), "en", "Walrusword " + std::to_string(i), "<p>walrusword</p>");
  http_client reader(server->url());
  // Search: the next page's cursor in the header and in the answer; following it walks every hit once.
  std::set<std::string> seen;
  std::string cursor;
  int pages = 0;
  do {
    auto res = reader.get("/api/search?language=en&limit=2&q=walrusword" + (cursor.empty() ? "" : "&cursor=" + cursor));
    ASSERT_EQ(res.status, 200) << res.body;
    auto body = res.json();
    for (const auto& slug : slugs(body)) EXPECT_TRUE(seen.insert(slug).second) << slug << " twice";
    cursor = res.header("x-next-cursor");
    const auto& next = body.at("nextCursor");
    EXPECT_EQ(next.is_null() ? std::string() : std::string(next.as_string()), cursor);
    ++pages;
  } while (!cursor.empty() && pages < 10);
  EXPECT_EQ(pages, 3);
  EXPECT_EQ(seen.size(), 5U);
  // Category pages and the posts list speak the same scheme; one list's cursor is not another's.
  auto category = reader.get("/api/categories/Fintech?limit=2");
  auto category_cursor = category.header("x-next-cursor");
  ASSERT_FALSE(category_cursor.empty());
  EXPECT_EQ(reader.get("/api/categories/Fintech?limit=2&cursor=" + category_cursor).status, 200);
  auto list_cursor = reader.get("/api/posts?limit=2").header("x-next-cursor");
  ASSERT_FALSE(list_cursor.empty());
  for (const auto& [path, foreign] :
       {std::pair{"/api/categories/Fintech?cursor=", list_cursor}, std::pair{"/api/posts?cursor=", category_cursor},
        std::pair{"/api/search?q=walrusword&cursor=", list_cursor},
        std::pair{"/api/search?q=walrusword&cursor=", std::string("o2")}}) {
    auto res = reader.get(path + foreign);
    EXPECT_EQ(res.status, 400) << path << foreign;
    EXPECT_EQ(res.json().at("message").as_string(), "Invalid cursor");
  }
}

TEST_F(front_door, EveryListRefusesAPageOfNothingAlike) {
  http_client reader(server->url());
  for (const std::string list : {"/api/search?q=walrusword&", "/api/posts?", "/api/categories/Fintech?"}) {
    for (const std::string limit : {"0", "-1", "many"}) {
      auto res = reader.get(list + "limit=" + limit);
      EXPECT_EQ(res.status, 400) << list << limit;
      const std::string message(res.json().at("message").as_string());
      EXPECT_TRUE(message.starts_with("limit must be a whole number from 1 to ")) << list << limit << ": " << message;
    }
    EXPECT_EQ(reader.get(list + "limit=1").status, 200) << list;
  }
}
