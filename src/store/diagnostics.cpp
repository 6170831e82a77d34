// The doctor's questions, in SQL.
#include "blog/store/diagnostics.hpp"

#include <pqxx/pqxx>

namespace blog::store {

server_version read_server_version(database& db) {
  return db.with([](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    auto row = tx.exec1("SELECT current_setting('server_version'), current_setting('server_version_num')::int");
    return server_version{row[0].as<std::string>(), row[1].as<int>()};
  });
}

post_counts count_posts(database& db) {
  return db.with([](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    auto row = tx.exec1(
        "SELECT (SELECT count(*) FROM posts), (SELECT count(*) FROM posts WHERE published),"
        " (SELECT coalesce(max(seq), 0) FROM post_changes)");
    return post_counts{row[0].as<std::int64_t>(), row[1].as<std::int64_t>(), row[2].as<std::int64_t>()};
  });
}

}  // namespace blog::store
