// split_url: the parts of an image's address the import's host rule decides by.
#include "blog/import/fetch.hpp"

#include <gtest/gtest.h>

using blog::import::split_url;

TEST(ImportSplitUrl, AnHttpAddressGivesItsOriginHostWithPortAndPathInLowerCaseWhereItIsCaseless) {
  auto parts = split_url("HTTPS://Old.Example.com:8443/wp-content/Uploads/A.png?x=1#top");
  ASSERT_TRUE(parts);
  EXPECT_EQ(parts->origin, "https://old.example.com:8443");
  EXPECT_EQ(parts->host, "old.example.com:8443");
  EXPECT_EQ(parts->rest, "/wp-content/Uploads/A.png?x=1");
  auto bare = split_url("http://old.example.com");
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->host, "old.example.com");
  EXPECT_EQ(bare->rest, "");
}

TEST(ImportSplitUrl, CredentialsBeforeTheHostAndOtherSchemesAreNoAddressToFetch) {
  // "old.example.com@internal" would pass for old.example.com to a careless prefix check.
  EXPECT_FALSE(split_url("http://old.example.com@169.254.169.254/latest"));
  EXPECT_FALSE(split_url("http://user:pw@old.example.com/a.png"));
  EXPECT_FALSE(split_url("file:///etc/passwd"));
  EXPECT_FALSE(split_url("ftp://old.example.com/a.png"));
  EXPECT_FALSE(split_url("/wp-content/uploads/a.png"));
  EXPECT_FALSE(split_url("//old.example.com/a.png"));
  EXPECT_FALSE(split_url("http://"));
  EXPECT_FALSE(split_url("http:///a.png"));
}
