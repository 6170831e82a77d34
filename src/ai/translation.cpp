// The AI translator's rules: request checks, the prompt with the glossary, and the answer's shape.
#include "blog/ai/translation.hpp"

#include "blog/core/error.hpp"
#include "blog/core/text.hpp"
#include "blog/domain/render/highlight_headings.hpp"
#include "blog/domain/render/post_content.hpp"
#include "blog/domain/render/text.hpp"
#include "blog/domain/text.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <limits>

namespace blog::ai {
namespace {

std::string_view language_name(std::string_view code) {
  return code == "cs" ? "Czech" : "English";
}

// How many '{' find_json_object tries as the start of an object: plenty for prose and fences
// around the answer, and a bound on the work for an answer full of braces.
constexpr std::size_t max_object_starts = 64;

// One past the '}' that closes the object opening at text[start], or npos when it never closes.
std::size_t object_end(std::string_view text, std::size_t start) {
  std::size_t depth = 0;
  bool in_string = false;
  bool escaped = false;
  for (std::size_t i = start; i < text.size(); ++i) {
    char c = text[i];
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}' && --depth == 0) {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

// The text of an ATX heading line ("## Title ##" gives "Title"), or nullopt for any other line.
std::optional<std::string_view> heading_text(std::string_view line) {
  std::size_t indent = 0;
  while (indent < line.size() && line[indent] == ' ') ++indent;
  if (indent > 3) return std::nullopt;  // four spaces make a code block
  line.remove_prefix(indent);
  std::size_t level = 0;
  while (level < line.size() && line[level] == '#') ++level;
  if (level == 0 || level > 6) return std::nullopt;
  line.remove_prefix(level);
  if (!line.empty() && line.front() != ' ' && line.front() != '\t') return std::nullopt;  // "#hashtag"
  line = core::trim_ows(line);
  // A closing run of #s after a space is not part of the text.
  auto last = line.find_last_not_of('#');
  if (last == std::string_view::npos) return std::string_view{};
  if (last + 1 < line.size() && (line[last] == ' ' || line[last] == '\t')) line = core::trim_ows(line.substr(0, last));
  return line;
}

// The first paragraph element of sanitised HTML, or all of it when it has none.
std::string_view first_paragraph(std::string_view html) {
  for (auto at = html.find("<p"); at != std::string_view::npos; at = html.find("<p", at + 2)) {
    if (at + 2 < html.size() && (html[at + 2] == '>' || html[at + 2] == ' ')) {
      auto end = html.find("</p>", at);
      return end == std::string_view::npos ? html.substr(at) : html.substr(at, end + 4 - at);
    }
  }
  return html;
}

// A Markdown answer as it comes: the first heading outside code blocks is the title, the rest the
// content.
translation from_markdown(std::string_view text) {
  std::string title;
  std::string rest;
  bool titled = false;
  bool in_code = false;
  for (std::size_t at = 0; at < text.size();) {
    auto end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    auto line = text.substr(at, end - at);
    at = end + 1;
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (!titled && !in_code) {
      if (auto heading = heading_text(line)) {
        title = *heading;
        titled = true;
        continue;
      }
    }
    auto bare = core::trim_ows(line);
    if (bare.starts_with("```") || bare.starts_with("~~~")) in_code = !in_code;
    rest.append(line).append("\n");
  }
  rest = domain::trim(rest);
  translation out{std::move(title), "", rest.empty() ? "" : render::render_post_html(rest)};
  out.excerpt = render::make_excerpt(render::html_to_text(first_paragraph(out.content)));
  return out;
}

}  // namespace

translation_request read_translation_request(std::optional<std::int64_t> post_id,
                                             const std::optional<std::string>& target) {
  field_errors errors;
  translation_request out;
  if (post_id && *post_id > 0 && *post_id <= std::numeric_limits<int>::max())
    out.post_id = static_cast<int>(*post_id);
  else
    errors["postId"] = "postId must be the id of a post";
  if (target && (*target == "en" || *target == "cs"))
    out.target = *target;
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

std::optional<boost::json::object> find_json_object(std::string_view text,
                                                    std::initializer_list<std::string_view> fields) {
  std::size_t tried = 0;
  for (auto start = text.find('{'); start != std::string_view::npos && tried < max_object_starts;
       start = text.find('{', start + 1), ++tried) {
    auto end = object_end(text, start);
    if (end == std::string_view::npos) continue;  // an inner '{' may still close
    boost::system::error_code ec;
    auto parsed = boost::json::parse(text.substr(start, end - start), ec);
    if (ec || !parsed.is_object()) continue;
    auto& o = parsed.as_object();
    bool complete = std::ranges::all_of(fields, [&](std::string_view name) {
      const auto* v = o.if_contains(name);
      return v && v->is_string();
    });
    if (complete) return std::move(o);
  }
  return std::nullopt;
}

std::optional<translation> parse_translation(std::string_view answer) {
  translation out;
  if (auto o = find_json_object(answer, {"title", "content"})) {
    auto field = [&](const char* name) {
      const auto* v = o->if_contains(name);
      return v && v->is_string() ? domain::trim(v->as_string()) : std::string();
    };
    out = translation{field("title"), field("excerpt"), field("content")};
  } else {
    out = from_markdown(domain::trim(answer));
  }
  if (out.title.empty() && out.content.empty()) return std::nullopt;
  return out;
}

}  // namespace blog::ai
