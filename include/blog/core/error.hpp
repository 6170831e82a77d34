// The one error model: failures a client is told about, by kind, thrown by every layer. Only
// http/error_response.hpp knows which HTTP status a kind becomes; nothing else speaks HTTP.
#pragma once

#include <map>
#include <stdexcept>
#include <string>

namespace blog {

// Per-field messages of a form, keyed by the JSON field name.
using field_errors = std::map<std::string, std::string>;

enum class error_kind {
  invalid,           // the request is wrong in a way the client can fix (fields say where)
  unauthenticated,   // nobody is signed in, or the credentials are wrong
  forbidden,         // signed in, but not allowed
  not_found,         // missing, or the caller may not know it exists
  conflict,          // clashes with what is stored (a taken slug, username, name)
  too_large,         // a body or file over its limit
  unsupported_type,  // a media type we do not take
  rate_limited,      // too many attempts; retry_after says when to come back
  unavailable,       // busy or a dependency down; worth retrying
  upstream_failed,   // a service we called (the AI) failed or answered nonsense
};

// A failure in the spec's words. what() is the message shown to the user.
class error : public std::runtime_error {
 public:
  error(error_kind kind, std::string message, field_errors fields = {})
      : std::runtime_error(std::move(message)), kind_(kind), fields_(std::move(fields)) {}

  error_kind kind() const { return kind_; }
  const field_errors& fields() const { return fields_; }
  // Seconds the client should wait before retrying (rate_limited, unavailable); 0 for none.
  unsigned retry_after() const { return retry_after_; }
  error& with_retry_after(unsigned seconds) {
    retry_after_ = seconds;
    return *this;
  }

 private:
  error_kind kind_;
  field_errors fields_;
  unsigned retry_after_ = 0;
};

inline error invalid(std::string message, field_errors fields = {}) {
  return {error_kind::invalid, std::move(message), std::move(fields)};
}
// An invalid request with per-field messages; the message is the first field's, as forms show it on top.
error validation_error(field_errors fields);
inline error unauthenticated(std::string message, field_errors fields = {}) {
  return {error_kind::unauthenticated, std::move(message), std::move(fields)};
}
inline error forbidden(std::string message, field_errors fields = {}) {
  return {error_kind::forbidden, std::move(message), std::move(fields)};
}
inline error not_found(std::string message, field_errors fields = {}) {
  return {error_kind::not_found, std::move(message), std::move(fields)};
}
inline error conflict(std::string message, field_errors fields = {}) {
  return {error_kind::conflict, std::move(message), std::move(fields)};
}
inline error too_large(std::string message, field_errors fields = {}) {
  return {error_kind::too_large, std::move(message), std::move(fields)};
}
inline error unsupported_type(std::string message, field_errors fields = {}) {
  return {error_kind::unsupported_type, std::move(message), std::move(fields)};
}
inline error rate_limited(std::string message, field_errors fields = {}) {
  return {error_kind::rate_limited, std::move(message), std::move(fields)};
}
inline error unavailable(std::string message, field_errors fields = {}) {
  return {error_kind::unavailable, std::move(message), std::move(fields)};
}
inline error upstream_failed(std::string message, field_errors fields = {}) {
  return {error_kind::upstream_failed, std::move(message), std::move(fields)};
}

}  // namespace blog
