// HOTP/TOTP through OpenSSL's HMAC, base32, otpauth URIs, QR codes through libqrencode.
#include "blog/domain/auth/totp.hpp"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <qrencode.h>
#include <sodium.h>

#include <array>
#include <memory>
#include <stdexcept>

namespace blog::auth {
namespace {

constexpr std::string_view base32_alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

const EVP_MD* digest_of(otp_hash hash) {
  switch (hash) {
    case otp_hash::sha256:
      return EVP_sha256();
    case otp_hash::sha512:
      return EVP_sha512();
    case otp_hash::sha1:
      break;
  }
  return EVP_sha1();
}

// Percent-encodes all but RFC 3986's unreserved characters: issuer and account may hold anything.
std::string uri_encode(std::string_view text) {
  constexpr std::string_view hex = "0123456789ABCDEF";
  std::string out;
  for (char c : text) {
    auto u = static_cast<unsigned char>(c);
    if ((u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z') || (u >= '0' && u <= '9') || c == '-' || c == '.' ||
        c == '_' || c == '~') {
      out.push_back(c);
    } else {
      out.push_back('%');
      out.push_back(hex[u >> 4]);
      out.push_back(hex[u & 15]);
    }
  }
  return out;
}

void random_bytes(void* out, std::size_t size) {
  static const bool ready = [] {
    if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
    return true;
  }();
  (void)ready;
  randombytes_buf(out, size);
}

}  // namespace

std::string hotp_code(std::string_view key, std::uint64_t counter, unsigned digits, otp_hash hash) {
  if (digits < 6 || digits > 9) throw std::invalid_argument("HOTP codes have 6 to 9 digits");
  std::array<unsigned char, 8> message{};
  for (int i = 7; i >= 0; --i) {
    message[static_cast<std::size_t>(i)] = static_cast<unsigned char>(counter & 0xff);
    counter >>= 8;
  }
  std::array<unsigned char, EVP_MAX_MD_SIZE> mac{};
  unsigned int mac_size = 0;
  if (!HMAC(digest_of(hash), key.data(), static_cast<int>(key.size()), message.data(), message.size(), mac.data(),
            &mac_size))
    throw std::runtime_error("HMAC failed");
  // RFC 4226 §5.3, dynamic truncation.
  unsigned offset = mac[mac_size - 1] & 0x0f;
  std::uint32_t binary = (static_cast<std::uint32_t>(mac[offset] & 0x7f) << 24) |
                         (static_cast<std::uint32_t>(mac[offset + 1]) << 16) |
                         (static_cast<std::uint32_t>(mac[offset + 2]) << 8) | mac[offset + 3];
  std::uint32_t modulus = 1;
  for (unsigned i = 0; i < digits; ++i) modulus *= 10;
  auto value = std::to_string(binary % modulus);
  return std::string(digits - value.size(), '0') + value;
}

std::int64_t totp_step(std::int64_t unix_seconds) {
  auto step = unix_seconds / totp_step_seconds;
  return unix_seconds < 0 && unix_seconds % totp_step_seconds != 0 ? step - 1 : step;
}

std::string totp_code(std::string_view key, std::int64_t unix_seconds, unsigned digits, otp_hash hash) {
  return hotp_code(key, static_cast<std::uint64_t>(totp_step(unix_seconds)), digits, hash);
}

bool looks_like_totp_code(std::string_view code) {
  if (code.size() != totp_digits) return false;
  for (char c : code)
    if (c < '0' || c > '9') return false;
  return true;
}

std::optional<std::int64_t> matching_totp_step(std::string_view key, std::string_view code, std::int64_t unix_seconds) {
  if (!looks_like_totp_code(code)) return std::nullopt;
  auto now = totp_step(unix_seconds);
  std::optional<std::int64_t> found;
  // Every candidate is computed and compared in full, so the time taken tells nothing.
  for (auto step = now - totp_skew_steps; step <= now + totp_skew_steps; ++step) {
    auto expected = hotp_code(key, static_cast<std::uint64_t>(step));
    if (CRYPTO_memcmp(expected.data(), code.data(), totp_digits) == 0 && !found) found = step;
  }
  return found;
}

std::string base32_encode(std::string_view bytes) {
  std::string out;
  unsigned buffer = 0;
  int bits = 0;
  for (char c : bytes) {
    buffer = (buffer << 8) | static_cast<unsigned char>(c);
    bits += 8;
    while (bits >= 5) {
      out.push_back(base32_alphabet[(buffer >> (bits - 5)) & 31]);
      bits -= 5;
    }
  }
  if (bits > 0) out.push_back(base32_alphabet[(buffer << (5 - bits)) & 31]);
  return out;
}

std::optional<std::string> base32_decode(std::string_view text) {
  std::string out;
  unsigned buffer = 0;
  int bits = 0;
  for (char c : text) {
    if (c == ' ' || c == '=' || c == '-') continue;
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    auto at = base32_alphabet.find(c);
    if (at == std::string_view::npos) return std::nullopt;
    buffer = (buffer << 5) | static_cast<unsigned>(at);
    bits += 5;
    if (bits >= 8) {
      out.push_back(static_cast<char>((buffer >> (bits - 8)) & 0xff));
      bits -= 8;
    }
  }
  return out;
}

std::string new_totp_secret() {
  std::string secret(totp_secret_bytes, '\0');
  random_bytes(secret.data(), secret.size());
  return secret;
}

std::string otpauth_uri(std::string_view issuer, std::string_view account, std::string_view secret_base32) {
  auto label = uri_encode(issuer) + ":" + uri_encode(account);
  return "otpauth://totp/" + label + "?secret=" + std::string(secret_base32) + "&issuer=" + uri_encode(issuer) +
         "&algorithm=SHA1&digits=" + std::to_string(totp_digits) + "&period=" + std::to_string(totp_step_seconds);
}

std::string qr_svg(std::string_view text) {
  std::string input(text);
  std::unique_ptr<QRcode, decltype(&QRcode_free)> code(QRcode_encodeString8bit(input.c_str(), 0, QR_ECLEVEL_M),
                                                       &QRcode_free);
  if (!code) throw std::runtime_error("the QR code could not be made");
  const int quiet = 4;
  int width = code->width;
  int size = width + 2 * quiet;
  std::string path;
  // One horizontal run per path segment keeps the document small.
  for (int y = 0; y < width; ++y) {
    for (int x = 0; x < width;) {
      if (!(code->data[y * width + x] & 1)) {
        ++x;
        continue;
      }
      int run = 1;
      while (x + run < width && (code->data[y * width + x + run] & 1)) ++run;
      path += "M" + std::to_string(x + quiet) + " " + std::to_string(y + quiet) + "h" + std::to_string(run) + "v1h-" +
              std::to_string(run) + "z";
      x += run;
    }
  }
  auto n = std::to_string(size);
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + n + " " + n +
         "\" shape-rendering=\"crispEdges\"><rect width=\"" + n + "\" height=\"" + n +
         "\" fill=\"#fff\"/><path fill=\"#000\" d=\"" + path + "\"/></svg>";
}

std::vector<std::string> new_recovery_codes() {
  std::vector<std::string> codes;
  for (std::size_t i = 0; i < recovery_code_count; ++i) {
    std::array<unsigned char, 7> bytes{};
    random_bytes(bytes.data(), bytes.size());
    // 56 random bits, 10 base32 characters shown (50 bits).
    auto text = base32_encode(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
    std::string code;
    for (std::size_t j = 0; j < 10; ++j) {
      if (j == 5) code.push_back('-');
      char c = text[j];
      code.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
    }
    codes.push_back(code);
  }
  return codes;
}

std::string normalize_recovery_code(std::string_view typed) {
  std::string out;
  for (char c : typed) {
    if (c == ' ' || c == '-' || c == '\t') continue;
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    bool ok = (c >= 'a' && c <= 'z') || (c >= '2' && c <= '7');
    if (!ok) return {};
    out.push_back(c);
  }
  return out.size() == 10 ? out : std::string{};
}

}  // namespace blog::auth
