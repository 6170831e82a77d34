// SQL for the sessions table; token hashes travel as hex and are stored as bytea.
#include "blog/store/session_store.hpp"

#include "user_row.hpp"

#include <pqxx/pqxx>

namespace blog::store {

void insert_session(store::database& db, const std::string& token_hash, int user_id, std::chrono::seconds lifetime) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec("DELETE FROM sessions WHERE expires_at < now()");
    tx.exec_params(
        "INSERT INTO sessions (token_hash, user_id, expires_at) "
        "VALUES (decode($1, 'hex'), $2, now() + make_interval(secs => $3))",
        token_hash, user_id, static_cast<long long>(lifetime.count()));
    tx.commit();
  });
}

std::optional<user> session_user(store::database& db, const std::string& token_hash) {
  return db.with([&](pqxx::connection& c) -> std::optional<user> {
    pqxx::read_transaction tx(c);
    auto rows = tx.exec_params(
        "SELECT u.id, u.username, u.email, u.role, u.approval_status, u.email_verified, "
        "       to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') "
        "FROM sessions s JOIN users u ON u.id = s.user_id "
        "WHERE s.token_hash = decode($1, 'hex') AND s.expires_at > now()",
        token_hash);
    if (rows.empty()) return std::nullopt;
    return user_from_row(rows[0]);
  });
}

void delete_session(store::database& db, const std::string& token_hash) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec_params("DELETE FROM sessions WHERE token_hash = decode($1, 'hex')", token_hash);
    tx.commit();
  });
}

}  // namespace blog::store
