// SHA-256 as lowercase hex, with libsodium (the one crypto library of the server).
#include "blog/core/crypto.hpp"

#include <sodium.h>

#include <array>

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

}  // namespace blog::core
