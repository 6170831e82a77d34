// Uploaded images (bytea, content-addressed) and custom categories.
#include "blog/store/uploads_store.hpp"

#include "blog/api/error.hpp"

#include <pqxx/pqxx>

namespace blog::store {

void save_upload(database& db, const std::string& sha256, const std::string& content_type, std::string_view bytes,
                 int user_id) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    pqxx::binarystring blob(bytes.data(), bytes.size());
    tx.exec_params(
        "INSERT INTO uploads (sha256, content_type, bytes, size, created_by) VALUES ($1, $2, $3, $4, $5) "
        "ON CONFLICT (sha256) DO NOTHING",
        sha256, content_type, blob, static_cast<int>(bytes.size()), user_id);
    tx.commit();
  });
}

std::optional<stored_file> load_upload(database& db, const std::string& sha256) {
  return db.with([&](pqxx::connection& c) -> std::optional<stored_file> {
    pqxx::read_transaction tx(c);
    auto rows = tx.exec_params("SELECT content_type, bytes FROM uploads WHERE sha256 = $1", sha256);
    if (rows.empty()) return std::nullopt;
    pqxx::binarystring blob(rows[0][1]);
    return stored_file{rows[0][0].as<std::string>(), blob.str()};
  });
}

created_category insert_category(database& db, const std::string& name, int user_id) {
  return db.with([&](pqxx::connection& c) {
    try {
      pqxx::work tx(c);
      auto row = tx.exec_params1(
          "INSERT INTO custom_categories (name, created_by) VALUES ($1, $2) "
          "RETURNING id, name, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')",
          name, user_id);
      tx.commit();
      return created_category{row[0].as<int>(), row[1].as<std::string>(), row[2].as<std::string>()};
    } catch (const pqxx::unique_violation&) {
      throw api::error(409, "Category already exists", {{"name", "Category already exists"}});
    }
  });
}

}  // namespace blog::store
