// The body of POST /api/posts and PUT /api/posts/...: its JSON decoded (tag_invoke) into the fields
// the post rules take and the translation link it asks for, so the rules never read JSON.
#pragma once

#include "blog/domain/posts/rules.hpp"

#include <boost/json/fwd.hpp>

#include <optional>

namespace blog::api {

struct post_request {
  posts::post_fields fields;
  // translationOf: nullopt when absent, 0 for null (unlink), else the counterpart's id.
  std::optional<int> translation_of;
  // translationOf was neither null nor a post's id: link() refuses it, after the rules' own checks.
  bool translation_of_invalid = false;

  // The link asked for (see translation_of). Throws blog::error 400 'translationOf must be the id of
  // a post, or null' (field translationOf) when it was neither.
  std::optional<int> link() const;
};

// Decodes a JSON object (parse_object's): a field of the wrong type becomes a problem of
// fields.problems ('title must be text', 'published must be true or false'), not an exception.
post_request tag_invoke(const boost::json::value_to_tag<post_request>&, const boost::json::value& v);

}  // namespace blog::api
