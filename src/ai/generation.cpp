// The AI assistant's rules: request checks, the system prompt, and the chat-completions format.
#include "blog/ai/generation.hpp"

#include "blog/core/error.hpp"
#include "blog/core/text.hpp"
#include "blog/domain/render/highlight_headings.hpp"
#include "blog/domain/text.hpp"

#include <boost/json.hpp>

#include <array>

namespace blog::ai {
namespace {

constexpr std::array<language, 5> languages = {{
    {"en", "English"},
    {"cs", "Czech"},
    {"es", "Spanish"},
    {"fr", "French"},
    {"de", "German"},
}};

constexpr std::size_t max_summary_bytes = 300;

// The base instructions; the language line, when there is one, follows them.
constexpr std::string_view writer_instructions =
    "You are an expert writer on payment technology and fintech for the PayTech Blog, a professional "
    "blog about digital payments, mobile wallets, cryptocurrency, blockchain, open banking, payment "
    "security, regulatory compliance and cross-border payments.\n"
    "Write accurate, well-structured and engaging content for industry professionals, following the "
    "user's instructions on the kind of text (full article, outline or introduction), its topic and "
    "its length.\n"
    "Answer in Markdown only: headings with '# ', '## ' and '### ', paragraphs separated by blank "
    "lines, lists and **bold** where they help. Do not wrap the answer in a code block and do not add "
    "remarks about yourself or the request.\n"
    "Write in the language the user asks for.";

// Reasoning models served locally (Ollama, llama.cpp) may put their thinking first.
std::string_view without_thinking(std::string_view text) {
  constexpr std::string_view open = "<think>";
  constexpr std::string_view close = "</think>";
  if (!text.starts_with(open)) return text;
  auto end = text.find(close);
  // Unterminated: the answer was cut off; keep what there is rather than lose it.
  if (end == std::string_view::npos) return text;
  return text.substr(end + close.size());
}

// True when a line of `text` opens or closes a code fence.
bool has_fence_line(std::string_view text) {
  for (std::size_t at = 0; at < text.size();) {
    auto end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    if (domain::trim(text.substr(at, end - at)).starts_with("```")) return true;
    at = end + 1;
  }
  return false;
}

// A code fence around the whole answer, which some models add although asked not to: one naming
// markdown or html, or an untagged one with no other fence inside. An answer may also begin and
// end with real code blocks (```json, or two untagged ones); those stay.
std::string_view without_whole_fence(std::string_view text) {
  auto first_line_end = text.find('\n');
  if (first_line_end == std::string_view::npos || !text.ends_with("```")) return text;
  auto tag = core::to_lower_ascii(domain::trim(text.substr(0, first_line_end)));
  auto inner = text.substr(first_line_end + 1, text.size() - 3 - (first_line_end + 1));
  if (tag == "```markdown" || tag == "```md" || tag == "```html") return inner;
  if (tag == "```" && !has_fence_line(inner)) return inner;
  return text;
}

// Keeps `text` within `limit` bytes without cutting a UTF-8 sequence in two.
std::string cut_at(std::string text, std::size_t limit) {
  if (text.size() <= limit) return text;
  std::size_t end = limit;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  text.resize(end);
  text += "…";
  return text;
}

}  // namespace

std::optional<language> find_language(std::string_view text) {
  auto wanted = core::to_lower_ascii(domain::trim(text));
  for (const auto& l : languages)
    if (wanted == l.code || wanted == core::to_lower_ascii(l.name)) return l;
  return std::nullopt;
}

generation_request read_generation_request(const std::optional<std::string>& prompt,
                                           const std::optional<std::string>& language) {
  field_errors errors;
  generation_request out;
  out.prompt = domain::trim(prompt.value_or(""));
  if (out.prompt.empty()) {
    errors["prompt"] = "Prompt is required";
  } else if (core::utf8::length(out.prompt) > max_prompt_chars) {
    errors["prompt"] = "Prompt must be at most " + std::to_string(max_prompt_chars) + " characters";
  }
  if (language && !domain::trim(*language).empty()) {
    out.target = find_language(*language);
    if (!out.target) errors["language"] = "Language must be one of: English, Czech, Spanish, French, German";
  }
  if (!errors.empty()) throw validation_error(std::move(errors));
  return out;
}

std::string system_prompt(const std::optional<language>& target) {
  std::string text(writer_instructions);
  if (!target) return text;
  // The page boxes sections under these words in English or Czech only, so other languages get
  // the English ones rather than words no page recognises.
  std::string openers;
  std::string_view closer;
  for (const auto& h : render::highlight_headings) {
    const auto name = render::heading_in(h, target->code);
    if (h.role == render::highlight_role::closes)
      closer = name;
    else
      openers.append(openers.empty() ? "'" : ", '").append(name).append("'");
  }
  text.append("\nSections to highlight go under these '## ' headings, word for word: ")
      .append(openers)
      .append("; a final '")
      .append(closer)
      .append("' section ends them.");
  text.append("\nWrite in ").append(target->name).append(".");
  return text;
}

std::string chat_completions_url(std::string_view base_url) {
  while (!base_url.empty() && base_url.back() == '/') base_url.remove_suffix(1);
  return std::string(base_url) + "/chat/completions";
}

std::string chat_request_body(std::string_view model, std::string_view system, std::string_view user,
                              answer_format format) {
  boost::json::object body;
  body["model"] = model;
  body["messages"] = boost::json::array{
      boost::json::object{{"role", "system"}, {"content", system}},
      boost::json::object{{"role", "user"}, {"content", user}},
  };
  body["temperature"] = temperature;
  if (format == answer_format::json_object) body["response_format"] = boost::json::object{{"type", "json_object"}};
  return boost::json::serialize(body);
}

std::optional<std::string> completion_content(std::string_view body) {
  boost::system::error_code ec;
  auto parsed = boost::json::parse(body, ec);
  if (ec || !parsed.is_object()) return std::nullopt;
  const auto* choices = parsed.as_object().if_contains("choices");
  if (!choices || !choices->is_array() || choices->as_array().empty()) return std::nullopt;
  const auto& first = choices->as_array().front();
  if (!first.is_object()) return std::nullopt;
  const auto* message = first.as_object().if_contains("message");
  if (!message || !message->is_object()) return std::nullopt;
  const auto* content = message->as_object().if_contains("content");
  if (!content || !content->is_string()) return std::nullopt;
  auto text = domain::trim(content->as_string());
  text = domain::trim(without_thinking(text));
  text = domain::trim(without_whole_fence(text));
  if (text.empty()) return std::nullopt;
  return text;
}

std::string upstream_error_summary(std::string_view body, std::string_view secret) {
  std::string text(body);
  boost::system::error_code ec;
  auto parsed = boost::json::parse(body, ec);
  if (!ec && parsed.is_object()) {
    if (const auto* e = parsed.as_object().if_contains("error")) {
      if (e->is_string()) {
        text = e->as_string();
      } else if (e->is_object()) {
        if (const auto* m = e->as_object().if_contains("message"); m && m->is_string()) text = m->as_string();
      }
    }
  }
  if (!secret.empty()) {
    for (auto at = text.find(secret); at != std::string::npos; at = text.find(secret, at + 3))
      text.replace(at, secret.size(), "***");
  }
  for (auto& c : text)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  return cut_at(domain::trim(text), max_summary_bytes);
}

}  // namespace blog::ai
