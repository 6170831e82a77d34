// The AI translator's rules (issue 13): what a translation request may ask, the prompt built from
// the post and the fintech glossary, and reading the model's answer. No I/O.
#pragma once

#include "blog/domain/glossary.hpp"
#include "blog/posts/post.hpp"

#include <boost/json/fwd.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace blog::ai {

struct translation_request {
  int post_id = 0;
  std::string target;  // "en" or "cs"
};

// Reads {postId, targetLanguage}. Throws blog::error 400 with per-field messages: postId 'postId
// must be the id of a post'; targetLanguage 'Target language must be en or cs'.
translation_request read_translation_request(const boost::json::object& body);

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

// The model's answer as {title, excerpt, content} (a ```json fence around it is tolerated);
// nullopt when it is not such an object or the title or content is empty.
std::optional<translation> parse_translation(std::string_view answer);

}  // namespace blog::ai
