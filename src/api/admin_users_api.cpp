// The admin dashboard's user calls: the list of accounts and their approval.
#include "blog/api/guard.hpp"
#include "blog/api/json.hpp"
#include "blog/api/routes.hpp"
#include "blog/auth/accounts.hpp"
#include "blog/store/user_store.hpp"

namespace blog::api {

void add_admin_users_routes(http::router& r, api::context& ctx) {
  r.get(
      "/api/admin/users",
      [&ctx](http::request& req) {
        require_admin(ctx, req);
        auto res = ok(store::list_users(ctx.db));
        return no_store(res);
      },
      http::runs_on::pool, http::access::admin);

  r.patch(
      "/api/admin/users/{userId}/approval",
      [&ctx](http::request& req) {
        require_admin(ctx, req);
        int id = id_param(req, "userId", "User not found");
        auto body = parse_object(req);
        auto res = ok(auth::change_approval(ctx.db, id, optional_string(body, "status").value_or("")));
        return no_store(res);
      },
      http::runs_on::pool, http::access::admin);
}

}  // namespace blog::api
