// A post as a newsletter mail: its first part re-serialised for mail clients, with the site's colours.
#include "blog/domain/render/newsletter_mail.hpp"

#include "elements.hpp"
#include "html_tokenizer.hpp"

#include "blog/core/text.hpp"
#include "blog/domain/render/page.hpp"
#include "blog/domain/render/text.hpp"

namespace blog::render {
namespace {

struct words {
  const char* continue_reading;
  const char* read_online;
  const char* why;
  const char* unsubscribe;
};

constexpr words english{"Continue reading", "Read it on the web",
                        "You get this mail because you subscribed to new articles from", "Unsubscribe"};
constexpr words czech{"Číst dál", "Číst na webu",
                      "Tento e-mail dostáváte, protože jste se přihlásili k odběru nových "
                      "článků z webu",
                      "Odhlásit odběr"};

const words& words_for(std::string_view language) {
  return language == "cs" ? czech : english;
}

bool is_hex_color(std::string_view c) {
  if (c.size() != 4 && c.size() != 7) return false;
  if (c.front() != '#') return false;
  return c.substr(1).find_first_not_of("0123456789abcdefABCDEF") == std::string_view::npos;
}

std::string color_or(std::string_view c, std::string_view fallback) {
  return std::string(is_hex_color(c) ? c : fallback);
}

// "/uploads/x.png" → "https://site/uploads/x.png"; absolute http(s) URLs, mailto: and fragments
// stay; anything else (another scheme, protocol-relative) is dropped.
std::string absolute(std::string_view url, std::string_view base) {
  if (url.starts_with("https://") || url.starts_with("http://") || url.starts_with("mailto:")) return std::string(url);
  if (url.starts_with("/") && !url.starts_with("//")) return std::string(base) + std::string(url);
  if (url.starts_with("#")) return std::string(url);
  return {};
}

// A cover mail clients can show: the 960 px copy of an uploaded JPEG/PNG/GIF (600 px wide at
// 1.6×); WebP and SVG, which many clients do not show, and other URLs as they are.
std::string mail_cover(std::string_view cover, std::string_view base) {
  if (cover.empty()) return {};
  auto srcset = upload_srcset(cover, "");
  if (!srcset.empty()) {
    auto first = srcset.find(", ");
    auto second = srcset.substr(first + 2);
    auto url = second.substr(0, second.find(' '));
    if (url.ends_with(".webp")) return {};
    return absolute(url, base);
  }
  if (cover.ends_with(".svg") || cover.ends_with(".webp")) return {};
  return absolute(cover, base);
}

void append_attribute(std::string& out, std::string_view name, std::string_view value) {
  out += ' ';
  out += name;
  out += "=\"";
  core::append_html_escaped(value, out);
  out += '"';
}

// Inline styles for what mail clients show unstyled or too wide.
std::string_view style_for(std::string_view tag) {
  if (tag == "img") return "max-width:100%;height:auto;border:0";
  if (tag == "pre") return "white-space:pre-wrap;background:#f3f4f6;padding:12px;border-radius:6px;font-size:14px";
  if (tag == "blockquote") return "margin:16px 0;padding-left:16px;border-left:4px solid #d1d5db;color:#374151";
  if (tag == "table") return "border-collapse:collapse";
  if (tag == "td" || tag == "th") return "border:1px solid #d1d5db;padding:6px";
  return {};
}

struct first_part {
  std::string html;
  bool cut = false;
};

// The article re-serialised (text escaped, attributes double-quoted, links absolute, responsive
// image attributes dropped), whole or up to the end of the top-level element that takes its text
// past `limit` characters.
first_part article_part(std::string_view content_html, std::string_view base, std::size_t limit) {
  std::string html;
  detail::html_tokenizer tokens(content_html);
  detail::html_token t;
  int depth = 0;
  std::size_t text_chars = 0;
  std::size_t cut_at = std::string::npos;  // where the first part ends in `html`
  std::size_t chars_at_cut = 0;
  while (tokens.next(t)) {
    if (t.kind == detail::token_kind::text) {
      core::append_html_escaped(t.text, html);
      text_chars += t.text.size();
      continue;
    }
    if (t.name == "source") continue;  // <picture>'s WebP sources: the <img> inside stays
    if (t.kind == detail::token_kind::end_tag) {
      if (detail::is_void_element(t.name)) continue;
      html += "</" + t.name + ">";
      if (depth > 0) --depth;
      if (depth == 0 && text_chars > limit && cut_at == std::string::npos) {
        cut_at = html.size();
        chars_at_cut = text_chars;
      }
      continue;
    }
    html += "<" + t.name;
    for (const auto& a : t.attributes) {
      if (a.name == "srcset" || a.name == "sizes" || a.name == "loading" || a.name == "style") continue;
      if (a.name == "href" || a.name == "src") {
        auto url = absolute(a.value, base);
        if (!url.empty()) append_attribute(html, a.name, url);
        continue;
      }
      append_attribute(html, a.name, a.value);
    }
    if (auto style = style_for(t.name); !style.empty()) append_attribute(html, "style", style);
    html += ">";
    if (!detail::is_void_element(t.name) && !t.self_closing) ++depth;
  }
  // A cut that would leave out less than a fifth of the article is no cut.
  if (cut_at != std::string::npos && text_chars - chars_at_cut > text_chars / 5) {
    html.resize(cut_at);
    return {std::move(html), true};
  }
  return {std::move(html), false};
}

std::string text_part(const newsletter_story& story, const first_part& part, std::string_view post_url,
                      std::string_view unsubscribe_url, const newsletter_site& site, const words& w) {
  std::string text = story.title + "\n\n";
  text += html_to_text(part.html);
  if (!text.ends_with('\n')) text += '\n';
  text += "\n";
  text += std::string(part.cut ? w.continue_reading : w.read_online) + ": " + std::string(post_url) + "\n\n-- \n";
  text += std::string(w.why) + " " + site.title + ".\n";
  text += std::string(w.unsubscribe) + ": " + std::string(unsubscribe_url) + "\n";
  return text;
}

}  // namespace

newsletter_mail render_newsletter_mail(const newsletter_story& story, const newsletter_site& site,
                                       std::string_view reader_language, std::string_view unsubscribe_url) {
  const auto& w = words_for(reader_language);
  const auto accent = color_or(site.accent_color, "#4f46e5");
  const auto band = color_or(site.header_background, "#1e293b");
  const auto band_text = color_or(site.header_text, "#f9fafb");
  const auto post_url = site.public_url + "/post/" + url_path_segment(story.slug);
  const auto part = article_part(story.content_html, site.public_url, newsletter_whole_article_chars);
  const auto cover = mail_cover(story.cover_image, site.public_url);
  const auto esc = [](std::string_view s) { return core::html_escape(s); };
  const std::string font = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";

  std::string html;
  html += "<!DOCTYPE html>\n<html lang=\"" + esc(story.language) + "\"><head><meta charset=\"utf-8\">";
  html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">";
  html += "<title>" + esc(story.title) + "</title></head>\n";
  html += "<body style=\"margin:0;padding:0;background:#f3f4f6\">\n";
  // The preview line clients show next to the subject.
  html += "<div style=\"display:none;max-height:0;overflow:hidden\">" + esc(story.excerpt) + "</div>\n";
  html +=
      "<table role=\"presentation\" width=\"100%\" cellspacing=\"0\" cellpadding=\"0\" style=\"background:#f3f4f6\">";
  html += "<tr><td align=\"center\" style=\"padding:24px 12px\">\n";
  html +=
      "<table role=\"presentation\" width=\"600\" cellspacing=\"0\" cellpadding=\"0\" "
      "style=\"max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden\">\n";
  html += "<tr><td style=\"background:" + band + ";padding:16px 24px;" + font + "font-size:18px;font-weight:bold\">";
  html += "<a href=\"" + esc(site.public_url) + "/\" style=\"color:" + band_text + ";text-decoration:none\">" +
          esc(site.title) + "</a></td></tr>\n";
  if (!cover.empty())
    html += "<tr><td><a href=\"" + esc(post_url) + "\"><img src=\"" + esc(cover) +
            "\" width=\"600\" alt=\"\" style=\"display:block;width:100%;max-width:600px;height:auto;border:0\"></a>"
            "</td></tr>\n";
  html += "<tr><td lang=\"" + esc(story.language) + "\" style=\"padding:24px;" + font +
          "font-size:16px;line-height:1.6;color:#111827\">\n";
  html += "<h1 style=\"margin:0 0 16px;font-size:26px;line-height:1.25\"><a href=\"" + esc(post_url) +
          "\" style=\"color:" + accent + ";text-decoration:none\">" + esc(story.title) + "</a></h1>\n";
  html += part.html + "\n";
  html += "<p style=\"margin:24px 0 0\"><a href=\"" + esc(post_url) +
          "\" style=\"display:inline-block;background:" + accent +
          ";color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold\">" +
          esc(part.cut ? w.continue_reading : w.read_online) + "</a></p>\n";
  html += "</td></tr>\n";
  html += "<tr><td lang=\"" + esc(reader_language) + "\" style=\"padding:16px 24px;border-top:1px solid #e5e7eb;" +
          font + "font-size:13px;line-height:1.5;color:#6b7280\">";
  html += esc(w.why) + " <a href=\"" + esc(site.public_url) + "/\" style=\"color:#6b7280\">" + esc(site.title) +
          "</a>. <a href=\"" + esc(unsubscribe_url) + "\" style=\"color:#6b7280\">" + esc(w.unsubscribe) + "</a>";
  html += "</td></tr>\n</table>\n</td></tr></table>\n</body></html>\n";

  return {story.title, text_part(story, part, post_url, unsubscribe_url, site, w), std::move(html)};
}

}  // namespace blog::render
