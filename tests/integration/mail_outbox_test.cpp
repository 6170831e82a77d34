// The durable mail outbox against a real SMTP server on loopback: one connection per batch,
// retries on 4xx, suppression on 5xx, two nodes without duplicates, and a node killed mid-send.
#include "support/blogd_process.hpp"
#include "support/harness.hpp"
#include "support/smtp_sink.hpp"
#include "support/sql.hpp"

#include "blog/api/mail_sender.hpp"
#include "blog/store/mail_outbox_store.hpp"

#include <gtest/gtest.h>
#include <pqxx/pqxx>

#include <sys/wait.h>
#include <unistd.h>
#include <csignal>
#include <map>
#include <regex>
#include <thread>

using blog::test::http_client;
using blog::test::json_body;
using blog::test::smtp_sink;
using blog::test::test_server;
using blog::test::unique;

namespace {

blog::mail::message hello(const std::string& to, const std::string& subject) {
  blog::mail::message m;
  m.to = to;
  m.subject = subject;
  m.text = "Hello.";
  return m;
}

// Queues `count` messages with subjects "<stem> 0" … in one transaction, so one claim sees them all.
void queue_messages(const std::string& database_url, const blog::config& cfg, const std::string& stem, int count) {
  pqxx::connection c(database_url);
  pqxx::work tx(c);
  for (int i = 0; i < count; ++i) {
    auto m = hello("reader" + std::to_string(i) + "@example.com", stem + " " + std::to_string(i));
    blog::store::enqueue_mail(tx, {"test", m.to, blog::mail::format(cfg, m)});
  }
  tx.commit();
}

// How many times each subject arrived.
std::map<std::string, int> subjects(smtp_sink& sink) {
  std::map<std::string, int> seen;
  static const std::regex subject("\r\nSubject: ([^\r]*)\r\n");
  for (const auto& m : sink.messages()) {
    std::smatch found;
    if (std::regex_search(m.data, found, subject)) ++seen[found[1].str()];
  }
  return seen;
}

// Waits until `query` answers `expected`, up to `limit`.
bool eventually(const std::string& database_url, const std::string& query, const std::string& expected,
                std::chrono::seconds limit = std::chrono::seconds(10)) {
  auto give_up = std::chrono::steady_clock::now() + limit;
  while (blog::test::query_value(database_url, query) != expected) {
    if (std::chrono::steady_clock::now() > give_up) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

}  // namespace

TEST(MailOutbox, AccountMailsGoThroughTheOutboxAndABatchUsesOneConnection) {
  smtp_sink sink;
  test_server server("mail_outbox_accounts", [&](blog::config& c) {
    c.smtp_url = sink.url();
    c.mail_from = "PayTech Blog <no-reply@paytech.test>";
    c.mail_rate_per_second = 0;
  });
  http_client client(server.url());
  auto name = unique("outboxer");
  ASSERT_EQ(client
                .post("/api/register", json_body({{"username", name},
                                                  {"email", name + "@example.com"},
                                                  {"password", "password1"},
                                                  {"confirmPassword", "password1"}}))
                .status,
            201);
  ASSERT_TRUE(sink.wait_for(1, std::chrono::seconds(10)));
  EXPECT_NE(sink.messages()[0].data.find("/verify-email?token="), std::string::npos);

  // A reset is rendered when the sender takes it; for an unknown address there is nothing to send.
  ASSERT_EQ(client.post("/api/forgot-password", json_body({{"email", "nobody-here@example.com"}})).status, 200);
  ASSERT_EQ(client.post("/api/forgot-password", json_body({{"email", name + "@example.com"}})).status, 200);
  ASSERT_TRUE(sink.wait_for(2, std::chrono::seconds(10)));
  EXPECT_NE(sink.messages()[1].data.find("/reset-password?token="), std::string::npos);
  EXPECT_EQ(sink.messages()[1].to, name + "@example.com");
  EXPECT_TRUE(eventually(server.database_url(),
                         "SELECT state FROM mail_outbox WHERE recipient = 'nobody-here@example.com'", "dropped"));

  // Twenty messages queued together go out on one SMTP connection.
  auto before = sink.connections();
  queue_messages(server.database_url(), server.ctx().cfg, "batch", 20);
  ASSERT_TRUE(sink.wait_for(22, std::chrono::seconds(10)));
  EXPECT_EQ(sink.connections() - before, 1u);
  EXPECT_TRUE(eventually(server.database_url(), "SELECT count(*) FROM mail_outbox WHERE state = 'sent'", "22"));
}

TEST(MailOutbox, TemporaryRefusalIsRetriedAndPermanentRefusalSuppressesTheAddress) {
  smtp_sink sink;
  std::atomic<int> later_refusals{0};
  sink.on_rcpt([&](const std::string& address) -> std::string {
    if (address == "gone@example.com") return "550 5.1.1 No such user";
    if (address == "busy@example.com" && later_refusals++ == 0) return "451 4.7.1 Try again later";
    return "";
  });
  test_server server("mail_outbox_refusals", [&](blog::config& c) {
    c.smtp_url = sink.url();
    c.mail_rate_per_second = 0;
    c.mail_retry_s = 1;
  });
  auto& cfg = server.ctx().cfg;
  auto& db = server.ctx().db;
  blog::api::enqueue_mail(cfg, db, hello("gone@example.com", "First"), "test");
  blog::api::enqueue_mail(cfg, db, hello("busy@example.com", "Busy"), "test");
  blog::api::enqueue_mail(cfg, db, hello("fine@example.com", "Fine"), "test");

  // The 4xx one arrives on its second attempt, a second or two later.
  ASSERT_TRUE(eventually(server.database_url(),
                         "SELECT state || ' ' || attempts FROM mail_outbox WHERE recipient = 'busy@example.com'",
                         "sent 2"));
  EXPECT_EQ(blog::test::query_value(server.database_url(),
                                    "SELECT state FROM mail_outbox WHERE recipient = 'gone@example.com'"),
            "failed");
  EXPECT_TRUE(blog::store::mail_suppressed(db, "Gone@Example.com"));
  EXPECT_FALSE(blog::store::mail_suppressed(db, "busy@example.com"));

  // A suppressed address is not tried again: the message is dropped without a word to the server.
  auto rcpts_before = later_refusals.load();
  blog::api::enqueue_mail(cfg, db, hello("gone@example.com", "Second"), "test");
  EXPECT_TRUE(eventually(server.database_url(),
                         "SELECT state FROM mail_outbox WHERE recipient = 'gone@example.com' ORDER BY id DESC LIMIT 1",
                         "dropped"));
  auto seen = subjects(sink);
  EXPECT_EQ(seen.count("Second"), 0u);
  EXPECT_EQ(seen["Fine"], 1);
  EXPECT_EQ(seen["Busy"], 1);
  EXPECT_EQ(later_refusals.load(), rcpts_before);
}

TEST(MailOutbox, TwoNodesSendEveryMessageOnce) {
  smtp_sink sink;
  sink.delay_each(std::chrono::milliseconds(2));
  auto smtp = [&](blog::config& c) {
    c.smtp_url = sink.url();
    c.mail_rate_per_second = 0;
  };
  test_server first("mail_outbox_two", smtp);
  blog::test::temp_dir data;
  auto cfg = blog::test::node_config(first.database_url(), data.path);
  smtp(cfg);
  blog::app::app second(cfg);  // its sender runs from construction, like the first node's

  // Each queueing wakes both nodes at once (NOTIFY): forty races for the same rows.
  for (int round = 0; round < 40; ++round) {
    queue_messages(first.database_url(), cfg, "pair " + std::to_string(round), 10);
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
  }
  ASSERT_TRUE(sink.wait_for(400, std::chrono::seconds(60))) << sink.count();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // time for a duplicate to show up
  auto seen = subjects(sink);
  EXPECT_EQ(sink.count(), 400u);
  EXPECT_EQ(seen.size(), 400u);
  for (const auto& [subject, times] : seen) EXPECT_EQ(times, 1) << subject;
  EXPECT_EQ(blog::test::query_value(first.database_url(), "SELECT count(*) FROM mail_outbox WHERE state = 'sent'"),
            "400");
}

TEST(MailOutbox, ANodeKilledMidSendLosesNothingAndRepeatsAtMostTheMessageInFlight) {
  smtp_sink sink;
  blog::test::temp_dir dir;
  auto url = blog::test::create_database(unique("mail_outbox_kill"));
  auto pid = blog::test::spawn_blogd(
      {"BLOG_DATABASE_URL=" + url, "BLOG_DATA_DIR=" + dir.path.string(), "BLOG_HTTP_PORT=0",
       "BLOG_HTTP_ADDRESS=127.0.0.1", "BLOG_SMTP_URL=" + sink.url(), "BLOG_MAIL_RATE_PER_SECOND=40"},
      dir.path / "log");
  // Listening means migrated, and its sender started.
  blog::test::wait_until_listening(dir.path / "log");

  blog::test::temp_dir data;
  auto cfg = blog::test::node_config(url, data.path);
  cfg.smtp_url = sink.url();
  cfg.mail_rate_per_second = 0;
  queue_messages(url, cfg, "kill", 120);
  ASSERT_TRUE(sink.wait_for(20, std::chrono::seconds(20)));
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  auto before_restart = sink.count();
  EXPECT_LT(before_restart, 120u) << "the node finished before it was killed: nothing was tested";

  // Another node takes over what the dead one had claimed and what was still waiting.
  blog::app::app next(cfg);
  ASSERT_TRUE(sink.wait_for(120, std::chrono::seconds(30))) << sink.count();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  auto seen = subjects(sink);
  EXPECT_EQ(seen.size(), 120u);
  int repeated = 0;
  for (const auto& [subject, times] : seen) repeated += times - 1;
  EXPECT_LE(repeated, 1);
  EXPECT_EQ(blog::test::query_value(url, "SELECT count(*) FROM mail_outbox WHERE state = 'sent'"), "120");
}
