// The one access policy of spec §6, enforced by the server: every handler that needs a signed-in
// account asks here, and every state-changing call must come from the site's own pages.
#pragma once

#include "blog/app/context.hpp"
#include "blog/auth/user.hpp"
#include "blog/http/message.hpp"
#include "blog/http/router.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace blog::api {

// The cookie that carries the session token (HttpOnly, SameSite=Lax, Path=/).
inline constexpr std::string_view session_cookie = "sid";

// The account of the request's session cookie, read from PostgreSQL on every call (a logout or an
// approval change counts on the very next request, on every node); nullopt without a valid,
// unexpired session. Blocks: call it from handlers on the worker pool.
std::optional<auth::user> current_user(app::context& ctx, const http::request& req);

// True when the request carries a session cookie at all; never blocks, so a runs_on::io handler
// can tell whether it must move to the pool (response::run_on_pool) before calling current_user.
bool has_session_cookie(const http::request& req);

// Any signed-in account. Throws api::error 401 'You must be logged in to view this page'.
auth::user require_login(app::context& ctx, const http::request& req);

// An account that may write: approved, or an admin. Throws 401 as require_login, then 403
// 'Your account is pending approval' or 403 'Your account request was rejected'.
auth::user require_author(app::context& ctx, const http::request& req);

// An admin. Throws 401 as require_login, then 403 'You do not have permission to access this page.'
auth::user require_admin(app::context& ctx, const http::request& req);

// Set-Cookie values that start and end a session (Secure when cfg.cookie_secure).
std::string session_cookie_header(const config& cfg, const std::string& token);
std::string cleared_session_cookie_header(const config& cfg);

// True when a request may change state: safe methods and paths outside /api always may; POST,
// PUT, PATCH and DELETE under /api need an Origin (or, without one, a Referer) of the site
// itself: `public_url`'s origin, or http(s):// plus the request's own Host. A request with
// neither header may only go ahead without cookies (a non-browser client, not a forged form).
bool is_same_site_request(const http::request& req, std::string_view public_url);

// Wraps every route added so far so that a request failing is_same_site_request gets 403
// {"message":"Cross-site request refused"}. app.cpp calls it once, after the last route is added.
void refuse_cross_site_requests(http::router& routes, app::context& ctx);

}  // namespace blog::api
