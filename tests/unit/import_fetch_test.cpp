// split_url and is_public_address: the parts of an image address and its host address the import decides by.
#include "blog/import/fetch.hpp"

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>

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

namespace {

bool public_v4(const char* text) {
  sockaddr_in a{};
  a.sin_family = AF_INET;
  EXPECT_EQ(inet_pton(AF_INET, text, &a.sin_addr), 1) << text;
  return blog::import::is_public_address(&a);
}

bool public_v6(const char* text) {
  sockaddr_in6 a{};
  a.sin6_family = AF_INET6;
  EXPECT_EQ(inet_pton(AF_INET6, text, &a.sin6_addr), 1) << text;
  return blog::import::is_public_address(&a);
}

}  // namespace

TEST(ImportPublicAddress, OnlyTheInternetIsPublicNeverTheServersOwnNetworkOrItsMetadataService) {
  for (const char* ok : {"93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "192.169.0.1"})
    EXPECT_TRUE(public_v4(ok)) << ok;
  for (const char* no : {"127.0.0.1", "127.255.0.9", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1",
                         "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "198.18.0.1"})
    EXPECT_FALSE(public_v4(no)) << no;
  for (const char* ok : {"2606:2800:220:1:248:1893:25c8:1946", "2001:4860:4860::8888"})
    EXPECT_TRUE(public_v6(ok)) << ok;
  for (const char* no : {"::1", "::", "fc00::1", "fd12:3456::1", "fe80::1", "ff02::1", "::ffff:127.0.0.1",
                         "::ffff:169.254.169.254", "::ffff:10.0.0.1"})
    EXPECT_FALSE(public_v6(no)) << no;
  EXPECT_TRUE(public_v6("::ffff:93.184.216.34"));
}
