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
  error(error_kind kind, const std::string& message, field_errors fields = {})
      : std::runtime_error(message), kind_(kind), fields_(std::move(fields)) {}

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

inline error invalid(const std::string& message, field_errors fields = {}) {
  return {error_kind::invalid, message, std::move(fields)};
}
// An invalid request with per-field messages; the message is the first field's, as forms show it on top.
error validation_error(field_errors fields);
inline error unauthenticated(const std::string& message, field_errors fields = {}) {
  return {error_kind::unauthenticated, message, std::move(fields)};
}
inline error forbidden(const std::string& message, field_errors fields = {}) {
  return {error_kind::forbidden, message, std::move(fields)};
}
inline error not_found(const std::string& message, field_errors fields = {}) {
  return {error_kind::not_found, message, std::move(fields)};
}
inline error conflict(const std::string& message, field_errors fields = {}) {
  return {error_kind::conflict, message, std::move(fields)};
}
inline error too_large(const std::string& message, field_errors fields = {}) {
  return {error_kind::too_large, message, std::move(fields)};
}
inline error unsupported_type(const std::string& message, field_errors fields = {}) {
  return {error_kind::unsupported_type, message, std::move(fields)};
}
inline error rate_limited(const std::string& message, field_errors fields = {}) {
  return {error_kind::rate_limited, message, std::move(fields)};
}
inline error unavailable(const std::string& message, field_errors fields = {}) {
  return {error_kind::unavailable, message, std::move(fields)};
}
inline error upstream_failed(const std::string& message, field_errors fields = {}) {
  return {error_kind::upstream_failed, message, std::move(fields)};
}

}  // namespace blog
