// SQL for the sessions table: a session is the SHA-256 of the cookie's token, never the token itself.
// Every function blocks on PostgreSQL (worker pool only) and throws blog::error 503 when the
// database cannot be reached.
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

// Where a session was started, for the sessions list.
struct session_origin {
  std::string user_agent;
  std::string address;
};

// A session as its owner sees it; never its token or hash.
struct session_info {
  long long id = 0;
  std::string user_agent;
  std::string address;
  std::string created_at;    // ISO 8601, UTC
  std::string last_used_at;  // ISO 8601, UTC; updated at most once a minute
  bool current = false;      // the session of the request that asked
};

// Stores a session and drops expired ones (so they are cleaned as people sign in).
void insert_session(store::database& db, const std::string& token_hash, int user_id, std::chrono::seconds lifetime,
                    const session_origin& origin = {});
// The account of an unexpired session, read fresh from PostgreSQL so that a logout, a revoked
// session or an approval change on any node counts on the very next request. Notes the use
// when the last one is over a minute old.
std::optional<user> session_user(store::database& db, const std::string& token_hash);
void delete_session(store::database& db, const std::string& token_hash);

// The unexpired sessions of an account, most recently used first; `current_hash` marks one.
std::vector<session_info> list_sessions(store::database& db, int user_id, const std::string& current_hash);
// Ends one session of the account; false when it has none with that id.
bool delete_user_session(store::database& db, int user_id, long long session_id);
// Ends every session of the account but `keep_hash` ("" keeps none); the number ended.
std::size_t delete_other_sessions(store::database& db, int user_id, const std::string& keep_hash);

}  // namespace blog::store
