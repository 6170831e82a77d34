// Post JSON shapes and ISO 8601 time conversions.
#include "blog/domain/posts/post.hpp"

#include "blog/domain/render/text.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>

namespace blog::posts {

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string iso_time(std::int64_t ms) {
  std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char text[96];
  std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms % 1000));
  return text;
}

std::optional<std::int64_t> parse_iso_time(std::string_view text) {
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, millis = 0;
  std::string s(text);
  int used = 0;
  if (std::sscanf(s.c_str(), "%4d-%2d-%2d%n", &year, &month, &day, &used) != 3 || used != 10) return std::nullopt;
  std::size_t pos = 10;
  int offset_minutes = 0;
  if (pos < s.size() && (s[pos] == 'T' || s[pos] == ' ')) {
    if (std::sscanf(s.c_str() + pos + 1, "%2d:%2d%n", &hour, &minute, &used) != 2 || used != 5) return std::nullopt;
    pos += 6;
    if (pos < s.size() && s[pos] == ':') {
      if (std::sscanf(s.c_str() + pos + 1, "%2d%n", &second, &used) != 1 || used != 2) return std::nullopt;
      pos += 3;
      if (pos < s.size() && s[pos] == '.') {
        ++pos;
        int digits = 0;
        while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos]))) {
          if (digits < 3) millis = millis * 10 + (s[pos] - '0');
          ++digits;
          ++pos;
        }
        if (digits == 0) return std::nullopt;
        for (; digits < 3; ++digits) millis *= 10;
      }
    }
    if (pos < s.size()) {
      if (s[pos] == 'Z' && pos + 1 == s.size()) {
        pos = s.size();
      } else if ((s[pos] == '+' || s[pos] == '-') && s.size() - pos == 6 && s[pos + 3] == ':') {
        int oh = 0, om = 0;
        if (std::sscanf(s.c_str() + pos + 1, "%2d:%2d", &oh, &om) != 2) return std::nullopt;
        offset_minutes = (oh * 60 + om) * (s[pos] == '+' ? 1 : -1);
        pos = s.size();
      } else {
        return std::nullopt;
      }
    }
  }
  if (pos != s.size()) return std::nullopt;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return std::nullopt;
  std::chrono::year_month_day ymd{std::chrono::year(year), std::chrono::month(static_cast<unsigned>(month)),
                                  std::chrono::day(static_cast<unsigned>(day))};
  if (!ymd.ok()) return std::nullopt;
  auto days = std::chrono::sys_days(ymd).time_since_epoch().count();
  std::int64_t total =
      static_cast<std::int64_t>(days) * 86400 + std::int64_t{hour} * 3600 + std::int64_t{minute} * 60 + second;
  total -= std::int64_t{offset_minutes} * 60;
  return total * 1000 + millis;
}

bool may_see(const post& p, const std::optional<viewer>& who, std::int64_t now_ms) {
  if (p.visible_at(now_ms)) return true;
  return who && may_edit(p, *who);
}

bool may_edit(const post& p, const viewer& who) {
  return who.admin || (p.author_id && *p.author_id == who.id);
}

bool may_see(const counterpart& c, const std::optional<viewer>& who, std::int64_t now_ms) {
  if (c.visible_at(now_ms)) return true;
  return who && (who->admin || (c.author_id && *c.author_id == who->id));
}

bool shown_as_counterpart(const post& p, std::string_view language, std::int64_t now_ms) {
  return language == "cs" && p.language == "en" && p.translation && p.translation->language == "cs" &&
         p.translation->visible_at(now_ms);
}

std::string_view status_of(const post& p, std::int64_t now_ms) {
  if (p.hidden_by_admin) return "hidden";
  if (!p.published) return "draft";
  return p.published_at_ms > now_ms ? "scheduled" : "published";
}

int reading_minutes(std::string_view text) {
  constexpr std::size_t words_per_minute = 200;
  std::size_t words = 0;
  bool in_word = false;
  for (char c : text) {
    bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
    if (!space && !in_word) ++words;
    in_word = !space;
  }
  auto minutes = (words + words_per_minute - 1) / words_per_minute;
  return static_cast<int>(std::max<std::size_t>(minutes, 1));
}

int reading_minutes(const post& p) {
  // Kept when its entry was made from this very text: no second pass over it.
  if (p.kept_reading_minutes > 0) return p.kept_reading_minutes;
  return reading_minutes(render::html_to_text(p.content_html));
}

boost::json::object card_json(const post& p) {
  return card_json(p, std::nullopt, now_ms());
}

boost::json::object full_json(const post& p) {
  return full_json(p, std::nullopt, now_ms());
}

boost::json::object card_json(const post& p, const std::optional<viewer>& who, std::int64_t now_ms) {
  boost::json::object o;
  o["id"] = p.id;
  o["title"] = p.title;
  o["slug"] = p.slug;
  o["excerpt"] = p.excerpt;
  o["category"] = p.category;
  o["coverImage"] = p.cover_image;
  o["published"] = p.published;
  o["language"] = p.language;
  o["publishedAt"] = iso_time(p.published_at_ms);
  if (p.author_id) {
    o["authorId"] = *p.author_id;
  } else {
    o["authorId"] = nullptr;
  }
  o["authorName"] = p.author_name;
  boost::json::array translations;
  if (p.translation && may_see(*p.translation, who, now_ms))
    translations.push_back({{"id", p.translation->id},
                            {"slug", p.translation->slug},
                            {"language", p.translation->language},
                            {"title", p.translation->title}});
  o["translations"] = std::move(translations);
  o["readingMinutes"] = reading_minutes(p);
  return o;
}

boost::json::object full_json(const post& p, const std::optional<viewer>& who, std::int64_t now_ms) {
  auto o = card_json(p, who, now_ms);
  o["content"] = p.content;
  o["contentHtml"] = p.content_html;
  o["createdAt"] = iso_time(p.created_at_ms);
  o["updatedAt"] = iso_time(p.updated_at_ms);
  o["hiddenByAdmin"] = p.hidden_by_admin;
  return o;
}

}  // namespace blog::posts
