// A post as a newsletter mail: the subject, a plain-text part and an HTML part for mail clients
// (tables, inline styles, absolute links), in the reader's language.
#pragma once

#include <string>
#include <string_view>

namespace blog::render {

// The story as it stands when the mail is sent.
struct newsletter_story {
  std::string title;
  std::string slug;
  std::string excerpt;
  std::string content_html;  // sanitised at write time
  std::string cover_image;   // "" or a URL, site-relative ("/uploads/…") or absolute
  std::string language;      // "en" or "cs": the story's
};

// What of the site a mail shows: its name, where it lives and its colours.
struct newsletter_site {
  std::string title;
  std::string public_url;         // "https://blog.example", no trailing slash
  std::string accent_color;       // headings and the button (site settings' title colour)
  std::string header_background;  // the band with the site's name (the hero's background)
  std::string header_text;        // its text (the hero's subtitle colour)
};

struct newsletter_mail {
  std::string subject;  // UTF-8; the mail layer encodes it (RFC 2047)
  std::string text;     // the plain-text part, lines separated by '\n'
  std::string html;     // the HTML part
};

// Articles up to this many characters of text go out whole; a longer one goes out up to the end
// of the top-level block that passes it, followed by "Continue reading".
inline constexpr std::size_t newsletter_whole_article_chars = 2500;

// The mail of `story` for a reader of `reader_language` ("en" or "cs": the words around the
// story are theirs) whose unsubscribe page is `unsubscribe_url`. Every link and image is made
// absolute against site.public_url; a colour that is not #rgb/#rrggbb falls back to a default.
[[nodiscard]] newsletter_mail render_newsletter_mail(const newsletter_story& story, const newsletter_site& site,
                                                     std::string_view reader_language,
                                                     std::string_view unsubscribe_url);

}  // namespace blog::render
