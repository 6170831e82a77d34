// A real SMTP server on loopback for the mail tests: any number of clients at once, every message
// kept, and replies chosen per recipient (4xx now, 5xx for good) to stand in for a mail provider.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace blog::test {

class smtp_sink {
 public:
  struct received {
    std::string from;
    std::string to;    // the RCPT address, without <>
    std::string data;  // the message, CRLF line ends, dot-unstuffed
  };
  // The reply to RCPT TO:<address>; return "" to accept. E.g. "550 5.1.1 No such user".
  using rcpt_rule = std::function<std::string(const std::string& address)>;

  smtp_sink();
  ~smtp_sink();
  smtp_sink(const smtp_sink&) = delete;
  smtp_sink& operator=(const smtp_sink&) = delete;

  std::uint16_t port() const { return port_; }
  std::string url() const { return "smtp://127.0.0.1:" + std::to_string(port_); }
  void on_rcpt(rcpt_rule rule);
  // Waits this long before accepting each message's data (a slow provider).
  void delay_each(std::chrono::milliseconds delay) { delay_ms_ = static_cast<int>(delay.count()); }
  // Waits this long before greeting each connection (a slow server the client must not be held by).
  void delay_greeting(std::chrono::milliseconds delay) { greeting_delay_ms_ = static_cast<int>(delay.count()); }

  std::vector<received> messages();
  std::size_t count();
  std::size_t connections() const { return connections_.load(); }
  // Every command line the clients sent, in order, one a line (message data not included).
  std::string transcript();
  // Every message's data so far, one after another.
  std::string all_data();
  // Waits until at least `n` messages arrived or `limit` passed; true when they did.
  bool wait_for(std::size_t n, std::chrono::seconds limit);
  // Waits until a message holding `text` arrived or `limit` passed; true when one did.
  bool wait_for_text(const std::string& text, std::chrono::seconds limit);

 private:
  void serve();
  void converse(int fd);

  int listener_ = -1;
  std::uint16_t port_ = 0;
  std::atomic<bool> stop_{false};
  std::atomic<int> delay_ms_{0};
  std::atomic<int> greeting_delay_ms_{0};
  std::atomic<std::size_t> connections_{0};
  std::thread thread_;
  std::mutex mutex_;
  rcpt_rule rule_;
  std::vector<received> messages_;
  std::string transcript_;
  std::vector<std::thread> conversations_;
};

}  // namespace blog::test
