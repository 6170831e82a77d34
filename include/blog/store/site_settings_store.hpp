// Reads and writes the single site_settings row.
#pragma once

#include "blog/domain/site_settings.hpp"
#include "blog/store/database.hpp"

namespace blog::store {

// The settings row (the migration inserts its default). Throws on database failure.
domain::site_settings load_site_settings(database& db);
// Saves every field, stamping updatedAt and updatedBy; returns the stored row.
domain::site_settings save_site_settings(database& db, const domain::site_settings& s, int user_id);

}  // namespace blog::store
