// blogctl import of WordPress exports (issue 23), run as the built binary against a real database:
// every mapping rule on fixture files of our own (tests/fixtures/import), and every refusal.
#include "support/harness.hpp"
#include "support/loopback_http.hpp"

#include "blog/store/migrations.hpp"
#include "blog/store/newsletter_store.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>
#include <pqxx/pqxx>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

using blog::test::blogctl;
using blog::test::http_client;
using blog::test::shell_quoted;
using blog::test::test_server;

namespace {

std::filesystem::path fixture(const std::string& name) {
  const char* source = std::getenv("BLOG_SOURCE_DIR");
  if (!source) throw std::runtime_error("BLOG_SOURCE_DIR is not set: run the tests through ctest");
  return std::filesystem::path(source) / "tests" / "fixtures" / "import" / name;
}

std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A WordPress export (WXR 1.2) of the site https://old.example holding `items`.
std::string wxr_of(const std::string& items) {
  return "<?xml version=\"1.0\"?>\n<rss version=\"2.0\" xmlns:wp=\"http://wordpress.org/export/1.2/\" "
         "xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\">"
         "<channel><wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>https://old.example</wp:base_site_url>\n" +
         items + "</channel></rss>\n";
}

// One value of a query, as text ("" for NULL or no row).
std::string sql_value(const test_server& server, const std::string& sql) {
  pqxx::connection c(server.database_url());
  pqxx::read_transaction tx(c);
  auto rows = tx.exec(sql);
  if (rows.empty() || rows[0][0].is_null()) return "";
  return rows[0][0].as<std::string>();
}

int sql_count(const test_server& server, const std::string& sql) {
  return std::stoi(sql_value(server, sql));
}

// An old site still online, on loopback: GET of a path it holds answers 200 with its bytes, any
// other 404. It remembers every path asked for.
class old_site {
 public:
  explicit old_site(std::map<std::string, std::string> files)
      : files_(std::move(files)), http_([this](const blog::test::loopback_http::request& r) {
          auto file = files_.find(r.path);
          if (file == files_.end()) return blog::test::loopback_http::answer{404, "", "text/plain"};
          return blog::test::loopback_http::answer{200, file->second, "image/png"};
        }) {}

  std::string url() const { return http_.url(); }
  std::uint16_t port() const { return http_.port(); }
  std::vector<std::string> asked() {
    std::vector<std::string> paths;
    for (const auto& r : http_.requests()) paths.push_back(r.path);
    return paths;
  }

 private:
  const std::map<std::string, std::string> files_;  // before http_, whose thread reads it
  blog::test::loopback_http http_;
};

// A blog with an administrator and Bob, whose address the export's "bob-old" has.
class wordpress_import : public ::testing::Test {
 protected:
  void SetUp() override {
    server = std::make_unique<test_server>(blog::test::unique("import"));
    server->sql(
        "INSERT INTO users (username, email, password, role, approval_status, email_verified) VALUES "
        "('admin', 'admin@paytech.local', 'not-a-hash', 'admin', 'approved', true), "
        "('bob', 'bob@paytech.local', 'not-a-hash', 'user', 'approved', true)");
  }

  blog::test::blogctl_result import(const std::filesystem::path& file, const std::string& options = "") {
    auto run = blogctl(server->database_url(), "import " + shell_quoted(file) + " " + options);
    server->ctx().follower->catch_up();
    return run;
  }

  // The report's number for a line ("posts created"); -1 when the line is missing.
  static int reported(const std::string& output, const std::string& line) {
    std::smatch m;
    if (!std::regex_search(output, m, std::regex("\\n  " + line + ": ([0-9]+)\\n"))) return -1;
    return std::stoi(m[1]);
  }

  boost::json::object post(const std::string& slug) {
    http_client reader(server->url());
    auto res = reader.get("/api/posts/" + slug);
    EXPECT_EQ(res.status, 200) << slug << ": " << res.body;
    return res.status == 200 ? res.json().as_object() : boost::json::object{};
  }

  int posts() { return sql_count(*server, "SELECT count(*) FROM posts"); }

  std::unique_ptr<test_server> server;
};

TEST_F(wordpress_import, APolylangExportBecomesPostsAndTheReportCountsEachKindOfItem) {
  auto run = import(fixture("polylang.wxr"));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("WordPress export (WXR 1.2)"), std::string::npos) << run.output;
  // 10, 11, 12, 13, 14, 15, 16, 18, 19, 20; not 17 (German) nor 25 (trash).
  EXPECT_EQ(reported(run.output, "posts created"), 10) << run.output;
  EXPECT_EQ(reported(run.output, "posts skipped"), 2) << run.output;
  EXPECT_NE(run.output.find("item 17: language de"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("item 25: status trash"), std::string::npos) << run.output;
  EXPECT_EQ(reported(run.output, "not imported, in language de"), 1) << run.output;
  EXPECT_EQ(reported(run.output, "not imported, pages"), 1) << run.output;
  EXPECT_EQ(reported(run.output, "not imported, menu items"), 1) << run.output;
  EXPECT_EQ(reported(run.output, "not imported, comments"), 2) << run.output;
  EXPECT_EQ(reported(run.output, "not imported, tags"), 1) << run.output;
  EXPECT_EQ(reported(run.output, "not imported, attachments without a post"), 1) << run.output;
  EXPECT_EQ(reported(run.output, "translation pairs linked"), 2) << run.output;
  EXPECT_EQ(reported(run.output, "categories created"), 1) << run.output;
  EXPECT_EQ(posts(), 10);
}

TEST_F(wordpress_import, ImportedPostsAreNeverSentAsANewsletterNowNorWhenTheyBecomeVisible) {
  server->sql(
      "INSERT INTO newsletter_subscribers (email, language, state, unsubscribe_token, confirmed_at) VALUES "
      "('reader@example.com', 'en', 'active', 'token-1', now()), ('ctenar@example.com', 'cs', 'active', 'token-2', "
      "now())");
  auto run = import(fixture("polylang.wxr"));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  ASSERT_GT(sql_count(*server, "SELECT count(*) FROM posts WHERE published AND published_at <= now()"), 0);
  // What the sender's pass does when it looks for stories to send: nothing to queue.
  pqxx::connection c(server->database_url());
  EXPECT_EQ(blog::store::queue_due_newsletters(c), 0);
  EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM mail_outbox WHERE kind = 'newsletter'"), 0);
  // Neither the scheduled one nor the drafts wait to be sent once visible.
  EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM posts WHERE newsletter <> 'none'"), 0);
}

TEST_F(wordpress_import, EachFieldIsMappedTitleSlugContentExcerptCategoryCoverDateAndAuthor) {
  ASSERT_EQ(import(fixture("polylang.wxr")).exit_code, 0);
  auto hello = post("hello-world");
  EXPECT_EQ(hello.at("title").as_string(), "Hello & welcome to \xE2\x80\x9Cpayments\xE2\x80\x9D");
  EXPECT_EQ(hello.at("excerpt").as_string(), "A short excerpt written by hand.");
  EXPECT_EQ(hello.at("category").as_string(), "Digital Payments");  // the first category by name
  EXPECT_EQ(hello.at("coverImage").as_string(), "https://old.example.com/wp-content/uploads/2024/03/card.png");
  EXPECT_EQ(hello.at("language").as_string(), "en");
  EXPECT_EQ(hello.at("publishedAt").as_string(), "2024-03-04T09:30:00.000Z");
  EXPECT_EQ(hello.at("authorName").as_string(), "alice");
  const std::string html(hello.at("contentHtml").as_string());
  EXPECT_NE(html.find("<p>First paragraph of the post.</p>"), std::string::npos) << html;
  EXPECT_NE(html.find("<figure><img src=\"https://old.example.com/wp-content/uploads/2024/03/card.png\""),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<figcaption>A card on a terminal</figcaption></figure>"), std::string::npos) << html;
  EXPECT_NE(html.find("<p>Plain text paragraph with marked words inside.<br>Second line of it.</p>"), std::string::npos)
      << html;
  EXPECT_NE(html.find("An escaped [gallery] stays as text."), std::string::npos) << html;
  for (const char* gone : {"wp:paragraph", "more", "[gallery ids", "[highlight", "[caption"})
    EXPECT_EQ(html.find(gone), std::string::npos) << gone << " in " << html;

  // A percent-encoded Czech slug, decoded and transliterated; a category not ours, created.
  auto czech = post("zluty-kun");
  EXPECT_EQ(czech.at("category").as_string(), "Travel Notes");
  EXPECT_EQ(czech.at("language").as_string(), "cs");
  // Without an excerpt of its own, the post's text gives one as ours does.
  EXPECT_EQ(czech.at("excerpt").as_string(),
            "\xC5\xBDlu\xC5\xA5ou\xC4\x8Dk\xC3\xBD k\xC5\xAF\xC5\x88 plat\xC3\xAD kartou.");
  http_client reader(server->url());
  auto categories = reader.get("/api/categories").body;
  EXPECT_NE(categories.find("Travel Notes"), std::string::npos) << categories;
}

TEST_F(wordpress_import, StatusesMapToPublishedScheduledAndDraftsAndAPasswordIsReported) {
  auto run = import(fixture("polylang.wxr"));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  auto state = [&](const std::string& slug) {
    return sql_value(
        *server,
        "SELECT published::text || ' ' || (published_at > now())::text FROM posts WHERE slug = '" + slug + "'");
  };
  EXPECT_EQ(state("hello-world"), "true false");
  EXPECT_EQ(state("coming-soon"), "true true");  // scheduled at its date
  EXPECT_EQ(sql_value(*server,
                      "SELECT to_char(published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') FROM posts "
                      "WHERE slug = 'coming-soon'"),
            "2099-01-01 08:00");
  for (const char* draft : {"a-draft", "pending-review", "private-notes", "members-only"})
    EXPECT_EQ(state(draft).substr(0, 5), "false") << draft;
  EXPECT_NE(run.output.find("item 16 (line"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("password-protected, imported unpublished"), std::string::npos) << run.output;
  // Readers do not see the drafts or the scheduled post.
  http_client reader(server->url());
  EXPECT_EQ(reader.get("/api/posts/a-draft").status, 404);
  EXPECT_EQ(reader.get("/api/posts/coming-soon").status, 404);
}

TEST_F(wordpress_import, PolylangGroupsBecomeLinkedPairsWhateverTheOrderAndASharedSlugGetsALanguageSuffix) {
  auto run = import(fixture("polylang.wxr"));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  // 11 (Czech) comes before 10 in the file; 19 names no group, only the term's map holds it.
  auto hello = post("hello-world");
  ASSERT_EQ(hello.at("translations").as_array().size(), 1u) << hello;
  EXPECT_EQ(hello.at("translations").as_array()[0].at("slug").as_string(), "platby-v-cesku");
  auto czech = post("platby-v-cesku");
  ASSERT_EQ(czech.at("translations").as_array().size(), 1u);
  EXPECT_EQ(czech.at("translations").as_array()[0].at("slug").as_string(), "hello-world");

  auto shared = post("open-banking-cs");
  EXPECT_EQ(shared.at("language").as_string(), "cs");
  ASSERT_EQ(shared.at("translations").as_array().size(), 1u);
  EXPECT_EQ(shared.at("translations").as_array()[0].at("slug").as_string(), "open-banking");
  EXPECT_NE(run.output.find("the slug open-banking is taken, imported as open-banking-cs"), std::string::npos)
      << run.output;
}

TEST_F(wordpress_import, APolylangLanguageOfAnotherCodeIsReadByItsLocale) {
  // The site calls Czech "cz"; its language term says cs_CZ, and groups are keyed by "cz" too.
  auto term = [](const std::string& taxonomy, const std::string& slug, const std::string& description) {
    return "<wp:term><wp:term_taxonomy>" + taxonomy + "</wp:term_taxonomy><wp:term_slug>" + slug +
           "</wp:term_slug><wp:term_description><![CDATA[" + description + "]]></wp:term_description></wp:term>";
  };
  auto item = [](int id, const std::string& language) {
    return "<item><title>Post " + std::to_string(id) + "</title><content:encoded>Text</content:encoded><wp:post_id>" +
           std::to_string(id) + "</wp:post_id><wp:post_name>post-" + std::to_string(id) +
           "</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>"
           "<category domain=\"language\" nicename=\"" +
           language + "\">" + language + "</category></item>";
  };
  blog::test::temp_dir dir;
  std::ofstream(dir.path / "cz.wxr", std::ios::binary)
      << wxr_of(term("language", "en", R"(a:2:{s:6:"locale";s:5:"en_US";s:3:"rtl";i:0;})") +
                term("language", "cz", R"(a:2:{s:6:"locale";s:5:"cs_CZ";s:3:"rtl";i:0;})") +
                term("language", "de", R"(a:2:{s:6:"locale";s:5:"de_DE";s:3:"rtl";i:0;})") +
                term("post_translations", "pll_1", R"(a:2:{s:2:"en";i:1;s:2:"cz";i:2;})") + item(1, "en") +
                item(2, "cz") + item(3, "de"));
  auto run = import(dir.path / "cz.wxr");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(reported(run.output, "posts created"), 2) << run.output;
  EXPECT_NE(run.output.find("item 3: language de"), std::string::npos) << run.output;
  EXPECT_EQ(sql_value(*server, "SELECT language FROM posts WHERE slug = 'post-2'"), "cs");
  EXPECT_EQ(reported(run.output, "translation pairs linked"), 1) << run.output;
}

TEST_F(wordpress_import, ASlugTakenByAnUnrelatedPostIsNeverOverwritten) {
  server->sql(
      "INSERT INTO posts (title, slug, content, content_html, category, language) "
      "VALUES ('Ours', 'hello-world', 'our text', '<p>our text</p>', 'Fintech', 'en')");
  auto run = import(fixture("polylang.wxr"));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(post("hello-world").at("title").as_string(), "Ours");
  EXPECT_EQ(post("hello-world-en").at("excerpt").as_string(), "A short excerpt written by hand.");
  EXPECT_NE(run.output.find("the slug hello-world is taken, imported as hello-world-en"), std::string::npos)
      << run.output;
}

TEST_F(wordpress_import, ImportingAgainChangesNothingAndANewerExportUpdatesWhatChanged) {
  ASSERT_EQ(import(fixture("polylang.wxr")).exit_code, 0);
  const auto changes = sql_value(*server, "SELECT max(seq) FROM post_changes");
  auto again = import(fixture("polylang.wxr"));
  ASSERT_EQ(again.exit_code, 0) << again.output;
  EXPECT_EQ(reported(again.output, "posts created"), 0) << again.output;
  EXPECT_EQ(reported(again.output, "posts unchanged"), 10) << again.output;
  EXPECT_EQ(reported(again.output, "translation pairs linked"), 0) << again.output;
  EXPECT_EQ(reported(again.output, "categories created"), 0) << again.output;
  EXPECT_EQ(reported(again.output, "redirects added"), 0) << again.output;
  EXPECT_EQ(posts(), 10);
  EXPECT_EQ(sql_value(*server, "SELECT max(seq) FROM post_changes"), changes);

  blog::test::temp_dir dir;
  auto newer = read_text(fixture("polylang.wxr"));
  newer.replace(newer.find("First paragraph of the post."), 28, "First paragraph, revised.");
  std::ofstream(dir.path / "newer.wxr") << newer;
  auto update = import(dir.path / "newer.wxr");
  ASSERT_EQ(update.exit_code, 0) << update.output;
  EXPECT_EQ(reported(update.output, "posts updated"), 1) << update.output;
  EXPECT_EQ(reported(update.output, "posts unchanged"), 9) << update.output;
  EXPECT_EQ(posts(), 10);
  auto hello = post("hello-world");
  EXPECT_NE(std::string(hello.at("contentHtml").as_string()).find("First paragraph, revised."), std::string::npos);
  EXPECT_EQ(hello.at("translations").as_array().size(), 1u);
}

// Fault injection: the database refuses to remember one imported item (as if the process died
// between writing the post and remembering it). The post goes with it, so the next run imports it
// once, and never a second copy under a suffixed slug.
TEST_F(wordpress_import, APostAndTheMemoryOfItsImportAreWrittenTogether) {
  server->sql(
      "CREATE FUNCTION refuse_item_12() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
      "IF NEW.source_id = '12' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$; "
      "CREATE TRIGGER refuse_item_12 BEFORE INSERT ON import_items FOR EACH ROW EXECUTE FUNCTION refuse_item_12()");
  auto first = import(fixture("polylang.wxr"));
  server->sql("DROP TRIGGER refuse_item_12 ON import_items; DROP FUNCTION refuse_item_12()");
  EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM import_items WHERE source_id = '12'"), 0) << first.output;
  const auto after_failure = posts();
  EXPECT_LT(after_failure, 10) << "item 12's post was not left behind: " << first.output;

  auto again = import(fixture("polylang.wxr"));
  ASSERT_EQ(again.exit_code, 0) << again.output;
  EXPECT_EQ(posts(), 10) << again.output;
  EXPECT_EQ(sql_count(*server,
                      "SELECT count(*) FROM (SELECT title, language FROM posts GROUP BY 1, 2 "
                      "HAVING count(*) > 1) twice"),
            0);
  EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM import_items"), 10);
}

TEST_F(wordpress_import, ADryRunReportsEverythingAndWritesNothing) {
  auto run = import(fixture("polylang.wxr"), "--dry-run");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("Dry run (nothing written)"), std::string::npos) << run.output;
  EXPECT_EQ(reported(run.output, "posts created"), 10) << run.output;
  EXPECT_EQ(reported(run.output, "translation pairs linked"), 2) << run.output;
  EXPECT_EQ(posts(), 0);
  EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM users"), 2);
  EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM custom_categories"), 0);
  EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM import_items"), 0);
  EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM redirects"), 0);
}

TEST_F(wordpress_import, TwoImportsNeverRunAtOnceFromTheCommandLineEither) {
  // Another import holds the turn (its lock is PostgreSQL's: any process, any node).
  pqxx::connection other(server->database_url());
  pqxx::nontransaction holder(other);
  holder.exec("SELECT pg_advisory_lock(1651076464)");  // "bimp"
  auto refused = import(fixture("polylang.wxr"));
  EXPECT_EQ(refused.exit_code, 1) << refused.output;
  EXPECT_NE(refused.output.find("Another import is running on this blog"), std::string::npos) << refused.output;
  EXPECT_EQ(posts(), 0);
  EXPECT_EQ(import(fixture("polylang.wxr"), "--dry-run").exit_code, 0) << "a dry run writes nothing: no turn needed";
  holder.exec("SELECT pg_advisory_unlock(1651076464)");
  EXPECT_EQ(import(fixture("polylang.wxr")).exit_code, 0);
  EXPECT_EQ(posts(), 10);
}

TEST_F(wordpress_import, ADryRunNamesTheSlugsTheImportWillRenameAndDatesThatAreNoDates) {
  server->sql(
      "INSERT INTO posts (title, slug, content, content_html, excerpt, category, language, published) VALUES "
      "('Ours', 'hello-world', 'x', '<p>x</p>', 'x', 'Fintech', 'en', true)");
  const std::string renamed = "the slug hello-world is taken, imported as hello-world-en";
  auto dry = import(fixture("polylang.wxr"), "--dry-run");
  ASSERT_EQ(dry.exit_code, 0) << dry.output;
  EXPECT_NE(dry.output.find(renamed), std::string::npos) << dry.output;
  auto real = import(fixture("polylang.wxr"));
  ASSERT_EQ(real.exit_code, 0) << real.output;
  EXPECT_NE(real.output.find(renamed), std::string::npos) << real.output;

  blog::test::temp_dir dir;
  std::ofstream(dir.path / "dates.wxr", std::ios::binary) << wxr_of(
      "<item><title>Odd date</title><content:encoded>Text</content:encoded><wp:post_id>2</wp:post_id>"
      "<wp:post_date_gmt>2024-02-30 25:61:00</wp:post_date_gmt><wp:post_name>odd-date</wp:post_name>"
      "<wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>"
      "<item><title>Draft</title><content:encoded>Text</content:encoded><wp:post_id>3</wp:post_id>"
      "<wp:post_date_gmt>0000-00-00 00:00:00</wp:post_date_gmt><wp:post_name>a-draft</wp:post_name>"
      "<wp:status>draft</wp:status><wp:post_type>post</wp:post_type></item>");
  auto dates = import(dir.path / "dates.wxr", "--language en");
  ASSERT_EQ(dates.exit_code, 0) << dates.output;
  EXPECT_NE(dates.output.find("its date \"2024-02-30 25:61:00\" is not a date"), std::string::npos) << dates.output;
  EXPECT_EQ(dates.output.find("0000-00-00"), std::string::npos) << dates.output;
}

TEST_F(wordpress_import, AuthorsAreMatchedByEmailElseCreatedWithoutAUsablePassword) {
  auto run = import(fixture("polylang.wxr"));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(reported(run.output, "authors created"), 1) << run.output;
  // bob-old's address is Bob's: his account, no second one.
  EXPECT_EQ(sql_value(*server,
                      "SELECT u.username FROM posts p JOIN users u ON u.id = p.author_id "
                      "WHERE p.slug = 'coming-soon'"),
            "bob");
  EXPECT_EQ(sql_value(*server,
                      "SELECT role || ' ' || approval_status || ' ' || password FROM users "
                      "WHERE email = 'alice@old.example.com'"),
            "user approved !");
  http_client client(server->url());
  EXPECT_EQ(client.post("/api/login", blog::test::json_body({{"username", "alice"}, {"password", "!"}})).status, 401);
}

TEST_F(wordpress_import, AuthorsGetUsernamesOurSignUpTakesAndOneWithoutAValidAddressGivesHisPostsToTheAdmin) {
  blog::test::temp_dir dir;
  auto author = [](const std::string& login, const std::string& email) {
    return "<wp:author><wp:author_login><![CDATA[" + login + "]]></wp:author_login><wp:author_email><![CDATA[" + email +
           "]]></wp:author_email></wp:author>";
  };
  auto item = [](int id, const std::string& creator) {
    return "<item><title>By " + creator + "</title><dc:creator><![CDATA[" + creator +
           "]]></dc:creator><content:encoded>Text</content:encoded><wp:post_id>" + std::to_string(id) +
           "</wp:post_id><wp:post_name>post-" + std::to_string(id) +
           "</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>";
  };
  std::ofstream(dir.path / "authors.wxr", std::ios::binary)
      << wxr_of(author("Jan Novák", "jan@novak.example") + author("x", "x@novak.example") +
                author("<b>evil</b>", "not-an-email") + item(1, "Jan Novák") + item(2, "x") + item(3, "<b>evil</b>"));
  auto run = import(dir.path / "authors.wxr", "--language en");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(reported(run.output, "posts created"), 3) << run.output;
  EXPECT_EQ(reported(run.output, "authors created"), 2) << run.output;
  // The owners of post-1, post-2 and post-3.
  EXPECT_EQ(sql_value(*server,
                      "SELECT string_agg(u.username, ' ' ORDER BY p.slug) FROM posts p JOIN users u ON u.id = "
                      "p.author_id"),
            "jan-novak author-x admin");
  EXPECT_NE(run.output.find("has no valid e-mail address (not-an-email)"), std::string::npos) << run.output;
  EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM users WHERE email = 'not-an-email'"), 0);
}

TEST_F(wordpress_import, AuthorGivesEverythingToOneAccountAndLanguageServesAnExportWithoutPolylang) {
  auto run = import(fixture("plain-1.1-https.wxr"), "--author bob@paytech.local --language cs");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("WordPress export (WXR 1.1)"), std::string::npos) << run.output;
  EXPECT_EQ(reported(run.output, "posts created"), 2) << run.output;
  EXPECT_EQ(sql_count(*server,
                      "SELECT count(*) FROM posts p JOIN users u ON u.id = p.author_id "
                      "WHERE u.username = 'bob' AND p.language = 'cs'"),
            2);

  auto unknown = import(fixture("plain-1.1-https.wxr"), "--author nobody-here");
  EXPECT_EQ(unknown.exit_code, 1) << unknown.output;
  EXPECT_NE(unknown.output.find("No account nobody-here"), std::string::npos) << unknown.output;
}

TEST_F(wordpress_import, ABlogWithoutAnAdministratorIsToldWhatToDoAndNothingIsWritten) {
  server->sql("DELETE FROM users WHERE role = 'admin'");
  auto run = import(fixture("polylang.wxr"));
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("The blog has no administrator yet"), std::string::npos) << run.output;
  EXPECT_EQ(posts(), 0);
  EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM users"), 1);  // Bob
  EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM custom_categories"), 0);
  // Giving everything to one account is enough.
  EXPECT_EQ(import(fixture("polylang.wxr"), "--author bob").exit_code, 0);
}

TEST_F(wordpress_import, WithoutALanguageAnExportWithoutPolylangIsSkippedItemByItem) {
  auto run = import(fixture("plain-1.1-https.wxr"));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(reported(run.output, "posts skipped"), 2) << run.output;
  EXPECT_NE(run.output.find("item 1: no language"), std::string::npos) << run.output;
  EXPECT_EQ(posts(), 0);
}

TEST_F(wordpress_import, OldAddressesAreRememberedForRedirects) {
  auto run = import(fixture("polylang.wxr"));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(reported(run.output, "redirects added"), 15) << run.output;
  auto target = [&](const std::string& path) {
    return sql_value(*server,
                     "SELECT p.slug FROM redirects r JOIN posts p ON p.id = r.post_id WHERE r.path = '" + path + "'");
  };
  EXPECT_EQ(target("/2024/03/hello-world/"), "hello-world");
  EXPECT_EQ(target("/?p=10"), "hello-world");
  EXPECT_EQ(target("/cs/2024/04/open-banking/"), "open-banking-cs");
}

TEST_F(wordpress_import, OldAddressesAnswer301OnEveryNodeAndTheAdminCanListAndDeleteThem) {
  ASSERT_EQ(import(fixture("polylang.wxr")).exit_code, 0);
  // A second node on the same database: the redirects are PostgreSQL's, not a node's.
  const auto database_url = server->database_url();
  test_server second(blog::test::unique("import_second"), [&](blog::config& c) { c.database_url = database_url; });
  for (auto* node : {server.get(), &second}) {
    http_client reader(node->url());
    for (const char* old : {"/2024/03/hello-world/", "/2024/03/hello-world", "/?p=10"}) {
      auto res = reader.get(old);
      EXPECT_EQ(res.status, 301) << old;
      EXPECT_EQ(res.header("location"), "/post/hello-world") << old;
    }
    EXPECT_EQ(reader.get("/cs/2024/04/open-banking/").header("location"), "/post/open-banking-cs");
    // A Czech permalink, as WordPress wrote it in <link> and as browsers send it (either case of
    // escape): all the same path once decoded, as the server decodes every request's.
    for (const char* old : {"/cs/%c5%belut%c3%bd-k%c5%af%c5%88/", "/cs/%C5%BElut%C3%BD-k%C5%AF%C5%88/",
                            "/cs/%C5%BElut%C3%BD-k%C5%AF%C5%88"}) {
      auto res = reader.get(old);
      EXPECT_EQ(res.status, 301) << old;
      EXPECT_EQ(res.header("location"), "/post/zluty-kun") << old;
    }
    EXPECT_NE(reader.get("/?p=999").status, 301);
    EXPECT_NE(reader.get("/2024/03/no-such-post/").status, 301);
  }

  ASSERT_EQ(blogctl(database_url, "create-admin --username admin --email admin@paytech.local --password-stdin",
                    "admin-password\n")
                .exit_code,
            0);
  http_client visitor(server->url());
  EXPECT_EQ(visitor.get("/api/admin/redirects").status, 401);
  http_client admin(server->url());
  ASSERT_EQ(
      admin.post("/api/login", blog::test::json_body({{"username", "admin"}, {"password", "admin-password"}})).status,
      200);
  auto list = admin.get("/api/admin/redirects");
  ASSERT_EQ(list.status, 200) << list.body;
  const auto redirects = list.json();
  EXPECT_EQ(redirects.as_array().size(), 15u);
  bool listed = false;
  for (const auto& r : redirects.as_array())
    if (r.at("path").as_string() == "/?p=10") {
      listed = true;
      EXPECT_EQ(r.at("to").as_string(), "/post/hello-world");
    }
  EXPECT_TRUE(listed) << list.body;
  EXPECT_EQ(admin.del("/api/admin/redirects?path=%2F%3Fp%3D10").status, 200);
  EXPECT_EQ(admin.del("/api/admin/redirects?path=%2F%3Fp%3D10").status, 404);
  http_client reader(second.url());
  EXPECT_NE(reader.get("/?p=10").status, 301);
  EXPECT_EQ(reader.get("/2024/03/hello-world/").status, 301);
}

TEST_F(wordpress_import, ImagesComeFromMediaFromThroughTheUploadPipelineAndAMissingOneIsReported) {
  blog::test::temp_dir media;
  std::filesystem::create_directories(media.path / "2024" / "03");
  std::ofstream(media.path / "2024" / "03" / "card.png", std::ios::binary) << blog::test::png_bytes();
  auto run = import(fixture("polylang.wxr"), "--media-from " + shell_quoted(media.path));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(reported(run.output, "images stored"), 1) << run.output;
  auto hello = post("hello-world");
  const std::string cover(hello.at("coverImage").as_string());
  EXPECT_TRUE(cover.starts_with("/uploads/") && cover.ends_with(".png")) << cover;
  const std::string html(hello.at("contentHtml").as_string());
  EXPECT_NE(html.find("<img src=\"" + cover + "\""), std::string::npos) << html;
  EXPECT_EQ(html.find("old.example.com/wp-content"), std::string::npos) << html;
  http_client reader(server->url());
  auto image = reader.get(cover);
  EXPECT_EQ(image.status, 200);
  EXPECT_EQ(image.header("content-type"), "image/png");
  EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM uploads"), 1);
}

TEST_F(wordpress_import, MediaFromNeverReadsAFileOutsideItsFolder) {
  blog::test::temp_dir media, elsewhere, dir;
  std::ofstream(elsewhere.path / "private.png", std::ios::binary) << blog::test::png_bytes();
  const auto outside = elsewhere.path.string();  // an absolute path: "/tmp/…"
  std::ofstream(dir.path / "escape.wxr", std::ios::binary) << wxr_of(
      "<item><title>Escape</title><content:encoded><![CDATA[<p>Text</p>"
      "<img src=\"https://old.example/wp-content/uploads/" +
      outside +
      "/private.png\">"
      "<img src=\"https://old.example/wp-content/uploads/%2F" +
      outside.substr(1) +
      "%2Fprivate.png\">"
      "]]></content:encoded><wp:post_id>1</wp:post_id><wp:post_name>escape</wp:post_name>"
      "<wp:status>publish</wp:status><wp:post_type>post</wp:post_type>"
      "<category domain=\"category\" nicename=\"f\">Fintech</category></item>");
  auto run = import(dir.path / "escape.wxr", "--language en --media-from " + shell_quoted(media.path));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(reported(run.output, "posts created"), 1) << run.output;
  EXPECT_EQ(reported(run.output, "images stored"), 0) << run.output;
  EXPECT_NE(run.output.find("not stored: not an upload of the old site"), std::string::npos) << run.output;
  EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM uploads"), 0);
}

TEST_F(wordpress_import, AnIndentedPostIdIsReadAndAnItemWithoutOneIsSkippedNeverMergedWithAnother) {
  blog::test::temp_dir dir;
  auto item = [](const std::string& slug, const std::string& id_element) {
    return "<item><title>" + slug + "</title><content:encoded>Text of " + slug + "</content:encoded>" + id_element +
           "<wp:post_name>" + slug +
           "</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>"
           "<category domain=\"category\" nicename=\"f\">Fintech</category></item>\n";
  };
  std::ofstream(dir.path / "ids.wxr", std::ios::binary) << wxr_of(
      item("first", "<wp:post_id>\n\t\t\t1\n\t\t</wp:post_id>") + item("second", "<wp:post_id>2</wp:post_id>") +
      item("third", "") + item("fourth", "<wp:post_id>4x</wp:post_id>"));
  auto run = import(dir.path / "ids.wxr", "--language en");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(reported(run.output, "posts created"), 2) << run.output;
  EXPECT_EQ(reported(run.output, "posts updated"), 0) << run.output;
  EXPECT_EQ(reported(run.output, "posts skipped"), 2) << run.output;
  EXPECT_NE(run.output.find("no wp:post_id"), std::string::npos) << run.output;
  EXPECT_EQ(sql_value(*server, "SELECT title FROM posts WHERE slug = 'first'"), "first");
  EXPECT_EQ(
      sql_value(*server, "SELECT r.path FROM redirects r JOIN posts p ON p.id = r.post_id WHERE p.slug = 'first'"),
      "/?p=1");
}

TEST_F(wordpress_import, NoPostIsLostToItsCategorysNameAnEmptyTextOrAnEmbeddedImage) {
  blog::test::temp_dir dir;
  const std::string long_name(60, 'L');
  auto item = [](int id, const std::string& category, const std::string& content, const std::string& status) {
    return "<item><title>Post " + std::to_string(id) + "</title><content:encoded><![CDATA[" + content +
           "]]></content:encoded><wp:post_id>" + std::to_string(id) + "</wp:post_id><wp:post_name>post-" +
           std::to_string(id) + "</wp:post_name><wp:status>" + status +
           "</wp:status><wp:post_type>post</wp:post_type><category domain=\"category\" nicename=\"c\">" + category +
           "</category></item>\n";
  };
  std::ofstream(dir.path / "odd.wxr", std::ios::binary) << wxr_of(
      item(1, "AI", "<p>Models score fraud.</p>", "publish") + item(2, long_name, "<p>Long.</p>", "publish") +
      item(3, "Fintech", "[gallery ids=\"5,6\"]", "publish") + item(4, "Fintech", "", "draft") +
      item(5, "Fintech", "<p>Chart:</p><img src=\"data:image/png;base64,iVBORw0KGgo=\" alt=\"x\">", "publish"));
  auto run = import(dir.path / "odd.wxr", "--language en");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(reported(run.output, "posts created"), 5) << run.output;
  EXPECT_EQ(reported(run.output, "posts skipped"), 0) << run.output;
  EXPECT_EQ(sql_value(*server, "SELECT category FROM posts WHERE slug = 'post-1'"), "Uncategorized");
  EXPECT_NE(run.output.find("category \"AI\" cannot be one here"), std::string::npos) << run.output;
  EXPECT_EQ(sql_value(*server, "SELECT category FROM posts WHERE slug = 'post-2'"), std::string(50, 'L'));
  EXPECT_NE(run.output.find("cut to 50 characters"), std::string::npos) << run.output;
  EXPECT_EQ(sql_value(*server, "SELECT published::text FROM posts WHERE slug = 'post-3'"), "false");
  EXPECT_NE(sql_value(*server, "SELECT content FROM posts WHERE slug = 'post-4'").find("No text on the old site"),
            std::string::npos);
  EXPECT_NE(run.output.find("no text on the old site"), std::string::npos) << run.output;
  const auto chart = sql_value(*server, "SELECT content FROM posts WHERE slug = 'post-5'");
  EXPECT_NE(chart.find("Chart:"), std::string::npos) << chart;
  EXPECT_EQ(chart.find("data:"), std::string::npos) << chart;
  EXPECT_NE(run.output.find("embedded in the text as data: left out"), std::string::npos) << run.output;
}

TEST_F(wordpress_import, AnImageThatCannotBeFetchedKeepsItsPlaceInTheReportAndThePostImports) {
  blog::test::temp_dir empty;
  auto run = import(fixture("polylang.wxr"), "--media-from " + shell_quoted(empty.path));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(reported(run.output, "images stored"), 0) << run.output;
  EXPECT_NE(run.output.find("Image https://old.example.com/wp-content/uploads/2024/03/card.png not stored:"),
            std::string::npos)
      << run.output;
  EXPECT_EQ(post("hello-world").at("coverImage").as_string(),
            "https://old.example.com/wp-content/uploads/2024/03/card.png");
}

TEST_F(wordpress_import, ImagesAreFetchedFromTheLiveSiteOfTheExportAndNeverFromAnotherHost) {
  old_site site({{"/wp-content/uploads/2024/05/chart.png", blog::test::png_bytes()},
                 {"/wp-content/uploads/2024/05/cover.png", blog::test::png_bytes()},
                 {"/wp-content/uploads/2024/05/notes.png", "plain text, not a picture"},
                 {"/private/secret.png", blog::test::png_bytes()}});
  // "localhost" reaches the same server under another host name: fetching it would show here.
  auto text = std::regex_replace(read_text(fixture("live-images.wxr")), std::regex("OLD_SITE"), site.url());
  text = std::regex_replace(text, std::regex("OTHER_HOST"), "http://localhost:" + std::to_string(site.port()));
  blog::test::temp_dir dir;
  std::ofstream(dir.path / "export.wxr", std::ios::binary) << text;

  auto run = import(dir.path / "export.wxr");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(reported(run.output, "posts created"), 1) << run.output;
  EXPECT_EQ(reported(run.output, "images stored"), 2) << run.output;
  const auto gone = site.url() + "/wp-content/uploads/2024/05/gone.png";
  EXPECT_NE(run.output.find("Image " + gone + " not fetched: answered 404"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Image " + site.url() + "/wp-content/uploads/2024/05/notes.png not stored:"),
            std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("/private/secret.png not fetched: localhost:" + std::to_string(site.port()) +
                            " is not the exported site's host"),
            std::string::npos)
      << run.output;
  const auto asked = site.asked();
  EXPECT_EQ(std::ranges::count(asked, "/private/secret.png"), 0);
  EXPECT_EQ(std::ranges::count(asked, "/wp-content/uploads/2024/05/chart.png"), 1);

  auto charts = post("charts");
  const std::string cover(charts.at("coverImage").as_string());
  EXPECT_TRUE(cover.starts_with("/uploads/") && cover.ends_with(".png")) << cover;
  const std::string html(charts.at("contentHtml").as_string());
  EXPECT_NE(html.find("<img src=\"" + cover + "\""), std::string::npos) << html;
  EXPECT_EQ(html.find("chart.png"), std::string::npos) << html;
  EXPECT_NE(html.find(gone), std::string::npos) << html;
  http_client reader(server->url());
  EXPECT_EQ(reader.get(cover).status, 200);
}

TEST_F(wordpress_import, ADryRunFetchesNoImageAndListsTheOnesItWouldFetch) {
  old_site site({{"/wp-content/uploads/2024/05/chart.png", blog::test::png_bytes()},
                 {"/wp-content/uploads/2024/05/cover.png", blog::test::png_bytes()}});
  auto text = std::regex_replace(read_text(fixture("live-images.wxr")), std::regex("OLD_SITE"), site.url());
  text = std::regex_replace(text, std::regex("OTHER_HOST"), "http://localhost:" + std::to_string(site.port()));
  blog::test::temp_dir dir;
  std::ofstream(dir.path / "export.wxr", std::ios::binary) << text;

  auto run = import(dir.path / "export.wxr", "--dry-run");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_TRUE(site.asked().empty()) << run.output;
  EXPECT_EQ(reported(run.output, "images stored"), 0) << run.output;
  EXPECT_EQ(reported(run.output, "images to fetch"), 4) << run.output;
  for (const char* name : {"chart.png", "cover.png", "gone.png", "notes.png"})
    EXPECT_NE(run.output.find("    " + site.url() + "/wp-content/uploads/2024/05/" + name + "\n"), std::string::npos)
        << name << "\n"
        << run.output;
  // The host rule is reported as a real run reports it.
  EXPECT_NE(run.output.find("/private/secret.png not fetched: localhost:" + std::to_string(site.port()) +
                            " is not the exported site's host"),
            std::string::npos)
      << run.output;
  EXPECT_EQ(posts(), 0);

  // From a folder copy: nothing is read either, and a file that is not there is named.
  blog::test::temp_dir media;
  std::filesystem::create_directories(media.path / "2024" / "03");
  std::ofstream(media.path / "2024" / "03" / "card.png", std::ios::binary) << blog::test::png_bytes();
  auto from_folder = import(fixture("polylang.wxr"), "--dry-run --media-from " + shell_quoted(media.path));
  ASSERT_EQ(from_folder.exit_code, 0) << from_folder.output;
  EXPECT_EQ(reported(from_folder.output, "images to fetch"), 1) << from_folder.output;
  EXPECT_NE(from_folder.output.find("card.png from " + (media.path / "2024" / "03" / "card.png").string()),
            std::string::npos)
      << from_folder.output;
}

TEST_F(wordpress_import, MediaFromAUrlFetchesTheOldSitesUploadsFromThereUnderItsPath) {
  old_site mirror({{"/mirror/wp-content/uploads/2024/03/card.png", blog::test::png_bytes()}});
  auto run = import(fixture("polylang.wxr"), "--media-from " + mirror.url() + "/mirror/");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(reported(run.output, "images stored"), 1) << run.output;
  const std::string cover(post("hello-world").at("coverImage").as_string());
  EXPECT_TRUE(cover.starts_with("/uploads/")) << cover;
  EXPECT_EQ(mirror.asked(), std::vector<std::string>{"/mirror/wp-content/uploads/2024/03/card.png"});
}

// The processes whose parent is `pid`.
std::vector<pid_t> children_of(pid_t pid) {
  std::vector<pid_t> children;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const std::string stat = read_text(entry.path() / "stat");  // "pid (comm) state ppid ..."
    const auto after_comm = stat.rfind(')');
    if (after_comm == std::string::npos) continue;
    std::istringstream rest(stat.substr(after_comm + 2));
    char state = 0;
    pid_t parent = 0;
    if (rest >> state >> parent && parent == pid) children.push_back(std::stoi(name));
  }
  return children;
}

// Under autogroup scheduling nice counts only inside a session: the import's work runs in a child
// that leads a session of its own whose autogroup is at nice 10, while the blogctl that was started
// stays in the starter's session and passes a Ctrl-C on.
TEST_F(wordpress_import, TheImportRunsInASessionOfItsOwnAtNice10AndCtrlCStillStopsIt) {
  if (!std::filesystem::exists("/proc/self/autogroup")) GTEST_SKIP() << "this kernel has no autogroups";
  // An old site that keeps the import waiting on its first image.
  std::unique_ptr<blog::test::loopback_http> site;
  site = std::make_unique<blog::test::loopback_http>([&site](const blog::test::loopback_http::request&) {
    site->pause(std::chrono::seconds(20));
    return blog::test::loopback_http::answer{404, "", "text/plain"};
  });
  blog::test::temp_dir dir;
  std::ofstream(dir.path / "export.wxr", std::ios::binary) << std::regex_replace(
      std::regex_replace(read_text(fixture("live-images.wxr")), std::regex("OLD_SITE"), site->url()),
      std::regex("OTHER_HOST"), site->url());

  const auto program = (std::filesystem::path(std::getenv("BLOG_BLOGD")).parent_path() / "blogctl").string();
  const std::string file = (dir.path / "export.wxr").string();
  const std::string database = "BLOG_DATABASE_URL=" + server->database_url();
  std::vector<char*> argv = {const_cast<char*>(program.c_str()), const_cast<char*>("import"),
                             const_cast<char*>(file.c_str()), nullptr};
  std::vector<char*> envp = {const_cast<char*>(database.c_str())};
  for (char** variable = environ; *variable; ++variable)
    if (!std::string_view(*variable).starts_with("BLOG_DATABASE_URL=")) envp.push_back(*variable);
  envp.push_back(nullptr);
  posix_spawn_file_actions_t output;
  posix_spawn_file_actions_init(&output);
  posix_spawn_file_actions_addopen(&output, 1, (dir.path / "out").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&output, 1, 2);
  pid_t blogctl_pid = 0;
  ASSERT_EQ(posix_spawn(&blogctl_pid, program.c_str(), &output, nullptr, argv.data(), envp.data()), 0);
  posix_spawn_file_actions_destroy(&output);

  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (site->requests().empty() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_FALSE(site->requests().empty()) << read_text(dir.path / "out");

  const auto children = children_of(blogctl_pid);
  ASSERT_EQ(children.size(), 1u) << "the import runs in one child of the blogctl started";
  const pid_t worker = children[0];
  EXPECT_EQ(getsid(worker), worker) << "the import leads a session of its own";
  EXPECT_EQ(getsid(blogctl_pid), getsid(0)) << "the blogctl started stays in its starter's session";
  EXPECT_NE(read_text("/proc/" + std::to_string(worker) + "/autogroup").find(" nice 10"), std::string::npos)
      << read_text("/proc/" + std::to_string(worker) + "/autogroup");

  // Ctrl-C reaches the starter's process group, not the import's session: it is passed on.
  ::kill(blogctl_pid, SIGINT);
  int status = 0;
  while (::waitpid(blogctl_pid, &status, WNOHANG) == 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  if (::kill(blogctl_pid, 0) == 0) {
    ::kill(worker, SIGKILL);
    ::kill(blogctl_pid, SIGKILL);
    ::waitpid(blogctl_pid, &status, 0);
    FAIL() << "blogctl import did not stop on SIGINT";
  }
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT) << "status " << status;
  EXPECT_TRUE(::kill(worker, 0) == -1 && errno == ESRCH) << "the import stopped with it";
}

// A Polylang export of `posts` posts, English and Czech in turn, each two a translation pair.
std::string many_posts_export(int posts) {
  std::string wxr =
      "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<rss version=\"2.0\" "
      "xmlns:content=\"http://purl.org/rss/1.0/modules/content/\" xmlns:wp=\"http://wordpress.org/export/1.2/\">"
      "<channel><wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>https://many.example</wp:base_site_url>\n";
  for (int i = 1; i <= posts; ++i) {
    const std::string n = std::to_string(i), language = i % 2 ? "en" : "cs";
    wxr += "<item><title>Post " + n + "</title><content:encoded><![CDATA[<p>Text " + n +
           "</p>]]></content:encoded><wp:post_id>" + n + "</wp:post_id><wp:post_name>post-" + n +
           "</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>"
           "<category domain=\"category\" nicename=\"f\">Fintech</category><category domain=\"language\" "
           "nicename=\"" +
           language + "\">" + language + "</category><category domain=\"post_translations\" nicename=\"pll_" +
           std::to_string((i + 1) / 2) + "\">x</category></item>\n";
  }
  return wxr + "</channel></rss>\n";
}

// A large import commits a batch of posts at a time, so every node's read model and index take
// them a batch at once (one post a transaction cost the bench's blogd 20 times the reindex's time).
TEST_F(wordpress_import, ALargeExportIsWrittenFiveHundredPostsToATransaction) {
  blog::test::temp_dir dir;
  std::ofstream(dir.path / "many.wxr", std::ios::binary) << many_posts_export(1200);
  auto run = import(dir.path / "many.wxr");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(reported(run.output, "posts created"), 1200) << run.output;
  EXPECT_EQ(reported(run.output, "translation pairs linked"), 600) << run.output;
  EXPECT_EQ(reported(run.output, "redirects added"), 1200) << run.output;
  EXPECT_EQ(posts(), 1200);
  // now() is the transaction's start: one value a transaction.
  EXPECT_LE(sql_count(*server, "SELECT count(DISTINCT created_at) FROM posts"), 3);
  EXPECT_LE(sql_count(*server, "SELECT count(DISTINCT changed_at) FROM post_changes"), 6);
  EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM post_revisions"), 1200);
  EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM import_items"), 1200);
  EXPECT_EQ(post("post-1").at("translations").as_array().at(0).at("slug").as_string(), "post-2");
  EXPECT_EQ(post("post-1200").at("translations").as_array().at(0).at("slug").as_string(), "post-1199");

  auto again = import(dir.path / "many.wxr");
  EXPECT_EQ(reported(again.output, "posts unchanged"), 1200) << again.output;
  EXPECT_EQ(reported(again.output, "translation pairs linked"), 0) << again.output;
}

// Pairs are linked a batch to a transaction; when the post rules refuse one pair the batch is
// linked again pair by pair: the report names the refused group and every other pair is linked.
TEST_F(wordpress_import, APairThePostRulesRefuseIsNamedAndTheOtherPairsOfItsBatchAreLinked) {
  auto wxr = many_posts_export(6);
  // Polylang's map of the group pll_bad names two English posts as its English and Czech sides.
  const std::string english_item =
      "<item><title>Also English {n}</title><content:encoded><![CDATA[<p>Text</p>]]></content:encoded>"
      "<wp:post_id>{n}</wp:post_id><wp:post_name>also-english-{n}</wp:post_name><wp:status>publish</wp:status>"
      "<wp:post_type>post</wp:post_type><category domain=\"language\" nicename=\"en\">en</category></item>\n";
  std::string extra =
      "<wp:term><wp:term_id>90</wp:term_id><wp:term_taxonomy><![CDATA[post_translations]]></wp:term_taxonomy>"
      "<wp:term_slug><![CDATA[pll_bad]]></wp:term_slug><wp:term_name><![CDATA[pll_bad]]></wp:term_name>"
      "<wp:term_description><![CDATA[a:2:{s:2:\"en\";i:901;s:2:\"cs\";i:903;}]]></wp:term_description></wp:term>\n";
  for (const char* n : {"901", "903"}) extra += std::regex_replace(english_item, std::regex("\\{n\\}"), n);
  wxr.insert(wxr.find("</channel>"), extra);
  blog::test::temp_dir dir;
  std::ofstream(dir.path / "refused.wxr", std::ios::binary) << wxr;

  auto run = import(dir.path / "refused.wxr");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(reported(run.output, "posts created"), 8) << run.output;
  EXPECT_EQ(reported(run.output, "translation pairs linked"), 3) << run.output;
  EXPECT_NE(run.output.find("Translation group pll_bad (items 901 and 903) not linked: A translation must be in the "
                            "other language"),
            std::string::npos)
      << run.output;
  for (const auto& [en, cs] : {std::pair{"post-1", "post-2"}, {"post-3", "post-4"}, {"post-5", "post-6"}}) {
    auto page = post(en);
    ASSERT_EQ(page.at("translations").as_array().size(), 1u) << en << ": " << page;
    EXPECT_EQ(page.at("translations").as_array()[0].at("slug").as_string(), cs);
  }
  EXPECT_EQ(post("also-english-901").at("translations").as_array().size(), 0u);
  EXPECT_EQ(post("also-english-903").at("translations").as_array().size(), 0u);
  EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM posts WHERE translation_of IS NOT NULL"), 6);
}

// Admin → Import: the file uploaded as multipart, followed until it ends.
class admin_import : public wordpress_import {
 protected:
  void SetUp() override {
    wordpress_import::SetUp();
    ASSERT_EQ(blogctl(server->database_url(),
                      "create-admin --username admin --email admin@paytech.local --password-stdin", "admin-password\n")
                  .exit_code,
              0);
    admin = std::make_unique<http_client>(server->url());
    ASSERT_EQ(admin->post("/api/login", blog::test::json_body({{"username", "admin"}, {"password", "admin-password"}}))
                  .status,
              200);
  }

  static std::string multipart(const std::string& field, const std::string& name, const std::string& bytes) {
    return "--import-boundary\r\nContent-Disposition: form-data; name=\"" + field + "\"; filename=\"" + name +
           "\"\r\nContent-Type: application/octet-stream\r\n\r\n" + bytes + "\r\n--import-boundary--\r\n";
  }

  blog::test::http_response upload(http_client& client, const std::string& bytes) {
    return client.post("/api/admin/import", multipart("file", "export.xml", bytes),
                       {{"Content-Type", "multipart/form-data; boundary=import-boundary"}});
  }

  // GET /api/admin/import/{id} until the job has ended (or 60 s have passed).
  boost::json::object wait_for(std::int64_t id, std::vector<std::string>* states = nullptr) {
    boost::json::object last;
    for (int i = 0; i < 600; ++i) {
      auto res = admin->get("/api/admin/import/" + std::to_string(id));
      EXPECT_EQ(res.status, 200) << res.body;
      last = res.json().as_object();
      if (states) states->emplace_back(last.at("state").as_string());
      if (last.at("state") == "done" || last.at("state") == "failed") break;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    server->ctx().follower->catch_up();
    return last;
  }

  std::unique_ptr<http_client> admin;
};

TEST_F(admin_import, AnUploadedExportIsQueuedRunAndReportedAndOnlyAdminsMayDoIt) {
  const auto bytes = read_text(fixture("polylang.wxr"));
  http_client visitor(server->url());
  EXPECT_EQ(upload(visitor, bytes).status, 401);
  auto queued = upload(*admin, bytes);
  ASSERT_EQ(queued.status, 202) << queued.body;
  const auto id = queued.json().at("id").to_number<std::int64_t>();
  EXPECT_EQ(visitor.get("/api/admin/import/" + std::to_string(id)).status, 401);
  auto job = wait_for(id);
  ASSERT_EQ(job.at("state").as_string(), "done") << job;
  EXPECT_EQ(job.at("progress").as_int64(), 100);
  const auto& report = job.at("report").as_object();
  EXPECT_EQ(report.at("format").as_string(), "WordPress export (WXR 1.2)");
  EXPECT_EQ(report.at("created").as_int64(), 10);
  EXPECT_EQ(report.at("pairsLinked").as_int64(), 2);
  EXPECT_EQ(report.at("skipped").as_array().size(), 2u);
  EXPECT_EQ(post("hello-world").at("translations").as_array().size(), 1u);
  EXPECT_EQ(admin->get("/api/admin/import/999999").status, 404);
  // The file is not kept once the job has ended.
  EXPECT_EQ(sql_value(*server, "SELECT (file IS NULL)::text FROM import_jobs WHERE id = " + std::to_string(id)),
            "true");
}

TEST_F(admin_import, AnUploadThatIsNoFileInTheFieldFileIsRefusedWithWhatToSendAndNothingQueued) {
  auto message = [](const blog::test::http_response& res) { return std::string(res.json().at("message").as_string()); };
  // Another kind of body is refused before the handler, by the route's body kind.
  auto json_body = admin->post("/api/admin/import", R"({"file":"a"})", {{"Content-Type", "application/json"}});
  EXPECT_EQ(json_body.status, 415);
  EXPECT_EQ(message(json_body), "Send the request body as multipart/form-data");
  auto no_boundary = admin->post("/api/admin/import", "--x--\r\n", {{"Content-Type", "multipart/form-data"}});
  EXPECT_EQ(no_boundary.status, 400);
  EXPECT_EQ(message(no_boundary), "Send the export as multipart/form-data in the field 'file'");
  auto torn = admin->post("/api/admin/import", "--import-boundary\r\nContent-Disposition: form-data; name=\"file\"",
                          {{"Content-Type", "multipart/form-data; boundary=import-boundary"}});
  EXPECT_EQ(torn.status, 400);
  EXPECT_EQ(message(torn), "The upload is not well-formed multipart/form-data");
  for (const auto& body : {multipart("export", "export.xml", "<rss/>"), multipart("file", "export.xml", "")}) {
    auto missing =
        admin->post("/api/admin/import", body, {{"Content-Type", "multipart/form-data; boundary=import-boundary"}});
    EXPECT_EQ(missing.status, 400) << body;
    EXPECT_EQ(message(missing), "Please choose an export file");
    EXPECT_EQ(missing.json().at("fields").at("file").as_string(), "Please choose an export file");
  }
  EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM import_jobs"), 0);
}

// An uploaded export names whatever site it likes, the server's own network included: its images
// are never fetched from an address that is not public (here the loopback the export calls home).
TEST_F(admin_import, AnUploadedExportCannotMakeTheServerFetchFromItsOwnNetwork) {
  old_site site({{"/wp-content/uploads/2024/05/chart.png", blog::test::png_bytes()},
                 {"/wp-content/uploads/2024/05/cover.png", blog::test::png_bytes()}});
  auto text = std::regex_replace(read_text(fixture("live-images.wxr")), std::regex("OLD_SITE"), site.url());
  text = std::regex_replace(text, std::regex("OTHER_HOST"), site.url());
  auto queued = upload(*admin, text);
  ASSERT_EQ(queued.status, 202) << queued.body;
  auto job = wait_for(queued.json().at("id").to_number<std::int64_t>());
  ASSERT_EQ(job.at("state").as_string(), "done") << job;
  const auto& report = job.at("report").as_object();
  EXPECT_EQ(report.at("created").as_int64(), 1) << report;
  EXPECT_EQ(report.at("imagesStored").as_int64(), 0) << report;
  EXPECT_NE(boost::json::serialize(report.at("problems")).find("its address is in a private network"),
            std::string::npos)
      << report;
  EXPECT_TRUE(site.asked().empty()) << "the server connected to its own network";
  // The post is there, pointing at the old address.
  auto charts = post("charts");
  EXPECT_NE(
      std::string(charts.at("contentHtml").as_string()).find(site.url() + "/wp-content/uploads/2024/05/chart.png"),
      std::string::npos);
}

TEST_F(admin_import, ABadFileFailsWithItsReasonAndTwoImportsNeverRunAtOnceEvenOnTwoNodes) {
  // A second node on the same database: its worker looks for jobs too.
  const auto database_url = server->database_url();
  test_server second(blog::test::unique("import_worker2"), [&](blog::config& c) { c.database_url = database_url; });
  auto bad = upload(*admin, "<rss><channel><title>x</titel></channel></rss>");
  ASSERT_EQ(bad.status, 202);
  auto first = upload(*admin, read_text(fixture("polylang.wxr")));
  auto other = upload(*admin, read_text(fixture("ghost-5.json")));
  ASSERT_EQ(first.status, 202);
  ASSERT_EQ(other.status, 202);
  int running_together = 0;
  for (int i = 0; i < 600; ++i) {
    const auto running = sql_count(*server, "SELECT count(*) FROM import_jobs WHERE state = 'running'");
    if (running > 1) ++running_together;
    if (sql_count(*server, "SELECT count(*) FROM import_jobs WHERE state IN ('queued', 'running')") == 0) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(running_together, 0);
  auto failed = wait_for(bad.json().at("id").to_number<std::int64_t>());
  EXPECT_EQ(failed.at("state").as_string(), "failed");
  EXPECT_NE(std::string(failed.at("error").as_string()).find("not well-formed XML: line 1"), std::string::npos)
      << failed;
  EXPECT_EQ(wait_for(first.json().at("id").to_number<std::int64_t>()).at("state").as_string(), "done");
  EXPECT_EQ(wait_for(other.json().at("id").to_number<std::int64_t>()).at("state").as_string(), "done");
  EXPECT_EQ(posts(), 13);  // 10 from WordPress, 3 from Ghost (one has no language)
}

TEST_F(admin_import, AJobLeftRunningByANodeThatStoppedIsTakenAgainAndFinished) {
  // What a node that died mid-import leaves: a running job whose heartbeat stopped long ago.
  {
    pqxx::connection c(server->database_url());
    pqxx::work tx(c);
    const auto bytes = read_text(fixture("polylang.wxr"));
    pqxx::binarystring blob(bytes.data(), bytes.size());
    tx.exec_params(
        "INSERT INTO import_jobs (state, file_name, file, progress, heartbeat_at) "
        "VALUES ('running', 'export.xml', $1, 40, now() - interval '10 minutes')",
        blob);
    tx.commit();
  }
  auto id = std::stoll(sql_value(*server, "SELECT max(id) FROM import_jobs"));
  auto job = wait_for(id);
  ASSERT_EQ(job.at("state").as_string(), "done") << job;
  EXPECT_EQ(job.at("report").at("created").as_int64(), 10);
  EXPECT_EQ(posts(), 10);
}

// A file is refused with a clear message, and nothing is written, however far into it the fault is.
struct refusal {
  const char* name;
  std::string text;
  const char* message;
};

std::string valid_item_then(const std::string& tail) {
  return "<?xml version=\"1.0\"?>\n<rss version=\"2.0\" xmlns:wp=\"http://wordpress.org/export/1.2/\" "
         "xmlns:content=\"http://purl.org/rss/1.0/modules/content/\"><channel><wp:wxr_version>1.2</wp:wxr_version>"
         "<item><title>Kept out</title><content:encoded>Text</content:encoded><wp:post_id>1</wp:post_id>"
         "<wp:post_name>kept-out</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>"
         "<category domain=\"category\" nicename=\"x\">Fintech</category></item>\n" +
         tail;
}

TEST_F(wordpress_import, BadFilesAreRefusedWithAClearMessageAndNothingWritten) {
  const std::vector<refusal> refusals = {
      {"not-well-formed", valid_item_then("<item><title>Broken</titel></item></channel></rss>"),
       "not well-formed XML: line 3, column"},
      {"truncated", valid_item_then("<item><title>Cut off"), "The file ends too early (truncated?)"},
      {"billion-laughs",
       "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;&lol;\">]>\n"
       "<rss><channel><title>&lol2;</title></channel></rss>",
       "declares entities (as in a billion laughs attack)"},
      {"xxe",
       "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n"
       "<rss><channel><title>&xxe;</title></channel></rss>",
       "an external entity (XXE)"},
      {"external-dtd", "<?xml version=\"1.0\"?>\n<!DOCTYPE rss SYSTEM \"http://example.com/rss.dtd\">\n<rss/>",
       "names an external file (XXE)"},
      {"unknown-version",
       "<?xml version=\"1.0\"?>\n<rss xmlns:wp=\"http://wordpress.org/export/1.3/\"><channel>"
       "<wp:wxr_version>1.3</wp:wxr_version></channel></rss>",
       "Unknown WordPress export version 1.3"},
      {"plain-rss", "<?xml version=\"1.0\"?>\n<rss><channel><title>A feed</title></channel></rss>",
       "without WordPress's export namespace"},
      {"not-rss", "<html><body>Hello</body></html>", "not an RSS document"},
      {"not-an-export", "Just some text", "Unknown format"},
  };
  blog::test::temp_dir dir;
  for (const auto& r : refusals) {
    auto file = dir.path / (std::string(r.name) + ".xml");
    std::ofstream(file) << r.text;
    auto run = import(file);
    EXPECT_EQ(run.exit_code, 1) << r.name << ": " << run.output;
    EXPECT_NE(run.output.find(r.message), std::string::npos) << r.name << ": " << run.output;
    EXPECT_NE(run.output.find("Nothing was imported."), std::string::npos) << r.name << ": " << run.output;
    EXPECT_EQ(posts(), 0) << r.name;
    EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM users"), 2) << r.name;
  }
  auto missing = import(dir.path / "missing.xml");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.output.find("Cannot read"), std::string::npos) << missing.output;
}

TEST_F(wordpress_import, AGhostExportBecomesPostsWithTagsAsLanguageAndCategory) {
  auto run = import(fixture("ghost-5.json"), "--media-from https://ghost.example");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("Ghost export (5.75.0)"), std::string::npos) << run.output;
  // Posts 1, 2 and 5; not 3 (no language tag, and no --language) nor 4 (German); the page is counted.
  EXPECT_EQ(reported(run.output, "posts created"), 3) << run.output;
  EXPECT_NE(run.output.find("0b1c2d3e-0000-4000-8000-000000000003: no language"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find(": language de"), std::string::npos) << run.output;
  EXPECT_EQ(reported(run.output, "not imported, pages"), 1) << run.output;
  EXPECT_EQ(reported(run.output, "not imported, members"), 2) << run.output;
  EXPECT_EQ(reported(run.output, "not imported, tags"), 2) << run.output;
  // Wallet Stories, and Uncategorized for the post without a public tag.
  EXPECT_EQ(reported(run.output, "categories created"), 2) << run.output;

  auto cards = post("cards-and-wallets");
  EXPECT_EQ(cards.at("title").as_string(), "Cards & wallets");
  EXPECT_EQ(cards.at("language").as_string(), "en");
  EXPECT_EQ(cards.at("category").as_string(), "Wallet Stories");  // the primary tag
  EXPECT_EQ(cards.at("excerpt").as_string(), "Why wallets won.");
  EXPECT_EQ(cards.at("coverImage").as_string(), "https://ghost.example/content/images/2024/03/cover.png");
  EXPECT_EQ(cards.at("publishedAt").as_string(), "2024-03-04T09:30:00.000Z");
  EXPECT_EQ(cards.at("authorName").as_string(), "gina");
  const std::string html(cards.at("contentHtml").as_string());
  EXPECT_NE(html.find("href=\"https://ghost.example/other-post/\""), std::string::npos) << html;
  EXPECT_NE(html.find("src=\"https://ghost.example/content/images/2024/03/wallet.png\""), std::string::npos) << html;
  EXPECT_EQ(html.find("__GHOST_URL__"), std::string::npos) << html;

  // Lexical only: its markdown and HTML cards; a draft.
  EXPECT_EQ(sql_value(*server, "SELECT language || ' ' || published::text FROM posts WHERE slug = 'karty-a-penezenky'"),
            "cs false");
  auto lexical = sql_value(*server, "SELECT content_html FROM posts WHERE slug = 'karty-a-penezenky'");
  EXPECT_NE(lexical.find("<h2>Nadpis</h2>"), std::string::npos) << lexical;
  EXPECT_NE(lexical.find("<strong>markdownu</strong>"), std::string::npos) << lexical;
  EXPECT_NE(lexical.find("<p>HTML karta.</p>"), std::string::npos) << lexical;
  // Paid members only: unpublished and said.
  EXPECT_EQ(sql_value(*server, "SELECT published::text FROM posts WHERE slug = 'paid-only'"), "false");
  EXPECT_NE(run.output.find("visible to paid members only on Ghost"), std::string::npos) << run.output;
  // The old address /slug/ is kept.
  EXPECT_EQ(sql_value(*server,
                      "SELECT p.slug FROM redirects r JOIN posts p ON p.id = r.post_id "
                      "WHERE r.path = '/cards-and-wallets/'"),
            "cards-and-wallets");
}

TEST_F(wordpress_import, GhostMobiledocCardsAndLanguageOptionAndNoSecretIsEverImported) {
  auto run = import(fixture("ghost-5.json"), "--language en");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  auto mobiledoc = sql_value(*server, "SELECT content_html FROM posts WHERE slug = 'old-mobiledoc'");
  EXPECT_NE(mobiledoc.find("<em>markdown</em>"), std::string::npos) << mobiledoc;
  EXPECT_NE(mobiledoc.find("<p>Mobiledoc HTML card.</p>"), std::string::npos) << mobiledoc;
  EXPECT_EQ(sql_value(*server,
                      "SELECT (published AND published_at > now())::text FROM posts WHERE slug = "
                      "'old-mobiledoc'"),
            "true");
  // Without --media-from the Ghost URL becomes root-relative, and the report says so.
  EXPECT_EQ(sql_value(*server, "SELECT cover_image FROM posts WHERE slug = 'cards-and-wallets'"),
            "/content/images/2024/03/cover.png");
  EXPECT_NE(run.output.find("__GHOST_URL__ made root-relative"), std::string::npos) << run.output;
  // Gina is an author now, without Ghost's password hash; no member became an account.
  EXPECT_EQ(sql_value(*server, "SELECT password FROM users WHERE email = 'gina@ghost.example'"), "!");
  EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM users WHERE email LIKE 'reader%'"), 0);
  EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM users"), 3);
  for (const char* secret : {"$2a$10$", "0123456789abcdef0123456789abcdef", "secret-hash"}) {
    const std::string like = std::string("'%") + secret + "%'";
    EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM users WHERE password LIKE " + like), 0) << secret;
    EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM posts WHERE content LIKE " + like), 0) << secret;
  }
  auto again = import(fixture("ghost-5.json"), "--language en");
  EXPECT_EQ(reported(again.output, "posts created"), 0) << again.output;
  EXPECT_EQ(reported(again.output, "posts unchanged"), 4) << again.output;
}

TEST_F(wordpress_import, AGhost2ExportWithoutTheDbWrapperIsReadToo) {
  // Saved again by an editor that begins the file with a byte-order mark.
  blog::test::temp_dir dir;
  std::ofstream(dir.path / "bom.json", std::ios::binary) << "\xEF\xBB\xBF" << read_text(fixture("ghost-2-bare.json"));
  auto run = import(dir.path / "bom.json", "--language en");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("Ghost export (2.38.0)"), std::string::npos) << run.output;
  EXPECT_EQ(reported(run.output, "posts created"), 1) << run.output;
  EXPECT_EQ(reported(run.output, "not imported, pages"), 1) << run.output;
  // Its author's address is the administrator's: theirs, and no account is created.
  EXPECT_EQ(post("legacy-post").at("authorName").as_string(), "admin");
  EXPECT_EQ(reported(run.output, "authors created"), 0) << run.output;
}

TEST_F(wordpress_import, GhostTitlesArePlainTextThemeTagsAreNoLanguageAndEmailOnlyPostsStayOffTheSite) {
  blog::test::temp_dir dir;
  std::ofstream(dir.path / "ghost.json", std::ios::binary) << R"({"db":[{"meta":{"version":"5.80.0"},"data":{
"posts":[
 {"id":"1","uuid":"g-1","title":"  Why <div> beats <span> in email & R&amp;D  ","slug":"angle-title","html":"<p>A.</p>","status":"published","visibility":"public","published_at":"2023-01-01T10:00:00.000Z"},
 {"id":"2","uuid":"g-2","title":"Themed","slug":"themed","html":"<p>B.</p>","status":"published","visibility":"public","published_at":"2023-01-02T10:00:00.000Z"},
 {"id":"3","uuid":"g-3","title":"Featured only","slug":"featured-only","html":"<p>C.</p>","status":"published","visibility":"public","published_at":"2023-01-03T10:00:00.000Z"},
 {"id":"4","uuid":"g-4","title":"Mailed","slug":"mailed","html":"<p>D.</p>","status":"sent","visibility":"public","published_at":"2023-01-04T10:00:00.000Z"}
],
"tags":[{"id":"t1","name":"#hidden","slug":"hash-hidden","visibility":"internal"},
        {"id":"t2","name":"#cs","slug":"hash-cs","visibility":"internal"},
        {"id":"t3","name":"#featured-home","slug":"hash-featured-home","visibility":"internal"}],
"posts_tags":[{"post_id":"2","tag_id":"t1","sort_order":0},{"post_id":"2","tag_id":"t2","sort_order":1},
              {"post_id":"3","tag_id":"t3","sort_order":0}]
}}]})";
  auto run = import(dir.path / "ghost.json", "--language en");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(reported(run.output, "posts created"), 4) << run.output;
  EXPECT_EQ(sql_value(*server, "SELECT title FROM posts WHERE slug = 'angle-title'"),
            "Why <div> beats <span> in email & R&D");
  // "#hidden" says nothing of the language: the post's "#cs" does; "#featured-home" alone leaves --language.
  EXPECT_EQ(sql_value(*server, "SELECT language FROM posts WHERE slug = 'themed'"), "cs");
  EXPECT_EQ(sql_value(*server, "SELECT language FROM posts WHERE slug = 'featured-only'"), "en");
  EXPECT_EQ(run.output.find("language hidden"), std::string::npos) << run.output;
  EXPECT_EQ(sql_value(*server, "SELECT published::text FROM posts WHERE slug = 'mailed'"), "false");
  EXPECT_NE(run.output.find("sent by e-mail only on Ghost"), std::string::npos) << run.output;
}

TEST_F(wordpress_import, BadGhostFilesAreRefusedWithNothingWritten) {
  std::string bomb;
  for (int i = 0; i < 100000; ++i) bomb += "[";
  // A bomb that does not nest: ten million zeros where the posts should be (20 MB of file, 320 MB
  // of values and parser stack).
  std::string wide = "{\"db\":[{\"meta\":{\"version\":\"5.0.0\"},\"data\":{\"posts\":[0";
  wide.reserve(wide.size() + 20'000'010);
  for (int i = 1; i < 10'000'000; ++i) wide += ",0";
  wide += "]}}]}";
  const std::vector<refusal> refusals = {
      {"wide-bomb", wide, "more than 140 MB of memory to read"},
      {"not-json", "{\"db\": [ {\"meta\": }", "not valid JSON: line 1, column"},
      {"truncated", read_text(fixture("ghost-5.json")).substr(0, 3000), "not valid JSON"},
      {"bomb", bomb, "nests deeper than 64 levels"},
      {"no-meta", "{\"posts\": []}", "not a Ghost export"},
      {"version-1", "{\"meta\":{\"version\":\"1.25.0\"},\"data\":{\"posts\":[]}}",
       "Unknown Ghost export version 1.25.0"},
      {"version-7", "{\"meta\":{\"version\":\"7.0.0\"},\"data\":{\"posts\":[]}}", "Unknown Ghost export version 7.0.0"},
  };
  blog::test::temp_dir dir;
  for (const auto& r : refusals) {
    auto file = dir.path / (std::string(r.name) + ".json");
    std::ofstream(file) << r.text;
    auto run = import(file, "--language en");
    EXPECT_EQ(run.exit_code, 1) << r.name << ": " << run.output;
    EXPECT_NE(run.output.find(r.message), std::string::npos) << r.name << ": " << run.output;
    EXPECT_EQ(posts(), 0) << r.name;
  }
}

}  // namespace

namespace {

// One published post of a WordPress export, in Polylang's `language` (when given).
std::string wxr_post(int id, const std::string& slug, const std::string& title, const std::string& extra = "",
                     const std::string& language = "") {
  return "<item><title>" + title + "</title><link>https://old.example/" + slug + "/</link><content:encoded>Text of " +
         slug + ".</content:encoded><wp:post_id>" + std::to_string(id) + "</wp:post_id><wp:post_name>" + slug +
         "</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>" +
         (language.empty()
              ? ""
              : "<category domain=\"language\" nicename=\"" + language + "\">" + language + "</category>") +
         extra + "</item>\n";
}

// An export of `items` whose XML declaration names `encoding` (the items' bytes as they are).
std::string declared(const std::string& encoding, const std::string& items) {
  auto text = wxr_of(items);
  return text.replace(0, 21, "<?xml version=\"1.0\" encoding=\"" + encoding + "\"?>");
}

// `text` (UTF-8, characters of the BMP only) as UTF-16LE with its byte order mark.
std::string utf16le_of(std::string_view text) {
  std::string out = "\xFF\xFE";
  for (std::size_t at = 0; at < text.size();) {
    auto c = static_cast<unsigned char>(text[at]);
    unsigned cp = c;
    std::size_t length = 1;
    if (c >= 0xE0) {
      cp = c & 0x0Fu;
      length = 3;
    } else if (c >= 0xC0) {
      cp = c & 0x1Fu;
      length = 2;
    }
    for (std::size_t i = 1; i < length; ++i) cp = (cp << 6) | (static_cast<unsigned char>(text[at + i]) & 0x3Fu);
    out.push_back(static_cast<char>(cp & 0xFF));
    out.push_back(static_cast<char>(cp >> 8));
    at += length;
  }
  return out;
}

}  // namespace

// The same WordPress site is one source whatever its export calls it: after a move to https, or
// without its www, importing its newer export updates the posts and never makes a second copy;
// the records of imports made before the rule (migration 0017) are the same key.
TEST_F(wordpress_import, ASiteThatMovedToHttpsIsTheSameSourceAndIsNeverImportedTwice) {
  blog::test::temp_dir dir;
  const auto items = wxr_post(1, "instant-payments", "Instant payments") + wxr_post(2, "open-banking", "Open banking");
  std::ofstream(dir.path / "before.wxr", std::ios::binary) << wxr_of(items);
  auto first = import(dir.path / "before.wxr", "--language en");
  ASSERT_EQ(first.exit_code, 0) << first.output;
  ASSERT_EQ(reported(first.output, "posts created"), 2) << first.output;

  auto moved = wxr_of(items);
  moved.replace(moved.find("https://old.example</wp:base_site_url>"), 19, "http://www.Old.Example/");
  std::ofstream(dir.path / "after.wxr", std::ios::binary) << moved;
  auto again = import(dir.path / "after.wxr", "--language en");
  ASSERT_EQ(again.exit_code, 0) << again.output;
  EXPECT_EQ(reported(again.output, "posts created"), 0) << again.output;
  EXPECT_EQ(reported(again.output, "posts unchanged"), 2) << again.output;
  EXPECT_EQ(posts(), 2);
  auto dotted = wxr_of(items);
  dotted.replace(dotted.find("https://old.example</wp:base_site_url>"), 19, "https://old.example./");
  std::ofstream(dir.path / "dotted.wxr", std::ios::binary) << dotted;
  auto fully_qualified = import(dir.path / "dotted.wxr", "--language en");
  EXPECT_EQ(reported(fully_qualified.output, "posts unchanged"), 2) << fully_qualified.output;
  EXPECT_EQ(posts(), 2);

  // Records an earlier version wrote (the address as the export gave it) take the key too; where
  // both keys of one item exist, the newer keeps it and nothing is lost.
  server->sql("UPDATE import_items SET source = 'wordpress:https://old.example/' WHERE source_id = '1'");
  server->sql("UPDATE import_items SET source = 'wordpress:HTTP://WWW.old.example' WHERE source_id = '2'");
  server->sql(
      "INSERT INTO import_items (source, source_id, post_id, content_hash, imported_at) SELECT "
      "'wordpress:http://old.example', source_id, post_id, content_hash, now() - interval '1 day' FROM import_items "
      "WHERE source_id = '2'");
  server->sql("DELETE FROM schema_migrations WHERE name LIKE '0017%'");
  blog::store::migrate(server->ctx().db);
  EXPECT_EQ(sql_count(*server, "SELECT count(*) FROM import_items WHERE source = 'wordpress:old.example'"), 2);
  auto after_migration = import(dir.path / "before.wxr", "--language en");
  ASSERT_EQ(after_migration.exit_code, 0) << after_migration.output;
  EXPECT_EQ(reported(after_migration.output, "posts created"), 0) << after_migration.output;
  EXPECT_EQ(reported(after_migration.output, "posts unchanged"), 2) << after_migration.output;
  EXPECT_EQ(posts(), 2);
}

// Exports as older sites wrote them: in windows-1250 or ISO-8859-2 (Czech sites), windows-1252,
// UTF-16, or with a blank line a plugin printed before the XML declaration. Each is read; an
// encoding we do not read is named; a folder is not "an unknown format".
TEST_F(wordpress_import, ExportsInOldEncodingsOrWithABlankLineBeforeTheDeclarationAreRead) {
  blog::test::temp_dir dir;
  // "Žluťoučký kůň" in each single-byte encoding.
  std::ofstream(dir.path / "cp1250.wxr", std::ios::binary)
      << declared("windows-1250", wxr_post(1, "kun", "\x8Elu\x9Dou\xE8k\xFD k\xF9\xF2"));
  std::ofstream(dir.path / "latin2.wxr", std::ios::binary)
      << declared("ISO-8859-2", wxr_post(2, "kun-2", "\xAElu\xBBou\xE8k\xFD k\xF9\xF2"));
  // "Café – “quoted” €5" in windows-1252.
  std::ofstream(dir.path / "cp1252.wxr", std::ios::binary)
      << declared("windows-1252", wxr_post(3, "cafe",
                                           "Caf\xE9 \x96 \x93quoted\x94 \x80"
                                           "5"));
  std::ofstream(dir.path / "utf16.wxr", std::ios::binary)
      << utf16le_of(declared("UTF-16", wxr_post(4, "utf-16", "Платежи a platby: účet")));
  std::ofstream(dir.path / "blank.wxr", std::ios::binary) << "\n\n  " + wxr_of(wxr_post(5, "blank", "After a blank"));
  // Where bytes and declaration disagree, the bytes win as in a browser: "ISO-8859-1" written
  // by PHP with € and curly quotes is windows-1252; a UTF-8 byte order mark is UTF-8.
  std::ofstream(dir.path / "latin1.wxr", std::ios::binary) << declared("ISO-8859-1", wxr_post(7, "euro",
                                                                                              "\x80"
                                                                                              "5 \x84"
                                                                                              "fee\x93 \x8A"));
  std::ofstream(dir.path / "bom.wxr", std::ios::binary)
      << "\xEF\xBB\xBF" + declared("windows-1250", wxr_post(8, "bom", "Účty žluťoučké"));
  for (const char* name :
       {"cp1250.wxr", "latin2.wxr", "cp1252.wxr", "utf16.wxr", "blank.wxr", "latin1.wxr", "bom.wxr"}) {
    auto run = import(dir.path / name, "--language cs");
    EXPECT_EQ(run.exit_code, 0) << name << ": " << run.output;
    EXPECT_EQ(reported(run.output, "posts created"), 1) << name << ": " << run.output;
  }
  EXPECT_EQ(sql_value(*server, "SELECT title FROM posts WHERE slug = 'kun'"), "Žluťoučký kůň");
  EXPECT_EQ(sql_value(*server, "SELECT title FROM posts WHERE slug = 'kun-2'"), "Žluťoučký kůň");
  EXPECT_EQ(sql_value(*server, "SELECT title FROM posts WHERE slug = 'cafe'"), "Café – “quoted” €5");
  EXPECT_EQ(sql_value(*server, "SELECT title FROM posts WHERE slug = 'utf-16'"), "Платежи a platby: účet");
  EXPECT_EQ(sql_value(*server, "SELECT title FROM posts WHERE slug = 'blank'"), "After a blank");
  EXPECT_EQ(sql_value(*server, "SELECT title FROM posts WHERE slug = 'euro'"), "€5 „fee“ Š");
  EXPECT_EQ(sql_value(*server, "SELECT title FROM posts WHERE slug = 'bom'"), "Účty žluťoučké");

  // Where a file after blank lines is broken, the line said is the file's own.
  std::ofstream(dir.path / "broken.wxr", std::ios::binary) << "\n\n" + wxr_of("<item><title>Broken</titel></item>\n");
  auto broken = import(dir.path / "broken.wxr", "--language cs");
  EXPECT_EQ(broken.exit_code, 1) << broken.output;
  EXPECT_NE(broken.output.find("not well-formed XML: line 5, column"), std::string::npos) << broken.output;

  std::ofstream(dir.path / "sjis.wxr", std::ios::binary) << declared("Shift_JIS", wxr_post(6, "sjis", "Title"));
  auto sjis = import(dir.path / "sjis.wxr", "--language cs");
  EXPECT_EQ(sjis.exit_code, 1) << sjis.output;
  EXPECT_NE(sjis.output.find("The file is in Shift_JIS, which is not read here"), std::string::npos) << sjis.output;

  std::filesystem::create_directories(dir.path / "folder.xml");
  auto folder = import(dir.path / "folder.xml");
  EXPECT_EQ(folder.exit_code, 1) << folder.output;
  EXPECT_NE(folder.output.find("folder.xml is a folder, not an export file"), std::string::npos) << folder.output;
  EXPECT_EQ(posts(), 7);
}

// A byte that is no character of the encoding read is most often a file in another encoding than
// its declaration says: the error names the byte and the encoding, not only "invalid token".
// White space before a UTF-16 declaration is left out as before an 8-bit one; UTF-32 and EBCDIC
// are named.
TEST_F(wordpress_import, EncodingMistakesAreNamedAndUtf16AfterABlankLineIsRead) {
  blog::test::temp_dir dir;
  std::ofstream(dir.path / "undefined.wxr", std::ios::binary)
      << declared("windows-1252", wxr_post(1, "undefined", "A \x81 B"));
  std::ofstream(dir.path / "cp1250-as-utf8.wxr", std::ios::binary)
      << wxr_of(wxr_post(2, "ucty", "\xDA\xE8ty a platby"));
  for (const auto& [name, said] :
       {std::pair{"undefined.wxr",
                  "byte 0x81 is not windows-1252 text: is the file in another encoding? Name it in "
                  "the XML declaration, or save the export as UTF-8"},
        std::pair{"cp1250-as-utf8.wxr", "byte 0xDA is not UTF-8 text: is the file in another encoding?"}}) {
    auto run = import(dir.path / name, "--language cs");
    EXPECT_EQ(run.exit_code, 1) << name << ": " << run.output;
    EXPECT_NE(run.output.find("The file is not well-formed XML: line "), std::string::npos) << name << run.output;
    EXPECT_NE(run.output.find(said), std::string::npos) << name << ": " << run.output;
  }

  std::ofstream(dir.path / "utf16-blank.wxr", std::ios::binary)
      << utf16le_of("\n\n" + declared("UTF-16", wxr_post(3, "utf-16-blank", "Платежи po prázdném řádku")));
  auto utf16 = import(dir.path / "utf16-blank.wxr", "--language cs");
  EXPECT_EQ(utf16.exit_code, 0) << utf16.output;
  EXPECT_EQ(sql_value(*server, "SELECT title FROM posts WHERE slug = 'utf-16-blank'"), "Платежи po prázdném řádku");

  std::ofstream(dir.path / "utf32.wxr", std::ios::binary) << std::string("\xFF\xFE\0\0<\0\0\0?\0\0\0", 12);
  std::ofstream(dir.path / "ebcdic.wxr", std::ios::binary) << "\x4C\x6F\xA7\x94\x93\x40";
  for (const auto& [name, encoding] : {std::pair{"utf32.wxr", "UTF-32"}, std::pair{"ebcdic.wxr", "EBCDIC"}}) {
    auto run = import(dir.path / name, "--language cs");
    EXPECT_EQ(run.exit_code, 1) << name << ": " << run.output;
    EXPECT_NE(run.output.find(std::string("The file is in ") + encoding + ", which is not read here"),
              std::string::npos)
        << name << ": " << run.output;
  }
  EXPECT_EQ(posts(), 1);
}

// A document type declaration that refers to parameter entities makes libexpat let undeclared
// entity references pass: the text they stand for would vanish without a word. Refused.
TEST_F(wordpress_import, ADoctypeThatRefersToParameterEntitiesIsRefused) {
  blog::test::temp_dir dir;
  auto text = wxr_of(wxr_post(1, "entity", "Price &euro;5"));
  text.insert(text.find("<rss"), "<!DOCTYPE rss [ %outside; ]>\n");
  std::ofstream(dir.path / "pe.wxr", std::ios::binary) << text;
  auto run = import(dir.path / "pe.wxr", "--language en");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("document type declaration refers to"), std::string::npos) << run.output;
  // Attribute defaults would give the items attributes they do not carry (another namespace: every
  // item vanished and the import said it was done).
  auto attributes = wxr_of(wxr_post(1, "attributes", "Attributes"));
  attributes.insert(attributes.find("<rss"),
                    "<!DOCTYPE rss [ <!ATTLIST item xmlns CDATA \"http://example.com/other\"> ]>\n");
  std::ofstream(dir.path / "attlist.wxr", std::ios::binary) << attributes;
  run = import(dir.path / "attlist.wxr", "--language en");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("The file's document type declaration declares attributes ('item'): refused"),
            std::string::npos)
      << run.output;
  EXPECT_EQ(posts(), 0);
}

// A title is WordPress's HTML: its text, on one line. A site in a folder (/blog) had its posts at
// /blog/?p=ID. Old addresses that no request can reach (ours, or another host's "//…") are no
// redirects.
TEST_F(wordpress_import, TitlesAreOneLineAndOldAddressesAreOnlyThoseARequestCanReach) {
  blog::test::temp_dir dir;
  auto text = wxr_of(wxr_post(1, "tables", "Using &lt;table&gt; in e-mails") + wxr_post(2, "api", "API") +
                     wxr_post(3, "other-host", "Other host"));
  text.replace(text.find("https://old.example/api/"), 24, "https://old.example/api/posts/");
  text.replace(text.find("https://old.example/other-host/"), 31, "https://old.example//evil.example/");
  text.insert(text.find("</wp:base_site_url>") + 19, "<wp:base_blog_url>https://old.example/blog</wp:base_blog_url>");
  std::ofstream(dir.path / "folder.wxr", std::ios::binary) << text;
  auto run = import(dir.path / "folder.wxr", "--language en");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(sql_value(*server, "SELECT title FROM posts WHERE slug = 'tables'"), "Using in e-mails");
  EXPECT_EQ(sql_value(*server, "SELECT string_agg(path, ' ' ORDER BY path) FROM redirects"),
            "/blog/?p=1 /blog/?p=2 /blog/?p=3 /tables/");
}

// Two items with one old address: the first keeps the redirect, the report names the other.
TEST_F(wordpress_import, AnOldAddressTwoPostsClaimIsKeptByTheFirstAndTheOtherIsNamed) {
  blog::test::temp_dir dir;
  auto second = wxr_post(2, "second", "Second");
  second.replace(second.find("https://old.example/second/"), 27, "https://old.example/first/");
  std::ofstream(dir.path / "twice.wxr", std::ios::binary) << wxr_of(wxr_post(1, "first", "First") + second);
  // A dry run says so too, and counts what a real run adds.
  auto dry = import(dir.path / "twice.wxr", "--language en --dry-run");
  ASSERT_EQ(dry.exit_code, 0) << dry.output;
  EXPECT_EQ(reported(dry.output, "redirects added"), 3) << dry.output;
  EXPECT_NE(dry.output.find("item 2 (line 4): its old address /first/ already leads to /post/first: left so"),
            std::string::npos)
      << dry.output;
  auto run = import(dir.path / "twice.wxr", "--language en");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(reported(run.output, "redirects added"), 3) << run.output;
  EXPECT_EQ(reported(run.output, "posts created"), 2) << run.output;
  EXPECT_EQ(
      sql_value(*server, "SELECT p.slug FROM redirects r JOIN posts p ON p.id = r.post_id WHERE r.path = '/first/'"),
      "first");
  EXPECT_NE(run.output.find("item 2 (line 4): its old address /first/ already leads to /post/first: left so"),
            std::string::npos)
      << run.output;
  // Imported again: still said (it is still so), nothing added; a dry run agrees.
  auto dry_again = import(dir.path / "twice.wxr", "--language en --dry-run");
  EXPECT_EQ(reported(dry_again.output, "redirects added"), 0) << dry_again.output;
  EXPECT_NE(dry_again.output.find("its old address /first/ already leads to /post/first"), std::string::npos)
      << dry_again.output;
  auto again = import(dir.path / "twice.wxr", "--language en");
  EXPECT_EQ(reported(again.output, "redirects added"), 0) << again.output;
  EXPECT_NE(again.output.find("its old address /first/ already leads to /post/first"), std::string::npos)
      << again.output;
}

// A site exported one language at a time (or a later export without the other side): its
// Polylang group still links the post of this run with the one an earlier import made.
TEST_F(wordpress_import, ATranslationGroupLinksAPostOfAnEarlierImport) {
  blog::test::temp_dir dir;
  const std::string group =
      "<wp:term><wp:term_id>7</wp:term_id><wp:term_taxonomy>post_translations</wp:term_taxonomy>"
      "<wp:term_slug>pll_pay</wp:term_slug><wp:term_name>pll_pay</wp:term_name>"
      "<wp:term_description><![CDATA[a:2:{s:2:\"en\";i:10;s:2:\"cs\";i:11;}]]></wp:term_description></wp:term>\n";
  const std::string member = "<category domain=\"post_translations\" nicename=\"pll_pay\">pll_pay</category>";
  std::ofstream(dir.path / "en.wxr", std::ios::binary)
      << wxr_of(group + wxr_post(10, "payments", "Payments", member, "en"));
  std::ofstream(dir.path / "cs.wxr", std::ios::binary)
      << wxr_of(group + wxr_post(11, "platby", "Platby", member, "cs"));
  auto english = import(dir.path / "en.wxr");
  ASSERT_EQ(english.exit_code, 0) << english.output;
  EXPECT_EQ(reported(english.output, "translation pairs linked"), 0) << english.output;
  auto czech = import(dir.path / "cs.wxr");
  ASSERT_EQ(czech.exit_code, 0) << czech.output;
  EXPECT_EQ(reported(czech.output, "translation pairs linked"), 1) << czech.output;
  auto payments = post("payments");
  ASSERT_EQ(payments.at("translations").as_array().size(), 1u) << payments;
  EXPECT_EQ(payments.at("translations").as_array()[0].at("slug").as_string(), "platby");

  // An export of posts only has no terms: each item names its group, and the group's other post
  // is the one an earlier import remembered in it.
  const std::string other = "<category domain=\"post_translations\" nicename=\"pll_fees\">pll_fees</category>";
  std::ofstream(dir.path / "cs-posts.wxr", std::ios::binary)
      << wxr_of(wxr_post(21, "poplatky", "Poplatky", other, "cs"));
  std::ofstream(dir.path / "en-posts.wxr", std::ios::binary) << wxr_of(wxr_post(20, "fees", "Fees", other, "en"));
  ASSERT_EQ(import(dir.path / "cs-posts.wxr").exit_code, 0);
  auto english_posts = import(dir.path / "en-posts.wxr");
  ASSERT_EQ(english_posts.exit_code, 0) << english_posts.output;
  EXPECT_EQ(reported(english_posts.output, "translation pairs linked"), 1) << english_posts.output;
  auto fees = post("fees");
  ASSERT_EQ(fees.at("translations").as_array().size(), 1u) << fees;
  EXPECT_EQ(fees.at("translations").as_array()[0].at("slug").as_string(), "poplatky");
}

// A category differing from one of ours only in the case of a letter beyond ASCII ("ÚČTY") is that
// category, as the database's unique index on lower(name) has it: it was "created" (the insert
// refused quietly) and its posts filed under a name no category has.
TEST_F(wordpress_import, ACategoryDifferingOnlyInTheCaseOfACzechLetterIsTheSameCategory) {
  server->sql("INSERT INTO custom_categories (name, created_by) SELECT 'Účty a platby', id FROM users LIMIT 1");
  blog::test::temp_dir dir;
  std::ofstream(dir.path / "case.wxr", std::ios::binary)
      << wxr_of(wxr_post(1, "ucty", "Účty",
                         "<category domain=\"category\" nicename=\"ucty\"><![CDATA[ÚČTY A PLATBY]]></category>") +
                wxr_post(2, "ucty-2", "Účty 2",
                         "<category domain=\"category\" nicename=\"ucty\"><![CDATA[účty a platby]]></category>") +
                // "U" and a combining acute accent: the same letter to a reader.
                wxr_post(3, "ucty-3", "Účty 3",
                         "<category domain=\"category\" nicename=\"ucty\"><![CDATA[U\u0301čty a platby]]></category>"));
  auto run = import(dir.path / "case.wxr", "--language cs");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(reported(run.output, "posts created"), 3) << run.output;
  EXPECT_EQ(reported(run.output, "categories created"), 0) << run.output;
  EXPECT_EQ(sql_value(*server, "SELECT string_agg(DISTINCT category, ',') FROM posts"), "Účty a platby");
}

// Ghost posts without an id or uuid (a hand-made or converted export) are remembered by their
// slug: each is a post of its own, never an update of the one before; one without any is skipped.
TEST_F(wordpress_import, GhostPostsWithoutAnIdAreRememberedByTheirSlugNeverMerged) {
  blog::test::temp_dir dir;
  std::ofstream(dir.path / "no-ids.json", std::ios::binary) << R"({"meta":{"version":"5.80.0"},"data":{"posts":[
           {"slug":"one","title":"One","html":"<p>First.</p>","status":"published"},
           {"slug":"two","title":"Two","html":"<p>Second.</p>","status":"published"},
           {"title":"Nameless","html":"<p>Third.</p>","status":"published"}]}})";
  auto run = import(dir.path / "no-ids.json", "--language en");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(reported(run.output, "posts created"), 2) << run.output;
  EXPECT_EQ(reported(run.output, "posts updated"), 0) << run.output;
  EXPECT_EQ(reported(run.output, "posts skipped"), 1) << run.output;
  EXPECT_NE(run.output.find("no id to remember it by"), std::string::npos) << run.output;
  EXPECT_EQ(sql_value(*server, "SELECT string_agg(title, ',' ORDER BY title) FROM posts"), "One,Two");
  auto again = import(dir.path / "no-ids.json", "--language en");
  EXPECT_EQ(reported(again.output, "posts unchanged"), 2) << again.output;
  EXPECT_EQ(posts(), 2);
}

// A Ghost post whose body is only lexical or mobiledoc keeps all of it: paragraphs, headings,
// lists, links, formats and cards, never only its markdown and HTML cards.
TEST_F(wordpress_import, GhostLexicalAndMobiledocBodiesAreImportedWhole) {
  blog::test::temp_dir dir;
  std::ofstream(dir.path / "ghost.json", std::ios::binary) << R"({"db":[{"meta":{"version":"5.80.0"},"data":{
"posts":[
 {"id":"1","uuid":"g-lex","title":"Lexical","slug":"lexical-whole","html":null,"status":"published","visibility":"public","published_at":"2024-01-01T10:00:00.000Z",
  "lexical":"{\"root\":{\"type\":\"root\",\"children\":[{\"type\":\"heading\",\"tag\":\"h2\",\"children\":[{\"type\":\"text\",\"text\":\"Fees\"}]},{\"type\":\"paragraph\",\"children\":[{\"type\":\"text\",\"text\":\"Read \"},{\"type\":\"link\",\"url\":\"__GHOST_URL__/other/\",\"children\":[{\"type\":\"text\",\"text\":\"this\",\"format\":1}]},{\"type\":\"link\",\"url\":\"javascript:x\",\"children\":[{\"type\":\"text\",\"text\":\" not this\"}]}]},{\"type\":\"list\",\"listType\":\"bullet\",\"children\":[{\"type\":\"listitem\",\"children\":[{\"type\":\"text\",\"text\":\"Cards\"}]}]},{\"type\":\"codeblock\",\"code\":\"a < b\",\"language\":\"js\"},{\"type\":\"markdown\",\"markdown\":\"## Card\\n\\n<div>boxed</div>\\n\\n**bold**\"},{\"type\":\"paragraph\",\"children\":[]}]}}"},
 {"id":"2","uuid":"g-mob","title":"Mobiledoc","slug":"mobiledoc-whole","html":"","status":"published","visibility":"public","published_at":"2024-01-02T10:00:00.000Z",
  "mobiledoc":"{\"version\":\"0.3.1\",\"atoms\":[],\"cards\":[[\"hr\",{}]],\"markups\":[[\"em\"]],\"sections\":[[1,\"p\",[[0,[0],1,\"Old\"],[0,[],0,\" text\"]]],[3,\"ol\",[[[0,[],0,\"One\"]]]],[10,0]]}"}
]}}]})";
  auto run = import(dir.path / "ghost.json", "--language en");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(reported(run.output, "posts created"), 2) << run.output;
  auto lexical = sql_value(*server, "SELECT content_html FROM posts WHERE slug = 'lexical-whole'");
  EXPECT_NE(lexical.find("<h2>Fees</h2>"), std::string::npos) << lexical;
  EXPECT_NE(lexical.find("<p>Read <a href=\"/other/\"><strong>this</strong></a> not this</p>"), std::string::npos)
      << lexical;
  EXPECT_NE(lexical.find("<ul><li>Cards</li></ul>"), std::string::npos) << lexical;
  EXPECT_NE(lexical.find("<pre><code class=\"language-js\">a &lt; b</code></pre>"), std::string::npos) << lexical;
  EXPECT_EQ(lexical.find("javascript"), std::string::npos) << lexical;
  // A markdown card is markdown even where it holds a tag (Ghost renders it so).
  EXPECT_NE(lexical.find("<h2>Card</h2>"), std::string::npos) << lexical;
  EXPECT_NE(lexical.find("<strong>bold</strong>"), std::string::npos) << lexical;
  EXPECT_NE(lexical.find("boxed"), std::string::npos) << lexical;
  auto old = sql_value(*server, "SELECT content_html FROM posts WHERE slug = 'mobiledoc-whole'");
  EXPECT_NE(old.find("<p><em>Old</em> text</p><ol><li>One</li></ol><hr>"), std::string::npos) << old;
}

// What a Ghost body's document left out is in the report, a line for each kind; a document that
// cannot be read is said to be once, and its post imported unpublished with a line saying so.
TEST_F(wordpress_import, WhatAGhostDocumentLeftOutIsReportedAndOneThatCannotBeReadIsSaidToBeOnce) {
  blog::test::temp_dir dir;
  std::ofstream(dir.path / "ghost.json", std::ios::binary) << R"({"db":[{"meta":{"version":"5.80.0"},"data":{
"posts":[
 {"id":"1","uuid":"g-left","title":"Left out","slug":"left-out","html":null,"status":"published","visibility":"public","published_at":"2024-01-01T10:00:00.000Z",
  "lexical":"{\"root\":{\"type\":\"root\",\"children\":[{\"type\":\"paragraph\",\"children\":[{\"type\":\"text\",\"text\":\"Open to all.\"}]},{\"type\":\"html\",\"html\":\"<p>Paid only</p>\",\"visibility\":{\"web\":{\"nonMember\":false,\"memberSegment\":\"status:-free\"},\"email\":{\"memberSegment\":\"\"}}},{\"type\":\"email\",\"html\":\"<p>Newsletter only</p>\"},{\"type\":\"poll\",\"question\":\"Cash or card?\"},{\"type\":\"button\",\"buttonText\":\"Open an account\",\"buttonUrl\":\"javascript:alert`1`\"},{\"type\":\"paragraph\",\"children\":[]}]}}"},
 {"id":"2","uuid":"g-broken","title":"Broken","slug":"broken-lexical","html":null,"status":"published","visibility":"public","published_at":"2024-01-02T10:00:00.000Z",
  "lexical":"{not json"}
]}}]})";
  auto run = import(dir.path / "ghost.json", "--language en");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(reported(run.output, "posts created"), 2) << run.output;
  for (const std::string line :
       {"post left-out (id 1): 2 card(s) shown only to members or only in e-mails: left out",
        "post left-out (id 1): 1 card(s) of a kind this blog does not know (poll): left out",
        "post left-out (id 1): 1 link(s) to an address that is not http(s), mailto or relative: left out, their "
        "text kept",
        "post broken-lexical (id 2): its lexical document could not be read (not JSON at byte 1): imported "
        "unpublished, with a line saying so"})
    EXPECT_NE(run.output.find("\n    " + line + "\n"), std::string::npos) << line << "\n" << run.output;
  std::size_t broken_lines = 0;
  for (auto at = run.output.find("post broken-lexical"); at != std::string::npos;
       at = run.output.find("post broken-lexical", at + 1))
    ++broken_lines;
  EXPECT_EQ(broken_lines, 1U) << run.output;
  EXPECT_EQ(run.output.find("no text on the old site"), std::string::npos) << run.output;
  auto left = sql_value(*server, "SELECT content_html FROM posts WHERE slug = 'left-out'");
  EXPECT_NE(left.find("<p>Open to all.</p>"), std::string::npos) << left;
  EXPECT_NE(left.find("<p>Open an account</p>"), std::string::npos) << left;
  EXPECT_EQ(left.find("Paid only"), std::string::npos) << left;
  EXPECT_EQ(left.find("Newsletter only"), std::string::npos) << left;
  EXPECT_EQ(left.find("javascript"), std::string::npos) << left;
  EXPECT_EQ(sql_value(*server, "SELECT published::text FROM posts WHERE slug = 'left-out'"), "true");
  EXPECT_EQ(sql_value(*server, "SELECT published::text FROM posts WHERE slug = 'broken-lexical'"), "false");
  EXPECT_EQ(sql_value(*server, "SELECT content_html FROM posts WHERE slug = 'broken-lexical'"),
            "<p>(No text on the old site.)</p>");
}
