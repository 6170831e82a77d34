// One value read straight from a test's database.
#include "support/sql.hpp"

#include <pqxx/pqxx>

namespace blog::test {

std::string query_value(const std::string& database_url, const std::string& query) {
  pqxx::connection c(database_url);
  pqxx::read_transaction tx(c);
  auto rows = tx.exec(query);
  return rows.empty() || rows[0][0].is_null() ? "" : rows[0][0].as<std::string>();
}

}  // namespace blog::test
