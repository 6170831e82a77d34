// The server's own request and response types, so that handlers never see Beast.
#pragma once

#include <boost/json/value.hpp>

#include <any>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace blog::http {

using header_list = std::vector<std::pair<std::string, std::string>>;

class lane;  // http/workers.hpp: the server's pools, as one request sees them

struct request {
  std::string method;        // "GET", "POST", …
  std::string target;        // as sent: path and query
  std::string path;          // percent-decoded path without the query
  std::string query_string;  // raw, without '?'
  header_list headers;       // names in lower case
  std::string body;
  std::string remote_address;   // the client: the peer, or X-Forwarded-For's from a trusted proxy
  std::string scheme = "http";  // "https" when a trusted proxy says so (X-Forwarded-Proto)
  std::string request_id;       // X-Request-Id: a trusted proxy's when sane, else generated
  std::vector<std::pair<std::string, std::string>> path_params;  // decoded, filled by the router
  // Where the handler's blocking work goes, set by the server: `co_await req.workers->run(fn)`
  // for PostgreSQL, libcurl, libvips and Xapian writes; `req.passwords` for argon2id.
  lane* workers = nullptr;
  lane* passwords = nullptr;
  // The caller the access check resolved before the body was read (the api layer's type), so
  // that the handler does not look the session up a second time; empty when not resolved.
  std::any caller;

  // The first header of that (lower-case) name, or "" when absent.
  std::string_view header(std::string_view lower_name) const;
  // A decoded query parameter, or nullopt when absent.
  std::optional<std::string> query(std::string_view key) const;
  // A path parameter the route named, or "" when absent.
  const std::string& param(std::string_view name) const;
  // A cookie's value, or "" when absent.
  std::string cookie(std::string_view name) const;
};

// A complete pre-serialised HTTP/1.1 response (status line, headers, body) that the server
// writes as it is: the read path's answer for keep-alive clients.
struct prebuilt_response {
  std::string bytes;
  std::string etag;          // the quoted ETag inside bytes, for If-None-Match
  std::string not_modified;  // the matching pre-serialised 304
  unsigned status = 200;
  std::size_t body_size = 0;
  bool html = false;  // text/html: the server adds the app's Content-Security-Policy
};

// A file of an answer's own (a site export): removed when the last copy of the answer goes, sent
// or not (a client gone before it was sent, the server stopping), so that none stays on disk.
class owned_file {
 public:
  owned_file() = default;
  explicit owned_file(std::string path);
  bool empty() const { return !path_; }
  const std::string& path() const;

 private:
  std::shared_ptr<const std::string> path_;  // its deleter removes the file
};

struct response {
  unsigned status = 200;
  header_list headers;
  std::string body;
  std::shared_ptr<const prebuilt_response> prebuilt;  // when set, everything else is ignored
  // When set, the body is this file's content (`body` is ignored), sent from disk a piece at a time
  // so that a large answer (a site export) is never held in memory. The server removes the file
  // once it has opened it, and the answer's last copy removes it if it is never sent.
  owned_file body_file;

  response& set(std::string name, std::string value);
  bool has_header(std::string_view lower_name) const;

  static response json(unsigned status, const boost::json::value& body);
  static response json_text(unsigned status, std::string serialized_json);
  static response text(unsigned status, std::string body, std::string content_type = "text/plain; charset=utf-8");
  static response no_content();
  static response from_prebuilt(std::shared_ptr<const prebuilt_response> ready);
};

// Builds a pre-serialised 200 response with a strong ETag over the body.
std::shared_ptr<const prebuilt_response> prebuild(unsigned status, std::string_view content_type, std::string_view body,
                                                  std::string_view cache_control, const header_list& extra = {});

// True when the path part of a request target is in normal form: it starts with '/', has no
// empty, "." or ".." segment, no backslash, no control byte or NUL, and no percent-encoded '/',
// '\\', '.' or control byte. The server refuses every other path with 400 before routing and
// before any check, instead of normalising it: one spelling per resource leaves nothing for a
// check on the spelling to miss.
bool is_normal_path(std::string_view path);

std::string percent_decode(std::string_view text, bool plus_is_space);
std::string percent_encode(std::string_view text);
std::string_view reason_phrase(unsigned status);

}  // namespace blog::http
