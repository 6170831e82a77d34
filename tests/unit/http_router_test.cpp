// Routing: literal and parameter segments, decoding, 405 with Allow.
#include "blog/http/router.hpp"

#include <gtest/gtest.h>

using namespace blog::http;

namespace {

request make(std::string method, std::string target) {
  request r;
  r.method = std::move(method);
  r.target = target;
  auto q = target.find('?');
  r.path = percent_decode(target.substr(0, q), false);
  if (q != std::string::npos) r.query_string = target.substr(q + 1);
  return r;
}

response named(const char* name) {
  return response::text(200, name);
}

}  // namespace

TEST(Router, MatchesParametersAndDecodesThem) {
  router r;
  r.get("/api/categories/{category}", at_once([](request&) { return named("category"); }));
  auto req = make("GET", "/api/categories/Market%20Trends");
  auto m = r.find(req);
  ASSERT_NE(m.found, nullptr);
  EXPECT_EQ(req.param("category"), "Market Trends");
}

TEST(Router, EncodedSlashStaysInsideOneParameter) {
  router r;
  r.get("/api/categories/{category}", at_once([](request&) { return named("category"); }));
  auto req = make("GET", "/api/categories/A%2FB");
  ASSERT_NE(r.find(req).found, nullptr);
  EXPECT_EQ(req.param("category"), "A/B");
}

TEST(Router, MoreLiteralPatternWins) {
  router r;
  r.put("/api/posts/{slug}", at_once([](request&) { return named("slug"); }));
  r.put("/api/posts/id/{id}", at_once([](request&) { return named("id"); }));
  auto by_id = make("PUT", "/api/posts/id/7");
  auto m = r.find(by_id);
  ASSERT_NE(m.found, nullptr);
  EXPECT_EQ(m.found->pattern, "/api/posts/id/{id}");
  EXPECT_EQ(by_id.param("id"), "7");
}

TEST(Router, WrongMethodReportsAllow) {
  router r;
  r.get("/api/site-settings", at_once([](request&) { return named("get"); }));
  r.patch("/api/site-settings", at_once([](request&) { return named("patch"); }));
  auto req = make("DELETE", "/api/site-settings");
  auto m = r.find(req);
  EXPECT_EQ(m.found, nullptr);
  EXPECT_EQ(m.allow, "GET, PATCH");
}

TEST(Router, HeadMatchesGetAndUnknownPathMatchesNothing) {
  router r;
  r.get("/healthz", at_once([](request&) { return named("health"); }));
  auto head = make("HEAD", "/healthz");
  EXPECT_NE(r.find(head).found, nullptr);
  auto other = make("GET", "/nothing");
  auto m = r.find(other);
  EXPECT_EQ(m.found, nullptr);
  EXPECT_TRUE(m.allow.empty());
}

TEST(Request, QueryCookiesAndHeaders) {
  auto req = make("GET", "/api/search?q=platebn%C3%AD+karty&language=cs");
  req.headers = {{"cookie", "a=1; sid=abc; b=2"}, {"origin", "http://x"}};
  EXPECT_EQ(req.query("q").value(), "platební karty");
  EXPECT_EQ(req.query("language").value(), "cs");
  EXPECT_FALSE(req.query("missing").has_value());
  EXPECT_EQ(req.cookie("sid"), "abc");
  EXPECT_EQ(req.cookie("none"), "");
  EXPECT_EQ(req.header("origin"), "http://x");
}

TEST(Prebuilt, CarriesEtagAndNotModified) {
  auto ready = prebuild(200, "application/json", "{\"a\":1}", "no-cache");
  EXPECT_NE(ready->bytes.find("ETag: " + ready->etag), std::string::npos);
  EXPECT_NE(ready->bytes.find("Content-Length: 7\r\n"), std::string::npos);
  EXPECT_EQ(ready->not_modified.rfind("HTTP/1.1 304", 0), 0u);
  EXPECT_EQ(ready->not_modified.find("Content-Length"), std::string::npos);
}
