// Request paths in normal form: the one spelling the server accepts for each resource.
#include "blog/wire/message.hpp"

#include <gtest/gtest.h>

using blog::http::is_normal_path;

TEST(NormalPath, PlainPathsAndEncodedTextInASegmentAreNormal) {
  EXPECT_TRUE(is_normal_path("/"));
  EXPECT_TRUE(is_normal_path("/api/categories"));
  EXPECT_TRUE(is_normal_path("/api/categories/Market%20Trends"));
  EXPECT_TRUE(is_normal_path("/post/a.b"));
  EXPECT_TRUE(is_normal_path("/assets/app-1a2b.js"));
  EXPECT_TRUE(is_normal_path("/category/%C4%8Cesk%C3%A9"));
  EXPECT_TRUE(is_normal_path("/api/posts/"));  // one trailing slash: the router ignores it
}

TEST(NormalPath, EmptyAndDotSegmentsAreRefused) {
  EXPECT_FALSE(is_normal_path("//api/categories"));
  EXPECT_FALSE(is_normal_path("/api//categories"));
  EXPECT_FALSE(is_normal_path("/api/./categories"));
  EXPECT_FALSE(is_normal_path("/x/../api/categories"));
  EXPECT_FALSE(is_normal_path("/api/categories/."));
  EXPECT_FALSE(is_normal_path("/api/categories/.."));
  EXPECT_FALSE(is_normal_path("/api/categories//"));
}

TEST(NormalPath, EncodedSlashesDotsBackslashesAndControlBytesAreRefused) {
  EXPECT_FALSE(is_normal_path("/api%2fcategories"));
  EXPECT_FALSE(is_normal_path("/api%2Fcategories"));
  EXPECT_FALSE(is_normal_path("/api/%2e%2e/x"));
  EXPECT_FALSE(is_normal_path("/api/%2E/x"));
  EXPECT_FALSE(is_normal_path("/api/a%2eb"));
  EXPECT_FALSE(is_normal_path("/api\\categories"));
  EXPECT_FALSE(is_normal_path("/api/%5ccategories"));
  EXPECT_FALSE(is_normal_path("/api/a%00b"));
  EXPECT_FALSE(is_normal_path(std::string_view("/api/a\0b", 8)));
  EXPECT_FALSE(is_normal_path("/api/a%0d%0ab"));
  EXPECT_FALSE(is_normal_path("/api/a%zz"));
  EXPECT_FALSE(is_normal_path("/api/a%2"));
}

TEST(NormalPath, ATargetThatIsNotAnAbsolutePathIsRefused) {
  EXPECT_FALSE(is_normal_path(""));
  EXPECT_FALSE(is_normal_path("*"));
  EXPECT_FALSE(is_normal_path("http://evil.example/api/categories"));
}
