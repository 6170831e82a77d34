// The AI translator's rules (issue 13): what a translation request may ask, the prompt built from
// the post and the fintech glossary, and reading the model's answer. No I/O.
#pragma once

#include "blog/domain/glossary.hpp"
#include "blog/domain/posts/post.hpp"

#include <boost/json/fwd.hpp>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace blog::ai {

struct translation_request {
  int post_id = 0;
  std::string target;  // "en" or "cs"
};

// Checks a request's fields as they came (nullopt: absent, or of another type than a whole number
// or a string). Throws blog::error 400 with per-field messages: postId 'postId must be the id of a
// post'; targetLanguage 'Target language must be en or cs'.
translation_request read_translation_request(std::optional<std::int64_t> post_id,
                                             const std::optional<std::string>& target);

struct translation {
  std::string title;
  std::string excerpt;
  std::string content;
};

// The system message: a financial translator from `from` to `to` ("en"/"cs") who keeps the
// post's structure (tags, markdown, links), turns each highlight heading into its name in `to`
// ("Key Points" => "Klíčové body"), and answers one JSON object; then every glossary pair, in the
// direction of the translation.
std::string translation_system_prompt(std::string_view from, std::string_view to,
                                      const std::vector<domain::glossary_term>& glossary);

// The user message: the post's title, excerpt and content as one JSON object; a markdown post's
// content as its HTML rendering, which is what the editor takes back.
std::string translation_user_message(const posts::post& p);

// The first JSON object in `text` that parses and has each of `fields` as a string. Every '{' in
// turn (up to 64) opens a candidate, closed by a balanced-brace scan that skips braces inside
// strings (escapes respected); so an object in a ```json fence, in prose ("Here is the
// translation: {…} Hope it helps") or nested in another object is found. nullopt when none is.
std::optional<boost::json::object> find_json_object(std::string_view text,
                                                    std::initializer_list<std::string_view> fields);

// The model's answer as {title, excerpt, content}, whatever shape a smaller model gave it: the
// first JSON object with a title and a content (find_json_object), trimmed, the excerpt empty
// when it has none; otherwise the answer as Markdown: the title from its first heading (any
// level, without the #s; empty when there is none), the rest as the content, rendered to HTML as
// a post's markdown is (render_post_html: the editor takes HTML), and the excerpt from the first
// paragraph's text, cut to make_excerpt's default length as a post's derived excerpt is.
// nullopt when the title and the content are both empty.
std::optional<translation> parse_translation(std::string_view answer);

}  // namespace blog::ai
