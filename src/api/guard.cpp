// The access policy: sessions from the cookie, roles and approval, and the same-site rule.
#include "blog/api/guard.hpp"

#include "blog/api/auth/accounts.hpp"
#include "blog/core/error.hpp"
#include "blog/core/text.hpp"

namespace blog::api {
namespace {

// "scheme://host[:port]" of a URL, lower-cased and without the scheme's default port; "" when
// the text is not an absolute http(s) URL (e.g. the "null" origin of sandboxed pages).
std::string origin_of(std::string_view url) {
  auto scheme_end = url.find("://");
  if (scheme_end == std::string_view::npos) return {};
  auto scheme = core::to_lower_ascii(url.substr(0, scheme_end));
  if (scheme != "http" && scheme != "https") return {};
  auto authority = url.substr(scheme_end + 3);
  authority = authority.substr(0, authority.find_first_of("/?#"));
  if (auto at = authority.rfind('@'); at != std::string_view::npos) authority.remove_prefix(at + 1);
  if (authority.empty()) return {};
  auto host = core::to_lower_ascii(authority);
  std::string_view default_port = scheme == "http" ? ":80" : ":443";
  if (host.size() > default_port.size() && host.ends_with(default_port)) host.resize(host.size() - default_port.size());
  scheme.append("://").append(host);
  return scheme;
}

std::string cookie(std::string_view value, std::string_view max_age, bool secure) {
  std::string out(secure ? secure_session_cookie : session_cookie);
  out.append("=").append(value).append("; HttpOnly; SameSite=Lax; Path=/; Max-Age=").append(max_age);
  if (secure) out.append("; Secure");
  return out;
}

bool changes_state(std::string_view method) {
  return method != "GET" && method != "HEAD";
}

// The calls an account that must set up two-factor sign-in may still make that need a session.
// (Signing out and GET /api/user need none.)
bool sets_up_two_factor(const http::request& req) {
  return req.method == "POST" && (req.path == "/api/user/2fa/setup" || req.path == "/api/user/2fa/enable");
}

}  // namespace

std::string_view session_cookie_name(const config& cfg) {
  return cfg.effective_cookie_secure() ? secure_session_cookie : session_cookie;
}

std::string session_token(const config& cfg, const http::request& req) {
  return req.cookie(session_cookie_name(cfg));
}

std::optional<auth::user> current_user(const sessions& s, const http::request& req) {
  if (const auto* cached = std::any_cast<std::optional<auth::user>>(&req.caller)) return *cached;
  return auth::user_for_session(s.db, session_token(s.cfg, req));
}

bool two_factor_setup_pending(const domain::site_settings& settings, const auth::user& u) {
  if (u.two_factor_enabled) return false;
  if (u.is_admin()) return settings.require_two_factor_for_admins;
  return settings.require_two_factor_for_authors && u.approval_status == auth::status_approved;
}

std::optional<posts::viewer> current_viewer(const sessions& s, const http::request& req) {
  auto user = current_user(s, req);
  if (!user || two_factor_setup_pending(s.site.current()->settings, *user)) return std::nullopt;
  return posts::viewer{user->id, user->is_admin()};
}

bool has_session_cookie(const http::request& req) {
  return !req.cookie(session_cookie).empty() || !req.cookie(secure_session_cookie).empty();
}

auth::user require_login(const sessions& s, const http::request& req) {
  auto u = current_user(s, req);
  if (!u) throw unauthenticated("You must be logged in to view this page");
  if (two_factor_setup_pending(s.site.current()->settings, *u) && !sets_up_two_factor(req))
    throw forbidden(two_factor_setup_required);
  return *u;
}

auth::user require_author(const sessions& s, const http::request& req) {
  auto u = require_login(s, req);
  if (u.is_admin() || u.approval_status == auth::status_approved) return u;
  if (u.approval_status == auth::status_rejected) throw forbidden("Your account request was rejected");
  throw forbidden("Your account is pending approval");
}

auth::user require_admin(const sessions& s, const http::request& req) {
  auto u = require_login(s, req);
  if (!u.is_admin()) throw forbidden("You do not have permission to access this page.");
  return u;
}

std::string session_cookie_header(const config& cfg, const std::string& token) {
  return cookie(token, std::to_string(auth::session_lifetime.count()), cfg.effective_cookie_secure());
}

std::string cleared_session_cookie_header(const config& cfg) {
  return cookie("", "0", cfg.effective_cookie_secure());
}

bool is_same_site_request(const http::request& req, std::string_view public_url) {
  if (!changes_state(req.method)) return true;
  // A browser's own word that another site started the request settles it.
  if (core::to_lower_ascii(req.header("sec-fetch-site")) == "cross-site") return false;
  std::string_view claimed = req.header("origin");
  if (claimed.empty()) claimed = req.header("referer");
  if (claimed.empty()) return req.header("cookie").empty();
  auto origin = origin_of(claimed);
  if (origin.empty()) return false;
  if (origin == origin_of(public_url)) return true;
  // The address the browser itself used, so that http://localhost:8080 and http://127.0.0.1:8080 both work.
  auto host = core::to_lower_ascii(req.header("host"));
  if (host.empty()) return false;
  auto scheme_end = origin.find("://");
  std::string_view origin_host = std::string_view(origin).substr(scheme_end + 3);
  std::string_view default_port = origin.starts_with("https") ? ":443" : ":80";
  std::string_view request_host = host;
  if (request_host.ends_with(default_port)) request_host.remove_suffix(default_port.size());
  return origin_host == request_host;
}

void check_access(const sessions& s, const http::route& r, http::request& req) {
  if (r.who == http::access::anyone) return;
  // Resolved once: the handler's own require_* calls find it on the request.
  req.caller = auth::user_for_session(s.db, session_token(s.cfg, req));
  switch (r.who) {
    case http::access::anyone:
      return;
    case http::access::signed_in:
      require_login(s, req);
      return;
    case http::access::author:
      require_author(s, req);
      return;
    case http::access::admin:
      require_admin(s, req);
      return;
  }
}

void install_guard(http::server_options& options, sessions s) {
  options.check_origin = [s](const http::route&, const http::request& req) {
    if (!is_same_site_request(req, s.cfg.effective_public_url())) throw forbidden("Cross-site request refused");
  };
  options.check_access = [s](const http::route& r, http::request& req) { check_access(s, r, req); };
}

}  // namespace blog::api
