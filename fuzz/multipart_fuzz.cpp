// Fuzzes multipart/form-data: the first line is the Content-Type, the rest the body.
#include "blog/http/multipart.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

// Every part's data must point into the body it was parsed from.
void check_parts(std::string_view body, std::string_view boundary) {
  auto parts = blog::http::parse_multipart(body, boundary);
  if (!parts) return;
  for (const auto& part : *parts) {
    if (part.data.empty()) continue;
    if (part.data.data() < body.data() || part.data.data() + part.data.size() > body.data() + body.size()) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  auto newline = input.find('\n');
  if (newline == std::string_view::npos) {
    (void)blog::http::multipart_boundary(input);
    check_parts(input, "boundary");
    return 0;
  }
  std::string_view content_type = input.substr(0, newline);
  std::string_view body = input.substr(newline + 1);
  if (auto boundary = blog::http::multipart_boundary(content_type)) {
    if (boundary->empty()) std::abort();
    check_parts(body, *boundary);
  } else {
    check_parts(body, "boundary");
  }
  return 0;
}
