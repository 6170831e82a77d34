// The same-site rule for state-changing calls and the session cookie's attributes.
#include "blog/api/guard.hpp"

#include <gtest/gtest.h>

using blog::api::is_same_site_request;
using blog::http::request;

namespace {

constexpr const char* site = "https://blog.example.com";

request make(std::string method, std::string path, blog::http::header_list headers) {
  request r;
  r.method = std::move(method);
  r.path = path;
  r.target = std::move(path);
  r.headers = std::move(headers);
  return r;
}

}  // namespace

TEST(SameSite, ReadsAreNeverRefused) {
  EXPECT_TRUE(is_same_site_request(make("GET", "/api/user", {{"origin", "https://evil.example"}}), site));
  EXPECT_TRUE(is_same_site_request(make("HEAD", "/api/posts", {{"origin", "https://evil.example"}}), site));
}

TEST(SameSite, ThePathsSpellingPlaysNoPart) {
  EXPECT_FALSE(is_same_site_request(make("POST", "/not-api", {{"origin", "https://evil.example"}}), site));
  EXPECT_FALSE(is_same_site_request(make("POST", "//api/categories", {{"origin", "https://evil.example"}}), site));
}

TEST(SameSite, ABrowsersCrossSiteFetchIsRefusedEvenWithoutOrigin) {
  EXPECT_FALSE(is_same_site_request(make("POST", "/api/login", {{"sec-fetch-site", "cross-site"}}), site));
  EXPECT_FALSE(is_same_site_request(
      make("POST", "/api/login", {{"origin", "https://blog.example.com"}, {"sec-fetch-site", "Cross-Site"}}), site));
  EXPECT_TRUE(is_same_site_request(
      make("POST", "/api/login", {{"origin", "https://blog.example.com"}, {"sec-fetch-site", "same-origin"}}), site));
}

TEST(SameSite, OriginMustBeTheSitesOwn) {
  EXPECT_TRUE(is_same_site_request(make("POST", "/api/login", {{"origin", "https://blog.example.com"}}), site));
  EXPECT_TRUE(is_same_site_request(make("POST", "/api/login", {{"origin", "HTTPS://Blog.Example.com:443"}}), site));
  EXPECT_FALSE(is_same_site_request(make("POST", "/api/login", {{"origin", "https://evil.example"}}), site));
  EXPECT_FALSE(is_same_site_request(make("POST", "/api/login", {{"origin", "http://blog.example.com"}}), site));
  EXPECT_FALSE(
      is_same_site_request(make("POST", "/api/login", {{"origin", "https://blog.example.com.evil.example"}}), site));
  EXPECT_FALSE(is_same_site_request(make("DELETE", "/api/admin/posts/1", {{"origin", "null"}}), site));
}

TEST(SameSite, TheRequestsOwnHostCountsAsTheSite) {
  auto local = make("PATCH", "/api/site-settings", {{"origin", "http://127.0.0.1:8080"}, {"host", "127.0.0.1:8080"}});
  EXPECT_TRUE(is_same_site_request(local, "http://localhost:8080"));
  auto other_port =
      make("PATCH", "/api/site-settings", {{"origin", "http://127.0.0.1:9999"}, {"host", "127.0.0.1:8080"}});
  EXPECT_FALSE(is_same_site_request(other_port, "http://localhost:8080"));
  auto default_port = make("POST", "/api/login", {{"origin", "http://blog.local"}, {"host", "blog.local:80"}});
  EXPECT_TRUE(is_same_site_request(default_port, site));
}

TEST(SameSite, RefererStandsInForAMissingOrigin) {
  EXPECT_TRUE(
      is_same_site_request(make("POST", "/api/login", {{"referer", "https://blog.example.com/auth?x=1"}}), site));
  EXPECT_FALSE(is_same_site_request(make("POST", "/api/login", {{"referer", "https://evil.example/page"}}), site));
}

TEST(SameSite, WithoutEitherHeaderOnlyCookielessClientsMayWrite) {
  EXPECT_TRUE(is_same_site_request(make("POST", "/api/login", {}), site));
  EXPECT_FALSE(is_same_site_request(make("POST", "/api/logout", {{"cookie", "sid=abc"}}), site));
}

TEST(SessionCookie, IsHttpOnlyLaxAndSecureOnlyWhenConfigured) {
  blog::config cfg;
  auto plain = blog::api::session_cookie_header(cfg, "TOKEN");
  EXPECT_EQ(plain, "sid=TOKEN; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000");
  cfg.cookie_secure = true;
  EXPECT_EQ(blog::api::session_cookie_header(cfg, "TOKEN"), "__Host-" + plain + "; Secure");
  EXPECT_EQ(blog::api::cleared_session_cookie_header(cfg),
            "__Host-sid=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0; Secure");
}

TEST(SessionCookie, IsSecureAndHostPrefixedWheneverThePublicUrlIsHttps) {
  blog::config cfg;
  cfg.public_url = "https://blog.example.com";
  EXPECT_EQ(blog::api::session_cookie_header(cfg, "T"),
            "__Host-sid=T; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000; Secure");
  EXPECT_EQ(blog::api::session_cookie_name(cfg), "__Host-sid");
  // Only the name in use is read: a plain "sid" planted by a sibling host does not count.
  auto req = make("GET", "/api/user", {{"cookie", "sid=PLANTED; __Host-sid=REAL"}});
  EXPECT_EQ(blog::api::session_token(cfg, req), "REAL");
  auto planted = make("GET", "/api/user", {{"cookie", "sid=PLANTED"}});
  EXPECT_EQ(blog::api::session_token(cfg, planted), "");
  cfg.cookie_secure = false;  // set explicitly: it wins
  EXPECT_EQ(blog::api::session_cookie_header(cfg, "T"), "sid=T; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000");
  EXPECT_EQ(blog::api::session_token(cfg, planted), "PLANTED");
}
