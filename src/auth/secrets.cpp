// argon2id password hashes and random tokens through libsodium.
#include "blog/auth/secrets.hpp"
#include "blog/core/crypto.hpp"

#include <sodium.h>

#include <array>
#include <stdexcept>

namespace blog::auth {
namespace {

void ensure_sodium() {
  static const bool ready = [] {
    if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
    return true;
  }();
  (void)ready;
}

std::string base64url(const unsigned char* bytes, std::size_t size) {
  std::string out(sodium_base64_encoded_len(size, sodium_base64_VARIANT_URLSAFE_NO_PADDING), '\0');
  sodium_bin2base64(out.data(), out.size(), bytes, size, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  out.resize(std::char_traits<char>::length(out.c_str()));
  return out;
}

// A real argon2id hash of a password nobody knows, made once with the same limits as real ones,
// so that checking an unknown account costs what checking a real one does.
const std::string& dummy_hash() {
  static const std::string hash = hash_password(new_token());
  return hash;
}

}  // namespace

std::string hash_password(std::string_view password) {
  ensure_sodium();
  std::array<char, crypto_pwhash_STRBYTES> out{};
  if (crypto_pwhash_str_alg(out.data(), password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                            crypto_pwhash_MEMLIMIT_INTERACTIVE, crypto_pwhash_ALG_ARGON2ID13) != 0)
    throw std::runtime_error("argon2id ran out of memory while hashing a password");
  return std::string(out.data());
}

bool verify_password(std::string_view stored, std::string_view password) {
  ensure_sodium();
  if (stored.empty() || stored.size() >= crypto_pwhash_STRBYTES) return false;
  std::array<char, crypto_pwhash_STRBYTES> hash{};
  stored.copy(hash.data(), stored.size());
  return crypto_pwhash_str_verify(hash.data(), password.data(), password.size()) == 0;
}

void verify_against_dummy(std::string_view password) {
  (void)verify_password(dummy_hash(), password);
}

std::string new_token() {
  ensure_sodium();
  std::array<unsigned char, 32> bytes{};
  randombytes_buf(bytes.data(), bytes.size());
  return base64url(bytes.data(), bytes.size());
}

std::string token_hash(std::string_view token) {
  return core::sha256_hex(token);
}

std::string new_password() {
  ensure_sodium();
  // 15 random bytes: 20 base64url characters, about 120 bits.
  std::array<unsigned char, 15> bytes{};
  randombytes_buf(bytes.data(), bytes.size());
  return base64url(bytes.data(), bytes.size());
}

}  // namespace blog::auth
