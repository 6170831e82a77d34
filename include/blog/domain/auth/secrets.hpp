// Password hashing (argon2id) and random tokens (session ids, mail links) with their stored hashes.
#pragma once

#include <string>
#include <string_view>

namespace blog::auth {

// argon2id with libsodium's interactive limits; the result carries its own salt and parameters.
// Blocks for tens of milliseconds and 64 MiB: call it on the worker pool. Throws
// std::runtime_error when memory runs out.
std::string hash_password(std::string_view password);
// True when `password` matches `stored` (a hash_password result). False for a malformed hash.
bool verify_password(std::string_view stored, std::string_view password);
// Spends the time of one verify_password, so that an unknown account answers like a wrong password.
void verify_against_dummy(std::string_view password);

// 32 random bytes, base64url without padding: what a cookie or a link carries.
std::string new_token();
// The SHA-256 of a token in lower-case hex: what the database stores instead of the token.
std::string token_hash(std::string_view token);
// A readable random password for generated accounts (first-run's admin).
std::string new_password();

// A secret the server must read back (an authenticator app's key) as the database stores it:
// with a non-empty `key` (BLOG_SECRET_KEY) encrypted and authenticated (XSalsa20-Poly1305 with a
// key derived from it), so that a dump of the database alone does not give it away; without one,
// only encoded ("plain1:"), which `blogctl doctor`-style checks can spot.
std::string seal_secret(std::string_view secret, std::string_view key);
// The secret back. Throws std::runtime_error when it was sealed with a key and `key` is empty or
// another one, or the text is not a sealed secret.
std::string open_secret(std::string_view sealed, std::string_view key);

}  // namespace blog::auth
