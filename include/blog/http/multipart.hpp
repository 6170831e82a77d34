// multipart/form-data bodies (RFC 7578), enough for file uploads.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace blog::http {

struct form_part {
  std::string name;
  std::string filename;
  std::string content_type;
  std::string_view data;  // points into the body
};

// The boundary of a "multipart/form-data; boundary=…" Content-Type, or nullopt.
std::optional<std::string> multipart_boundary(std::string_view content_type);
// The parts of a body; nullopt when it is not well-formed.
std::optional<std::vector<form_part>> parse_multipart(std::string_view body, std::string_view boundary);

}  // namespace blog::http
