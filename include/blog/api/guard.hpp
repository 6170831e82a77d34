// The one access policy of spec §6, enforced by the server: every handler that needs a signed-in
// account asks here, and every state-changing call must come from the site's own pages.
#pragma once

#include "blog/config/config.hpp"
#include "blog/domain/auth/user.hpp"
#include "blog/domain/posts/post.hpp"
#include "blog/http/router.hpp"
#include "blog/http/server.hpp"
#include "blog/readmodel/site_cache.hpp"
#include "blog/store/database.hpp"
#include "blog/wire/message.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace blog::api {

// The cookie that carries the session token (HttpOnly, SameSite=Lax, Path=/) over plain http.
inline constexpr std::string_view session_cookie = "sid";
// Its name when the cookie is Secure (config::effective_cookie_secure): the __Host- prefix makes
// the browser refuse it unless Secure, Path=/ and without Domain, so no subdomain can plant one.
inline constexpr std::string_view secure_session_cookie = "__Host-sid";

// What finding a request's caller takes: the cookie settings and the sessions table. Handlers that
// need a caller hold one in their services.
struct sessions {
  const config& cfg;
  store::database& db;
  const readmodel::site_cache& site;  // whether two-factor sign-in is required (issue 27)
};

// The refusal of every call but setting it up to an account the site requires two-factor sign-in
// of and that has not set it up (403; GET /api/user says twoFactorSetupRequired).
inline constexpr const char* two_factor_setup_required =
    "Your account must use two-factor sign-in. Set it up to continue.";

// True when `settings` require two-factor sign-in of `u` (an admin, or an approved author) and
// `u` has not set it up.
bool two_factor_setup_pending(const domain::site_settings& settings, const auth::user& u);

// The name of the session cookie in use under `cfg`, and the token the request carries in it
// ("" when none). Only that name is read: the other is ignored.
std::string_view session_cookie_name(const config& cfg);
std::string session_token(const config& cfg, const http::request& req);

// The account of the request's session cookie, read from PostgreSQL (a logout or an approval
// change counts on the very next request, on every node); nullopt without a valid, unexpired
// session. When the server's access check already resolved it for this request
// (request::caller), that answer is reused. Blocks: call it from handlers on the worker pool.
std::optional<auth::user> current_user(const sessions& s, const http::request& req);

// The caller as the post rules see them (posts::may_see, may_edit): nullopt for a visitor, and for
// an account that must set up two-factor sign-in first. Blocks as current_user does.
std::optional<posts::viewer> current_viewer(const sessions& s, const http::request& req);

// True when the request carries a session cookie (of either name) at all; never blocks, so a
// handler on the read path can tell whether it must go to the workers before calling
// current_user.
bool has_session_cookie(const http::request& req);

// Any signed-in account. Throws blog::error 401 'You must be logged in to view this page', and 403
// two_factor_setup_required when the account must set up two-factor sign-in first and the call
// is not one that sets it up.
auth::user require_login(const sessions& s, const http::request& req);

// An account that may write: approved, or an admin. Throws 401 as require_login, then 403
// 'Your account is pending approval' or 403 'Your account request was rejected'.
auth::user require_author(const sessions& s, const http::request& req);

// An admin. Throws 401 as require_login, then 403 'You do not have permission to access this page.'
auth::user require_admin(const sessions& s, const http::request& req);

// Set-Cookie values that start and end a session (Secure and __Host-sid when
// cfg.effective_cookie_secure()).
std::string session_cookie_header(const config& cfg, const std::string& token);
std::string cleared_session_cookie_header(const config& cfg);

// True when a request may change state: GET and HEAD always may; any other method needs an
// Origin (or, without one, a Referer) of the site itself: `public_url`'s origin, or http(s)://
// plus the request's own Host, and no `Sec-Fetch-Site: cross-site`. A request with neither
// header may only go ahead without cookies (a non-browser client, not a forged form). The path
// plays no part: the server asks this for every route that changes state (http::changes_state).
bool is_same_site_request(const http::request& req, std::string_view public_url);

// Installs the access policy in the server's options: before a body is read, a state-changing
// route refuses a cross-site request (403 'Cross-site request refused'), and a route whose
// access is not `anyone` looks the session up (caching it on the request) and refuses as
// require_login / require_author / require_admin do.
void install_guard(http::server_options& options, sessions s);

// The same checks as install_guard's, for one route (throws blog::error).
void check_access(const sessions& s, const http::route& r, http::request& req);

}  // namespace blog::api
