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

}  // namespace blog::auth
