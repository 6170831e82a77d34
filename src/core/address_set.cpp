// Address sets: parsing entries and CIDR blocks, and membership.
#include "blog/core/address_set.hpp"

#include "blog/core/text.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>

namespace blog {
namespace {

namespace ip = boost::asio::ip;

std::array<unsigned char, 16> as_v6_bytes(const ip::address& address) {
  // IPv4 as IPv4-mapped IPv6, so that a dual-stack peer ::ffff:10.0.0.1 matches 10.0.0.0/8.
  if (address.is_v6()) return address.to_v6().to_bytes();
  return ip::make_address_v6(ip::v4_mapped, address.to_v4()).to_bytes();
}

}  // namespace

// One X-Forwarded-For entry as an address: "[v6]:port" and "v4:port" lose their port.
std::optional<boost::asio::ip::address> parse_address_entry(std::string_view text) {
  text = core::trim_ows(text);
  if (text.starts_with('[')) {
    auto close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    text = text.substr(1, close - 1);
  } else if (auto colon = text.find(':');
             colon != std::string_view::npos && text.find(':', colon + 1) == std::string_view::npos) {
    text = text.substr(0, colon);
  }
  boost::system::error_code ec;
  auto address = ip::make_address(std::string(text), ec);
  if (ec) return std::nullopt;
  return address;
}

address_set address_set::parse(std::string_view list) {
  address_set out;
  std::size_t start = 0;
  while (start < list.size()) {
    auto end = list.find_first_of(", \t", start);
    if (end == std::string_view::npos) end = list.size();
    auto entry = list.substr(start, end - start);
    start = end + 1;
    if (entry.empty()) continue;
    auto slash = entry.find('/');
    boost::system::error_code ec;
    auto address = ip::make_address(std::string(entry.substr(0, slash)), ec);
    if (ec) throw std::invalid_argument("BLOG_TRUSTED_PROXIES: not an address or CIDR: '" + std::string(entry) + "'");
    unsigned max = address.is_v4() ? 32 : 128;
    unsigned length = max;
    if (slash != std::string_view::npos) {
      auto digits = entry.substr(slash + 1);
      bool ok =
          !digits.empty() && digits.size() <= 3 && digits.find_first_not_of("0123456789") == std::string_view::npos;
      length = ok ? static_cast<unsigned>(std::stoul(std::string(digits))) : max + 1;
      if (length > max)
        throw std::invalid_argument("BLOG_TRUSTED_PROXIES: bad prefix length in '" + std::string(entry) + "'");
    }
    block b;
    b.bytes = as_v6_bytes(address);
    b.prefix = max == 32 ? 96 + length : length;
    out.blocks_.push_back(b);
  }
  return out;
}

bool address_set::contains(const ip::address& address) const {
  auto bytes = as_v6_bytes(address);
  for (const auto& b : blocks_) {
    unsigned full = b.prefix / 8;
    unsigned rest = b.prefix % 8;
    bool same = std::equal(bytes.begin(), bytes.begin() + full, b.bytes.begin());
    if (same && rest) {
      auto mask = static_cast<unsigned char>(0xff << (8 - rest));
      same = (bytes[full] & mask) == (b.bytes[full] & mask);
    }
    if (same) return true;
  }
  return false;
}

bool address_set::contains(std::string_view address) const {
  auto parsed = parse_address_entry(address);
  return parsed && contains(*parsed);
}

}  // namespace blog
