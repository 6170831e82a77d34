// The newsletter's sending against a real SMTP server on loopback: each story once to each
// subscriber in their language, when the post becomes visible (now or at its scheduled time),
// never again for an edit, a translation or a toggle; the mail itself (multipart, RFC 2047,
// List-Unsubscribe and RFC 8058's one-click POST); an admin's send; two nodes without duplicates;
// a node killed mid-send.
#include "support/blogd_process.hpp"
#include "support/harness.hpp"
#include "support/smtp_sink.hpp"
#include "support/sql.hpp"

#include "blog/app/app.hpp"
#include "common/mail_parts.hpp"

#include <gtest/gtest.h>
#include <pqxx/pqxx>

#include <sys/wait.h>

#include <csignal>
#include <map>
#include <regex>
#include <set>

using blog::test::http_client;
using blog::test::http_response;
using blog::test::json_body;
using blog::test::query_value;
using blog::test::smtp_sink;
using blog::test::test_server;
using blog::test::unique;

namespace {

// A confirmed subscriber, as the confirm page's button leaves one. Returns its unsubscribe token.
std::string subscriber(test_server& server, const std::string& email, const std::string& language,
                       const std::string& state = "active") {
  auto token = unique("unsub");
  server.sql("INSERT INTO newsletter_subscribers (email, language, state, unsubscribe_token, confirmed_at) VALUES ('" +
             email + "', '" + language + "', '" + state + "', '" + token + "', now())");
  return token;
}

// A signed-in admin.
std::unique_ptr<http_client> admin(test_server& server) {
  auto client = std::make_unique<http_client>(server.url());
  auto name = unique("editor");
  auto res = client->post("/api/register", json_body({{"username", name},
                                                      {"email", name + "@example.com"},
                                                      {"password", "newsletter-1"},
                                                      {"confirmPassword", "newsletter-1"}}));
  EXPECT_EQ(res.status, 201) << res.body;
  server.sql("UPDATE users SET approval_status = 'approved', role = 'admin' WHERE username = '" + name + "'");
  return client;
}

int create_post(http_client& client, boost::json::object fields) {
  fields.emplace("content", "<p>Cards, wallets and the ledger behind them.</p>");
  fields.emplace("category", "Fintech");
  auto res = client.post("/api/posts", boost::json::serialize(fields));
  EXPECT_EQ(res.status, 201) << res.body;
  return res.status == 201 ? static_cast<int>(res.json().at("id").as_int64()) : 0;
}

// The newsletter mails the sink received, in order (the editors' own account mails left out).
std::vector<smtp_sink::received> stories(smtp_sink& sink) {
  std::vector<smtp_sink::received> found;
  for (auto& m : sink.messages())
    if (m.data.find("\r\nMessage-ID: <newsletter-") != std::string::npos) found.push_back(std::move(m));
  return found;
}

std::multiset<std::string> recipients(smtp_sink& sink) {
  std::multiset<std::string> all;
  for (const auto& m : stories(sink)) all.insert(m.to);
  return all;
}

std::string subject_of(const std::string& data) {
  std::smatch s;
  return std::regex_search(data, s, std::regex("\r\nSubject: ([^\r]*)\r\n")) ? s[1].str() : "";
}

// Waits until the sink holds `n` newsletters, then a moment more for any that should not come.
void settle(smtp_sink& sink, std::size_t n) {
  for (int i = 0; i < 200 && stories(sink).size() < n; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_GE(stories(sink).size(), n);
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
}

void with_sink(blog::config& c, smtp_sink& sink) {
  c.smtp_url = sink.url();
  c.mail_rate_per_second = 0;
}

}  // namespace

TEST(NewsletterSending, EachSubscriberGetsEachStoryOnceInTheirLanguage) {
  smtp_sink sink;
  test_server server("newsletter_send", [&](blog::config& c) { with_sink(c, sink); });
  auto editor = admin(server);
  const auto en1 = unique("en1") + "@example.com", en2 = unique("en2") + "@example.com";
  const auto cs1 = unique("cs1") + "@example.com", cs2 = unique("cs2") + "@example.com";
  subscriber(server, en1, "en");
  subscriber(server, en2, "en");
  const auto cs1_token = subscriber(server, cs1, "cs");
  subscriber(server, cs2, "cs");
  subscriber(server, unique("pending") + "@example.com", "en", "pending");
  subscriber(server, unique("gone") + "@example.com", "cs", "unsubscribed");

  // An English story with no Czech version yet: English and Czech subscribers get it.
  int english = create_post(*editor, {{"title", "Faster payouts & fewer fees"}, {"language", "en"}});
  settle(sink, 4);
  ASSERT_EQ(stories(sink).size(), 4u);
  EXPECT_EQ(recipients(sink), (std::multiset<std::string>{en1, en2, cs1, cs2}));
  EXPECT_EQ(query_value(server.database_url(), "SELECT newsletter FROM posts WHERE id = " + std::to_string(english)),
            "sent");

  // The mail a Czech subscriber gets: the English story, the words around it in Czech.
  std::string to_cs1;
  for (const auto& m : stories(sink))
    if (m.to == cs1) to_cs1 = m.data;
  auto mail = blog::test::split_mail(to_cs1);
  EXPECT_NE(mail.headers.find("Content-Type: multipart/alternative; boundary="), std::string::npos) << mail.headers;
  EXPECT_NE(mail.headers.find("\r\nMessage-ID: <newsletter-"), std::string::npos);
  EXPECT_EQ(subject_of(to_cs1), "Faster payouts & fewer fees");
  const auto unsubscribe_url = server.url("/newsletter/unsubscribe?token=" + cs1_token);
  EXPECT_NE(mail.headers.find("\r\nList-Unsubscribe: <" + unsubscribe_url + ">, <mailto:"), std::string::npos)
      << mail.headers;
  EXPECT_NE(mail.headers.find("\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click"), std::string::npos);
  EXPECT_NE(mail.headers.find("\r\nList-Id: <newsletter."), std::string::npos) << mail.headers;
  EXPECT_NE(mail.html.find("<h1"), std::string::npos);
  EXPECT_NE(mail.html.find("Faster payouts &amp; fewer fees"), std::string::npos);
  EXPECT_NE(mail.html.find("href=\"" + server.url("/post/")), std::string::npos) << "links are absolute";
  EXPECT_NE(mail.html.find("Cards, wallets and the ledger behind them."), std::string::npos);
  EXPECT_NE(mail.html.find("Odhlásit odběr"), std::string::npos);
  EXPECT_NE(mail.text.find("Cards, wallets and the ledger behind them."), std::string::npos) << mail.text;
  EXPECT_NE(mail.text.find(unsubscribe_url), std::string::npos);
  for (std::size_t at = 0, next; (next = to_cs1.find("\r\n", at)) != std::string::npos; at = next + 2)
    EXPECT_LE(next - at, 998u) << "an SMTP line is at most 998 characters";

  // Its Czech translation, published later, reaches nobody who had the story; a Czech subscriber
  // who came since gets the Czech version.
  const auto cs3 = unique("cs3") + "@example.com";
  subscriber(server, cs3, "cs");
  create_post(*editor, {{"title", "Rychlejší výplaty"}, {"language", "cs"}, {"translationOf", english}});
  settle(sink, 5);
  ASSERT_EQ(stories(sink).size(), 5u);
  EXPECT_EQ(stories(sink)[4].to, cs3);
  EXPECT_NE(stories(sink)[4].data.find("Subject: =?UTF-8?B?"), std::string::npos) << "RFC 2047 subject";

  // A Czech-only story goes to Czech subscribers only.
  create_post(*editor, {{"title", "Jen česky"}, {"language", "cs"}});
  settle(sink, 8);
  EXPECT_EQ(stories(sink).size(), 8u);
  for (std::size_t i = 5; i < stories(sink).size(); ++i) EXPECT_TRUE(stories(sink)[i].to.starts_with("cs"));

  // With the switch off nothing is sent, and editing it on after publication sends nothing either.
  int quiet = create_post(*editor, {{"title", "Not for the inbox"}, {"language", "en"}, {"sendNewsletter", false}});
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  auto switched_on = boost::json::serialize(boost::json::object{{"title", "Still not"}, {"sendNewsletter", true}});
  EXPECT_EQ(editor->put("/api/posts/id/" + std::to_string(quiet), switched_on).status, 200);
  // Edits, re-publishing and toggling the sent story send nothing.
  EXPECT_EQ(
      editor->put("/api/posts/id/" + std::to_string(english), json_body({{"title", "Faster payouts, edited"}})).status,
      200);
  EXPECT_EQ(editor->patch("/api/admin/posts/" + std::to_string(english) + "/toggle-published").status, 200);
  EXPECT_EQ(editor->patch("/api/admin/posts/" + std::to_string(english) + "/toggle-published").status, 200);
  settle(sink, 8);
  EXPECT_EQ(stories(sink).size(), 8u);
  EXPECT_EQ(query_value(server.database_url(), "SELECT newsletter FROM posts WHERE id = " + std::to_string(quiet)),
            "skipped");
  auto shown = editor->get("/api/posts/id/" + std::to_string(english) + "/newsletter").json();
  EXPECT_EQ(shown.at("newsletter").as_string(), "sent");
  EXPECT_TRUE(shown.at("newsletterSentAt").is_string());
  http_client stranger(server.url());
  EXPECT_EQ(stranger.get("/api/posts/id/" + std::to_string(english) + "/newsletter").status, 401);
}

TEST(NewsletterSending, AScheduledStoryIsSentWhenItsTimeComesWithoutACron) {
  smtp_sink sink;
  test_server server("newsletter_scheduled", [&](blog::config& c) { with_sink(c, sink); });
  auto editor = admin(server);
  const auto reader = unique("later") + "@example.com";
  subscriber(server, reader, "en");
  auto in_a_moment = std::chrono::system_clock::now() + std::chrono::seconds(4);
  auto t = std::chrono::system_clock::to_time_t(in_a_moment);
  char when[32];
  std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  create_post(*editor, {{"title", "Scheduled story"}, {"language", "en"}, {"publishedAt", when}});
  std::this_thread::sleep_for(std::chrono::seconds(2));
  EXPECT_EQ(stories(sink).size(), 0u) << "not before its time";
  settle(sink, 1);
  ASSERT_EQ(stories(sink).size(), 1u);
  EXPECT_EQ(stories(sink)[0].to, reader);
  EXPECT_EQ(subject_of(stories(sink)[0].data), "Scheduled story");
}

TEST(NewsletterSending, OneClickUnsubscribesAtOnceAndTheLinkOpensAPageThatChangesNothing) {
  smtp_sink sink;
  test_server server("newsletter_one_click", [&](blog::config& c) { with_sink(c, sink); });
  auto form = subscriber(server, unique("form") + "@example.com", "en");
  auto multipart = subscriber(server, unique("multipart") + "@example.com", "cs");
  auto state = [&](const std::string& token) {
    return query_value(server.database_url(),
                       "SELECT state FROM newsletter_subscribers WHERE unsubscribe_token = '" + token + "'");
  };
  http_client provider(server.url());

  // A mail scanner or a reader opening the link: the page, nothing changed.
  auto page = provider.get("/newsletter/unsubscribe?token=" + form);
  EXPECT_EQ(page.status, 200);
  EXPECT_NE(page.header("content-type").find("text/html"), std::string::npos);
  EXPECT_EQ(state(form), "active");

  // The provider's POST comes from its own site, as a form (RFC 8058's example is multipart).
  auto posted =
      provider.request("POST", "/newsletter/unsubscribe?token=" + form, "List-Unsubscribe=One-Click",
                       {{"Content-Type", "application/x-www-form-urlencoded"}, {"Origin", "https://mail.example.net"}});
  EXPECT_EQ(posted.status, 200) << posted.body;
  EXPECT_EQ(state(form), "unsubscribed");
  const std::string body =
      "--b1\r\nContent-Disposition: form-data; name=\"List-Unsubscribe\"\r\n\r\nOne-Click\r\n--b1--\r\n";
  auto as_multipart = provider.request("POST", "/newsletter/unsubscribe?token=" + multipart, body,
                                       {{"Content-Type", "multipart/form-data; boundary=b1"}});
  EXPECT_EQ(as_multipart.status, 200) << as_multipart.body;
  EXPECT_EQ(state(multipart), "unsubscribed");
  EXPECT_EQ(provider
                .request("POST", "/newsletter/unsubscribe?token=unknown", "List-Unsubscribe=One-Click",
                         {{"Content-Type", "application/x-www-form-urlencoded"}})
                .status,
            400);
}

TEST(NewsletterSending, AnAdminSendsAPostThatWasNotSentOnce) {
  smtp_sink sink;
  test_server server("newsletter_admin_send", [&](blog::config& c) { with_sink(c, sink); });
  auto editor = admin(server);
  subscriber(server, unique("a") + "@example.com", "en");
  subscriber(server, unique("b") + "@example.com", "en");
  int quiet = create_post(*editor, {{"title", "Sent by hand"}, {"language", "en"}, {"sendNewsletter", false}});
  int draft = create_post(*editor, {{"title", "A draft"}, {"language", "en"}, {"published", false}});
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  EXPECT_EQ(stories(sink).size(), 0u);

  http_client reader(server.url());
  EXPECT_EQ(reader.post("/api/admin/newsletter/posts/" + std::to_string(quiet) + "/send").status, 401);
  EXPECT_EQ(editor->post("/api/admin/newsletter/posts/" + std::to_string(draft) + "/send").status, 400);
  EXPECT_EQ(editor->post("/api/admin/newsletter/posts/999999/send").status, 404);
  auto sent = editor->post("/api/admin/newsletter/posts/" + std::to_string(quiet) + "/send");
  EXPECT_EQ(sent.status, 202) << sent.body;
  EXPECT_EQ(sent.json().at("queued").as_int64(), 2);
  auto again = editor->post("/api/admin/newsletter/posts/" + std::to_string(quiet) + "/send");
  EXPECT_EQ(again.status, 409);
  EXPECT_EQ(again.json().at("message").as_string(), "This post was already sent by e-mail");
  settle(sink, 2);
  EXPECT_EQ(stories(sink).size(), 2u);
}

TEST(NewsletterSending, AnAddressRefusedForGoodIsSuppressedAndALeaverGetsNothingQueued) {
  smtp_sink sink;
  const auto bad = unique("bounce") + "@example.com";
  sink.on_rcpt([&](const std::string& address) { return address == bad ? "550 5.1.1 No such user" : ""; });
  test_server server("newsletter_suppress", [&](blog::config& c) { with_sink(c, sink); });
  auto editor = admin(server);
  subscriber(server, bad, "en");
  const auto good = unique("good") + "@example.com";
  subscriber(server, good, "en");
  create_post(*editor, {{"title", "First story"}, {"language", "en"}});
  settle(sink, 1);
  EXPECT_EQ(query_value(server.database_url(), "SELECT state FROM newsletter_subscribers WHERE email = '" + bad + "'"),
            "suppressed");
  create_post(*editor, {{"title", "Second story"}, {"language", "en"}});
  settle(sink, 2);
  EXPECT_EQ(stories(sink).size(), 2u);
  EXPECT_EQ(recipients(sink), (std::multiset<std::string>{good, good}));
}

TEST(NewsletterSending, TwoNodesSendOneStoryToEachSubscriberOnce) {
  smtp_sink sink;
  sink.delay_each(std::chrono::milliseconds(2));
  test_server first("newsletter_two_nodes", [&](blog::config& c) { with_sink(c, sink); });
  blog::test::temp_dir data;
  auto cfg = blog::test::node_config(first.database_url(), data.path);
  with_sink(cfg, sink);
  blog::app::app second(cfg);
  constexpr int readers = 150;
  std::string values;
  for (int i = 0; i < readers; ++i)
    values += std::string(i ? "," : "") + "('r" + std::to_string(i) + "@example.com', '" + (i % 2 ? "cs" : "en") +
              "', 'active', 'two-" + std::to_string(i) + "')";
  first.sql("INSERT INTO newsletter_subscribers (email, language, state, unsubscribe_token) VALUES " + values);
  auto editor = admin(first);
  create_post(*editor, {{"title", "For everyone"}, {"language", "en"}});
  create_post(*editor, {{"title", "Pro české čtenáře"}, {"language", "cs"}});
  settle(sink, readers + readers / 2);
  EXPECT_EQ(stories(sink).size(), static_cast<std::size_t>(readers + readers / 2));
  std::map<std::pair<std::string, std::string>, int> seen;
  for (const auto& m : stories(sink)) ++seen[{m.to, subject_of(m.data)}];
  for (const auto& [who, times] : seen) EXPECT_EQ(times, 1) << who.first << " " << who.second;
}

// A node killed (SIGKILL) while it sends a story: another node sends the rest, so every subscriber
// gets the story, and at most the one mail in flight at the kill arrives twice.
TEST(NewsletterSending, ANodeKilledMidSendLosesNoSubscriberAndRepeatsAtMostTheMailInFlight) {
  smtp_sink sink;
  blog::test::temp_dir dir;
  auto url = blog::test::create_database(unique("newsletter_kill"));
  auto pid = blog::test::spawn_blogd(
      {"BLOG_DATABASE_URL=" + url, "BLOG_DATA_DIR=" + dir.path.string(), "BLOG_HTTP_PORT=0",
       "BLOG_HTTP_ADDRESS=127.0.0.1", "BLOG_SMTP_URL=" + sink.url(), "BLOG_MAIL_RATE_PER_SECOND=40"},
      dir.path / "log");
  auto port = blog::test::wait_until_listening(dir.path / "log");

  constexpr int readers = 120;
  std::string values;
  for (int i = 0; i < readers; ++i)
    values += std::string(i ? "," : "") + "('k" + std::to_string(i) + "@example.com', '" + (i % 2 ? "cs" : "en") +
              "', 'active', 'kill-" + std::to_string(i) + "')";
  {
    pqxx::connection c(url);
    pqxx::work tx(c);
    tx.exec("INSERT INTO newsletter_subscribers (email, language, state, unsubscribe_token) VALUES " + values);
    tx.commit();
  }
  http_client editor("http://127.0.0.1:" + std::to_string(port));
  auto name = unique("killer");
  ASSERT_EQ(editor
                .post("/api/register", json_body({{"username", name},
                                                  {"email", name + "@example.com"},
                                                  {"password", "newsletter-1"},
                                                  {"confirmPassword", "newsletter-1"}}))
                .status,
            201);
  {
    pqxx::connection c(url);
    pqxx::work tx(c);
    tx.exec("UPDATE users SET approval_status = 'approved', role = 'admin' WHERE username = " + tx.quote(name));
    tx.commit();
  }
  create_post(editor, {{"title", "Sent through a crash"}, {"language", "en"}});

  for (int i = 0; i < 300 && stories(sink).size() < 20; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_GE(stories(sink).size(), 20u) << blog::test::read_text(dir.path / "log");
  EXPECT_LT(stories(sink).size(), static_cast<std::size_t>(readers))
      << "the node finished before it was killed: nothing was tested";

  // Another node takes over the mails the dead one had claimed and those still waiting.
  blog::test::temp_dir data;
  auto cfg = blog::test::node_config(url, data.path);
  with_sink(cfg, sink);
  blog::app::app next(cfg);
  settle(sink, readers);
  std::map<std::string, int> times;
  for (const auto& m : stories(sink)) ++times[m.to];
  EXPECT_EQ(times.size(), static_cast<std::size_t>(readers));
  int repeated = 0;
  for (const auto& [who, n] : times) repeated += n - 1;
  EXPECT_LE(repeated, 1);
  EXPECT_EQ(query_value(url, "SELECT count(*) FROM mail_outbox WHERE post_id IS NOT NULL AND state = 'sent'"),
            std::to_string(readers));
}
