// SQL for the sessions table: a session is the SHA-256 of the cookie's token, never the token itself.
// Every function blocks on PostgreSQL (worker pool only) and throws blog::error 503 when the
// database cannot be reached.
#pragma once

#include "blog/auth/user.hpp"
#include "blog/store/database.hpp"

#include <chrono>
#include <optional>
#include <string>

namespace blog::store {

// The account as the rules see it (auth/user.hpp).
using auth::user;

// Stores a session and drops expired ones (so they are cleaned as people sign in).
void insert_session(store::database& db, const std::string& token_hash, int user_id, std::chrono::seconds lifetime);
// The account of an unexpired session, read fresh from PostgreSQL so that a logout or an
// approval change on any node counts on the very next request.
std::optional<user> session_user(store::database& db, const std::string& token_hash);
void delete_session(store::database& db, const std::string& token_hash);

}  // namespace blog::store
