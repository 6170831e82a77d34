// Parsing JSON bodies with clear errors.
#include "blog/api/json.hpp"

namespace blog::api {

boost::json::object parse_object(const http::request& req) {
  boost::system::error_code ec;
  auto value = boost::json::parse(req.body.empty() ? std::string_view("{}") : std::string_view(req.body), ec);
  if (ec || !value.is_object()) throw error(400, "Invalid JSON body");
  return std::move(value.as_object());
}

std::optional<std::string> optional_string(const boost::json::object& o, std::string_view name) {
  const auto* v = o.if_contains(name);
  if (!v || v->is_null()) return std::nullopt;
  if (!v->is_string()) {
    throw error(400, std::string(name) + " must be text", {{std::string(name), std::string(name) + " must be text"}});
  }
  return std::string(v->as_string());
}

http::response& no_store(http::response& res) {
  res.set("Cache-Control", "no-store, no-cache, must-revalidate, private");
  res.set("Pragma", "no-cache");
  res.set("Expires", "0");
  return res;
}

}  // namespace blog::api
