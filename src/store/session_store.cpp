// SQL for the sessions table; token hashes travel as hex and are stored as bytea.
#include "blog/store/session_store.hpp"
#include "blog/store/prepared.hpp"

#include "user_row.hpp"

#include <pqxx/pqxx>

namespace blog::store {
namespace {

constexpr const char* iso = "'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'";

std::string iso_utc(const char* column) {
  return std::string("to_char(") + column + " AT TIME ZONE 'UTC', " + iso + ")";
}

}  // namespace

void insert_session(store::database& db, const std::string& token_hash, int user_id, std::chrono::seconds lifetime,
                    const session_origin& origin) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec("DELETE FROM sessions WHERE expires_at < now()");
    tx.exec_params(
        "INSERT INTO sessions (token_hash, user_id, expires_at, user_agent, address) "
        "VALUES (decode($1, 'hex'), $2, now() + make_interval(secs => $3), left($4, 512), left($5, 100))",
        token_hash, user_id, static_cast<long long>(lifetime.count()), origin.user_agent, origin.address);
    tx.commit();
  });
}

std::optional<user> session_user(store::database& db, const std::string& token_hash) {
  return db.with([&](pqxx::connection& c) -> std::optional<user> {
    // Asked on every signed-in request: one statement on its own, one round trip (a transaction
    // would add BEGIN, SET TRANSACTION and COMMIT, three more).
    pqxx::result rows;
    {
      pqxx::nontransaction tx(c);
      rows = exec_prepared(
          tx,
          "SELECT u.id, u.username, u.email, u.role, u.approval_status, u.email_verified, "
          "       to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), u.totp_enabled, "
          "       s.last_used_at < now() - interval '1 minute' "
          "FROM sessions s JOIN users u ON u.id = s.user_id "
          "WHERE s.token_hash = decode($1, 'hex') AND s.expires_at > now()",
          token_hash);
    }
    if (rows.empty()) return std::nullopt;
    auto u = user_from_row(rows[0]);
    bool stale = rows[0][8].as<bool>();
    // A write at most once a minute per session, not on every request.
    if (stale) {
      pqxx::work note(c);
      exec_prepared(note, "UPDATE sessions SET last_used_at = now() WHERE token_hash = decode($1, 'hex')", token_hash);
      note.commit();
    }
    return u;
  });
}

void delete_session(store::database& db, const std::string& token_hash) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec_params("DELETE FROM sessions WHERE token_hash = decode($1, 'hex')", token_hash);
    tx.commit();
  });
}

std::vector<session_info> list_sessions(store::database& db, int user_id, const std::string& current_hash) {
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<session_info> out;
    auto rows =
        tx.exec_params("SELECT id, user_agent, address, " + iso_utc("created_at") + ", " + iso_utc("last_used_at") +
                           ", token_hash = decode($2, 'hex') "
                           "FROM sessions WHERE user_id = $1 AND expires_at > now() "
                           "ORDER BY last_used_at DESC, id DESC",
                       user_id, current_hash);
    for (const auto& r : rows)
      out.push_back({r[0].as<long long>(), r[1].as<std::string>(), r[2].as<std::string>(), r[3].as<std::string>(),
                     r[4].as<std::string>(), r[5].as<bool>()});
    return out;
  });
}

bool delete_user_session(store::database& db, int user_id, long long session_id) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto rows = tx.exec_params("DELETE FROM sessions WHERE user_id = $1 AND id = $2 RETURNING id", user_id, session_id);
    tx.commit();
    return !rows.empty();
  });
}

std::size_t delete_other_sessions(store::database& db, int user_id, const std::string& keep_hash) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto rows = tx.exec_params(
        "DELETE FROM sessions WHERE user_id = $1 AND token_hash IS DISTINCT FROM decode(nullif($2, ''), 'hex') "
        "RETURNING id",
        user_id, keep_hash);
    tx.commit();
    return rows.size();
  });
}

}  // namespace blog::store
