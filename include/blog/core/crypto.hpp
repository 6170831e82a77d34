// SHA-256 as lowercase hex (libsodium), for content addresses, ETags, token hashes and checksums.
#pragma once

#include <string>
#include <string_view>

namespace blog::core {

// The SHA-256 of `bytes` as 64 lowercase hex digits. Does not fail (but std::bad_alloc).
std::string sha256_hex(std::string_view bytes);

}  // namespace blog::core
