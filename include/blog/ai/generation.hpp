// The rules of the AI writing assistant (spec §4, §7, §9): what a generation request may ask,
// the system prompt, and the OpenAI-compatible chat-completions wire format. No I/O.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace blog::ai {

inline constexpr std::size_t max_prompt_chars = 4000;
inline constexpr double temperature = 0.7;

// One of the generator's languages (spec §9).
struct language {
  std::string_view code;  // "cs"
  std::string_view name;  // "Czech"
};

// en, cs, es, fr, de, by code or English name in any case ("cs", "Czech"); nullopt otherwise.
std::optional<language> find_language(std::string_view text);

struct generation_request {
  std::string prompt;              // trimmed, 1 to max_prompt_chars characters
  std::optional<language> target;  // none: the model follows the prompt (the test pages send none)
};

// Checks a request's fields (an empty language counts as none). Throws blog::error 400 with
// per-field messages: prompt 'Prompt is required' or 'Prompt must be at most 4000 characters';
// language 'Language must be one of: English, Czech, Spanish, French, German'.
generation_request read_generation_request(const std::optional<std::string>& prompt,
                                           const std::optional<std::string>& language);

// The system message: the blog's expert writer, markdown only; when a language is set, the
// highlight headings in it (Czech for "cs", English for the others) and a last line such as
// "Write in Czech.".
std::string system_prompt(const std::optional<language>& target);

// `base_url` + "/chat/completions", as the OpenAI SDK builds it: the base names the API
// version itself (https://api.openai.com/v1, http://localhost:11434/v1), so nothing else is
// added; trailing slashes are dropped.
std::string chat_completions_url(std::string_view base_url);

// What the model is asked to answer: free text, or one JSON object (the OpenAI protocol's JSON
// mode, which the prompt must mention; services without it may refuse the request with 400).
enum class answer_format { text, json_object };

// {"model", "messages": [system, user], "temperature": 0.7} as JSON text, with
// "response_format": {"type": "json_object"} for answer_format::json_object.
std::string chat_request_body(std::string_view model, std::string_view system, std::string_view user,
                              answer_format format = answer_format::text);

// choices[0].message.content of a chat-completions answer, trimmed, without a leading
// <think>…</think> block (local reasoning models) or a code fence around the whole text (one
// tagged markdown, md or html, or an untagged one with no other fence inside: an answer may
// begin and end with real code blocks); nullopt when the body is not such JSON or the content
// is empty.
std::optional<std::string> completion_content(std::string_view body);

// What an upstream error body says (error.message, error as text, or the raw text), for the
// log: every occurrence of `secret` masked, control characters replaced, at most 300 bytes.
std::string upstream_error_summary(std::string_view body, std::string_view secret);

}  // namespace blog::ai
