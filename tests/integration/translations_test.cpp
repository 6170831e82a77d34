// Linked translations over HTTP (issue 13): the symmetric link and its rules, what each caller sees
// of it, Czech plus English lists and search showing a story once, and the pages and sitemap pairing.
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

struct translations : ::testing::Test {
  static test_server* server;
  static void SetUpTestSuite() { server = new test_server("translations"); }
  static void TearDownTestSuite() { delete server; }

  static std::unique_ptr<http_client> account(const std::string& role = "user") {
    auto name = unique("tr_user");
    auto client = std::make_unique<http_client>(server->url());
    const std::string password = "translations-test-1";
    auto res = client->post("/api/register", json({{"username", name},
                                                   {"email", name + "@example.com"},
                                                   {"password", password},
                                                   {"confirmPassword", password}}));
    EXPECT_EQ(res.status, 201) << res.body;
    server->sql("UPDATE users SET approval_status = 'approved', role = '" + role + "' WHERE username = '" + name + "'");
    return client;
  }

  // Creates a post and returns {id, slug}.
  static std::pair<int, std::string> create(http_client& author, const std::string& language,
                                            boost::json::object extra = {}) {
    auto title = unique(language == "cs" ? "Okamžité platby " : "Instant payments ");
    boost::json::object body{{"title", title},
                             {"content", "<p>Settlement in seconds across the whole zebracorn network</p>"},
                             {"excerpt", "Excerpt " + title},
                             {"category", "Fintech"},
                             {"language", language}};
    for (auto& [k, v] : extra) body[k] = v;
    auto res = author.post("/api/posts", json(body));
    EXPECT_EQ(res.status, 201) << res.body;
    if (res.status != 201) return {0, ""};
    auto o = res.json().as_object();
    return {static_cast<int>(o.at("id").as_int64()), std::string(o.at("slug").as_string())};
  }

  static boost::json::array translations_of(http_client& client, const std::string& slug) {
    auto res = client.get("/api/posts/" + slug);
    EXPECT_EQ(res.status, 200) << res.body;
    return res.json().at("translations").as_array();
  }

  static std::string id_list(const boost::json::array& cards) {
    std::string ids;
    for (const auto& c : cards) ids += std::to_string(c.at("id").as_int64()) + ",";
    return ids;
  }
};

test_server* translations::server = nullptr;

}  // namespace

TEST_F(translations, CreatingATranslationLinksBothPostsBothWays) {
  auto author = account();
  auto [en_id, en_slug] = create(*author, "en");
  auto [cs_id, cs_slug] = create(*author, "cs", {{"translationOf", en_id}});
  http_client reader(server->url());
  auto from_en = translations_of(reader, en_slug);
  ASSERT_EQ(from_en.size(), 1u);
  EXPECT_EQ(from_en[0].at("id").as_int64(), cs_id);
  EXPECT_EQ(from_en[0].at("slug").as_string(), cs_slug);
  EXPECT_EQ(from_en[0].at("language").as_string(), "cs");
  EXPECT_FALSE(from_en[0].at("title").as_string().empty());
  auto from_cs = translations_of(reader, cs_slug);
  ASSERT_EQ(from_cs.size(), 1u);
  EXPECT_EQ(from_cs[0].at("id").as_int64(), en_id);
  // The English list carries the link on its card too.
  auto list = reader.get("/api/posts?language=en&limit=100").json().as_array();
  bool found = false;
  for (const auto& card : list)
    if (card.at("id").as_int64() == en_id) {
      found = true;
      ASSERT_EQ(card.at("translations").as_array().size(), 1u);
      EXPECT_EQ(card.at("translations").as_array()[0].at("slug").as_string(), cs_slug);
    }
  EXPECT_TRUE(found);
}

TEST_F(translations, EitherSideUnlinksAndTheOtherSideForgetsToo) {
  auto author = account();
  auto [en_id, en_slug] = create(*author, "en");
  auto [cs_id, cs_slug] = create(*author, "cs", {{"translationOf", en_id}});
  auto res = author->put("/api/posts/id/" + std::to_string(en_id), json({{"translationOf", nullptr}}));
  ASSERT_EQ(res.status, 200) << res.body;
  http_client reader(server->url());
  EXPECT_TRUE(translations_of(reader, en_slug).empty());
  EXPECT_TRUE(translations_of(reader, cs_slug).empty());
  // Linked again from the other side, by update.
  res = author->put("/api/posts/id/" + std::to_string(cs_id), json({{"translationOf", en_id}}));
  ASSERT_EQ(res.status, 200) << res.body;
  EXPECT_EQ(translations_of(reader, en_slug).size(), 1u);
}

TEST_F(translations, DeletingOneSideLeavesTheOtherIntactAndUnlinked) {
  auto author = account();
  auto admin = account("admin");
  auto [en_id, en_slug] = create(*author, "en");
  auto [cs_id, cs_slug] = create(*author, "cs", {{"translationOf", en_id}});
  ASSERT_EQ(admin->del("/api/admin/posts/" + std::to_string(cs_id)).status, 200);
  http_client reader(server->url());
  EXPECT_EQ(reader.get("/api/posts/" + cs_slug).status, 404);
  EXPECT_TRUE(translations_of(reader, en_slug).empty());
}

TEST_F(translations, BadLinksAreRefusedWithAClearMessage) {
  auto author = account();
  auto other = account();
  auto [en_id, en_slug] = create(*author, "en");
  auto [en2_id, en2_slug] = create(*author, "en");
  // Same language.
  auto res = author->put("/api/posts/id/" + std::to_string(en2_id), json({{"translationOf", en_id}}));
  EXPECT_EQ(res.status, 400) << res.body;
  EXPECT_EQ(res.json().at("fields").at("translationOf").as_string(), "A translation must be in the other language");
  // Missing.
  res = author->put("/api/posts/id/" + std::to_string(en2_id), json({{"translationOf", 999999}}));
  EXPECT_EQ(res.status, 404) << res.body;
  // Not an id.
  res = author->put("/api/posts/id/" + std::to_string(en2_id), json({{"translationOf", "abc"}}));
  EXPECT_EQ(res.status, 400) << res.body;
  // Someone else's draft is invisible to this author: 404, as if it did not exist.
  auto [draft_id, draft_slug] = create(*other, "cs", {{"published", false}});
  res = author->put("/api/posts/id/" + std::to_string(en_id), json({{"translationOf", draft_id}}));
  EXPECT_EQ(res.status, 404) << res.body;
  // Someone else's published post: visible but not theirs to link.
  auto [foreign_id, foreign_slug] = create(*other, "cs");
  res = author->put("/api/posts/id/" + std::to_string(en_id), json({{"translationOf", foreign_id}}));
  EXPECT_EQ(res.status, 403) << res.body;
  // Already linked to another post.
  auto [cs_id, cs_slug] = create(*author, "cs", {{"translationOf", en_id}});
  res = author->post("/api/posts", json({{"title", unique("Druhý překlad ")},
                                         {"content", "<p>text</p>"},
                                         {"category", "Fintech"},
                                         {"language", "cs"},
                                         {"translationOf", en_id}}));
  EXPECT_EQ(res.status, 400) << res.body;
  EXPECT_EQ(res.json().at("fields").at("translationOf").as_string(),
            "That post is already linked to another translation");
  // A refused link writes nothing: the refused create left no post behind, the pair is intact.
  EXPECT_EQ(translations_of(*author, en_slug).at(0).at("id").as_int64(), cs_id);
  // A linked post cannot move into its counterpart's language.
  res = author->put("/api/posts/id/" + std::to_string(cs_id), json({{"language", "en"}}));
  EXPECT_EQ(res.status, 400) << res.body;
}

TEST_F(translations, ReadersSeeOnlyACounterpartTheyMaySee) {
  auto author = account();
  auto [en_id, en_slug] = create(*author, "en");
  auto [cs_id, cs_slug] = create(*author, "cs", {{"translationOf", en_id}, {"published", false}});
  http_client reader(server->url());
  EXPECT_TRUE(translations_of(reader, en_slug).empty());
  auto for_author = translations_of(*author, en_slug);
  ASSERT_EQ(for_author.size(), 1u);
  EXPECT_EQ(for_author[0].at("id").as_int64(), cs_id);
  auto stranger = account();
  EXPECT_TRUE(translations_of(*stranger, en_slug).empty());
  // The draft's own page (author only) names its visible English counterpart.
  EXPECT_EQ(translations_of(*author, cs_slug).size(), 1u);
}

TEST_F(translations, CzechPlusEnglishListsAndSearchShowAStoryOnceInCzech) {
  auto author = account();
  auto word = unique("quokkapay");
  auto content = boost::json::object{{"content", "<p>The " + word + " scheme settles instantly</p>"}};
  auto [en_id, en_slug] = create(*author, "en", content);
  auto with_link = content;
  with_link["translationOf"] = en_id;
  auto [cs_id, cs_slug] = create(*author, "cs", with_link);
  auto [lone_id, lone_slug] = create(*author, "en", content);
  http_client reader(server->url());
  auto cs_list = id_list(reader.get("/api/posts?language=cs&limit=100").json().as_array());
  EXPECT_NE(cs_list.find(std::to_string(cs_id) + ","), std::string::npos) << cs_list;
  EXPECT_EQ(cs_list.find(std::to_string(en_id) + ","), std::string::npos) << cs_list;
  EXPECT_NE(cs_list.find(std::to_string(lone_id) + ","), std::string::npos) << cs_list;
  // The pre-serialised first page says the same.
  auto first_page = id_list(reader.get("/api/posts?language=cs").json().as_array());
  EXPECT_EQ(first_page.find(std::to_string(en_id) + ","), std::string::npos) << first_page;
  // English only still lists the English version.
  auto en_list = id_list(reader.get("/api/posts?language=en&limit=100").json().as_array());
  EXPECT_NE(en_list.find(std::to_string(en_id) + ","), std::string::npos) << en_list;
  auto found = reader.get("/api/search?q=" + word + "&language=cs").json();
  auto hits = id_list(found.at("results").as_array());
  EXPECT_NE(hits.find(std::to_string(cs_id) + ","), std::string::npos) << hits;
  EXPECT_EQ(hits.find(std::to_string(en_id) + ","), std::string::npos) << hits;
  EXPECT_NE(hits.find(std::to_string(lone_id) + ","), std::string::npos) << hits;
  EXPECT_EQ(found.at("results").as_array().size(), 2u) << hits;
}

TEST_F(translations, APostPageAndTheSitemapPairTheTwoLanguages) {
  auto author = account();
  auto [en_id, en_slug] = create(*author, "en");
  auto [cs_id, cs_slug] = create(*author, "cs", {{"translationOf", en_id}});
  http_client reader(server->url());
  auto page = reader.get("/post/" + cs_slug);
  ASSERT_EQ(page.status, 200);
  auto base = server->url();
  EXPECT_NE(page.body.find("hreflang=\"cs\" href=\"" + base + "/post/" + cs_slug + "\""), std::string::npos);
  EXPECT_NE(page.body.find("hreflang=\"en\" href=\"" + base + "/post/" + en_slug + "\""), std::string::npos);
  EXPECT_NE(page.body.find("hreflang=\"x-default\" href=\"" + base + "/post/" + en_slug + "\""), std::string::npos);
  EXPECT_NE(page.body.find("data-testid=\"post-translation-link\""), std::string::npos);
  EXPECT_NE(page.body.find("Read in English"), std::string::npos);
  auto sitemap = reader.get("/sitemap.xml").body;
  auto en_url = "<loc>" + base + "/post/" + en_slug + "</loc>";
  auto at = sitemap.find(en_url);
  ASSERT_NE(at, std::string::npos) << sitemap;
  auto entry = sitemap.substr(at, sitemap.find("</url>", at) - at);
  EXPECT_NE(entry.find("<xhtml:link rel=\"alternate\" hreflang=\"cs\" href=\"" + base + "/post/" + cs_slug + "\"/>"),
            std::string::npos)
      << entry;
  EXPECT_NE(sitemap.find("<loc>" + base + "/post/" + cs_slug + "</loc>"), std::string::npos);
}

TEST_F(translations, AScheduledCzechVersionReplacesTheEnglishOneWhenItsTimeComes) {
  auto author = account();
  auto [en_id, en_slug] = create(*author, "en");
  auto soon = blog::posts::iso_time(blog::posts::now_ms() + 1500);
  auto [cs_id, cs_slug] = create(*author, "cs", {{"translationOf", en_id}, {"publishedAt", soon}});
  http_client reader(server->url());
  auto before = id_list(reader.get("/api/posts?language=cs&limit=100").json().as_array());
  EXPECT_NE(before.find(std::to_string(en_id) + ","), std::string::npos) << before;
  EXPECT_TRUE(translations_of(reader, en_slug).empty());
  std::this_thread::sleep_for(std::chrono::milliseconds(1800));
  auto after = id_list(reader.get("/api/posts?language=cs&limit=100").json().as_array());
  EXPECT_EQ(after.find(std::to_string(en_id) + ","), std::string::npos) << after;
  EXPECT_NE(after.find(std::to_string(cs_id) + ","), std::string::npos) << after;
  EXPECT_EQ(translations_of(reader, en_slug).size(), 1u);
}
