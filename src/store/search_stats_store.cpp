// SQL for the daily search counts.
#include "blog/store/search_stats_store.hpp"

#include <pqxx/pqxx>

namespace blog::store {

void add_search_counts(database& db, const std::vector<search_count>& counts) {
  if (counts.empty()) return;
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    for (const auto& n : counts) {
      tx.exec_params(
          "INSERT INTO search_query_days (day, query, searches, zero_results) VALUES ($1::date, $2, $3, $4) "
          "ON CONFLICT (day, query) DO UPDATE SET searches = search_query_days.searches + EXCLUDED.searches, "
          "zero_results = search_query_days.zero_results + EXCLUDED.zero_results",
          n.day, n.query, n.searches, n.zero_results);
    }
    tx.commit();
  });
}

std::size_t purge_search_counts(database& db, int keep_days) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto r = tx.exec_params("DELETE FROM search_query_days WHERE day < (now() AT TIME ZONE 'UTC')::date - $1::int",
                            keep_days);
    tx.commit();
    return static_cast<std::size_t>(r.affected_rows());
  });
}

search_stats load_search_stats(database& db, int days, std::size_t limit) {
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    search_stats out;
    const auto read = [&](const char* column, std::vector<query_count>& into) {
      const std::string sql = std::string("SELECT query, sum(") + column +
                              ")::bigint AS n FROM search_query_days "
                              "WHERE day > (now() AT TIME ZONE 'UTC')::date - $1::int "
                              "GROUP BY query HAVING sum(" +
                              column + ") > 0 ORDER BY n DESC, query LIMIT $2";
      for (const auto& r : tx.exec_params(sql, days, static_cast<std::int64_t>(limit)))
        into.push_back({r[0].as<std::string>(), r[1].as<std::int64_t>()});
    };
    read("searches", out.top);
    read("zero_results", out.zero_results);
    return out;
  });
}

}  // namespace blog::store
