// Mail over SMTP: a small SMTP server on loopback receives the verification mail of a registration.
#include "support/harness.hpp"
#include "support/smtp_sink.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include <chrono>
#include <filesystem>
#include <thread>

using blog::test::http_client;
using blog::test::smtp_sink;
using blog::test::test_server;

namespace {

std::string registration(const std::string& name) {
  return boost::json::serialize(boost::json::object{{"username", name},
                                                    {"email", name + "@example.com"},
                                                    {"password", "password1"},
                                                    {"confirmPassword", "password1"}});
}

}  // namespace

TEST(AuthSmtp, VerificationMailGoesOutOverSmtp) {
  smtp_sink sink;
  test_server server("auth_smtp", [&](blog::config& c) {
    c.smtp_url = "smtp://127.0.0.1:" + std::to_string(sink.port());
    c.mail_from = "PayTech Blog <no-reply@paytech.test>";
  });
  http_client client(server.url());
  auto res = client.post("/api/register", registration("smtpuser"));
  ASSERT_EQ(res.status, 201) << res.body;

  // The mail goes out on a background lane after the answer.
  auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (sink.transcript().find("QUIT") == std::string::npos && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  auto transcript = sink.transcript();
  EXPECT_NE(transcript.find("MAIL FROM:<no-reply@paytech.test>"), std::string::npos) << transcript;
  EXPECT_NE(transcript.find("RCPT TO:<smtpuser@example.com>"), std::string::npos) << transcript;
  EXPECT_NE(transcript.find("QUIT"), std::string::npos) << transcript;
  auto data = sink.all_data();
  EXPECT_NE(data.find("To: smtpuser@example.com\r\n"), std::string::npos) << data;
  EXPECT_NE(data.find("Subject: =?UTF-8?B?"), std::string::npos) << data;
  EXPECT_NE(data.find(server.ctx().cfg.effective_public_url() + "/verify-email?token="), std::string::npos) << data;
  EXPECT_NE(data.find("Dobrý den"), std::string::npos);
  // Sent, so not also written to the outbox folder.
  EXPECT_FALSE(std::filesystem::exists(server.ctx().cfg.data_dir / "mail"));

  // The mailed link verifies the address.
  auto at = data.find("/verify-email?token=") + 20;
  auto token = data.substr(at, data.find("\r\n", at) - at);
  auto verified = client.post("/api/verify-email", boost::json::serialize(boost::json::object{{"token", token}}));
  EXPECT_EQ(verified.status, 200) << verified.body;
  EXPECT_EQ(client.get("/api/user").json().at("emailVerified").as_bool(), true);
}

TEST(AuthSmtp, AnUnreachableMailServerDoesNotFailRegistration) {
  // A port that was free a moment ago: nothing listens there.
  std::uint16_t closed_port = 0;
  {
    smtp_sink probe;
    closed_port = probe.port();
  }
  test_server server("auth_smtp_down",
                     [&](blog::config& c) { c.smtp_url = "smtp://127.0.0.1:" + std::to_string(closed_port); });
  http_client client(server.url());
  auto res = client.post("/api/register", registration("nomail"));
  EXPECT_EQ(res.status, 201) << res.body;
  EXPECT_EQ(client.get("/api/user").status, 200);
}
