// Validation and derivation of post fields for create and update.
#include "blog/domain/posts/rules.hpp"

#include "blog/core/text.hpp"
#include "blog/domain/categories.hpp"
#include "blog/domain/render/render.hpp"
#include "blog/domain/text.hpp"

namespace blog::posts {
namespace {

constexpr std::size_t max_title = 200;
constexpr std::size_t max_excerpt = 500;
constexpr std::size_t max_category = 100;
constexpr std::size_t max_content_bytes = std::size_t{512} * 1024;

// The editor's "Send by e-mail when published" switch. It decides only while the post has not yet
// been visible: once it was (sent or skipped), editing, re-publishing or toggling sends nothing.
void read_newsletter_switch(const post_fields& in, post& p) {
  if (in.send_newsletter && (p.newsletter == "pending" || p.newsletter == "off"))
    p.newsletter = *in.send_newsletter ? "pending" : "off";
}

bool is_image_url(std::string_view url) {
  if (url.empty()) return true;
  if (url.front() == '/' && (url.size() == 1 || url[1] != '/')) return true;
  return url.rfind("https://", 0) == 0 || url.rfind("http://", 0) == 0;
}

// `categories`: the names a post may be filed under (built-in and custom); `kept`: the category the
// post has now, allowed too so that a post filed under a category since removed (or a legacy one)
// can still be edited without being moved ("" on create).
void check_and_render(post& p, field_errors& errors, const std::vector<std::string>& categories,
                      std::string_view kept) {
  // The plain-text fields refuse what no page or feed may carry; the content is markup, and the
  // sanitiser drops such characters from it as it drops other debris (its text is the excerpt's).
  domain::check_allowed_chars(errors, "title", "Title", p.title);
  domain::check_allowed_chars(errors, "excerpt", "Excerpt", p.excerpt);
  domain::check_allowed_chars(errors, "category", "Category", p.category);
  domain::check_allowed_chars(errors, "coverImage", "Cover image", p.cover_image);
  if (core::utf8::length(p.title) > max_title) errors["title"] = "Title must be at most 200 characters";
  if (domain::trim(p.content).empty())
    errors["content"] = "Content is required";
  else if (p.content.size() > max_content_bytes)
    errors["content"] = "Content is too long";
  if (p.category.empty()) {
    errors["category"] = "Category is required";
  } else if (core::utf8::length(p.category) > max_category) {
    errors["category"] = "Category is too long";
  } else if (p.category != kept && !errors.contains("category")) {
    if (auto listed = domain::listed_category(categories, p.category))
      p.category = std::move(*listed);
    else
      errors["category"] = unlisted_category_message;
  }
  if (p.language != "en" && p.language != "cs") errors["language"] = "Language must be en or cs";
  if (core::utf8::length(p.excerpt) > max_excerpt) errors["excerpt"] = "Excerpt must be at most 500 characters";
  if (!errors.contains("coverImage") && !is_image_url(p.cover_image))
    errors["coverImage"] = "Cover image must be an uploaded image or an http(s) URL";
  if (!render::is_valid_slug(p.slug)) errors["slug"] = "Slug may contain only lowercase letters, digits and hyphens";
  // The content is blank when what the sanitiser keeps of it has neither text nor an image; its
  // text, made once, is the excerpt's too.
  std::string text;
  if (!errors.contains("content")) {
    p.content_html = render::render_post_html(p.content);
    text = render::html_to_text(p.content_html);
    if (domain::trim(text).empty() && p.content_html.find("<img") == std::string::npos)
      errors["content"] = "Content is required";
    else if (has_embedded_image(p.content_html))
      errors["content"] = embedded_image_message;
  }
  if (!errors.empty()) throw validation_error(std::move(errors));
  if (p.excerpt.empty()) p.excerpt = render::make_excerpt(text, 200);
}

void read_common(const post_fields& in, field_errors& errors, post& p) {
  if (in.content) p.content = *in.content;
  if (in.excerpt) p.excerpt = domain::trim(*in.excerpt);
  if (in.category) p.category = domain::trim(*in.category);
  if (in.cover_image) p.cover_image = domain::trim(*in.cover_image);
  if (in.language) p.language = domain::trim(*in.language);
  if (in.published) p.published = *in.published;
  if (in.published_at && !in.published_at->empty()) {
    if (auto ms = parse_iso_time(*in.published_at))
      p.published_at_ms = *ms;
    else
      errors["publishedAt"] = "Publication date must be an ISO 8601 date and time";
  }
}

}  // namespace

bool has_embedded_image(std::string_view html) {
  // The sanitiser writes every attribute double-quoted and keeps a data: URL only on an image.
  return html.find(" src=\"data:") != std::string_view::npos;
}

std::string derive_slug(std::string_view slug_field, std::string_view title, std::int64_t now_ms) {
  auto trimmed = domain::trim(slug_field);
  if (!trimmed.empty()) return render::slugify(trimmed);
  auto from_title = render::slugify(title);
  if (!from_title.empty()) return from_title;
  return "post-" + std::to_string(now_ms);
}

post post_from_create(const post_fields& in, std::int64_t now_ms, const std::vector<std::string>& categories) {
  field_errors errors = in.problems;
  post p;
  p.published_at_ms = now_ms;
  p.title = domain::trim(in.title.value_or(""));
  auto slug_field = in.slug.value_or("");
  domain::check_allowed_chars(errors, "slug", "Slug", slug_field);
  p.slug = derive_slug(slug_field, p.title, now_ms);
  if (p.title.empty()) p.title = "Untitled Post";
  if (p.slug.empty() && !errors.contains("slug"))
    errors["slug"] = "Slug may contain only lowercase letters, digits and hyphens";
  read_common(in, errors, p);
  p.newsletter = "pending";  // on by default for a new post
  read_newsletter_switch(in, p);
  check_and_render(p, errors, categories, "");
  return p;
}

post post_from_update(const post& current, const post_fields& in, const viewer& by,
                      const std::vector<std::string>& categories) {
  field_errors errors = in.problems;
  post p = current;
  if (in.title) {
    p.title = domain::trim(*in.title);
    if (p.title.empty()) errors["title"] = "Title is required";
  }
  if (in.slug && !domain::trim(*in.slug).empty()) {
    domain::check_allowed_chars(errors, "slug", "Slug", *in.slug);
    p.slug = render::slugify(*in.slug);
  }
  read_common(in, errors, p);
  read_newsletter_switch(in, p);
  // Ignored rather than refused: the editor sends every field, and the author may still fix the
  // text of a post an admin hid; it just stays hidden (the editor says so).
  if (current.hidden_by_admin && !by.admin) p.published = false;
  if (by.admin && p.published) p.hidden_by_admin = false;
  check_and_render(p, errors, categories, current.category);
  return p;
}

void check_translation_link(const post& self, const post& target, const viewer& who, std::int64_t now_ms) {
  if (!may_see(target, who, now_ms)) {
    const char* message = "The post to link as a translation was not found";
    throw blog::not_found(message, {{"translationOf", message}});
  }
  if (!may_edit(target, who)) {
    const char* message = "You can only link your own posts as translations";
    throw blog::forbidden(message, {{"translationOf", message}});
  }
  if (target.language == self.language) {
    const char* message = "A translation must be in the other language";
    throw blog::invalid(message, {{"translationOf", message}});
  }
  if (target.translation && target.translation->id != self.id) {
    const char* message = "That post is already linked to another translation";
    throw blog::invalid(message, {{"translationOf", message}});
  }
}

void toggle_published(post& p) {
  p.published = !p.published;
  p.hidden_by_admin = !p.published;
}

}  // namespace blog::posts
