// SQL for uploaded images and custom categories.
#pragma once

#include "blog/store/database.hpp"

#include <optional>
#include <string>

namespace blog::store {

struct stored_file {
  std::string content_type;
  std::string bytes;
};

// Stores the bytes under their SHA-256 unless they are there already.
void save_upload(database& db, const std::string& sha256, const std::string& content_type, std::string_view bytes,
                 int user_id);
std::optional<stored_file> load_upload(database& db, const std::string& sha256);

struct created_category {
  int id;
  std::string name;
  std::string created_at;
};
// Inserts a custom category. Throws api::error 409 'Category already exists' on a clash.
created_category insert_category(database& db, const std::string& name, int user_id);

}  // namespace blog::store
