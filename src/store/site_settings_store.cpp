// SQL for the site_settings row.
#include "blog/store/site_settings_store.hpp"

#include "blog/store/notifications.hpp"

#include <pqxx/pqxx>

namespace blog::store {
namespace {

constexpr const char* columns =
    "id, site_title, site_description, image_on_right, hero_background_color, title_color, subtitle_color, "
    "hero_image, hero_image_width, hero_image_height, "
    "hero_badge_en, hero_badge_cs, hero_title_en, hero_title_cs, hero_description_en, hero_description_cs, "
    "to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), updated_by";

domain::site_settings from_row(const pqxx::row& r) {
  domain::site_settings s;
  s.id = r[0].as<int>();
  s.site_title = r[1].as<std::string>();
  s.site_description = r[2].as<std::string>();
  s.image_on_right = r[3].as<bool>();
  s.hero_background_color = r[4].as<std::string>();
  s.title_color = r[5].as<std::string>();
  s.subtitle_color = r[6].as<std::string>();
  s.hero_image = r[7].as<std::string>();
  s.hero_image_width = r[8].as<std::string>();
  s.hero_image_height = r[9].as<std::string>();
  s.hero_badge_en = r[10].as<std::string>();
  s.hero_badge_cs = r[11].as<std::string>();
  s.hero_title_en = r[12].as<std::string>();
  s.hero_title_cs = r[13].as<std::string>();
  s.hero_description_en = r[14].as<std::string>();
  s.hero_description_cs = r[15].as<std::string>();
  s.updated_at = r[16].as<std::string>();
  if (!r[17].is_null()) s.updated_by = r[17].as<int>();
  return s;
}

// The switches added after the first schema, each by a later migration (0009 the AI translator,
// 0011 two-factor, 0012 view counting): read and written on their own beside the main row.
void load_switches(pqxx::transaction_base& tx, domain::site_settings& s) {
  auto rows = tx.exec(
      "SELECT ai_for_authors, analytics_enabled, require_two_factor_for_admins, require_two_factor_for_authors "
      "FROM site_settings ORDER BY id LIMIT 1");
  if (rows.empty()) return;
  s.ai_for_authors = rows[0][0].as<bool>();
  s.analytics_enabled = rows[0][1].as<bool>();
  s.require_two_factor_for_admins = rows[0][2].as<bool>();
  s.require_two_factor_for_authors = rows[0][3].as<bool>();
}

void save_switches(pqxx::transaction_base& tx, const domain::site_settings& s) {
  tx.exec_params(
      "UPDATE site_settings SET ai_for_authors = $1, analytics_enabled = $2, require_two_factor_for_admins = $3, "
      "require_two_factor_for_authors = $4 WHERE id = (SELECT min(id) FROM site_settings)",
      s.ai_for_authors, s.analytics_enabled, s.require_two_factor_for_admins, s.require_two_factor_for_authors);
}

}  // namespace

domain::site_settings load_site_settings(database& db) {
  return db.with([](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    auto rows = tx.exec(std::string("SELECT ") + columns + " FROM site_settings ORDER BY id LIMIT 1");
    if (rows.empty()) return domain::site_settings{};
    auto s = from_row(rows[0]);
    load_switches(tx, s);
    return s;
  });
}

domain::site_settings save_site_settings(database& db, const domain::site_settings& s, int user_id) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    save_switches(tx, s);
    auto rows = tx.exec_params(
        std::string("UPDATE site_settings SET site_title = $1, site_description = $2, image_on_right = $3, "
                    "hero_background_color = $4, title_color = $5, subtitle_color = $6, hero_image = $7, "
                    "hero_image_width = $8, hero_image_height = $9, updated_at = now(), updated_by = $10, "
                    "hero_badge_en = $11, hero_badge_cs = $12, hero_title_en = $13, hero_title_cs = $14, "
                    "hero_description_en = $15, hero_description_cs = $16 "
                    "WHERE id = (SELECT min(id) FROM site_settings) RETURNING ") +
            columns,
        s.site_title, s.site_description, s.image_on_right, s.hero_background_color, s.title_color, s.subtitle_color,
        s.hero_image, s.hero_image_width, s.hero_image_height, user_id, s.hero_badge_en, s.hero_badge_cs,
        s.hero_title_en, s.hero_title_cs, s.hero_description_en, s.hero_description_cs);
    // Every node keeps the settings in memory (readmodel::site_cache): tell them at commit.
    tx.exec_params("SELECT pg_notify($1, 'settings')", site_channel);
    auto saved = from_row(rows.at(0));
    load_switches(tx, saved);
    tx.commit();
    return saved;
  });
}

}  // namespace blog::store
