// SQL for the users table. Every function blocks on PostgreSQL (worker pool only) and throws
// blog::error 503 when the database cannot be reached, as store::database does.
#pragma once

#include "blog/domain/auth/user.hpp"
#include "blog/store/database.hpp"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace blog::store {

// The account as the rules see it (auth/user.hpp).
using auth::user;

struct credentials {
  user account;
  std::string password_hash;
};

struct new_user {
  std::string username;
  std::string email;
  std::string password_hash;
  std::string role{auth::role_user};
  std::string approval_status{auth::status_pending};
  bool email_verified = false;
  std::string verification_token_hash;  // "" for none
};

// The account whose username or email equals `login`, ignoring case.
std::optional<credentials> find_credentials(store::database& db, const std::string& login);
std::optional<credentials> find_credentials_by_id(store::database& db, int id);
std::optional<user> find_user(store::database& db, int id);
std::optional<user> find_user_by_email(store::database& db, const std::string& email);
// Every account, oldest first.
std::vector<user> list_users(store::database& db);
// The oldest admin's id; nullopt when there is no admin yet.
std::optional<int> first_admin_id(store::database& db);

// Throws blog::error 409 like insert_user when the username or the email is taken, ignoring case:
// the cheap check before a new password is hashed (insert_user checks again).
void check_name_and_email_free(store::database& db, const std::string& username, const std::string& email);
// Inserts an account. Throws blog::error 409 'Username already exists' / 'Email already exists'
// (with the field) when either is taken, ignoring case.
user insert_user(store::database& db, const new_user& u);

// Sets the approval status of a non-admin account; nullopt when no such account exists or it
// is an admin's (whose status never changes). A rejection ends every session of the account.
std::optional<user> set_approval_status(store::database& db, int id, const std::string& status);

// Marks the account holding this verification token hash verified and forgets the token.
std::optional<user> consume_verification_token(store::database& db, const std::string& token_hash);

// The account holding this unexpired reset token hash, without consuming it.
std::optional<user> find_user_by_reset_token(store::database& db, const std::string& token_hash);
void set_reset_token(store::database& db, int user_id, const std::string& token_hash, std::chrono::seconds valid_for);
// Sets the password of the account holding this unexpired reset token hash, forgets the token
// and ends every session of the account, in one transaction. nullopt when the token is unknown,
// used or expired.
std::optional<user> consume_reset_token(store::database& db, const std::string& token_hash,
                                        const std::string& new_password_hash);
// Sets the password and ends every session of the account except `keep_session_hash`.
void set_password(store::database& db, int user_id, const std::string& password_hash,
                  const std::string& keep_session_hash);

enum class admin_outcome { created, promoted };
// Creates an approved, email-verified admin, or turns the account with that username (ignoring
// case) into one with this email and password. Throws blog::error 409 when the email belongs to
// another account.
admin_outcome upsert_admin(store::database& db, const new_user& admin);
// Creates `admin` only while the users table is empty; false when accounts exist already.
bool insert_first_admin(store::database& db, const new_user& admin);

}  // namespace blog::store
