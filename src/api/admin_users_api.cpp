// The admin dashboard's user calls: the list of accounts and their approval.
#include "blog/api/auth/accounts.hpp"
#include "blog/api/guard.hpp"
#include "blog/api/handlers.hpp"
#include "blog/api/json.hpp"
#include "blog/store/user_store.hpp"

namespace blog::api {
namespace {

struct admin_users_services {
  sessions callers;
  store::database& db;
};

// GET /api/admin/users: every account, oldest first.
http::response list_users(const admin_users_services& s, const http::request& req) {
  require_admin(s.callers, req);
  auto res = ok(store::list_users(s.db));
  return no_store(res);
}

// {status}: "approved" or "rejected" (auth::change_approval checks it).
struct approval_body {
  std::string status;
};
approval_body tag_invoke(boost::json::value_to_tag<approval_body>, const boost::json::value& v) {
  return {optional_string(v.as_object(), "status").value_or("")};
}

// PATCH /api/admin/users/{userId}/approval: approves or rejects an account.
http::response set_approval(const admin_users_services& s, const http::request& req) {
  require_admin(s.callers, req);
  int id = id_param(req, "userId", "User not found");
  auto res = ok(auth::change_approval(s.db, id, parse_body<approval_body>(req).status));
  return no_store(res);
}

}  // namespace

admin_users_handlers admin_users_api(api::context& ctx) {
  const admin_users_services s{{ctx.cfg, ctx.db, ctx.site}, ctx.db};
  return {.list = http::on_workers([s](http::request& req) { return list_users(s, req); }),
          .set_approval = http::on_workers([s](http::request& req) { return set_approval(s, req); })};
}

}  // namespace blog::api
