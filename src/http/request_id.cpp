// Request ids: the sanity check of a proxy's id and a cheap per-thread random generator.
#include "blog/http/request_id.hpp"

#include <cstdint>
#include <random>

namespace blog::http {

bool valid_request_id(std::string_view id) {
  if (id.empty() || id.size() > 128) return false;
  for (char c : id) {
    bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

std::string new_request_id() {
  // splitmix64 over a per-thread seed: unique enough to find a request's log lines, and no lock
  // or system call per request (ids are not secrets).
  thread_local std::uint64_t state = [] {
    std::random_device device;
    return (static_cast<std::uint64_t>(device()) << 32) ^ device();
  }();
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  static constexpr char hex[] = "0123456789abcdef";
  // 14 digits (56 bits) fit in std::string's inline buffer: no allocation per request.
  std::string id(14, '0');
  for (int i = 13; i >= 0; --i, z >>= 4) id[static_cast<std::size_t>(i)] = hex[z & 0xf];
  return id;
}

std::string request_id_for(std::string_view offered, bool from_trusted_proxy) {
  if (from_trusted_proxy && valid_request_id(offered)) return std::string(offered);
  return new_request_id();
}

}  // namespace blog::http
