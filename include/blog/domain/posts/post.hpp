// A blog post (spec §3 posts), its visibility rule and its two JSON shapes (card and full).
#pragma once

#include <boost/json/fwd.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace blog::posts {

// The linked translation of a post as the post carries it (issue 13): enough to name it and to
// decide who may see it, without the other post's entry.
struct counterpart {
  int id = 0;
  std::string slug;
  std::string language;
  std::string title;
  bool published = true;
  bool hidden_by_admin = false;
  std::int64_t published_at_ms = 0;
  std::optional<int> author_id;

  bool visible_at(std::int64_t now_ms) const { return published && !hidden_by_admin && published_at_ms <= now_ms; }
};

struct post {
  int id = 0;
  std::string title;
  std::string slug;
  std::string content;       // as the author wrote it: HTML from the editor, or markdown
  std::string content_html;  // rendered and sanitised at write time
  std::string excerpt;
  std::string category;
  std::string cover_image;
  bool published = true;
  // Set when an admin unpublishes the post (toggle), cleared when an admin publishes it; while set
  // the post stays unpublished whatever its author sends.
  bool hidden_by_admin = false;
  std::string language = "en";
  std::int64_t published_at_ms = 0;
  std::optional<int> author_id;
  std::string author_name;
  std::int64_t created_at_ms = 0;
  std::int64_t updated_at_ms = 0;
  // The counterpart in the other language, when linked (posts.translation_of, symmetric).
  std::optional<counterpart> translation;
  // The reading time of this content, kept when the body is not (the read model holds posts
  // without content_html); 0: computed from content_html.
  int kept_reading_minutes = 0;
  // What the newsletter does with it (posts.newsletter): "none" (never on its own: older and
  // imported posts), "pending" (sent when it first becomes visible), "off" (the editor's switch is
  // off), "skipped" (it became visible with the switch off), "sent" (its mails were queued, once).
  // As read from PostgreSQL: the read model's copy is not reloaded when a sender decides it
  // (readers see nothing of it), so only a post read for a write or for its editor is current.
  std::string newsletter = "none";
  std::int64_t newsletter_sent_at_ms = 0;  // 0 until sent

  // Readers see a post once it is published, not hidden and its publication time has come. The one
  // rule of public visibility: every reader (lists, pages, search, feeds) asks here.
  bool visible_at(std::int64_t now_ms) const { return published && !hidden_by_admin && published_at_ms <= now_ms; }
};

// A signed-in account as the post rules see it.
struct viewer {
  int id = 0;
  bool admin = false;
};

// Who may see a post at all: everyone once it is visible_at(now_ms); before that (draft, hidden,
// scheduled) only its author and admins. A caller who may not see a post is told it does not exist.
bool may_see(const post& p, const std::optional<viewer>& who, std::int64_t now_ms);
// Who may change a post: its author and admins.
bool may_edit(const post& p, const viewer& who);
// may_see for a post's counterpart.
bool may_see(const counterpart& c, const std::optional<viewer>& who, std::int64_t now_ms);
// True when a list in `language` ("cs": Czech plus English) shows this post's counterpart instead:
// an English post whose Czech counterpart is visible appears once, in Czech.
bool shown_as_counterpart(const post& p, std::string_view language, std::int64_t now_ms);

// What a post card needs: no content. `translations` lists the counterpart when `who` may see it
// at now_ms; without a viewer, when every reader may (the shared, pre-serialised answers).
boost::json::object card_json(const post& p, const std::optional<viewer>& who, std::int64_t now_ms);
// Where a post stands for its author (My posts): "hidden" while an admin hides it, "draft" while
// unpublished, "scheduled" while its publication time is still to come, else "published".
std::string_view status_of(const post& p, std::int64_t now_ms);

// Reading time in minutes of a text (spec: words / 200, rounded up, at least 1). A word is a run
// of characters other than ASCII whitespace. Never fails.
int reading_minutes(std::string_view text);
// The reading time of a post: kept_reading_minutes when set, else from its rendered HTML's text.
int reading_minutes(const post& p);

// What a post card needs: no content, but its reading time (readingMinutes).
boost::json::object card_json(const post& p);
// Everything, for the post page and the editor: content and its safe HTML, and hiddenByAdmin.
boost::json::object full_json(const post& p, const std::optional<viewer>& who, std::int64_t now_ms);
boost::json::object full_json(const post& p);

std::string iso_time(std::int64_t ms);
// Parses an ISO 8601 timestamp ("2024-03-05T10:00:00Z", "2024-03-05T10:00:00.000+01:00",
// "2024-03-05"); nullopt when it is not one.
std::optional<std::int64_t> parse_iso_time(std::string_view text);
std::int64_t now_ms();

}  // namespace blog::posts
