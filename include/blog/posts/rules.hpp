// The rules of spec §5 for writing a post: required fields, slug derivation, language, dates.
#pragma once

#include "blog/core/error.hpp"
#include "blog/posts/post.hpp"

#include <boost/json/fwd.hpp>

#include <string>
#include <vector>

namespace blog::posts {

// Builds a new post from a create request's JSON. An empty title becomes 'Untitled Post'; an
// empty slug is derived from the title, or 'post-{ms}' when the title gives none. The category
// must be one of `categories` (the built-in and custom names, domain::merged_category_names),
// ignoring ASCII case, and is stored in the list's spelling. Throws blog::error 400 with per-field
// messages ('Content is required', 'Category is required', unlisted_category_message, 'Title
// contains characters that are not allowed', …).
post post_from_create(const boost::json::object& body, std::int64_t now_ms, const std::vector<std::string>& categories);

// Applies an update request's fields, sent by `by` (who may_edit the post), to `current`. Fields
// left out keep their value. The category must be one of `categories` or the post's current one.
// While an admin has the post hidden, an author's `published` is ignored (the rest of the update
// applies); an admin publishing it clears hidden_by_admin. Throws blog::error 400 with per-field
// messages ('Title is required', …).
post post_from_update(const post& current, const boost::json::object& body, const viewer& by,
                      const std::vector<std::string>& categories);

// What a post filed under a category that is neither built in nor created is told (400, field category).
inline constexpr const char* unlisted_category_message = "Please choose a category from the list";

// The `translationOf` field of a create or update request: nullopt when absent; 0 for null
// (unlink); the counterpart's id otherwise. Throws blog::error 400 when it is neither null nor a
// positive whole number.
std::optional<int> requested_translation(const boost::json::object& body);

// Whether `who` may link `self` (as it will be written) with `target` as translations of each other.
// Throws blog::error 404 when who may not see the target (as if it did not exist), 403 when they
// may not edit it, 400 when it is in the same language or already linked to another post.
void check_translation_link(const post& self, const post& target, const viewer& who, std::int64_t now_ms);

// The admin's Visible switch: publishes a post (clearing hidden_by_admin) or hides it (setting it).
void toggle_published(post& p);

// The slug for a given slug field and title (spec §5): the field normalised, else the title's
// slug, else 'post-{now_ms}'.
std::string derive_slug(std::string_view slug_field, std::string_view title, std::int64_t now_ms);

// What a post whose content embeds an image as a data: URL is told (400, field content): images
// are uploaded and referenced by URL, so that no post carries megabytes of base64.
inline constexpr const char* embedded_image_message =
    "Images must be uploaded, not embedded in the text. Insert the image again to upload it.";

// True when sanitised post HTML (render_post_html's output) holds an image as a data: URL.
bool has_embedded_image(std::string_view html);

// True when the editor's content has no text and no image (Quill's empty document is "<p><br></p>").
bool is_blank_content(std::string_view content);

}  // namespace blog::posts
