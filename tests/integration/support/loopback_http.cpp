// The loopback HTTP server of the tests that stand in for an outside service.
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

// Reads more bytes into `buffer`; false when the client is gone or silent for 5 s.
bool read_more(int fd, std::string& buffer) {
  pollfd p{fd, POLLIN, 0};
  if (::poll(&p, 1, 5000) <= 0) return false;
  char chunk[8192];
  auto n = ::recv(fd, chunk, sizeof chunk, 0);
  if (n <= 0) return false;
  buffer.append(chunk, static_cast<std::size_t>(n));
  return true;
}

std::optional<loopback_http::request> read_request(int fd) {
  std::string buffer;
  std::size_t head_end;
  while ((head_end = buffer.find("\r\n\r\n")) == std::string::npos)
    if (!read_more(fd, buffer)) return std::nullopt;
  loopback_http::request req;
  const std::string head = buffer.substr(0, head_end);
  const auto line_end = head.find("\r\n");
  const std::string request_line = head.substr(0, line_end);
  const auto space = request_line.find(' ');
  req.method = request_line.substr(0, space);
  req.path = request_line.substr(space + 1, request_line.find(' ', space + 1) - space - 1);
  std::size_t at = line_end == std::string::npos ? head.size() : line_end + 2;
  while (at < head.size()) {
    auto end = head.find("\r\n", at);
    if (end == std::string::npos) end = head.size();
    const auto line = head.substr(at, end - at);
    if (const auto colon = line.find(':'); colon != std::string::npos) {
      auto name = line.substr(0, colon);
      for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      auto value = line.substr(colon + 1);
      while (!value.empty() && value.front() == ' ') value.erase(0, 1);
      req.headers[name] = value;
    }
    at = end + 2;
  }
  const std::size_t length = req.headers.contains("content-length") ? std::stoul(req.headers["content-length"]) : 0;
  req.body = buffer.substr(head_end + 4);
  while (req.body.size() < length)
    if (!read_more(fd, req.body)) return std::nullopt;
  return req;
}

const char* reason(unsigned status) {
  switch (status) {
    case 200:
      return "OK";
    case 400:
      return "Bad Request";
    case 401:
      return "Unauthorized";
    case 404:
      return "Not Found";
    default:
      return "Error";
  }
}

void reply(int fd, const loopback_http::answer& a) {
  const std::string out =
      "HTTP/1.1 " + std::to_string(a.status) + ' ' + reason(a.status) + "\r\nContent-Type: " + a.content_type +
      "\r\nContent-Length: " + std::to_string(a.body.size()) + "\r\nConnection: close\r\n\r\n" + a.body;
  for (std::size_t sent = 0; sent < out.size();) {
    auto n = ::send(fd, out.data() + sent, out.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return;
    sent += static_cast<std::size_t>(n);
  }
}

}  // namespace

int listen_on_loopback(int backlog, std::uint16_t& port) {
  int listener = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (listener < 0 || ::bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      ::listen(listener, backlog) != 0) {
    if (listener >= 0) ::close(listener);
    throw std::runtime_error("cannot listen on loopback");
  }
  socklen_t len = sizeof addr;
  ::getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &len);
  port = ntohs(addr.sin_port);
  return listener;
}

std::string loopback_http::request::header(const std::string& name) const {
  auto found = headers.find(name);
  return found == headers.end() ? "" : found->second;
}

loopback_http::loopback_http(handler answer_with) : answer_with_(std::move(answer_with)) {
  listener_ = listen_on_loopback(16, port_);
  thread_ = std::thread([this] { serve(); });
}

loopback_http::~loopback_http() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  woken_.notify_all();
  thread_.join();
  ::close(listener_);
}

std::vector<loopback_http::request> loopback_http::requests() {
  std::lock_guard lock(mutex_);
  return requests_;
}

void loopback_http::pause(std::chrono::milliseconds limit) {
  std::unique_lock lock(mutex_);
  woken_.wait_for(lock, limit, [this] { return stop_; });
}

void loopback_http::serve() {
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (stop_) return;
    }
    pollfd p{listener_, POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    int fd = ::accept(listener_, nullptr, nullptr);
    if (fd < 0) continue;
    if (auto req = read_request(fd)) {
      {
        std::lock_guard lock(mutex_);
        requests_.push_back(*req);
      }
      reply(fd, answer_with_(*req));
    }
    ::close(fd);
  }
}

}  // namespace blog::test
