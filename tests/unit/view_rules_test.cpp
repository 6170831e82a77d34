// The pure rules of view counting (issue 26): bot user agents, the referrer's domain, and the
// headers that keep a request from being counted.
#include "blog/api/view_counter.hpp"

#include <gtest/gtest.h>

using blog::api::declines_counting;
using blog::api::is_bot_user_agent;
using blog::api::referrer_domain;

namespace {

constexpr const char* chrome =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

blog::http::request request(std::string method, blog::http::header_list headers) {
  blog::http::request r;
  r.method = std::move(method);
  r.headers = std::move(headers);
  return r;
}

}  // namespace

TEST(view_rules, BrowsersAreReadersAndKnownBotsAndToolsAreNot) {
  EXPECT_FALSE(is_bot_user_agent(chrome));
  EXPECT_FALSE(is_bot_user_agent("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari"));
  for (const char* bot : {"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
                          "Mozilla/5.0 (compatible; bingbot/2.0)", "facebookexternalhit/1.1", "curl/8.5.0", "Wget/1.21",
                          "python-requests/2.31", "Mozilla/5.0 HeadlessChrome/120.0", "", "   ",
                          "Mozilla/5.0 (compatible; YandexBot/3.0)", "GPTBot/1.0"})
    EXPECT_TRUE(is_bot_user_agent(bot)) << bot;
}

TEST(view_rules, LongUserAgentsAreCheckedWholeInAnyCase) {
  // Past the stack buffer the user agent is lowered on the heap: the rule must stay the same.
  const std::string padding(600, 'x');
  EXPECT_TRUE(is_bot_user_agent("Mozilla/5.0 " + padding + " SemrushBot/7"));
  EXPECT_FALSE(is_bot_user_agent("Mozilla/5.0 " + padding + " Firefox/130.0"));
  EXPECT_TRUE(is_bot_user_agent(std::string(chrome) + " " + std::string(400, 'y') + "CRAWLER"));
  EXPECT_TRUE(is_bot_user_agent("  \tMozilla/5.0 (compatible; BINGBOT/2.0)  "));
}

TEST(view_rules, PrefetchHeadAndDoNotTrackDecline) {
  EXPECT_FALSE(declines_counting(request("GET", {{"user-agent", chrome}})));
  EXPECT_FALSE(declines_counting(request("POST", {{"user-agent", chrome}})));
  EXPECT_TRUE(declines_counting(request("HEAD", {{"user-agent", chrome}})));
  EXPECT_TRUE(declines_counting(request("GET", {{"user-agent", chrome}, {"sec-purpose", "prefetch;prerender"}})));
  EXPECT_TRUE(declines_counting(request("GET", {{"user-agent", chrome}, {"purpose", "prefetch"}})));
  EXPECT_TRUE(declines_counting(request("GET", {{"user-agent", chrome}, {"dnt", "1"}})));
  EXPECT_TRUE(declines_counting(request("GET", {{"user-agent", chrome}, {"sec-gpc", "1"}})));
  EXPECT_FALSE(declines_counting(request("GET", {{"user-agent", chrome}, {"dnt", "0"}})));
  EXPECT_TRUE(declines_counting(request("GET", {{"user-agent", chrome}, {"sec-purpose", "Prefetch"}})));
  EXPECT_FALSE(declines_counting(request("GET", {{"user-agent", chrome}, {"sec-purpose", "prerender"}})));
  EXPECT_TRUE(declines_counting(request("GET", {})));
}

TEST(view_rules, TheReferrerIsAnotherSitesHostWithoutWww) {
  EXPECT_EQ(referrer_domain("https://www.News.example/a?b=c", "blog.example"), "news.example");
  EXPECT_EQ(referrer_domain("http://user@search.example:8080/x", "blog.example"), "search.example");
  EXPECT_EQ(referrer_domain("https://blog.example/post/x", "blog.example:443"), "");
  EXPECT_EQ(referrer_domain("android-app://com.example", "blog.example"), "");
  EXPECT_EQ(referrer_domain("", "blog.example"), "");
  EXPECT_EQ(referrer_domain("https://bad<host>/", "blog.example"), "");
}
