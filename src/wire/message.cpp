// Helpers of the server's request and response types: headers, query, cookies, pre-serialisation.
#include "blog/wire/message.hpp"
#include "blog/core/crypto.hpp"
#include "blog/core/text.hpp"

#include <boost/json/serialize.hpp>

#include <cctype>
#include <filesystem>

namespace blog::http {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

const std::string empty_string;

}  // namespace

std::string_view request::header(std::string_view lower_name) const {
  for (const auto& [name, value] : headers)
    if (name == lower_name) return value;
  return {};
}

std::optional<std::string> request::query(std::string_view key) const {
  std::string_view rest = query_string;
  while (!rest.empty()) {
    auto amp = rest.find('&');
    auto pair = rest.substr(0, amp);
    auto eq = pair.find('=');
    if (percent_decode(pair.substr(0, eq), true) == key)
      return eq == std::string_view::npos ? std::string() : percent_decode(pair.substr(eq + 1), true);
    if (amp == std::string_view::npos) break;
    rest.remove_prefix(amp + 1);
  }
  return std::nullopt;
}

const std::string& request::param(std::string_view name) const {
  for (const auto& [key, value] : path_params)
    if (key == name) return value;
  return empty_string;
}

std::string request::cookie(std::string_view name) const {
  for (const auto& [header_name, value] : headers) {
    if (header_name != "cookie") continue;
    std::string_view rest = value;
    while (!rest.empty()) {
      auto semi = rest.find(';');
      auto pair = rest.substr(0, semi);
      while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
      auto eq = pair.find('=');
      if (eq != std::string_view::npos && pair.substr(0, eq) == name) return std::string(pair.substr(eq + 1));
      if (semi == std::string_view::npos) break;
      rest.remove_prefix(semi + 1);
    }
  }
  return {};
}

owned_file::owned_file(std::string path)
    : path_(new std::string(std::move(path)), [](const std::string* file) {
        std::error_code ignored;  // gone already: the server removes it once opened
        std::filesystem::remove(*file, ignored);
        delete file;
      }) {}

const std::string& owned_file::path() const {
  static const std::string none;
  return path_ ? *path_ : none;
}

response& response::set(std::string name, std::string value) {
  for (auto& [n, v] : headers) {
    if (core::iequals_ascii(n, name)) {
      v = std::move(value);
      return *this;
    }
  }
  headers.emplace_back(std::move(name), std::move(value));
  return *this;
}

bool response::has_header(std::string_view lower_name) const {
  for (const auto& [n, v] : headers)
    if (core::iequals_ascii(n, lower_name)) return true;
  return false;
}

response response::json(unsigned status, const boost::json::value& body) {
  return json_text(status, boost::json::serialize(body));
}

response response::json_text(unsigned status, std::string serialized_json) {
  response r;
  r.status = status;
  r.body = std::move(serialized_json);
  r.headers.emplace_back("Content-Type", "application/json; charset=utf-8");
  return r;
}

response response::text(unsigned status, std::string body, std::string content_type) {
  response r;
  r.status = status;
  r.body = std::move(body);
  r.headers.emplace_back("Content-Type", std::move(content_type));
  return r;
}

response response::no_content() {
  response r;
  r.status = 204;
  return r;
}

response response::from_prebuilt(std::shared_ptr<const prebuilt_response> ready) {
  response r;
  r.status = ready->status;
  r.prebuilt = std::move(ready);
  return r;
}

std::shared_ptr<const prebuilt_response> prebuild(unsigned status, std::string_view content_type, std::string_view body,
                                                  std::string_view cache_control, const header_list& extra) {
  // The first 96 bits of the body's SHA-256: enough to tell versions apart, short on the wire.
  std::string etag = "\"";
  etag.append(core::sha256_hex(body), 0, 24).append("\"");

  auto ready = std::make_shared<prebuilt_response>();
  std::string common;
  common += "ETag: " + etag + "\r\n";
  if (!cache_control.empty()) common += "Cache-Control: " + std::string(cache_control) + "\r\n";
  for (const auto& [name, value] : extra) common.append(name).append(": ").append(value).append("\r\n");

  ready->bytes = "HTTP/1.1 " + std::to_string(status) + " " + std::string(reason_phrase(status)) + "\r\n";
  ready->bytes += "Content-Type: " + std::string(content_type) + "\r\n";
  ready->bytes += common;
  ready->bytes += "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
  ready->bytes += body;
  ready->not_modified = "HTTP/1.1 304 Not Modified\r\n" + common + "\r\n";
  ready->etag = std::move(etag);
  ready->status = status;
  ready->body_size = body.size();
  ready->html = content_type.starts_with("text/html");
  return ready;
}

bool is_normal_path(std::string_view path) {
  if (path.empty() || path.front() != '/') return false;
  if (path == "/") return true;
  std::size_t start = 1;
  for (;;) {
    auto slash = path.find('/', start);
    auto segment = path.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start);
    // Empty segments ("//") and dot segments name no resource of their own. One trailing '/' is
    // let through: the router ignores it, and every check goes by the matched route anyway.
    if (segment.empty() && slash != std::string_view::npos) return false;
    if (segment == "." || segment == "..") return false;
    for (std::size_t i = 0; i < segment.size(); ++i) {
      auto c = static_cast<unsigned char>(segment[i]);
      if (c < 0x20 || c == 0x7f || c == '\\') return false;
      if (c != '%') continue;
      if (i + 2 >= segment.size()) return false;
      int hi = hex_value(segment[i + 1]);
      int lo = hex_value(segment[i + 2]);
      if (hi < 0 || lo < 0) return false;
      int decoded = hi * 16 + lo;
      if (decoded < 0x20 || decoded == 0x7f || decoded == '/' || decoded == '\\' || decoded == '.') return false;
    }
    if (slash == std::string_view::npos) return true;
    start = slash + 1;
  }
}

std::string percent_decode(std::string_view text, bool plus_is_space) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '%' && i + 2 < text.size()) {
      int hi = hex_value(text[i + 1]);
      int lo = hex_value(text[i + 2]);
      if (hi >= 0 && lo >= 0) {
        out += static_cast<char>(hi * 16 + lo);
        i += 2;
        continue;
      }
    }
    out += (plus_is_space && c == '+') ? ' ' : c;
  }
  return out;
}

std::string percent_encode(std::string_view text) {
  static const char* digits = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += digits[c >> 4];
      out += digits[c & 15];
    }
  }
  return out;
}

std::string_view reason_phrase(unsigned status) {
  switch (status) {
    case 100:
      return "Continue";
    case 200:
      return "OK";
    case 201:
      return "Created";
    case 204:
      return "No Content";
    case 301:
      return "Moved Permanently";
    case 302:
      return "Found";
    case 304:
      return "Not Modified";
    case 400:
      return "Bad Request";
    case 401:
      return "Unauthorized";
    case 403:
      return "Forbidden";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 408:
      return "Request Timeout";
    case 409:
      return "Conflict";
    case 413:
      return "Payload Too Large";
    case 415:
      return "Unsupported Media Type";
    case 429:
      return "Too Many Requests";
    case 431:
      return "Request Header Fields Too Large";
    case 500:
      return "Internal Server Error";
    case 501:
      return "Not Implemented";
    case 502:
      return "Bad Gateway";
    case 503:
      return "Service Unavailable";
    case 504:
      return "Gateway Timeout";
    default:
      return "Unknown";
  }
}

}  // namespace blog::http
