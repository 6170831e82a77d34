// SQL for the users table.
#include "blog/store/user_store.hpp"

#include "blog/core/error.hpp"
#include "user_row.hpp"

#include <pqxx/pqxx>

namespace blog::store {
namespace {

// The columns every query returns, in user_from_row's order; the password hash comes last.
constexpr const char* columns =
    "id, username, email, role, approval_status, email_verified, "
    "to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), totp_enabled, password";

// Joins SQL text; appending keeps GCC 12's -Warray-bounds false positive on string operator+ away.
std::string join(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (auto part : parts) out.append(part);
  return out;
}

std::string select_from(std::string_view where) {
  return join({"SELECT ", columns, " FROM users ", where});
}

credentials credentials_from_row(const pqxx::row& r) {
  return {user_from_row(r), r[8].as<std::string>()};
}

blog::error taken(bool username, bool email) {
  field_errors fields;
  if (username) fields["username"] = "Username already exists";
  if (email) fields["email"] = "Email already exists";
  return blog::conflict(username ? "Username already exists" : "Email already exists", std::move(fields));
}

// Throws 409 when the username or the email (ignoring case) belongs to an account other than `except_id`.
void check_free(pqxx::work& tx, const std::string& username, const std::string& email, int except_id) {
  auto row = tx.exec_params(
      "SELECT coalesce(bool_or(lower(username) = lower($1)), false), "
      "       coalesce(bool_or(email <> '' AND lower(email) = lower($2)), false) "
      "FROM users WHERE id <> $3 AND (lower(username) = lower($1) OR (email <> '' AND lower(email) = lower($2)))",
      username, email, except_id)[0];
  bool name_taken = row[0].as<bool>();
  bool email_taken = row[1].as<bool>();
  if (name_taken || email_taken) throw taken(name_taken, email_taken);
}

// A unique index that caught a race between check_free and the write.
[[noreturn]] void rethrow_as_taken(const pqxx::unique_violation& e) {
  bool email = std::string_view(e.what()).find("email") != std::string_view::npos;
  throw taken(!email, email);
}

}  // namespace

auth::user user_from_row(const pqxx::row& r) {
  user u;
  u.id = r[0].as<int>();
  u.username = r[1].as<std::string>();
  u.email = r[2].as<std::string>();
  u.role = r[3].as<std::string>();
  u.approval_status = r[4].as<std::string>();
  u.email_verified = r[5].as<bool>();
  u.created_at = r[6].as<std::string>();
  u.two_factor_enabled = r[7].as<bool>();
  return u;
}

std::optional<credentials> find_credentials(store::database& db, const std::string& login) {
  return db.with([&](pqxx::connection& c) -> std::optional<credentials> {
    pqxx::read_transaction tx(c);
    // A username wins over an address when one account's name equals another's address.
    auto rows =
        tx.exec_params(select_from("WHERE lower(username) = lower($1) OR (email <> '' AND lower(email) = lower($1)) "
                                   "ORDER BY (lower(username) = lower($1)) DESC LIMIT 1"),
                       login);
    if (rows.empty()) return std::nullopt;
    return credentials_from_row(rows[0]);
  });
}

std::optional<credentials> find_credentials_by_id(store::database& db, int id) {
  return db.with([&](pqxx::connection& c) -> std::optional<credentials> {
    pqxx::read_transaction tx(c);
    auto rows = tx.exec_params(select_from("WHERE id = $1"), id);
    if (rows.empty()) return std::nullopt;
    return credentials_from_row(rows[0]);
  });
}

std::optional<user> find_user(store::database& db, int id) {
  auto found = find_credentials_by_id(db, id);
  if (!found) return std::nullopt;
  return found->account;
}

std::optional<user> find_user_by_email(store::database& db, const std::string& email) {
  return db.with([&](pqxx::connection& c) -> std::optional<user> {
    pqxx::read_transaction tx(c);
    auto rows = tx.exec_params(select_from("WHERE email <> '' AND lower(email) = lower($1)"), email);
    if (rows.empty()) return std::nullopt;
    return user_from_row(rows[0]);
  });
}

std::vector<user> list_users(store::database& db) {
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<user> all;
    for (const auto& row : tx.exec(select_from("ORDER BY id"))) all.push_back(user_from_row(row));
    return all;
  });
}

void check_name_and_email_free(store::database& db, const std::string& username, const std::string& email) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    check_free(tx, username, email, 0);
  });
}

user insert_user(store::database& db, const new_user& u) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    check_free(tx, u.username, u.email, 0);
    try {
      auto rows = tx.exec_params(
          join({"INSERT INTO users (username, email, password, role, approval_status, email_verified, "
                "verification_token) VALUES ($1, $2, $3, $4, $5, $6, NULLIF($7, '')) RETURNING ",
                columns}),
          u.username, u.email, u.password_hash, u.role, u.approval_status, u.email_verified, u.verification_token_hash);
      tx.commit();
      return user_from_row(rows.at(0));
    } catch (const pqxx::unique_violation& e) {
      rethrow_as_taken(e);
    }
  });
}

std::optional<user> set_approval_status(store::database& db, int id, const std::string& status) {
  return db.with([&](pqxx::connection& c) -> std::optional<user> {
    pqxx::work tx(c);
    auto rows = tx.exec_params(join({"UPDATE users SET approval_status = $2 WHERE id = $1 AND role <> 'admin' "
                                     "RETURNING ",
                                     columns}),
                               id, status);
    // A rejected account is signed out everywhere at once: sessions are read from here on every request.
    if (!rows.empty() && status == auth::status_rejected) tx.exec_params("DELETE FROM sessions WHERE user_id = $1", id);
    tx.commit();
    if (rows.empty()) return std::nullopt;
    return user_from_row(rows[0]);
  });
}

std::optional<user> consume_verification_token(store::database& db, const std::string& token_hash) {
  return db.with([&](pqxx::connection& c) -> std::optional<user> {
    pqxx::work tx(c);
    auto rows = tx.exec_params(join({"UPDATE users SET email_verified = true, verification_token = NULL "
                                     "WHERE verification_token = $1 RETURNING ",
                                     columns}),
                               token_hash);
    tx.commit();
    if (rows.empty()) return std::nullopt;
    return user_from_row(rows[0]);
  });
}

std::optional<user> find_user_by_reset_token(store::database& db, const std::string& token_hash) {
  return db.with([&](pqxx::connection& c) -> std::optional<user> {
    pqxx::read_transaction tx(c);
    auto rows =
        tx.exec_params(select_from("WHERE reset_password_token = $1 AND reset_password_expires > now()"), token_hash);
    if (rows.empty()) return std::nullopt;
    return user_from_row(rows[0]);
  });
}

void set_reset_token(store::database& db, int user_id, const std::string& token_hash, std::chrono::seconds valid_for) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec_params(
        "UPDATE users SET reset_password_token = $2, reset_password_expires = now() + make_interval(secs => $3) "
        "WHERE id = $1",
        user_id, token_hash, static_cast<long long>(valid_for.count()));
    tx.commit();
  });
}

std::optional<user> consume_reset_token(store::database& db, const std::string& token_hash,
                                        const std::string& new_password_hash) {
  return db.with([&](pqxx::connection& c) -> std::optional<user> {
    pqxx::work tx(c);
    auto rows = tx.exec_params(
        join({"UPDATE users SET password = $2, reset_password_token = NULL, reset_password_expires = NULL "
              "WHERE reset_password_token = $1 AND reset_password_expires > now() RETURNING ",
              columns}),
        token_hash, new_password_hash);
    if (rows.empty()) return std::nullopt;
    auto u = user_from_row(rows[0]);
    tx.exec_params("DELETE FROM sessions WHERE user_id = $1", u.id);
    tx.commit();
    return u;
  });
}

void set_password(store::database& db, int user_id, const std::string& password_hash,
                  const std::string& keep_session_hash) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec_params(
        "UPDATE users SET password = $2, reset_password_token = NULL, reset_password_expires = NULL "
        "WHERE id = $1",
        user_id, password_hash);
    tx.exec_params("DELETE FROM sessions WHERE user_id = $1 AND token_hash <> decode($2, 'hex')", user_id,
                   keep_session_hash);
    tx.commit();
  });
}

admin_outcome upsert_admin(store::database& db, const new_user& admin) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto existing = tx.exec_params("SELECT id FROM users WHERE lower(username) = lower($1) FOR UPDATE", admin.username);
    int id = existing.empty() ? 0 : existing[0][0].as<int>();
    check_free(tx, admin.username, admin.email, id);
    try {
      if (existing.empty()) {
        tx.exec_params(
            "INSERT INTO users (username, email, password, role, approval_status, email_verified) "
            "VALUES ($1, $2, $3, 'admin', 'approved', true)",
            admin.username, admin.email, admin.password_hash);
      } else {
        tx.exec_params(
            "UPDATE users SET email = $2, password = $3, role = 'admin', approval_status = 'approved', "
            "email_verified = true, verification_token = NULL WHERE id = $1",
            id, admin.email, admin.password_hash);
      }
    } catch (const pqxx::unique_violation& e) {
      rethrow_as_taken(e);
    }
    tx.commit();
    return existing.empty() ? admin_outcome::created : admin_outcome::promoted;
  });
}

bool insert_first_admin(store::database& db, const new_user& admin) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    // Two nodes starting together: the lock makes the emptiness check and the insert one step.
    tx.exec("LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE");
    if (tx.exec("SELECT EXISTS (SELECT 1 FROM users)")[0][0].as<bool>()) return false;
    tx.exec_params(
        "INSERT INTO users (username, email, password, role, approval_status, email_verified) "
        "VALUES ($1, $2, $3, 'admin', 'approved', true)",
        admin.username, admin.email, admin.password_hash);
    tx.commit();
    return true;
  });
}

std::optional<int> first_admin_id(store::database& db) {
  return db.with([](pqxx::connection& c) -> std::optional<int> {
    pqxx::read_transaction tx(c);
    auto rows = tx.exec("SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1");
    if (rows.empty()) return std::nullopt;
    return rows[0][0].as<int>();
  });
}

}  // namespace blog::store
