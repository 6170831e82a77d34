// Decoding a post's create or update body from JSON into the post rules' fields.
#include "blog/api/post_request.hpp"

#include <boost/json.hpp>

#include <limits>
#include <string>

namespace blog::api {
namespace {

// A text field: nullopt when absent or null; a problem when of another type.
std::optional<std::string> text(const boost::json::object& o, const char* name, field_errors& problems) {
  const auto* v = o.if_contains(name);
  if (!v || v->is_null()) return std::nullopt;
  if (!v->is_string()) {
    problems[name] = std::string(name) + " must be text";
    return std::nullopt;
  }
  return std::string(v->as_string());
}

// A true/false field: nullopt when absent (or null, when `null_allowed`); a problem otherwise.
std::optional<bool> flag(const boost::json::object& o, const char* name, bool null_allowed, field_errors& problems) {
  const auto* v = o.if_contains(name);
  if (!v || (null_allowed && v->is_null())) return std::nullopt;
  if (!v->is_bool()) {
    problems[name] = std::string(name) + " must be true or false";
    return std::nullopt;
  }
  return v->as_bool();
}

}  // namespace

post_request tag_invoke(const boost::json::value_to_tag<post_request>&, const boost::json::value& v) {
  const auto& o = v.as_object();
  post_request r;
  auto& f = r.fields;
  f.title = text(o, "title", f.problems);
  f.slug = text(o, "slug", f.problems);
  f.content = text(o, "content", f.problems);
  f.excerpt = text(o, "excerpt", f.problems);
  f.category = text(o, "category", f.problems);
  f.cover_image = text(o, "coverImage", f.problems);
  f.language = text(o, "language", f.problems);
  f.published_at = text(o, "publishedAt", f.problems);
  f.published = flag(o, "published", false, f.problems);
  f.send_newsletter = flag(o, "sendNewsletter", true, f.problems);
  if (const auto* link = o.if_contains("translationOf")) {
    constexpr auto most = static_cast<std::uint64_t>(std::numeric_limits<int>::max());
    if (link->is_null())
      r.translation_of = 0;
    else if (link->is_int64() && link->as_int64() > 0 && static_cast<std::uint64_t>(link->as_int64()) <= most)
      r.translation_of = static_cast<int>(link->as_int64());
    else if (link->is_uint64() && link->as_uint64() > 0 && link->as_uint64() <= most)
      r.translation_of = static_cast<int>(link->as_uint64());
    else
      r.translation_of_invalid = true;
  }
  return r;
}

std::optional<int> post_request::link() const {
  if (translation_of_invalid) {
    const char* message = "translationOf must be the id of a post, or null";
    throw blog::invalid(message, {{"translationOf", message}});
  }
  return translation_of;
}

}  // namespace blog::api
