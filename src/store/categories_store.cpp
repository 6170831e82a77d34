// Custom categories: the names in creation order and the insert that tells every node.
#include "blog/store/categories_store.hpp"
#include "blog/store/prepared.hpp"

#include "blog/core/error.hpp"

#include "blog/store/notifications.hpp"

#include <pqxx/pqxx>

namespace blog::store {

std::vector<std::string> load_custom_categories(database& db) {
  return db.with([](pqxx::connection& c) {
    // Read before every post's write: one statement, one round trip, no transaction around it.
    pqxx::nontransaction tx(c);
    std::vector<std::string> names;
    for (const auto& row : exec_prepared(tx, "SELECT name FROM custom_categories ORDER BY created_at, id"))
      names.push_back(row[0].as<std::string>());
    return names;
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
      // Every node keeps the category names in memory (readmodel::site_cache): tell them at commit.
      tx.exec_params("SELECT pg_notify($1, 'categories')", site_channel);
      tx.commit();
      return created_category{row[0].as<int>(), row[1].as<std::string>(), row[2].as<std::string>()};
    } catch (const pqxx::unique_violation&) {
      throw blog::conflict("Category already exists", {{"name", "Category already exists"}});
    }
  });
}

}  // namespace blog::store
