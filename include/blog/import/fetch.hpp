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

struct fetched {
  std::optional<std::string> bytes;  // nullopt: not fetched
  std::string problem;               // why not ("answered 404", "timed out", …)
};

// One connection reused for the images of an import (an old site serves many), one transfer at
// a time. A transfer gets `time_limit` in all; redirects are not followed (one could lead to
// any host); a body over `max_bytes` is cut off and reported.
class image_fetcher {
 public:
  image_fetcher(std::size_t max_bytes, std::chrono::milliseconds time_limit);
  ~image_fetcher();
  image_fetcher(const image_fetcher&) = delete;
  image_fetcher& operator=(const image_fetcher&) = delete;

  fetched get(const std::string& url);

 private:
  struct handle;
  std::unique_ptr<handle> handle_;
  std::size_t max_bytes_;
  std::chrono::milliseconds time_limit_;
};

}  // namespace blog::import
