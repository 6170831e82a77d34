// The admin dashboard's user calls: the list of accounts and their approval.
#include "blog/api/guard.hpp"
#include "blog/api/json.hpp"
#include "blog/api/routes.hpp"
#include "blog/auth/accounts.hpp"
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

// PATCH /api/admin/users/{userId}/approval: approves or rejects an account.
http::response set_approval(const admin_users_services& s, const http::request& req) {
  require_admin(s.callers, req);
  int id = id_param(req, "userId", "User not found");
  auto body = parse_object(req);
  auto res = ok(auth::change_approval(s.db, id, optional_string(body, "status").value_or("")));
  return no_store(res);
}

}  // namespace

void add_admin_users_routes(http::router& r, api::context& ctx) {
  const admin_users_services s{{ctx.cfg, ctx.db, ctx.site}, ctx.db};
  r.get("/api/admin/users", http::on_workers([s](http::request& req) { return list_users(s, req); }),
        http::access::admin);
  r.patch("/api/admin/users/{userId}/approval",
          http::on_workers([s](http::request& req) { return set_approval(s, req); }), http::access::admin);
}

}  // namespace blog::api
