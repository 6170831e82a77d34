// Who the client is behind reverse proxies: BLOG_TRUSTED_PROXIES and the X-Forwarded-For walk.
#pragma once

#include <boost/asio/ip/address.hpp>

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace blog::http {

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

// The client of a request whose TCP peer is `peer`. Only when the peer is a trusted proxy is
// `forwarded_for` (all X-Forwarded-For values, comma-joined in order) believed: the answer is
// the right-most address in it that is not itself a trusted proxy (the left-most when all are),
// since every hop appends the address it saw and only the trusted hops' entries are honest.
// An entry that is not an address stops the walk: the hop to its right is the answer.
std::string client_address(const std::string& peer, std::string_view forwarded_for, const address_set& proxies);

}  // namespace blog::http
