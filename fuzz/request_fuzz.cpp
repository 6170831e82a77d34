// Fuzzes the request path: Beast's parser over raw bytes, our conversion to http::request
// (percent-decoding, headers, query parameters, cookies), then routing against the app's patterns.
#include "blog/api/json.hpp"
#include "blog/core/error.hpp"
#include "blog/http/router.hpp"
#include "blog/wire/message.hpp"

#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

namespace bhttp = boost::beast::http;
using namespace blog;

// The app's routes as method and pattern, read from the route table (src/app/routes.cpp) when the
// build is configured; the handlers are never called.
const char* const app_routes[][2] = {
#include "app_routes.inc"
};

const http::router& app_router() {
  static const http::router r = [] {
    http::router built;
    for (const auto& [method, pattern] : app_routes) {
      http::route r;
      r.method = method;
      r.pattern = pattern;
      r.handle = http::at_once([](http::request&) { return http::response::no_content(); });
      built.add(std::move(r));
    }
    return built;
  }();
  return r;
}

// What the server does with a parsed message (http/server.cpp, to_request).
http::request to_request(const bhttp::request<bhttp::string_body>& msg) {
  http::request req;
  req.method = std::string(msg.method_string());
  req.target = std::string(msg.target());
  auto q = req.target.find('?');
  req.path = http::percent_decode(std::string_view(req.target).substr(0, q), false);
  if (q != std::string::npos) req.query_string = req.target.substr(q + 1);
  for (const auto& field : msg) {
    std::string name(field.name_string());
    for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    req.headers.emplace_back(std::move(name), std::string(field.value()));
  }
  req.body = msg.body();
  req.remote_address = "127.0.0.1";
  return req;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  bhttp::request_parser<bhttp::string_body> parser;
  parser.header_limit(16 * 1024);
  parser.body_limit(64 * 1024);
  parser.eager(true);
  boost::beast::error_code ec;
  std::size_t used = 0;
  while (used < bytes.size() && !parser.is_done()) {
    auto n = parser.put(boost::asio::buffer(bytes.data() + used, bytes.size() - used), ec);
    if (ec == bhttp::error::need_more) break;
    if (ec) return 0;
    if (n == 0) break;
    used += n;
  }
  if (!parser.is_header_done()) return 0;

  auto req = to_request(parser.get());
  (void)req.header("host");
  (void)req.cookie("session");
  for (const char* key : {"page", "limit", "q", "lang", "category", "cursor", ""}) (void)req.query(key);
  try {
    (void)api::query_number(req, "page", 1, 1, 100000);
  } catch (const blog::error&) {
  }

  // Encoding then decoding gives the text back, whatever it holds.
  if (http::percent_decode(http::percent_encode(req.path), false) != req.path) std::abort();

  // The server refuses a path not in normal form before routing (server.cpp); one it lets through
  // names one resource: once decoded, it has no empty or dot segment and no backslash to smuggle one.
  if (!http::is_normal_path(std::string_view(req.target).substr(0, req.target.find('?')))) return 0;
  const std::string& path = req.path;
  if (path.find("//") != std::string::npos || path.find('\\') != std::string::npos) std::abort();
  for (std::string_view dot : {"/./", "/../"})
    if (path.find(dot) != std::string::npos) std::abort();
  if (path.ends_with("/.") || path.ends_with("/..")) std::abort();

  auto found = app_router().find(req);
  if (found.found != nullptr) {
    for (const auto& [name, value] : req.path_params) {
      if (req.param(name) != value) std::abort();
    }
  }
  return 0;
}
