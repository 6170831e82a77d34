// An account as the API shows it (spec §3 users, never with its password or tokens).
#pragma once

#include <boost/json/fwd.hpp>
#include <boost/json/value_from.hpp>

#include <string>
#include <string_view>

namespace blog::auth {

inline constexpr std::string_view role_user = "user";
inline constexpr std::string_view role_admin = "admin";

inline constexpr std::string_view status_pending = "pending";
inline constexpr std::string_view status_approved = "approved";
inline constexpr std::string_view status_rejected = "rejected";

struct user {
  int id = 0;
  std::string username;
  std::string email;
  std::string role{role_user};
  std::string approval_status{status_pending};
  bool email_verified = false;
  std::string created_at;  // ISO 8601, UTC
  bool two_factor_enabled = false;

  bool is_admin() const { return role == role_admin; }
};

// {id, username, email, role, approvalStatus, emailVerified, createdAt, twoFactorEnabled}
void tag_invoke(boost::json::value_from_tag, boost::json::value& out, const user& u);

bool is_approval_status(std::string_view text);

}  // namespace blog::auth
