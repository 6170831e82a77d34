// BLOG_TRUSTED_PROXIES: CIDR parsing and the right-to-left walk of X-Forwarded-For.
#include "blog/http/client_address.hpp"

#include <gtest/gtest.h>

using blog::http::address_set;
using blog::http::client_address;

TEST(TrustedProxies, AddressesAndBlocksOfBothFamiliesMatch) {
  auto set = address_set::parse("10.0.0.0/8, 192.168.1.7 fd00::/8,::1");
  EXPECT_TRUE(set.contains("10.200.3.4"));
  EXPECT_TRUE(set.contains("192.168.1.7"));
  EXPECT_FALSE(set.contains("192.168.1.8"));
  EXPECT_FALSE(set.contains("11.0.0.1"));
  EXPECT_TRUE(set.contains("fd12:3456::1"));
  EXPECT_FALSE(set.contains("fe80::1"));
  EXPECT_TRUE(set.contains("::1"));
  EXPECT_TRUE(set.contains("::ffff:10.1.2.3"));  // a dual-stack socket's view of an IPv4 peer
  EXPECT_FALSE(set.contains("not an address"));
}

TEST(TrustedProxies, PrefixesCutInsideAByte) {
  auto set = address_set::parse("172.16.0.0/12,2001:db8:8000::/33");
  EXPECT_TRUE(set.contains("172.31.255.255"));
  EXPECT_FALSE(set.contains("172.32.0.0"));
  EXPECT_TRUE(set.contains("2001:db8:ffff::1"));
  EXPECT_FALSE(set.contains("2001:db8:7fff::1"));
  EXPECT_TRUE(address_set::parse("0.0.0.0/0").contains("8.8.8.8"));
  EXPECT_TRUE(address_set::parse("").empty());
}

TEST(TrustedProxies, BadEntriesAreRefused) {
  EXPECT_THROW(address_set::parse("10.0.0.0/33"), std::invalid_argument);
  EXPECT_THROW(address_set::parse("::/129"), std::invalid_argument);
  EXPECT_THROW(address_set::parse("10.0.0.0/"), std::invalid_argument);
  EXPECT_THROW(address_set::parse("10.0.0.0/x"), std::invalid_argument);
  EXPECT_THROW(address_set::parse("proxy.example"), std::invalid_argument);
}

TEST(ForwardedFor, IsIgnoredUnlessThePeerIsATrustedProxy) {
  auto proxies = address_set::parse("10.0.0.1");
  EXPECT_EQ(client_address("203.0.113.5", "1.2.3.4", proxies), "203.0.113.5");
  EXPECT_EQ(client_address("10.0.0.1", "", proxies), "10.0.0.1");
  EXPECT_EQ(client_address("10.0.0.1", "1.2.3.4", address_set{}), "10.0.0.1");
}

TEST(ForwardedFor, TheRightMostAddressThatIsNotAProxyIsTheClient) {
  auto proxies = address_set::parse("10.0.0.0/8");
  // The client forged "6.6.6.6"; the proxy appended the address it really saw.
  EXPECT_EQ(client_address("10.0.0.1", "6.6.6.6, 198.51.100.7", proxies), "198.51.100.7");
  // Two proxies in a row: both are skipped.
  EXPECT_EQ(client_address("10.0.0.1", "6.6.6.6,198.51.100.7, 10.0.0.2", proxies), "198.51.100.7");
  // Only proxies: the left-most one is the best there is.
  EXPECT_EQ(client_address("10.0.0.1", "10.0.0.3, 10.0.0.2", proxies), "10.0.0.3");
  EXPECT_EQ(client_address("10.0.0.1", "[2001:db8::5]:4711", proxies), "2001:db8::5");
  EXPECT_EQ(client_address("10.0.0.1", "198.51.100.7:4711", proxies), "198.51.100.7");
}

TEST(ForwardedFor, AnEntryThatIsNotAnAddressStopsTheWalk) {
  auto proxies = address_set::parse("10.0.0.0/8");
  EXPECT_EQ(client_address("10.0.0.1", "198.51.100.7, garbage", proxies), "10.0.0.1");
  EXPECT_EQ(client_address("10.0.0.1", "garbage, 10.0.0.2", proxies), "10.0.0.2");
  EXPECT_EQ(client_address("10.0.0.1", "1.2.3.4,", proxies), "10.0.0.1");
}
