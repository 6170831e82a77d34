// Shared request parsing and response helpers for handlers.
#pragma once

#include "blog/core/error.hpp"
#include "blog/http/multipart.hpp"
#include "blog/wire/message.hpp"

#include <boost/json.hpp>

#include <optional>
#include <string>

namespace blog::api {

// The body as a JSON object. Throws error 400 'Invalid JSON body' otherwise.
boost::json::object parse_object(const http::request& req);

// The body decoded into T (its tag_invoke, next to the handler). Throws error 400 'Invalid JSON body'
// when it is not a JSON object, and whatever T's decoding throws.
template <typename T>
T parse_body(const http::request& req) {
  return boost::json::value_to<T>(boost::json::value(parse_object(req)));
}

// A string member, trimmed or not; nullopt when absent or null. Throws error 400 naming the
// field when it has another type.
std::optional<std::string> optional_string(const boost::json::object& o, std::string_view name);

// A whole-number query parameter from min to max; `fallback` when absent or empty. Throws error
// 400 '{name} must be a whole number from {min} to {max}' otherwise.
std::size_t query_number(const http::request& req, const char* name, std::size_t fallback, std::size_t min,
                         std::size_t max);

// A list's page size, ?limit=: `fallback` when absent, else 1 to `max`. Every list reads it here,
// so that all answer the same 400 'limit must be a whole number from 1 to {max}' for 0 or a word.
std::size_t page_limit(const http::request& req, std::size_t fallback, std::size_t max);

// The id in path parameter `name` (core::parse_id: digits only, 1 to INT_MAX). Throws error
// not_found(`missing`) for anything else, as for an id that does not exist.
int id_param(const http::request& req, std::string_view name, const char* missing);

// The file in the multipart/form-data field `field` of the body (its data points into the body).
// Throws error 400: 'Send the {what} as multipart/form-data in the field '{field}'' when the
// Content-Type names no boundary (another kind of body was refused by the route's body kind
// already), 'The upload is not well-formed multipart/form-data', or `missing` (on the field) when
// the field is absent or empty.
http::form_part uploaded_file(const http::request& req, std::string_view field, std::string_view what,
                              const std::string& missing);

template <typename T>
http::response ok(const T& value, unsigned status = 200) {
  return http::response::json(status, boost::json::value_from(value));
}

// Marks a response as never to be cached (the current user, admin lists).
http::response& no_store(http::response& res);

}  // namespace blog::api
