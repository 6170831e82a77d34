// Site settings: their JSON shape and the validation rules of spec §5.
#include "blog/domain/site_settings.hpp"

#include "blog/core/text.hpp"
#include "blog/domain/text.hpp"

#include <boost/json.hpp>

namespace blog::domain {

void tag_invoke(boost::json::value_from_tag, boost::json::value& out, const site_settings& s) {
  boost::json::object o;
  o["id"] = s.id;
  o["siteTitle"] = s.site_title;
  o["siteDescription"] = s.site_description;
  o["imageOnRight"] = s.image_on_right;
  o["heroBackgroundColor"] = s.hero_background_color;
  o["titleColor"] = s.title_color;
  o["subtitleColor"] = s.subtitle_color;
  o["heroImage"] = s.hero_image;
  o["heroImageWidth"] = s.hero_image_width;
  o["heroImageHeight"] = s.hero_image_height;
  o["heroBadgeEn"] = s.hero_badge_en;
  o["heroBadgeCs"] = s.hero_badge_cs;
  o["heroTitleEn"] = s.hero_title_en;
  o["heroTitleCs"] = s.hero_title_cs;
  o["heroDescriptionEn"] = s.hero_description_en;
  o["heroDescriptionCs"] = s.hero_description_cs;
  o["updatedAt"] = s.updated_at;
  if (s.updated_by) {
    o["updatedBy"] = *s.updated_by;
  } else {
    o["updatedBy"] = nullptr;
  }
  o["aiForAuthors"] = s.ai_for_authors;
  o["analyticsEnabled"] = s.analytics_enabled;
  o["requireTwoFactorForAdmins"] = s.require_two_factor_for_admins;
  o["requireTwoFactorForAuthors"] = s.require_two_factor_for_authors;
  out = std::move(o);
}

bool is_hex_color(std::string_view text) {
  if (text.size() != 7 || text[0] != '#') return false;
  for (char c : text.substr(1))
    if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

namespace {

const std::string& first_set(const std::string& wanted, const std::string& other, const std::string& fallback) {
  if (!wanted.empty()) return wanted;
  return other.empty() ? fallback : other;
}

}  // namespace

std::string hero_title(const site_settings& s, std::string_view language) {
  return language == "cs" ? first_set(s.hero_title_cs, s.hero_title_en, s.site_title)
                          : first_set(s.hero_title_en, s.hero_title_cs, s.site_title);
}

std::string hero_description(const site_settings& s, std::string_view language) {
  return language == "cs" ? first_set(s.hero_description_cs, s.hero_description_en, s.site_description)
                          : first_set(s.hero_description_en, s.hero_description_cs, s.site_description);
}

std::string hero_badge(const site_settings& s, std::string_view language, std::string_view default_badge) {
  std::string fallback(default_badge);
  return language == "cs" ? first_set(s.hero_badge_cs, s.hero_badge_en, fallback)
                          : first_set(s.hero_badge_en, s.hero_badge_cs, fallback);
}

namespace {

bool is_size(std::string_view text, bool allow_auto, bool allow_percent) {
  if (allow_auto && text == "auto") return true;
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  if (digits == 0 || digits > 5) return false;
  auto unit = text.substr(digits);
  return unit.empty() || unit == "px" || (allow_percent && unit == "%");
}

}  // namespace

site_settings apply_settings_patch(const site_settings& current, const settings_patch& patch) {
  site_settings next = current;
  field_errors errors = patch.problems;

  // `label` names the field in the message of a character no page may carry; the colours and sizes
  // have stricter rules of their own, which say so instead.
  auto text_field = [&](const char* name, const std::optional<std::string>& given, std::string& target,
                        std::string_view label = {}) -> bool {
    if (!given) return false;
    target = trim(*given);
    if (!label.empty()) check_allowed_chars(errors, name, label, target);
    return true;
  };

  if (text_field("siteTitle", patch.site_title, next.site_title, "Title")) {
    auto length = core::utf8::length(next.site_title);
    if (length < 2)
      errors["siteTitle"] = "Title must be at least 2 characters";
    else if (length > 100)
      errors["siteTitle"] = "Title must be at most 100 characters";
  }
  if (text_field("siteDescription", patch.site_description, next.site_description, "Description")) {
    auto length = core::utf8::length(next.site_description);
    if (length < 10)
      errors["siteDescription"] = "Description must be at least 10 characters";
    else if (length > 500)
      errors["siteDescription"] = "Description must be at most 500 characters";
  }
  if (patch.image_on_right) next.image_on_right = *patch.image_on_right;
  const struct {
    const char* name;
    std::optional<std::string> settings_patch::*given;
    std::string site_settings::*field;
    const char* example;
  } colors[] = {
      {"heroBackgroundColor", &settings_patch::hero_background_color, &site_settings::hero_background_color, "#1e293b"},
      {"titleColor", &settings_patch::title_color, &site_settings::title_color, "#4f46e5"},
      {"subtitleColor", &settings_patch::subtitle_color, &site_settings::subtitle_color, "#f9fafb"},
  };
  for (const auto& c : colors) {
    if (text_field(c.name, patch.*c.given, next.*c.field) && !is_hex_color(next.*c.field))
      errors[c.name] = std::string("Must be a valid hex color (e.g. ") + c.example + ")";
  }
  if (text_field("heroImage", patch.hero_image, next.hero_image, "Hero image")) {
    const auto& url = next.hero_image;
    bool ok = url.empty() || (url.front() == '/' && url.rfind("//", 0) != 0) || url.rfind("https://", 0) == 0 ||
              url.rfind("http://", 0) == 0;
    if (!ok) errors["heroImage"] = "Hero image must be an uploaded image or an http(s) URL";
  }
  if (text_field("heroImageWidth", patch.hero_image_width, next.hero_image_width)) {
    if (next.hero_image_width.empty())
      errors["heroImageWidth"] = "Width is required";
    else if (!is_size(next.hero_image_width, true, true))
      errors["heroImageWidth"] = "Width must be a percentage or pixels (e.g. 75% or 600px)";
  }
  if (text_field("heroImageHeight", patch.hero_image_height, next.hero_image_height)) {
    if (!is_size(next.hero_image_height, true, false))
      errors["heroImageHeight"] = "Height must be 'auto' or pixels (e.g. 400px)";
  }
  if (patch.ai_for_authors) next.ai_for_authors = *patch.ai_for_authors;
  if (patch.analytics_enabled) next.analytics_enabled = *patch.analytics_enabled;
  if (patch.require_two_factor_for_admins) next.require_two_factor_for_admins = *patch.require_two_factor_for_admins;
  if (patch.require_two_factor_for_authors) next.require_two_factor_for_authors = *patch.require_two_factor_for_authors;
  // Optional per language: empty falls back, so only the length is checked.
  const struct {
    const char* name;
    std::optional<std::string> settings_patch::*given;
    std::string site_settings::*field;
    std::size_t max;
    const char* label;
    const char* message;
  } hero_texts[] = {
      {"heroBadgeEn", &settings_patch::hero_badge_en, &site_settings::hero_badge_en, 60, "Badge",
       "Badge must be at most 60 characters"},
      {"heroBadgeCs", &settings_patch::hero_badge_cs, &site_settings::hero_badge_cs, 60, "Badge",
       "Badge must be at most 60 characters"},
      {"heroTitleEn", &settings_patch::hero_title_en, &site_settings::hero_title_en, 100, "Title",
       "Title must be at most 100 characters"},
      {"heroTitleCs", &settings_patch::hero_title_cs, &site_settings::hero_title_cs, 100, "Title",
       "Title must be at most 100 characters"},
      {"heroDescriptionEn", &settings_patch::hero_description_en, &site_settings::hero_description_en, 500,
       "Description", "Description must be at most 500 characters"},
      {"heroDescriptionCs", &settings_patch::hero_description_cs, &site_settings::hero_description_cs, 500,
       "Description", "Description must be at most 500 characters"},
  };
  for (const auto& h : hero_texts)
    if (text_field(h.name, patch.*h.given, next.*h.field, h.label) && core::utf8::length(next.*h.field) > h.max)
      errors[h.name] = h.message;
  if (!errors.empty()) throw validation_error(std::move(errors));
  return next;
}

}  // namespace blog::domain
