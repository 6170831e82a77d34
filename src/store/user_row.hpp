// Inside store/: an account from a result row whose first eight columns are user_store's
// (id, username, email, role, approval_status, email_verified, created_at as ISO text, totp_enabled).
#pragma once

#include "blog/domain/auth/user.hpp"

#include <pqxx/pqxx>

namespace blog::store {

auth::user user_from_row(const pqxx::row& r);

}  // namespace blog::store
