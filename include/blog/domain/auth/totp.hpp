// One-time codes of authenticator apps (HOTP RFC 4226, TOTP RFC 6238), their base32 secrets,
// otpauth:// URIs, QR codes as SVG, and recovery codes: pure functions, no I/O.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace blog::auth {

// What authenticator apps agree on: SHA-1, 6 digits, 30-second steps (RFC 6238 defaults).
inline constexpr unsigned totp_digits = 6;
inline constexpr std::int64_t totp_step_seconds = 30;
// Steps either side of now accepted: a phone's clock and a slow typist may be one step off.
inline constexpr std::int64_t totp_skew_steps = 1;
inline constexpr std::size_t totp_secret_bytes = 20;  // 160 bits, RFC 4226's recommendation
inline constexpr std::size_t recovery_code_count = 10;

enum class otp_hash { sha1, sha256, sha512 };

// The HOTP value of `key` (raw bytes) at `counter`, zero-padded to `digits` (6 to 9).
std::string hotp_code(std::string_view key, std::uint64_t counter, unsigned digits = totp_digits,
                      otp_hash hash = otp_hash::sha1);
// The TOTP step of a Unix time (T0 = 0): floor(seconds / 30).
std::int64_t totp_step(std::int64_t unix_seconds);
// The TOTP value of `key` at `unix_seconds`.
std::string totp_code(std::string_view key, std::int64_t unix_seconds, unsigned digits = totp_digits,
                      otp_hash hash = otp_hash::sha1);
// The step whose 6-digit code `code` is, among the steps within totp_skew_steps of
// `unix_seconds`, compared in constant time; nullopt when none. The caller refuses steps it has
// seen used already (RFC 6238 §5.2).
std::optional<std::int64_t> matching_totp_step(std::string_view key, std::string_view code, std::int64_t unix_seconds);
// Exactly totp_digits ASCII digits.
bool looks_like_totp_code(std::string_view code);

// RFC 4648 base32 without padding (what otpauth URIs carry), and back: case, spaces and padding
// are ignored; nullopt for any other character.
std::string base32_encode(std::string_view bytes);
std::optional<std::string> base32_decode(std::string_view text);

// A new random secret (raw bytes).
std::string new_totp_secret();
// otpauth://totp/{issuer}:{account}?secret=…&issuer=…&algorithm=SHA1&digits=6&period=30, with
// issuer and account percent-encoded.
std::string otpauth_uri(std::string_view issuer, std::string_view account, std::string_view secret_base32);
// The QR code of `text` (error correction M) as a standalone SVG document, black on white with a
// four-module quiet zone. Throws std::runtime_error when the text cannot be encoded.
std::string qr_svg(std::string_view text);

// recovery_code_count new codes "xxxxx-xxxxx" (lower-case base32, 50 random bits each).
std::vector<std::string> new_recovery_codes();
// A typed recovery code as stored: lower case, without spaces and hyphens; "" when it cannot be one.
std::string normalize_recovery_code(std::string_view typed);

}  // namespace blog::auth
