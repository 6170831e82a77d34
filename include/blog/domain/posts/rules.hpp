// The rules of spec §5 for writing a post: required fields, slug derivation, language, dates.
#pragma once

#include "blog/core/error.hpp"
#include "blog/domain/posts/post.hpp"

#include <optional>
#include <string>
#include <vector>

namespace blog::posts {

// What a create or update asks to write, decoded next to its handler (the API decodes a request's
// JSON into it; the importer fills it from an export): each field nullopt when left out or null.
// `problems` names the fields that came with the wrong type ("title must be text"); they are
// answered together with the rules' own messages, in one 400.
struct post_fields {
  std::optional<std::string> title, slug, content, excerpt, category, cover_image, language;
  std::optional<std::string> published_at;  // ISO 8601; "" counts as left out
  std::optional<bool> published;
  std::optional<bool> send_newsletter;  // the editor's "Send by e-mail when published"
  field_errors problems;
};

// Builds a new post from a create request's fields. An empty title becomes 'Untitled Post'; an
// empty slug is derived from the title, or 'post-{ms}' when the title gives none. The category
// must be one of `categories` (the built-in and custom names, domain::merged_category_names),
// ignoring ASCII case, and is stored in the list's spelling. Throws blog::error 400 with per-field
// messages ('Content is required', 'Category is required', unlisted_category_message, 'Title
// contains characters that are not allowed', …).
post post_from_create(const post_fields& in, std::int64_t now_ms, const std::vector<std::string>& categories);

// Applies an update request's fields, sent by `by` (who may_edit the post), to `current`. Fields
// left out keep their value. The category must be one of `categories` or the post's current one.
// While an admin has the post hidden, an author's `published` is ignored (the rest of the update
// applies); an admin publishing it clears hidden_by_admin. Throws blog::error 400 with per-field
// messages ('Title is required', …).
post post_from_update(const post& current, const post_fields& in, const viewer& by,
                      const std::vector<std::string>& categories);

// What a post filed under a category that is neither built in nor created is told (400, field category).
inline constexpr const char* unlisted_category_message = "Please choose a category from the list";

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

}  // namespace blog::posts
