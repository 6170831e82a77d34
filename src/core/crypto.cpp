// SHA-256 as lowercase hex and SipHash short hashes, with libsodium (the one crypto library of the server).
#include "blog/core/crypto.hpp"

#include <sodium.h>

#include <array>
#include <cstring>

namespace blog::core {

std::string sha256_hex(std::string_view bytes) {
  // Idempotent and thread-safe; the hash needs nothing it sets up today, but the library asks for it.
  [[maybe_unused]] static const bool ready = sodium_init() >= 0;
  std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
  crypto_hash_sha256(digest.data(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
  std::string hex(digest.size() * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), digest.data(), digest.size());
  hex.pop_back();
  return hex;
}

short_hash_key random_short_hash_key() {
  [[maybe_unused]] static const bool ready = sodium_init() >= 0;  // randombytes needs it
  static_assert(sizeof(short_hash_key) == crypto_shorthash_KEYBYTES);
  short_hash_key key{};
  crypto_shorthash_keygen(key.data());
  return key;
}

std::uint64_t short_hash(std::string_view bytes, const short_hash_key& key) noexcept {
  std::array<unsigned char, crypto_shorthash_BYTES> out{};
  crypto_shorthash(out.data(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), key.data());
  std::uint64_t value = 0;
  static_assert(sizeof value == crypto_shorthash_BYTES);
  std::memcpy(&value, out.data(), sizeof value);
  return value;
}

}  // namespace blog::core
