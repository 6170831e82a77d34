// The home page's look (spec §3 site_settings) and the rules for changing it (spec §5).
#pragma once

#include "blog/core/error.hpp"

#include <boost/json/fwd.hpp>
#include <boost/json/value_from.hpp>

#include <optional>
#include <string>

namespace blog::domain {

struct site_settings {
  int id = 1;
  std::string site_title = "PayTech Blog";
  std::string site_description =
      "Expert insights and analysis on payment technologies, fintech innovations, and industry trends.";
  bool image_on_right = false;
  std::string hero_background_color = "#1e293b";
  std::string title_color = "#4f46e5";
  std::string subtitle_color = "#f9fafb";
  std::string hero_image = "/uploads/payments-hero.svg";
  std::string hero_image_width = "75%";
  std::string hero_image_height = "auto";
  // The hero per interface language; "" falls back to the other language, then to the site title
  // and description (and the app's own badge).
  std::string hero_badge_en;
  std::string hero_badge_cs;
  std::string hero_title_en;
  std::string hero_title_cs;
  std::string hero_description_en;
  std::string hero_description_cs;
  std::string updated_at;  // ISO 8601
  std::optional<int> updated_by;
  // Whether approved authors, not only admins, may use the AI translator (issue 13).
  bool ai_for_authors = false;
  // Whether readers' views are counted (issue 26).
  bool analytics_enabled = true;
  // Whether admins, and approved authors, must sign in with two-factor (issue 27): an account so
  // covered that has not set it up may only set it up (api::require_login).
  bool require_two_factor_for_admins = false;
  bool require_two_factor_for_authors = false;
};

void tag_invoke(boost::json::value_from_tag, boost::json::value& out, const site_settings& s);

// What PATCH /api/site-settings asks to change, decoded from its body next to the handler (the
// API's tag_invoke): each field nullopt when left out. `problems` names the fields that came with
// the wrong type ('siteTitle must be text'), answered with the rules' own messages in one 400.
struct settings_patch {
  std::optional<std::string> site_title, site_description, hero_background_color, title_color, subtitle_color,
      hero_image, hero_image_width, hero_image_height, hero_badge_en, hero_badge_cs, hero_title_en, hero_title_cs,
      hero_description_en, hero_description_cs;
  std::optional<bool> image_on_right, ai_for_authors, analytics_enabled, require_two_factor_for_admins,
      require_two_factor_for_authors;
  field_errors problems;
};

// Applies the fields `patch` gives to `current`. Throws blog::error 400 with a message per bad
// field (keyed by its camelCase name, as GET returns it), in the spec's words.
site_settings apply_settings_patch(const site_settings& current, const settings_patch& patch);

bool is_hex_color(std::string_view text);

// The hero's title and description for an interface language ("en" or "cs"): that language's,
// else the other's, else the site title / description. Never fails.
std::string hero_title(const site_settings& s, std::string_view language);
std::string hero_description(const site_settings& s, std::string_view language);
// The hero's badge likewise, else `default_badge` (the interface's own 'Professional Payment Blog').
std::string hero_badge(const site_settings& s, std::string_view language, std::string_view default_badge);

}  // namespace blog::domain
