// Parsing JSON bodies, ids and numbers of a request, with clear errors.
#include "blog/api/json.hpp"

#include "blog/core/text.hpp"

namespace blog::api {

boost::json::object parse_object(const http::request& req) {
  boost::system::error_code ec;
  auto value = boost::json::parse(req.body.empty() ? std::string_view("{}") : std::string_view(req.body), ec);
  if (ec || !value.is_object()) throw invalid("Invalid JSON body");
  return std::move(value.as_object());
}

std::optional<std::string> optional_string(const boost::json::object& o, std::string_view name) {
  const auto* v = o.if_contains(name);
  if (!v || v->is_null()) return std::nullopt;
  if (!v->is_string()) {
    throw invalid(std::string(name) + " must be text", {{std::string(name), std::string(name) + " must be text"}});
  }
  return std::string(v->as_string());
}

http::form_part uploaded_file(const http::request& req, std::string_view field, std::string_view what,
                              const std::string& missing) {
  auto boundary = http::multipart_boundary(req.header("content-type"));
  if (!boundary)
    throw invalid("Send the " + std::string(what) + " as multipart/form-data in the field '" + std::string(field) +
                  "'");
  auto parts = http::parse_multipart(req.body, *boundary);
  if (!parts) throw invalid("The upload is not well-formed multipart/form-data");
  const http::form_part* file = nullptr;
  for (const auto& part : *parts)
    if (part.name == field) file = &part;
  if (!file || file->data.empty()) throw invalid(missing, {{std::string(field), missing}});
  return *file;
}

int id_param(const http::request& req, std::string_view name, const char* missing) {
  if (auto id = core::parse_id(req.param(name))) return *id;
  throw not_found(missing);
}

std::size_t query_number(const http::request& req, const char* name, std::size_t fallback, std::size_t min,
                         std::size_t max) {
  auto text = req.query(name);
  if (!text || text->empty()) return fallback;
  try {
    std::size_t used = 0;
    long value = std::stol(*text, &used);
    if (used == text->size() && value >= 0 && static_cast<std::size_t>(value) >= min &&
        static_cast<std::size_t>(value) <= max)
      return static_cast<std::size_t>(value);
  } catch (const std::exception&) {
  }
  throw invalid(std::string(name) + " must be a whole number from " + std::to_string(min) + " to " +
                std::to_string(max));
}

std::size_t page_limit(const http::request& req, std::size_t fallback, std::size_t max) {
  return query_number(req, "limit", fallback, 1, max);
}

http::response& no_store(http::response& res) {
  res.set("Cache-Control", "no-store, no-cache, must-revalidate, private");
  res.set("Pragma", "no-cache");
  res.set("Expires", "0");
  return res;
}

}  // namespace blog::api
