// Subscribing to the newsletter against a real SMTP server on loopback: the same 202 for every
// address, a confirmation mail in the chosen language, single-use links, caps and throttles.
#include "support/harness.hpp"
#include "support/smtp_sink.hpp"
#include "support/sql.hpp"

#include <gtest/gtest.h>
#include <pqxx/pqxx>

#include <regex>

using blog::test::http_client;
using blog::test::json_body;
using blog::test::query_value;
using blog::test::smtp_sink;
using blog::test::test_server;
using blog::test::unique;

namespace {

std::string token_in(const std::string& mail) {
  std::smatch found;
  if (!std::regex_search(mail, found, std::regex("/newsletter/confirm\\?token=([A-Za-z0-9_-]+)"))) return "";
  return found[1].str();
}

std::string state_of(test_server& server, const std::string& email) {
  return query_value(
      server.database_url(),
      "SELECT state || ' ' || language FROM newsletter_subscribers WHERE lower(email) = lower('" + email + "')");
}

}  // namespace

TEST(Newsletter, SubscribingAnswersAlikeAndConfirmsOnlyByPostInTheChosenLanguage) {
  smtp_sink sink;
  test_server server("newsletter_subscribe", [&](blog::config& c) {
    c.smtp_url = sink.url();
    c.mail_rate_per_second = 0;
  });
  http_client client(server.url());
  auto cs = unique("ctenar") + "@example.com";
  auto en = unique("reader") + "@example.com";

  auto first = client.post("/api/newsletter/subscribe", json_body({{"email", cs}, {"language", "cs"}}));
  EXPECT_EQ(first.status, 202) << first.body;
  ASSERT_TRUE(sink.wait_for(1, std::chrono::seconds(10)));
  auto mail = sink.messages()[0].data;
  EXPECT_NE(mail.find("Subject: =?UTF-8?B?"), std::string::npos);
  EXPECT_NE(mail.find("Dobrý den"), std::string::npos);
  EXPECT_EQ(mail.find("Hello"), std::string::npos);
  auto token = token_in(mail);
  ASSERT_FALSE(token.empty()) << mail;
  EXPECT_EQ(state_of(server, cs), "pending cs");

  // The page itself is only the web app: opening the link changes nothing; its button POSTs.
  client.get("/newsletter/confirm?token=" + token);
  EXPECT_EQ(state_of(server, cs), "pending cs");
  auto confirmed = client.post("/api/newsletter/confirm", json_body({{"token", token}}));
  EXPECT_EQ(confirmed.status, 200) << confirmed.body;
  EXPECT_EQ(state_of(server, cs), "active cs");
  // Single use.
  EXPECT_EQ(client.post("/api/newsletter/confirm", json_body({{"token", token}})).status, 400);

  // An active address, and a new one in English: the same answer, byte for byte.
  auto again = client.post("/api/newsletter/subscribe", json_body({{"email", cs}, {"language", "cs"}}));
  auto other = client.post("/api/newsletter/subscribe", json_body({{"email", en}, {"language", "en"}}));
  EXPECT_EQ(again.status, 202);
  EXPECT_EQ(other.status, 202);
  EXPECT_EQ(again.body, first.body);
  EXPECT_EQ(other.body, first.body);
  ASSERT_TRUE(sink.wait_for(2, std::chrono::seconds(10)));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ASSERT_EQ(sink.count(), 2u) << "an active subscriber gets no second confirmation";
  auto english = sink.messages()[1].data;
  EXPECT_NE(english.find("Subject: Confirm your subscription to PayTech Blog"), std::string::npos) << english;
  EXPECT_EQ(english.find("Dobrý den"), std::string::npos);

  // A link past its 7 days is refused.
  server.sql("UPDATE newsletter_confirmations SET expires_at = now() - interval '1 second'");
  EXPECT_EQ(client.post("/api/newsletter/confirm", json_body({{"token", token_in(english)}})).status, 400);
  EXPECT_EQ(state_of(server, en), "pending en");

  // Unsubscribing (the unsubscribe page's button) takes effect at once; subscribing again needs a
  // new confirmation.
  auto unsubscribe_token = query_value(
      server.database_url(), "SELECT unsubscribe_token FROM newsletter_subscribers WHERE email = '" + cs + "'");
  EXPECT_EQ(client.post("/api/newsletter/unsubscribe", json_body({{"token", unsubscribe_token}})).status, 200);
  EXPECT_EQ(state_of(server, cs), "unsubscribed cs");
  EXPECT_EQ(client.post("/api/newsletter/unsubscribe", json_body({{"token", "no-such-token"}})).status, 400);
  EXPECT_EQ(client.post("/api/newsletter/subscribe", json_body({{"email", cs}, {"language", "en"}})).body, first.body);
  EXPECT_EQ(state_of(server, cs), "unsubscribed cs");
  ASSERT_TRUE(sink.wait_for(3, std::chrono::seconds(10)));
  EXPECT_EQ(client.post("/api/newsletter/confirm", json_body({{"token", token_in(sink.messages()[2].data)}})).status,
            200);
  EXPECT_EQ(state_of(server, cs), "active en");

  EXPECT_EQ(client.post("/api/newsletter/subscribe", json_body({{"email", "not-an-address"}})).status, 400);
  EXPECT_EQ(client.post("/api/newsletter/subscribe", json_body({{"email", en}, {"language", "de"}})).status, 400);
}

TEST(Newsletter, ConfirmationMailsToOneAddressAreCappedAndClientsThrottled) {
  smtp_sink sink;
  test_server server("newsletter_caps", [&](blog::config& c) {
    c.smtp_url = sink.url();
    c.mail_rate_per_second = 0;
  });
  http_client client(server.url());
  auto victim = unique("victim") + "@example.com";
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(client.post("/api/newsletter/subscribe", json_body({{"email", victim}, {"language", "en"}})).status, 202);
  ASSERT_TRUE(sink.wait_for(3, std::chrono::seconds(10)));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  EXPECT_EQ(sink.count(), 3u);

  // Ten calls an hour per client address: the rest wait.
  for (int i = 0; i < 5; ++i)
    client.post("/api/newsletter/subscribe", json_body({{"email", unique("x") + "@example.com"}, {"language", "en"}}));
  auto refused = client.post("/api/newsletter/subscribe",
                             json_body({{"email", unique("y") + "@example.com"}, {"language", "en"}}));
  EXPECT_EQ(refused.status, 429);
  EXPECT_FALSE(refused.header("retry-after").empty());
}
