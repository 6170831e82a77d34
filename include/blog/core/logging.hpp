// Logging set-up shared by blogd and blogctl, and the access log line of every request.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>

namespace blog {

// Sets the pattern and level ("trace" … "error"; unknown names mean "info"). format "json"
// writes one JSON object per line ({"time","level","message",…}) for log shippers; anything
// else the plain text lines.
void setup_logging(const std::string& level, const std::string& format = "text");

// One answered request.
struct access_entry {
  std::string_view request_id;
  std::string_view method;
  std::string_view path;
  std::string_view route;  // the router's pattern, or "" when none matched
  std::string_view client;
  unsigned status = 0;
  std::size_t bytes = 0;
  std::chrono::microseconds elapsed{0};
};

// Writes the access log line of a request at level info: in JSON with every field as its own
// key (requestId, method, path, route, status, bytes, ms, client). Never throws.
void log_access(const access_entry& entry);

}  // namespace blog
