// Images of an old site fetched over http(s) for an import: bounded in time and size, and only from hosts allowed.
#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace blog::import {

// The parts of an absolute http(s) URL we decide by; nullopt for anything else (other schemes,
// relative paths, no host).
struct url_parts {
  std::string origin;  // "https://old.example.com:8080", scheme and host in lower case
  std::string host;    // "old.example.com:8080": the host with its port when the URL names one
  std::string rest;    // the path and query, "/wp-content/uploads/a.png?x=1" ("" for none)
};
std::optional<url_parts> split_url(std::string_view url);

// True for an address of the public internet; false for loopback, private networks (RFC 1918,
// fc00::/7), carrier-grade NAT, link-local (where cloud metadata services answer), multicast,
// unspecified and reserved ones, IPv4-mapped IPv6 judged by its IPv4 address. `address` is a
// sockaddr_in or sockaddr_in6; any other family is not public.
bool is_public_address(const void* sockaddr);

struct fetched {
  std::optional<std::string> bytes;  // nullopt: not fetched
  std::string problem;               // why not ("answered 404", "timed out", …)
};

// One connection reused for the images of an import (an old site serves many), one transfer at
// a time. A transfer gets `time_limit` in all; redirects are not followed (one could lead to
// any host); a body over `max_bytes` is cut off and reported. Without `private_hosts`, a host
// whose address is not public (is_public_address) is never connected to, whatever name the
// file gives it: an uploaded export cannot reach the server's own network.
class image_fetcher {
 public:
  image_fetcher(std::size_t max_bytes, std::chrono::milliseconds time_limit, bool private_hosts = true);
  ~image_fetcher();
  image_fetcher(const image_fetcher&) = delete;
  image_fetcher& operator=(const image_fetcher&) = delete;

  fetched get(const std::string& url);

 private:
  struct handle;
  std::unique_ptr<handle> handle_;
  std::size_t max_bytes_;
  std::chrono::milliseconds time_limit_;
  bool private_hosts_;
};

}  // namespace blog::import
