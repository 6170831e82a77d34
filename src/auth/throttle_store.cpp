// SQL for failed sign-ins in a sliding window.
#include "blog/auth/login_throttle_store.hpp"

#include <pqxx/pqxx>

namespace blog::auth {

std::optional<std::chrono::seconds> throttled_for(store::database& db, const std::string& key, unsigned limit,
                                                  std::chrono::seconds window) {
  return db.with([&](pqxx::connection& c) -> std::optional<std::chrono::seconds> {
    pqxx::read_transaction tx(c);
    // The limit-th newest failure in the window: once it leaves the window, fewer than `limit` remain.
    auto rows = tx.exec_params(
        "SELECT ceil(extract(epoch FROM failed_at + make_interval(secs => $3) - now()))::bigint "
        "FROM login_failures WHERE key = $1 AND failed_at > now() - make_interval(secs => $3) "
        "ORDER BY failed_at DESC OFFSET $2 LIMIT 1",
        key, static_cast<long long>(limit) - 1, static_cast<long long>(window.count()));
    if (rows.empty()) return std::nullopt;
    return std::chrono::seconds(std::max<long long>(1, rows[0][0].as<long long>()));
  });
}

void record_failure(store::database& db, const std::string& account_key, const std::string& address_key,
                    std::chrono::seconds window) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec_params("DELETE FROM login_failures WHERE failed_at < now() - make_interval(secs => $1)",
                   static_cast<long long>(window.count()));
    tx.exec_params("INSERT INTO login_failures (key) VALUES ($1), ($2)", account_key, address_key);
    tx.commit();
  });
}

void clear_failures(store::database& db, const std::string& key) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec_params("DELETE FROM login_failures WHERE key = $1", key);
    tx.commit();
  });
}

}  // namespace blog::auth
