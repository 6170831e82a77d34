// Splits multipart/form-data bodies into named parts.
#include "blog/http/multipart.hpp"
#include "blog/core/text.hpp"

namespace blog::http {
namespace {

// The value of `key="value"` (or key=value) inside a header value.
std::string param(std::string_view header, std::string_view key) {
  auto lowered = core::to_lower_ascii(header);
  std::size_t at = 0;
  while ((at = lowered.find(key, at)) != std::string::npos) {
    bool boundary_before = at == 0 || lowered[at - 1] == ';' || lowered[at - 1] == ' ';
    std::size_t eq = at + key.size();
    if (boundary_before && eq < header.size() && header[eq] == '=') {
      auto value = header.substr(eq + 1);
      if (!value.empty() && value.front() == '"') {
        auto end = value.find('"', 1);
        return std::string(value.substr(1, end == std::string_view::npos ? std::string_view::npos : end - 1));
      }
      return std::string(value.substr(0, value.find(';')));
    }
    at = eq;
  }
  return {};
}

}  // namespace

std::optional<std::string> multipart_boundary(std::string_view content_type) {
  if (core::to_lower_ascii(content_type).rfind("multipart/form-data", 0) != 0) return std::nullopt;
  auto boundary = param(content_type, "boundary");
  if (boundary.empty() || boundary.size() > 200) return std::nullopt;
  return boundary;
}

std::optional<std::vector<form_part>> parse_multipart(std::string_view body, std::string_view boundary) {
  std::string delimiter = "--" + std::string(boundary);
  std::vector<form_part> parts;
  auto at = body.find(delimiter);
  if (at == std::string_view::npos) return std::nullopt;
  at += delimiter.size();
  for (;;) {
    if (body.substr(at, 2) == "--") return parts;
    if (body.substr(at, 2) != "\r\n") return std::nullopt;
    at += 2;
    auto headers_end = body.find("\r\n\r\n", at);
    if (headers_end == std::string_view::npos) return std::nullopt;
    form_part part;
    auto headers = body.substr(at, headers_end - at);
    while (!headers.empty()) {
      auto eol = headers.find("\r\n");
      auto line = headers.substr(0, eol);
      auto colon = line.find(':');
      if (colon != std::string_view::npos) {
        auto name = core::to_lower_ascii(line.substr(0, colon));
        auto value = line.substr(colon + 1);
        while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
        if (name == "content-disposition") {
          part.name = param(value, "name");
          part.filename = param(value, "filename");
        } else if (name == "content-type") {
          part.content_type = std::string(value);
        }
      }
      if (eol == std::string_view::npos) break;
      headers.remove_prefix(eol + 2);
    }
    auto data_start = headers_end + 4;
    auto next = body.find("\r\n" + delimiter, data_start);
    if (next == std::string_view::npos) return std::nullopt;
    part.data = body.substr(data_start, next - data_start);
    parts.push_back(std::move(part));
    at = next + 2 + delimiter.size();
  }
}

}  // namespace blog::http
