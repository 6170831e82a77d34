// SHA-256 as lowercase hex (libsodium), for content addresses, ETags, token hashes and checksums;
// and a fast keyed 64-bit hash for telling values apart in memory.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace blog::core {

// The SHA-256 of `bytes` as 64 lowercase hex digits. Does not fail (but std::bad_alloc).
std::string sha256_hex(std::string_view bytes);

// A key for short_hash, random for each call (so short hashes made under it mean nothing outside
// the process that holds it). Does not fail.
using short_hash_key = std::array<unsigned char, 16>;
short_hash_key random_short_hash_key();

// SipHash-2-4 of `bytes` under `key` (libsodium's crypto_shorthash): a few times cheaper than
// SHA-256, for sets kept in memory; never for storing or for anything that outlives the key.
// Does not fail.
std::uint64_t short_hash(std::string_view bytes, const short_hash_key& key) noexcept;

}  // namespace blog::core
