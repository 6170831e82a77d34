// The user object of the wire format.
#include "blog/domain/auth/user.hpp"

#include <boost/json.hpp>

namespace blog::auth {

void tag_invoke(boost::json::value_from_tag, boost::json::value& out, const user& u) {
  out = boost::json::object{
      {"id", u.id},
      {"username", u.username},
      {"email", u.email},
      {"role", u.role},
      {"approvalStatus", u.approval_status},
      {"emailVerified", u.email_verified},
      {"createdAt", u.created_at},
      {"twoFactorEnabled", u.two_factor_enabled},
  };
}

bool is_approval_status(std::string_view text) {
  return text == status_pending || text == status_approved || text == status_rejected;
}

}  // namespace blog::auth
