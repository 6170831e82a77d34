// Uploaded images: recognised by their bytes (never by name or declared type), with spec §5's limits.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace blog::uploads {

inline constexpr std::size_t max_image_bytes = 5 * 1024 * 1024;

struct image_type {
  std::string content_type;  // "image/png"
  std::string extension;     // "png"
};

// JPEG, PNG, GIF or WEBP by their signature; nullopt for anything else.
std::optional<image_type> detect_image(std::string_view bytes);

// Throws api::error 413 'Image must be less than 5MB' or 415 'Please select a valid image file
// (JPEG, PNG, GIF, WEBP)'; returns the type otherwise.
image_type check_image(std::string_view bytes);

// Lower-case hex SHA-256 of the bytes: the file's name.
std::string sha256_hex(std::string_view bytes);

}  // namespace blog::uploads
