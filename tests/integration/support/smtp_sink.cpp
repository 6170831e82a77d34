// The loopback SMTP server of the mail tests: a thread per connection, RFC 5321's few verbs.
#include "support/smtp_sink.hpp"
#include "support/loopback_http.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cctype>
#include <optional>
#include <stdexcept>

namespace blog::test {
namespace {

void reply(int fd, const std::string& line) {
  std::string out = line + "\r\n";
  (void)::send(fd, out.data(), out.size(), MSG_NOSIGNAL);
}

// The next CRLF-terminated line, or nullopt when the client is gone or silent for 10 s.
std::optional<std::string> read_line(int fd, std::string& buffer, const std::atomic<bool>& stop) {
  for (;;) {
    auto end = buffer.find("\r\n");
    if (end != std::string::npos) {
      auto line = buffer.substr(0, end);
      buffer.erase(0, end + 2);
      return line;
    }
    int waited = 0;
    for (;;) {
      pollfd p{fd, POLLIN, 0};
      int ready = ::poll(&p, 1, 100);
      if (ready > 0) break;
      if (ready < 0 || stop || (waited += 100) >= 10000) return std::nullopt;
    }
    char chunk[8192];
    auto n = ::recv(fd, chunk, sizeof chunk, 0);
    if (n <= 0) return std::nullopt;
    buffer.append(chunk, static_cast<std::size_t>(n));
  }
}

// "MAIL FROM:<a@b> SIZE=1" → "a@b"
std::string address_in(const std::string& line) {
  auto open = line.find('<');
  auto close = line.find('>', open == std::string::npos ? 0 : open);
  if (open == std::string::npos || close == std::string::npos) return "";
  return line.substr(open + 1, close - open - 1);
}

}  // namespace

smtp_sink::smtp_sink() {
  listener_ = listen_on_loopback(64, port_);
  thread_ = std::thread([this] { serve(); });
}

smtp_sink::~smtp_sink() {
  stop_ = true;
  thread_.join();
  for (auto& t : conversations_) t.join();
  ::close(listener_);
}

void smtp_sink::on_rcpt(rcpt_rule rule) {
  std::lock_guard lock(mutex_);
  rule_ = std::move(rule);
}

std::vector<smtp_sink::received> smtp_sink::messages() {
  std::lock_guard lock(mutex_);
  return messages_;
}

std::size_t smtp_sink::count() {
  std::lock_guard lock(mutex_);
  return messages_.size();
}

std::string smtp_sink::transcript() {
  std::lock_guard lock(mutex_);
  return transcript_;
}

std::string smtp_sink::all_data() {
  std::lock_guard lock(mutex_);
  std::string all;
  for (const auto& m : messages_) all += m.data;
  return all;
}

bool smtp_sink::wait_for(std::size_t n, std::chrono::seconds limit) {
  auto give_up = std::chrono::steady_clock::now() + limit;
  while (count() < n) {
    if (std::chrono::steady_clock::now() > give_up) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

bool smtp_sink::wait_for_text(const std::string& text, std::chrono::seconds limit) {
  auto give_up = std::chrono::steady_clock::now() + limit;
  while (all_data().find(text) == std::string::npos) {
    if (std::chrono::steady_clock::now() > give_up) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

void smtp_sink::serve() {
  while (!stop_) {
    pollfd p{listener_, POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    int fd = ::accept(listener_, nullptr, nullptr);
    if (fd < 0) continue;
    ++connections_;
    conversations_.emplace_back([this, fd] {
      converse(fd);
      ::close(fd);
    });
  }
}

void smtp_sink::converse(int fd) {
  std::string buffer;
  std::string from;
  std::string to;
  if (greeting_delay_ms_ > 0) std::this_thread::sleep_for(std::chrono::milliseconds(greeting_delay_ms_.load()));
  reply(fd, "220 sink.test ESMTP ready");
  while (auto line = read_line(fd, buffer, stop_)) {
    {
      std::lock_guard lock(mutex_);
      transcript_ += *line + "\n";
    }
    auto verb = line->substr(0, 4);
    for (auto& c : verb) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (verb == "EHLO" || verb == "HELO") {
      reply(fd, "250 sink.test");
    } else if (verb == "MAIL") {
      from = address_in(*line);
      reply(fd, "250 OK");
    } else if (verb == "RCPT") {
      to = address_in(*line);
      std::string answer;
      {
        std::lock_guard lock(mutex_);
        if (rule_) answer = rule_(to);
      }
      reply(fd, answer.empty() ? "250 OK" : answer);
    } else if (verb == "RSET" || verb == "NOOP") {
      reply(fd, "250 OK");
    } else if (verb == "DATA") {
      reply(fd, "354 End data with <CR><LF>.<CR><LF>");
      std::string body;
      while (auto data_line = read_line(fd, buffer, stop_)) {
        if (*data_line == ".") break;
        body += (data_line->rfind("..", 0) == 0 ? data_line->substr(1) : *data_line) + "\r\n";
      }
      if (delay_ms_ > 0) std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms_.load()));
      {
        std::lock_guard lock(mutex_);
        messages_.push_back({from, to, body});
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

}  // namespace blog::test
