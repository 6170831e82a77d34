// Admin → Newsletter and the profile's subscription through HTTP against PostgreSQL: who may call
// what, the list's search and paging, removal with all data, the CSV export, posts' mails, and a
// signed-in reader subscribing with their account's address.
#include "support/harness.hpp"

#include <gtest/gtest.h>
#include <pqxx/pqxx>

#include <memory>

using blog::test::http_client;
using blog::test::json_body;
using blog::test::test_server;
using blog::test::unique;

namespace {

// The first value of a statement's answer (a set-up's RETURNING too), "" for none or NULL.
std::string scalar(test_server& server, const std::string& sql) {
  pqxx::connection c(server.database_url());
  pqxx::work tx(c);
  auto rows = tx.exec(sql);
  tx.commit();
  return rows.empty() || rows[0][0].is_null() ? "" : rows[0][0].as<std::string>();
}

// A signed-in client of a new account in `approval` ('pending', 'approved', 'rejected'); an admin
// when `admin`.
std::unique_ptr<http_client> account(test_server& server, const std::string& approval, bool admin = false) {
  auto client = std::make_unique<http_client>(server.url());
  const auto name = unique("nl");
  const std::string password = "newsletter-1";
  auto res = client->post("/api/register", json_body({{"username", name},
                                                      {"email", name + "@example.com"},
                                                      {"password", password},
                                                      {"confirmPassword", password}}));
  EXPECT_EQ(res.status, 201) << res.body;
  server.sql("UPDATE users SET approval_status = '" + approval + "'" + (admin ? ", role = 'admin'" : "") +
             " WHERE username = '" + name + "'");
  return client;
}

std::string subscriber(test_server& server, const std::string& email, const std::string& language,
                       const std::string& state, const std::string& age = "0") {
  return scalar(server,
                "INSERT INTO newsletter_subscribers (email, language, state, unsubscribe_token, created_at, "
                "confirmed_at) VALUES ('" +
                    email + "', '" + language + "', '" + state + "', '" + unique("token") + "', now() - interval '" +
                    age + " minutes', CASE WHEN '" + state + "' = 'active' THEN now() END) RETURNING id");
}

std::string post(test_server& server, const std::string& newsletter, const std::string& age_minutes) {
  auto slug = unique("nl-post");
  return scalar(server, "INSERT INTO posts (title, slug, content, category, newsletter, published_at) VALUES ('Post " +
                            slug + "', '" + slug + "', 'Text', 'Fintech', '" + newsletter + "', now() - interval '" +
                            age_minutes + " minutes') RETURNING id");
}

}  // namespace

TEST(NewsletterAdmin, OnlyAdminsReachTheAdminCalls) {
  test_server server("newsletter_admin_access");
  http_client anonymous(server.url());
  auto reader = account(server, "rejected");
  auto pending = account(server, "pending");
  auto author = account(server, "approved");
  auto admin = account(server, "approved", true);
  auto id = subscriber(server, unique("someone") + "@example.com", "en", "active");
  auto post_id = post(server, "none", "5");

  struct call {
    std::string method, path;
    long admin_status;
  };
  const std::vector<call> calls = {{"GET", "/api/admin/newsletter/subscribers", 200},
                                   {"GET", "/api/admin/newsletter/subscribers.csv", 200},
                                   {"GET", "/api/admin/newsletter/posts", 200},
                                   {"GET", "/api/admin/newsletter/posts/" + post_id, 200},
                                   {"DELETE", "/api/admin/newsletter/subscribers/" + id, 204}};
  for (const auto& c : calls) {
    EXPECT_EQ(anonymous.request(c.method, c.path, "", {}).status, 401) << c.path;
    for (auto* client : {reader.get(), pending.get(), author.get()})
      EXPECT_EQ(client->request(c.method, c.path, "", {}).status, 403) << c.path;
  }
  EXPECT_EQ(scalar(server, "SELECT count(*) FROM newsletter_subscribers"), "1") << "nobody else removed it";
  for (const auto& c : calls) EXPECT_EQ(admin->request(c.method, c.path, "", {}).status, c.admin_status) << c.path;
  EXPECT_EQ(admin->del("/api/admin/newsletter/subscribers/" + id).status, 404);
  EXPECT_EQ(admin->del("/api/admin/newsletter/subscribers/abc").status, 404);

  // The profile's calls are for any signed-in account, never for a visitor.
  EXPECT_EQ(anonymous.get("/api/user/newsletter").status, 401);
  EXPECT_EQ(anonymous.post("/api/user/newsletter", json_body({{"language", "en"}})).status, 401);
  EXPECT_EQ(anonymous.del("/api/user/newsletter").status, 401);
  for (auto* client : {reader.get(), pending.get(), author.get(), admin.get()})
    EXPECT_EQ(client->get("/api/user/newsletter").status, 200);
}

TEST(NewsletterAdmin, ListsSearchesAndPagesSubscribersWithCounts) {
  test_server server("newsletter_admin_list");
  auto admin = account(server, "approved", true);
  // 23 English active (the oldest first), 2 Czech pending, 1 Czech suppressed, 1 unsubscribed.
  for (int i = 0; i < 23; ++i)
    subscriber(server, "reader" + std::to_string(i) + "@alpha.example", "en", "active", std::to_string(100 - i));
  subscriber(server, "ctenar1@beta.example", "cs", "pending");
  subscriber(server, "ctenar2@beta.example", "cs", "pending");
  subscriber(server, "bounced@beta.example", "cs", "suppressed");
  subscriber(server, "gone_100%@beta.example", "en", "unsubscribed");

  auto first = admin->get("/api/admin/newsletter/subscribers");
  ASSERT_EQ(first.status, 200) << first.body;
  const auto first_json = first.json();
  const auto& body = first_json.as_object();
  EXPECT_EQ(body.at("total").as_int64(), 27);
  EXPECT_EQ(body.at("page").as_int64(), 1);
  ASSERT_EQ(body.at("subscribers").as_array().size(), 20u);
  const auto& counts = body.at("counts");
  EXPECT_EQ(counts.at("en").at("active").as_int64(), 23);
  EXPECT_EQ(counts.at("en").at("unsubscribed").as_int64(), 1);
  EXPECT_EQ(counts.at("en").at("pending").as_int64(), 0);
  EXPECT_EQ(counts.at("cs").at("pending").as_int64(), 2);
  EXPECT_EQ(counts.at("cs").at("suppressed").as_int64(), 1);
  EXPECT_EQ(counts.at("cs").at("active").as_int64(), 0);
  const auto& newest = body.at("subscribers").as_array()[0].as_object();
  for (const char* key : {"id", "email", "language", "state", "createdAt", "confirmedAt"})
    EXPECT_TRUE(newest.contains(key)) << key;

  auto second = admin->get("/api/admin/newsletter/subscribers?page=2").json();
  ASSERT_EQ(second.at("subscribers").as_array().size(), 7u);
  // The oldest is last on the last page.
  EXPECT_EQ(second.at("subscribers").as_array().back().at("email").as_string(), "reader0@alpha.example");

  auto beta = admin->get("/api/admin/newsletter/subscribers?q=BETA&language=cs").json();
  EXPECT_EQ(beta.at("total").as_int64(), 3);
  auto pending = admin->get("/api/admin/newsletter/subscribers?q=beta&state=pending").json();
  EXPECT_EQ(pending.at("total").as_int64(), 2);
  // '%' and '_' are searched for as they are, not as wildcards.
  auto percent = admin->get("/api/admin/newsletter/subscribers?q=0%25").json();
  ASSERT_EQ(percent.at("total").as_int64(), 1);
  EXPECT_EQ(percent.at("subscribers").as_array()[0].at("email").as_string(), "gone_100%@beta.example");
  EXPECT_EQ(admin->get("/api/admin/newsletter/subscribers?q=r_0").json().at("total").as_int64(), 0);
  // The counts are everyone's, whatever the filter.
  EXPECT_EQ(pending.at("counts").at("en").at("active").as_int64(), 23);

  EXPECT_EQ(admin->get("/api/admin/newsletter/subscribers?state=gone").status, 400);
  EXPECT_EQ(admin->get("/api/admin/newsletter/subscribers?language=de").status, 400);
  EXPECT_EQ(admin->get("/api/admin/newsletter/subscribers?page=0").status, 400);
}

TEST(NewsletterAdmin, RemovingASubscriberRemovesTheirLinksAndMails) {
  test_server server("newsletter_admin_delete");
  auto admin = account(server, "approved", true);
  auto id = subscriber(server, "leaving@example.com", "en", "active");
  auto other = subscriber(server, "staying@example.com", "en", "active");
  auto post_id = post(server, "sent", "5");
  for (const auto& who : {id, other}) {
    server.sql("INSERT INTO newsletter_confirmations (token_hash, subscriber_id, language, expires_at) VALUES ('" +
               unique("hash") + "', " + who + ", 'en', now() + interval '1 day')");
    server.sql(
        "INSERT INTO mail_outbox (kind, recipient, state, post_id, subscriber_id) VALUES ('newsletter', 'x', "
        "'sent', " +
        post_id + ", " + who + ")");
  }
  EXPECT_EQ(admin->del("/api/admin/newsletter/subscribers/" + id).status, 204);
  EXPECT_EQ(scalar(server, "SELECT count(*) FROM newsletter_subscribers WHERE id = " + id), "0");
  EXPECT_EQ(scalar(server, "SELECT count(*) FROM newsletter_confirmations WHERE subscriber_id = " + id), "0");
  EXPECT_EQ(scalar(server, "SELECT count(*) FROM mail_outbox WHERE subscriber_id = " + id), "0");
  EXPECT_EQ(scalar(server, "SELECT count(*) FROM newsletter_confirmations"), "1");
  EXPECT_EQ(scalar(server, "SELECT count(*) FROM mail_outbox WHERE kind = 'newsletter'"), "1");
}

TEST(NewsletterAdmin, ExportsCsvThatNoSpreadsheetRunsAsAFormula) {
  test_server server("newsletter_admin_csv");
  auto admin = account(server, "approved", true);
  subscriber(server, "plain@example.com", "en", "active", "10");
  subscriber(server, "=HYPERLINK(\"x\",y)@example.com", "cs", "pending", "5");
  subscriber(server, "+1@example.com", "en", "pending", "4");
  subscriber(server, "-2@example.com", "en", "pending", "3");
  subscriber(server, "@3@example.com", "en", "pending", "2");
  subscriber(server, "\t=4@example.com", "en", "pending", "1");
  subscriber(server, "\r=5@example.com", "en", "pending", "0");

  auto res = admin->get("/api/admin/newsletter/subscribers.csv");
  ASSERT_EQ(res.status, 200);
  EXPECT_EQ(res.header("content-type").rfind("text/csv", 0), 0u) << res.header("content-type");
  EXPECT_NE(res.header("content-disposition").find("attachment"), std::string::npos);
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < res.body.size();) {
    auto end = res.body.find("\r\n", at);
    ASSERT_NE(end, std::string::npos) << "every line ends with CRLF";
    lines.push_back(res.body.substr(at, end - at));
    at = end + 2;
  }
  ASSERT_EQ(lines.size(), 8u) << res.body;
  EXPECT_EQ(lines[0], "email,language,state,created,confirmed");
  EXPECT_EQ(lines[1].rfind("plain@example.com,en,active,20", 0), 0u) << lines[1];
  EXPECT_EQ(lines[1].find(",,"), std::string::npos) << "an active subscriber has a confirmation time";
  EXPECT_EQ(lines[2].rfind("\"'=HYPERLINK(\"\"x\"\",y)@example.com\",cs,pending,", 0), 0u) << lines[2];
  EXPECT_EQ(lines[2].back(), ',') << "never confirmed: an empty cell";
  EXPECT_EQ(lines[3].rfind("'+1@example.com,", 0), 0u) << lines[3];
  EXPECT_EQ(lines[4].rfind("'-2@example.com,", 0), 0u) << lines[4];
  EXPECT_EQ(lines[5].rfind("'@3@example.com,", 0), 0u) << lines[5];
  EXPECT_EQ(lines[6].rfind("'\t=4@example.com,", 0), 0u) << lines[6];
  EXPECT_EQ(lines[7].rfind("\"'\r=5@example.com\",", 0), 0u) << lines[7];
}

TEST(NewsletterAdmin, ShowsEachRecentPostsNewsletterAndItsMails) {
  test_server server("newsletter_admin_posts");
  auto admin = account(server, "approved", true);
  auto sent = post(server, "sent", "30");
  server.sql("UPDATE posts SET newsletter_sent_at = now() WHERE id = " + sent);
  auto skipped = post(server, "skipped", "20");
  auto future = post(server, "pending", "-60");
  server.sql("UPDATE posts SET published = false WHERE id = " +
             post(server, "off", "10"));  // a draft: not among the posts readers see
  const char* states[] = {"queued", "sending", "sent", "sent", "sent", "failed", "dropped"};
  for (const char* state : states) {
    auto who = subscriber(server, unique("r") + "@example.com", "en", "active");
    // Due in an hour: the sender, woken by the posts just published, leaves the queued ones as they are.
    server.sql(std::string("INSERT INTO mail_outbox (kind, recipient, state, post_id, subscriber_id, next_attempt_at) "
                           "VALUES ('newsletter', 'x', '") +
               state + "', " + sent + ", " + who + ", now() + interval '1 hour')");
  }

  auto one = admin->get("/api/admin/newsletter/posts/" + sent);
  ASSERT_EQ(one.status, 200) << one.body;
  EXPECT_EQ(one.json().at("queued").as_int64(), 2);
  EXPECT_EQ(one.json().at("sent").as_int64(), 3);
  EXPECT_EQ(one.json().at("failed").as_int64(), 2);
  EXPECT_EQ(admin->get("/api/admin/newsletter/posts/" + skipped).json().at("sent").as_int64(), 0);

  auto list = admin->get("/api/admin/newsletter/posts");
  ASSERT_EQ(list.status, 200) << list.body;
  const auto list_json = list.json();
  const auto& posts = list_json.as_array();
  ASSERT_EQ(posts.size(), 2u) << list.body << " (neither the draft nor the scheduled " << future << ")";
  EXPECT_EQ(std::to_string(posts[0].at("id").as_int64()), skipped);
  EXPECT_EQ(posts[0].at("newsletter").as_string(), "skipped");
  EXPECT_TRUE(posts[0].at("newsletterSentAt").is_null());
  EXPECT_EQ(std::to_string(posts[1].at("id").as_int64()), sent);
  EXPECT_EQ(posts[1].at("newsletter").as_string(), "sent");
  EXPECT_TRUE(posts[1].at("newsletterSentAt").is_string());
  EXPECT_EQ(posts[1].at("sent").as_int64(), 3);
  EXPECT_EQ(posts[1].at("failed").as_int64(), 2);
  EXPECT_EQ(posts[1].at("queued").as_int64(), 2);
  for (const char* key : {"title", "slug", "language"}) EXPECT_TRUE(posts[1].as_object().contains(key)) << key;
}

TEST(NewsletterAdmin, AReaderSubscribesWithTheirAccountsAddress) {
  test_server server("newsletter_profile");
  auto reader = account(server, "pending");
  auto email = scalar(server, "SELECT email FROM users ORDER BY id DESC LIMIT 1");

  auto none = reader->get("/api/user/newsletter");
  ASSERT_EQ(none.status, 200) << none.body;
  EXPECT_EQ(none.json().at("state").as_string(), "none");
  EXPECT_TRUE(none.json().at("language").is_null());

  // Not verified: the same confirmation mail as the public call; nothing is active yet.
  auto asked = reader->post("/api/user/newsletter", json_body({{"language", "cs"}}));
  EXPECT_EQ(asked.status, 202) << asked.body;
  EXPECT_EQ(asked.json().at("state").as_string(), "pending");
  EXPECT_EQ(scalar(server, "SELECT count(*) FROM mail_outbox WHERE kind = 'newsletter_confirmation' AND recipient = '" +
                               email + "'"),
            "1");
  EXPECT_EQ(reader->get("/api/user/newsletter").json().at("state").as_string(), "pending");
  EXPECT_EQ(reader->post("/api/user/newsletter", json_body({{"language", "de"}})).status, 400);

  // Verified: active at once in the chosen language, and a suppression of the address is lifted.
  server.sql("UPDATE users SET email_verified = true WHERE email = '" + email + "'");
  server.sql("UPDATE newsletter_subscribers SET state = 'suppressed'");
  server.sql("INSERT INTO mail_suppressions (address, reason) VALUES (lower('" + email + "'), '550 no such user')");
  auto active = reader->post("/api/user/newsletter", json_body({{"language", "en"}}));
  EXPECT_EQ(active.status, 200) << active.body;
  EXPECT_EQ(active.json().at("state").as_string(), "active");
  EXPECT_EQ(active.json().at("language").as_string(), "en");
  EXPECT_EQ(scalar(server, "SELECT count(*) FROM mail_suppressions"), "0");
  EXPECT_EQ(scalar(server, "SELECT count(*) FROM newsletter_confirmations"), "0") << "the mailed link is spent";
  EXPECT_FALSE(scalar(server, "SELECT confirmed_at FROM newsletter_subscribers").empty());

  auto left = reader->del("/api/user/newsletter");
  EXPECT_EQ(left.status, 200) << left.body;
  EXPECT_EQ(left.json().at("state").as_string(), "unsubscribed");
  EXPECT_EQ(reader->get("/api/user/newsletter").json().at("state").as_string(), "unsubscribed");
  // Back again: verified, so at once.
  EXPECT_EQ(reader->post("/api/user/newsletter", json_body({{"language", "cs"}})).json().at("state").as_string(),
            "active");
  EXPECT_EQ(scalar(server, "SELECT count(*) FROM newsletter_subscribers"), "1");
}
