// SQL for two-factor sign-in: the users table's totp_* columns, recovery_codes and known_browsers.
#include "blog/store/two_factor_store.hpp"

#include <pqxx/pqxx>

namespace blog::store {

totp_state load_totp(store::database& db, int user_id) {
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    auto rows = tx.exec_params(
        "SELECT totp_enabled, coalesce(totp_secret, ''), coalesce(totp_pending_secret, '') FROM users WHERE id = $1",
        user_id);
    if (rows.empty()) return totp_state{};
    return totp_state{rows[0][0].as<bool>(), rows[0][1].as<std::string>(), rows[0][2].as<std::string>()};
  });
}

void set_pending_totp(store::database& db, int user_id, const std::string& sealed_secret) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec_params("UPDATE users SET totp_pending_secret = $2 WHERE id = $1", user_id, sealed_secret);
    tx.commit();
  });
}

bool enable_totp(store::database& db, int user_id, std::int64_t step, const std::vector<std::string>& recovery_hashes,
                 const std::string& keep_session_hash) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto rows = tx.exec_params(
        "UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enabled = true, "
        "totp_last_step = $2 WHERE id = $1 AND NOT totp_enabled AND totp_pending_secret IS NOT NULL RETURNING id",
        user_id, step);
    if (rows.empty()) return false;
    tx.exec_params("DELETE FROM recovery_codes WHERE user_id = $1", user_id);
    for (const auto& hash : recovery_hashes)
      tx.exec_params("INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, decode($2, 'hex'))", user_id, hash);
    // Whoever had the password alone must not stay signed in elsewhere.
    tx.exec_params("DELETE FROM sessions WHERE user_id = $1 AND token_hash <> decode($2, 'hex')", user_id,
                   keep_session_hash);
    tx.commit();
    return true;
  });
}

bool use_totp_step(store::database& db, int user_id, std::int64_t step) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto rows = tx.exec_params(
        "UPDATE users SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2 RETURNING id", user_id, step);
    tx.commit();
    return !rows.empty();
  });
}

bool use_recovery_code(store::database& db, int user_id, const std::string& code_hash) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto rows = tx.exec_params(
        "DELETE FROM recovery_codes WHERE user_id = $1 AND code_hash = decode($2, 'hex') RETURNING user_id", user_id,
        code_hash);
    tx.commit();
    return !rows.empty();
  });
}

std::size_t recovery_codes_left(store::database& db, int user_id) {
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    return tx.exec_params("SELECT count(*) FROM recovery_codes WHERE user_id = $1", user_id)[0][0].as<std::size_t>();
  });
}

void disable_totp(store::database& db, int user_id) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec_params(
        "UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_enabled = false WHERE id = $1", user_id);
    tx.exec_params("DELETE FROM recovery_codes WHERE user_id = $1", user_id);
    tx.commit();
  });
}

bool remember_browser(store::database& db, int user_id, const std::string& browser_hash) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto rows = tx.exec_params(
        "INSERT INTO known_browsers (user_id, browser_hash) VALUES ($1, decode($2, 'hex')) "
        "ON CONFLICT (user_id, browser_hash) DO UPDATE SET last_seen = now() RETURNING (xmax = 0)",
        user_id, browser_hash);
    tx.commit();
    return rows[0][0].as<bool>();
  });
}

}  // namespace blog::store
