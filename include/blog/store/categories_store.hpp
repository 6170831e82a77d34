// SQL for custom categories: listing them and adding one (every node is told at commit).
#pragma once

#include "blog/store/database.hpp"

#include <string>
#include <vector>

namespace blog::store {

// Custom category names, in creation order. Throws blog::error unavailable when PostgreSQL is away.
std::vector<std::string> load_custom_categories(database& db);

struct created_category {
  int id;
  std::string name;
  std::string created_at;  // ISO 8601, UTC, milliseconds
};
// Inserts a custom category and sends NOTIFY blog_site 'categories' in the same transaction.
// Throws blog::error conflict 'Category already exists' when the name (in any case) is taken.
created_category insert_category(database& db, const std::string& name, int user_id);

}  // namespace blog::store
