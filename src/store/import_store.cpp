// Imported items and the redirects of their old addresses.
#include "blog/store/import_store.hpp"

#include <pqxx/pqxx>

namespace blog::store {

std::optional<imported_item> find_imported(database& db, const std::string& source, const std::string& source_id) {
  return db.with([&](pqxx::connection& c) -> std::optional<imported_item> {
    pqxx::read_transaction tx(c);
    auto rows = tx.exec_params("SELECT post_id, content_hash FROM import_items WHERE source = $1 AND source_id = $2",
                               source, source_id);
    if (rows.empty()) return std::nullopt;
    return imported_item{rows[0][0].as<int>(), rows[0][1].as<std::string>()};
  });
}

void remember_imported(database& db, const std::string& source, const std::string& source_id, int post_id,
                       const std::string& content_hash) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec_params(
        "INSERT INTO import_items (source, source_id, post_id, content_hash) VALUES ($1, $2, $3, $4) "
        "ON CONFLICT (source, source_id) DO UPDATE SET post_id = $3, content_hash = $4, imported_at = now()",
        source, source_id, post_id, content_hash);
    tx.commit();
  });
}

bool add_redirect(database& db, const std::string& path, int post_id) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto result = tx.exec_params("INSERT INTO redirects (path, post_id) VALUES ($1, $2) ON CONFLICT (path) DO NOTHING",
                                 path, post_id);
    tx.commit();
    return result.affected_rows() == 1;
  });
}

std::optional<redirect> find_redirect(database& db, const std::string& path) {
  return db.with([&](pqxx::connection& c) -> std::optional<redirect> {
    pqxx::read_transaction tx(c);
    auto rows = tx.exec_params(
        "SELECT r.path, r.post_id, p.slug FROM redirects r JOIN posts p ON p.id = r.post_id WHERE r.path = $1", path);
    if (rows.empty()) return std::nullopt;
    return redirect{rows[0][0].as<std::string>(), rows[0][1].as<int>(), rows[0][2].as<std::string>()};
  });
}

std::vector<redirect> list_redirects(database& db) {
  return db.with([](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<redirect> all;
    for (const auto& row :
         tx.exec("SELECT r.path, r.post_id, p.slug FROM redirects r JOIN posts p ON p.id = r.post_id ORDER BY r.path"))
      all.push_back({row[0].as<std::string>(), row[1].as<int>(), row[2].as<std::string>()});
    return all;
  });
}

bool delete_redirect(database& db, const std::string& path) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto result = tx.exec_params("DELETE FROM redirects WHERE path = $1", path);
    tx.commit();
    return result.affected_rows() == 1;
  });
}

}  // namespace blog::store
