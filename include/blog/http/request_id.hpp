// Request ids (X-Request-Id): one per request, from a trusted proxy when it sent a sane one.
#pragma once

#include <string>
#include <string_view>

namespace blog::http {

// True for 1 to 128 characters of [A-Za-z0-9._-]: what we accept from a trusted proxy and
// may write into a log line or header as it is.
bool valid_request_id(std::string_view id);

// A new random id of 14 hex digits. Never fails; does not block.
std::string new_request_id();

// The id of a request: `offered` (its X-Request-Id) when it came from a trusted proxy and is
// valid, else a new one.
std::string request_id_for(std::string_view offered, bool from_trusted_proxy);

}  // namespace blog::http
