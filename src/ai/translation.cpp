// The AI translator's rules: request checks, the prompt with the glossary, and the answer's shape.
#include "blog/ai/translation.hpp"

#include "blog/core/error.hpp"
#include "blog/core/text.hpp"
#include "blog/domain/text.hpp"
#include "blog/render/highlight_headings.hpp"
#include "blog/render/post_content.hpp"

#include <boost/json.hpp>

#include <limits>

namespace blog::ai {
namespace {

std::string_view language_name(std::string_view code) {
  return code == "cs" ? "Czech" : "English";
}

std::string_view without_json_fence(std::string_view text) {
  auto first_line_end = text.find('\n');
  if (!text.starts_with("```") || first_line_end == std::string_view::npos || !text.ends_with("```")) return text;
  auto tag = core::to_lower_ascii(domain::trim(text.substr(0, first_line_end)));
  if (tag != "```" && tag != "```json") return text;
  return text.substr(first_line_end + 1, text.size() - 3 - (first_line_end + 1));
}

}  // namespace

translation_request read_translation_request(const boost::json::object& body) {
  field_errors errors;
  translation_request out;
  const auto* id = body.if_contains("postId");
  if (id && id->is_int64() && id->as_int64() > 0 && id->as_int64() <= std::numeric_limits<int>::max())
    out.post_id = static_cast<int>(id->as_int64());
  else
    errors["postId"] = "postId must be the id of a post";
  const auto* target = body.if_contains("targetLanguage");
  if (target && target->is_string() && (target->as_string() == "en" || target->as_string() == "cs"))
    out.target = target->as_string();
  else
    errors["targetLanguage"] = "Target language must be en or cs";
  if (!errors.empty()) throw validation_error(std::move(errors));
  return out;
}

std::string translation_system_prompt(std::string_view from, std::string_view to,
                                      const std::vector<domain::glossary_term>& glossary) {
  std::string text;
  text.append("You are a professional financial translator for the PayTech Blog, a blog about payment technology ")
      .append("and fintech. Translate the blog post the user sends from ")
      .append(language_name(from))
      .append(" to ")
      .append(language_name(to))
      .append(".\n");
  text.append(
      "The user sends one JSON object with the fields title, excerpt and content. The content is HTML or "
      "Markdown. Keep its structure exactly: every HTML tag and attribute, every Markdown marker, the "
      "headings, lists, tables, links (translate the link text, never the URL), images and code. Translate "
      "only the text a reader sees.\n");
  // The page finds its highlighted boxes by these words in either language, so each is translated
  // to its given name, never in the translator's own words.
  text.append("These level-two headings mark highlighted sections; translate each exactly as given here:\n");
  for (const auto& h : render::highlight_headings)
    text.append(render::heading_in(h, from)).append(" => ").append(render::heading_in(h, to)).append("\n");
  text.append(
      "Answer with one JSON object and nothing else: {\"title\": \"…\", \"excerpt\": \"…\", \"content\": "
      "\"…\"}. Do not wrap it in a code block and do not add remarks.\n");
  if (!glossary.empty()) {
    text.append("Use this fintech glossary: translate each ")
        .append(language_name(from))
        .append(" term on the left as the ")
        .append(language_name(to))
        .append(" term on the right.\n");
    for (const auto& term : glossary) {
      const auto& source = from == "cs" ? term.cs : term.en;
      const auto& target = from == "cs" ? term.en : term.cs;
      text.append(source).append(" => ").append(target).append("\n");
    }
  }
  return text;
}

std::string translation_user_message(const posts::post& p) {
  // The editor works in HTML: a markdown post is sent as its rendering, so the answer fits it.
  const auto& content = render::content_is_html(p.content) ? p.content : p.content_html;
  return boost::json::serialize(boost::json::object{{"title", p.title}, {"excerpt", p.excerpt}, {"content", content}});
}

std::optional<translation> parse_translation(std::string_view answer) {
  auto text = domain::trim(without_json_fence(domain::trim(answer)));
  boost::system::error_code ec;
  auto parsed = boost::json::parse(text, ec);
  if (ec || !parsed.is_object()) return std::nullopt;
  const auto& o = parsed.as_object();
  auto field = [&](const char* name) -> std::optional<std::string> {
    const auto* v = o.if_contains(name);
    if (!v || !v->is_string()) return std::nullopt;
    return domain::trim(v->as_string());
  };
  auto title = field("title");
  auto content = field("content");
  if (!title || title->empty() || !content || content->empty()) return std::nullopt;
  return translation{*title, field("excerpt").value_or(""), *content};
}

}  // namespace blog::ai
