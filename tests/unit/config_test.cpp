// Configuration: flags override the environment, bad values are refused with their name.
#include "blog/config/config.hpp"
#include "blog/api/handlers.hpp"
#include "blog/api/settings_request.hpp"
#include "blog/domain/site_settings.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include <cstdlib>

TEST(Config, FlagsOverrideEnvironment) {
  setenv("BLOG_HTTP_PORT", "9000", 1);
  auto from_env = blog::load_config({});
  EXPECT_EQ(from_env.http_port, 9000);
  auto flagged = blog::load_config({"--http-port=9100", "--public-url", "https://blog.example/"});
  EXPECT_EQ(flagged.http_port, 9100);
  EXPECT_EQ(flagged.effective_public_url(), "https://blog.example");
  unsetenv("BLOG_HTTP_PORT");
}

TEST(Config, BadValuesAreRefusedWithTheirName) {
  EXPECT_THROW(blog::load_config({"--http-port=70000"}), std::invalid_argument);
  EXPECT_THROW(blog::load_config({"--no-such-flag=1"}), std::invalid_argument);
  EXPECT_THROW(blog::load_config({"--http-port"}), std::invalid_argument);
}

TEST(Config, HardeningLimitsHaveSafeDefaultsAndTheirOwnVariables) {
  blog::config c;
  EXPECT_EQ(c.idle_timeout_s, 5u);
  EXPECT_EQ(c.header_timeout_s, 10u);
  EXPECT_FALSE(c.cookie_secure.has_value());
  auto set = blog::load_config({"--max-connections=100", "--max-connections-per-address", "7", "--header-timeout-s=3",
                                "--trusted-proxies=10.0.0.0/8, ::1", "--password-queue=4", "--cookie-secure=false",
                                "--public-url=https://blog.example"});
  EXPECT_EQ(set.max_connections, 100u);
  EXPECT_EQ(set.max_connections_per_address, 7u);
  EXPECT_EQ(set.header_timeout_s, 3u);
  EXPECT_EQ(set.trusted_proxies, "10.0.0.0/8, ::1");
  EXPECT_EQ(set.password_queue, 4u);
  EXPECT_FALSE(set.effective_cookie_secure());
  EXPECT_TRUE(blog::load_config({"--public-url=https://blog.example"}).effective_cookie_secure());
  EXPECT_FALSE(blog::load_config({"--public-url=http://blog.example"}).effective_cookie_secure());
  EXPECT_THROW(blog::load_config({"--trusted-proxies=10.0.0.0/33"}), std::invalid_argument);
  EXPECT_THROW(blog::load_config({"--trusted-proxies=proxy.example"}), std::invalid_argument);
  EXPECT_THROW(blog::load_config({"--cookie-secure=maybe"}), std::invalid_argument);
  EXPECT_NE(blog::config_usage().find("BLOG_TRUSTED_PROXIES"), std::string::npos);
}

TEST(Config, DefaultDatabaseIsThePrivateClusterSocket) {
  blog::config c;
  c.data_dir = "/srv/blog/var";
  EXPECT_EQ(c.effective_database_url(), "postgresql:///blog?host=/srv/blog/var/pg/run&user=blog");
}

TEST(Pages, SpecRoutesAreKnown) {
  EXPECT_TRUE(blog::api::is_page_path("/"));
  EXPECT_TRUE(blog::api::is_page_path("/post/hello-world"));
  EXPECT_TRUE(blog::api::is_page_path("/posts/edit/hello"));
  EXPECT_TRUE(blog::api::is_page_path("/category/Market Trends"));
  EXPECT_TRUE(blog::api::is_page_path("/admin/site-settings"));
  EXPECT_FALSE(blog::api::is_page_path("/post"));
  EXPECT_FALSE(blog::api::is_page_path("/post/a/b"));
  EXPECT_FALSE(blog::api::is_page_path("/no-such-page"));
}

TEST(SiteSettingsRules, ValidPatchApplies) {
  blog::domain::site_settings current;
  auto next = blog::domain::apply_settings_patch(
      current,
      boost::json::value_to<blog::domain::settings_patch>(boost::json::parse(
          R"({"siteTitle":"  Payments Weekly ","heroBackgroundColor":"#000000","imageOnRight":true,"heroImageWidth":"600px"})")));
  EXPECT_EQ(next.site_title, "Payments Weekly");
  EXPECT_EQ(next.hero_background_color, "#000000");
  EXPECT_TRUE(next.image_on_right);
  EXPECT_EQ(next.hero_image_width, "600px");
}

TEST(SiteSettingsRules, EachRuleHasTheSpecMessage) {
  blog::domain::site_settings current;
  try {
    blog::domain::apply_settings_patch(
        current,
        boost::json::value_to<blog::domain::settings_patch>(boost::json::parse(
            R"({"siteTitle":"A","siteDescription":"short","heroBackgroundColor":"red","titleColor":"#12345","subtitleColor":"#xyzxyz"})")));
    FAIL();
  } catch (const blog::error& e) {
    EXPECT_EQ(e.kind(), blog::error_kind::invalid);
    EXPECT_EQ(e.fields().at("siteTitle"), "Title must be at least 2 characters");
    EXPECT_EQ(e.fields().at("siteDescription"), "Description must be at least 10 characters");
    EXPECT_EQ(e.fields().at("heroBackgroundColor"), "Must be a valid hex color (e.g. #1e293b)");
    EXPECT_EQ(e.fields().at("titleColor"), "Must be a valid hex color (e.g. #4f46e5)");
    EXPECT_EQ(e.fields().at("subtitleColor"), "Must be a valid hex color (e.g. #f9fafb)");
  }
}

TEST(SiteSettingsRules, AFieldOfTheWrongTypeIsNamedAndNothingApplies) {
  blog::domain::site_settings current;
  auto patch = boost::json::value_to<blog::domain::settings_patch>(
      boost::json::parse(R"({"siteTitle":null,"imageOnRight":"yes","heroTitleCs":7,"titleColor":"#000000"})"));
  try {
    blog::domain::apply_settings_patch(current, patch);
    FAIL();
  } catch (const blog::error& e) {
    EXPECT_EQ(e.kind(), blog::error_kind::invalid);
    EXPECT_EQ(e.fields().at("siteTitle"), "siteTitle must be text");
    EXPECT_EQ(e.fields().at("imageOnRight"), "imageOnRight must be true or false");
    EXPECT_EQ(e.fields().at("heroTitleCs"), "heroTitleCs must be text");
    EXPECT_FALSE(e.fields().contains("titleColor"));
  }
}

TEST(Config, TheMetricsAddressIsLoopbackUnlessMadePublicOnPurpose) {
  EXPECT_TRUE(blog::config{}.metrics_address.empty());  // off by default
  auto local = blog::load_config({"--metrics-address=127.0.0.1:9100"});
  EXPECT_EQ(local.metrics_endpoint(), (std::pair<std::string, std::uint16_t>{"127.0.0.1", 9100}));
  EXPECT_EQ(blog::load_config({"--metrics-address=[::1]:9100"}).metrics_endpoint().first, "::1");
  EXPECT_EQ(blog::load_config({"--metrics-address=localhost:9100"}).metrics_endpoint().first, "127.0.0.1");
  try {
    blog::load_config({"--metrics-address=0.0.0.0:9100"});
    FAIL() << "a public metrics address was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("BLOG_METRICS_PUBLIC"), std::string::npos) << e.what();
  }
  auto open = blog::load_config({"--metrics-address=10.1.2.3:9100", "--metrics-public=1"});
  EXPECT_EQ(open.metrics_endpoint().first, "10.1.2.3");
  EXPECT_THROW(blog::load_config({"--metrics-address=9100"}), std::invalid_argument);
  EXPECT_THROW(blog::load_config({"--metrics-address=metrics.example:9100"}), std::invalid_argument);
  EXPECT_THROW(blog::load_config({"--metrics-address=127.0.0.1:99999"}), std::invalid_argument);
  EXPECT_THROW(blog::load_config({"--log-format=xml"}), std::invalid_argument);
  EXPECT_EQ(blog::load_config({"--log-format=json"}).log_format, "json");
}
