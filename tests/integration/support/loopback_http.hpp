// A real HTTP/1.1 server on loopback standing in for a service the blog calls (an AI service, an
// old site's images): one request per connection, Content-Length bodies, each answered by the
// test's function on the server's one thread; every request is kept for the test to read.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace blog::test {

// A listening TCP socket on 127.0.0.1 at a free port, which is stored in `port`. Throws when none.
int listen_on_loopback(int backlog, std::uint16_t& port);

class loopback_http {
 public:
  struct request {
    std::string method;
    std::string path;                            // as sent, with its query
    std::map<std::string, std::string> headers;  // names in lower case
    std::string body;

    std::string header(const std::string& name) const;
  };
  struct answer {
    unsigned status = 200;
    std::string body;
    std::string content_type = "application/json";
  };
  using handler = std::function<answer(const request&)>;

  explicit loopback_http(handler answer_with);
  ~loopback_http();
  loopback_http(const loopback_http&) = delete;
  loopback_http& operator=(const loopback_http&) = delete;

  std::uint16_t port() const { return port_; }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }
  std::vector<request> requests();
  // For a handler playing a slow service: waits `limit`, or less when the server is being stopped.
  void pause(std::chrono::milliseconds limit);

 private:
  void serve();

  handler answer_with_;
  int listener_ = -1;
  std::uint16_t port_ = 0;
  std::mutex mutex_;
  std::condition_variable woken_;
  bool stop_ = false;
  std::vector<request> requests_;
  std::thread thread_;
};

}  // namespace blog::test
