// argon2id password hashes and random tokens through libsodium.
#include "blog/domain/auth/secrets.hpp"
#include "blog/core/crypto.hpp"

#include <sodium.h>

#include <array>
#include <optional>
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

std::optional<std::string> from_base64url(std::string_view text) {
  std::string out(text.size(), '\0');
  std::size_t size = 0;
  if (sodium_base642bin(reinterpret_cast<unsigned char*>(out.data()), out.size(), text.data(), text.size(), nullptr,
                        &size, nullptr, sodium_base64_VARIANT_URLSAFE_NO_PADDING) != 0)
    return std::nullopt;
  out.resize(size);
  return out;
}

// The box key: a keyed hash of the configured text, so any length of key works.
std::array<unsigned char, crypto_secretbox_KEYBYTES> box_key(std::string_view key) {
  std::array<unsigned char, crypto_secretbox_KEYBYTES> out{};
  constexpr std::string_view purpose = "paytech-blog sealed secret v1";
  crypto_generichash(out.data(), out.size(), reinterpret_cast<const unsigned char*>(purpose.data()), purpose.size(),
                     reinterpret_cast<const unsigned char*>(key.data()), key.size());
  return out;
}

constexpr std::string_view boxed_prefix = "box1:";
constexpr std::string_view plain_prefix = "plain1:";

}  // namespace

std::string seal_secret(std::string_view secret, std::string_view key) {
  ensure_sodium();
  auto text = reinterpret_cast<const unsigned char*>(secret.data());
  if (key.empty()) return std::string(plain_prefix) + base64url(text, secret.size());
  std::string box(crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES + secret.size(), '\0');
  auto* out = reinterpret_cast<unsigned char*>(box.data());
  randombytes_buf(out, crypto_secretbox_NONCEBYTES);
  auto k = box_key(key);
  crypto_secretbox_easy(out + crypto_secretbox_NONCEBYTES, text, secret.size(), out, k.data());
  sodium_memzero(k.data(), k.size());
  return std::string(boxed_prefix) + base64url(out, box.size());
}

std::string open_secret(std::string_view sealed, std::string_view key) {
  ensure_sodium();
  if (sealed.starts_with(plain_prefix)) {
    if (auto plain = from_base64url(sealed.substr(plain_prefix.size()))) return *plain;
  } else if (sealed.starts_with(boxed_prefix)) {
    if (key.empty()) throw std::runtime_error("the secret is encrypted but no BLOG_SECRET_KEY is configured");
    auto box = from_base64url(sealed.substr(boxed_prefix.size()));
    if (box && box->size() >= crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES) {
      const auto* in = reinterpret_cast<const unsigned char*>(box->data());
      std::string plain(box->size() - crypto_secretbox_NONCEBYTES - crypto_secretbox_MACBYTES, '\0');
      auto k = box_key(key);
      int failed =
          crypto_secretbox_open_easy(reinterpret_cast<unsigned char*>(plain.data()), in + crypto_secretbox_NONCEBYTES,
                                     box->size() - crypto_secretbox_NONCEBYTES, in, k.data());
      sodium_memzero(k.data(), k.size());
      if (failed != 0) throw std::runtime_error("the secret does not open with the configured BLOG_SECRET_KEY");
      return plain;
    }
  }
  throw std::runtime_error("not a sealed secret");
}

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
