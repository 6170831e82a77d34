// Expected failures that handlers raise and the dispatcher turns into {"message", "fields"}.
#pragma once

#include <map>
#include <stdexcept>
#include <string>

namespace blog::api {

using field_errors = std::map<std::string, std::string>;

// A failure the client is told about, in the spec's words: 400, 401, 403, 404, 409, 413, 415, 429, 503.
class error : public std::runtime_error {
 public:
  error(unsigned status, std::string message, field_errors fields = {})
      : std::runtime_error(message), status_(status), fields_(std::move(fields)) {}

  unsigned status() const { return status_; }
  const field_errors& fields() const { return fields_; }
  // Seconds for a Retry-After header (429, 503); 0 for none.
  unsigned retry_after() const { return retry_after_; }
  error& with_retry_after(unsigned seconds) {
    retry_after_ = seconds;
    return *this;
  }

 private:
  unsigned status_;
  field_errors fields_;
  unsigned retry_after_ = 0;
};

// 400 with per-field messages; the message is the first field's, as forms show it on top.
error validation_error(field_errors fields);

}  // namespace blog::api
