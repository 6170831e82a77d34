// Error kinds as HTTP statuses and JSON bodies.
#include "blog/http/error_response.hpp"

#include <boost/json.hpp>

namespace blog::http {

unsigned status_of(error_kind kind) {
  switch (kind) {
    case error_kind::invalid:
      return 400;
    case error_kind::unauthenticated:
      return 401;
    case error_kind::forbidden:
      return 403;
    case error_kind::not_found:
      return 404;
    case error_kind::conflict:
      return 409;
    case error_kind::too_large:
      return 413;
    case error_kind::unsupported_type:
      return 415;
    case error_kind::rate_limited:
      return 429;
    case error_kind::unavailable:
      return 503;
    case error_kind::upstream_failed:
      return 502;
  }
  return 500;
}

response error_response(unsigned status, const std::string& message, const field_errors& fields) {
  boost::json::object body{{"message", message}};
  if (!fields.empty()) {
    boost::json::object f;
    for (const auto& [name, text] : fields) f[name] = text;
    body["fields"] = std::move(f);
  }
  return response::json(status, body);
}

response error_response(const blog::error& e) {
  auto res = error_response(status_of(e.kind()), e.what(), e.fields());
  if (e.retry_after()) res.set("Retry-After", std::to_string(e.retry_after()));
  return res;
}

}  // namespace blog::http
