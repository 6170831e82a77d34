// Mail over SMTP: a small SMTP server on loopback receives the verification mail of a registration.
#include "support/harness.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <thread>

using blog::test::http_client;
using blog::test::test_server;

namespace {

// Speaks just enough RFC 5321 for one client at a time: greeting, EHLO/HELO, MAIL, RCPT, DATA, QUIT.
class smtp_sink {
 public:
  smtp_sink() {
    listener_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::bind(listener_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(listener_, 4) != 0)
      throw std::runtime_error("smtp_sink: cannot listen");
    socklen_t len = sizeof addr;
    ::getsockname(listener_, reinterpret_cast<sockaddr*>(&addr), &len);
    port_ = ntohs(addr.sin_port);
    thread_ = std::thread([this] { serve(); });
  }
  ~smtp_sink() {
    stop_ = true;
    thread_.join();
    ::close(listener_);
  }

  std::uint16_t port() const { return port_; }
  std::string transcript() {
    std::lock_guard lock(mutex_);
    return transcript_;
  }
  std::string data() {
    std::lock_guard lock(mutex_);
    return data_;
  }

 private:
  void serve() {
    while (!stop_) {
      pollfd p{listener_, POLLIN, 0};
      if (::poll(&p, 1, 100) <= 0) continue;
      int fd = ::accept(listener_, nullptr, nullptr);
      if (fd < 0) continue;
      converse(fd);
      ::close(fd);
    }
  }

  void reply(int fd, const std::string& line) {
    std::string out = line + "\r\n";
    (void)::send(fd, out.data(), out.size(), MSG_NOSIGNAL);
  }

  // The next CRLF-terminated line, or nullopt when the client is gone or silent for 5 s.
  std::optional<std::string> read_line(int fd, std::string& buffer) {
    for (;;) {
      auto end = buffer.find("\r\n");
      if (end != std::string::npos) {
        auto line = buffer.substr(0, end);
        buffer.erase(0, end + 2);
        return line;
      }
      pollfd p{fd, POLLIN, 0};
      if (::poll(&p, 1, 5000) <= 0) return std::nullopt;
      char chunk[4096];
      auto n = ::recv(fd, chunk, sizeof chunk, 0);
      if (n <= 0) return std::nullopt;
      buffer.append(chunk, static_cast<std::size_t>(n));
    }
  }

  void converse(int fd) {
    std::string buffer;
    reply(fd, "220 sink.test ESMTP ready");
    while (auto line = read_line(fd, buffer)) {
      {
        std::lock_guard lock(mutex_);
        transcript_ += *line + "\n";
      }
      auto verb = line->substr(0, 4);
      for (auto& c : verb) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      if (verb == "EHLO" || verb == "HELO") {
        reply(fd, "250 sink.test");
      } else if (verb == "MAIL" || verb == "RCPT" || verb == "RSET" || verb == "NOOP") {
        reply(fd, "250 OK");
      } else if (verb == "DATA") {
        reply(fd, "354 End data with <CR><LF>.<CR><LF>");
        std::string body;
        while (auto data_line = read_line(fd, buffer)) {
          if (*data_line == ".") break;
          body += *data_line + "\r\n";
        }
        {
          std::lock_guard lock(mutex_);
          data_ = body;
        }
        reply(fd, "250 OK queued");
      } else if (verb == "QUIT") {
        reply(fd, "221 Bye");
        return;
      } else {
        reply(fd, "502 Command not implemented");
      }
    }
  }

  int listener_ = -1;
  std::uint16_t port_ = 0;
  std::atomic<bool> stop_{false};
  std::thread thread_;
  std::mutex mutex_;
  std::string transcript_;
  std::string data_;
};

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
  auto data = sink.data();
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
