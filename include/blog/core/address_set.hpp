// Sets of IP addresses and CIDR blocks (BLOG_TRUSTED_PROXIES).
#pragma once

#include <boost/asio/ip/address.hpp>

#include <array>
#include <optional>
#include <string_view>
#include <vector>

namespace blog {

// A set of addresses and CIDR blocks, IPv4 and IPv6 ("10.0.0.0/8, 192.168.1.7, fd00::/8").
// An IPv4-mapped IPv6 address counts as its IPv4 address.
class address_set {
 public:
  // Parses a list separated by commas and/or spaces. Throws std::invalid_argument naming the
  // entry that is not an address or whose prefix length is out of range.
  static address_set parse(std::string_view list);

  bool contains(const boost::asio::ip::address& address) const;
  bool contains(std::string_view address) const;  // false for text that is not an address
  bool empty() const { return blocks_.empty(); }

 private:
  struct block {
    std::array<unsigned char, 16> bytes{};
    unsigned prefix = 0;  // in bits of `bytes` (IPv4 blocks are stored mapped: 96 + length)
  };
  std::vector<block> blocks_;
};

// One address as written in a list or in X-Forwarded-For, trimmed: "[v6]:port" and "v4:port"
// lose their port. nullopt when it is not an address.
std::optional<boost::asio::ip::address> parse_address_entry(std::string_view text);

}  // namespace blog
