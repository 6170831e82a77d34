// The one place where the error model meets HTTP: each error kind's status and the
// {"message", "fields"} body every failed call answers with.
#pragma once

#include "blog/core/error.hpp"
#include "blog/wire/message.hpp"

#include <string>

namespace blog::http {

// 400, 401, 403, 404, 409, 413, 415, 429, 503 or 502 for each kind.
unsigned status_of(error_kind kind);
// {"message": message, "fields": {...}} with the given status (fields left out when empty).
response error_response(unsigned status, const std::string& message, const field_errors& fields = {});
// The answer for a thrown error: its kind's status, its body, and Retry-After when it has one.
response error_response(const blog::error& e);

}  // namespace blog::http
