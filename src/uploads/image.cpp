// Image signatures and content addressing.
#include "blog/uploads/image.hpp"

#include "blog/api/error.hpp"

#include <openssl/sha.h>

#include <cstdio>

namespace blog::uploads {

std::optional<image_type> detect_image(std::string_view b) {
  auto starts = [&](std::string_view sig, std::size_t at = 0) { return b.size() >= at + sig.size() && b.substr(at, sig.size()) == sig; };
  if (starts("\xFF\xD8\xFF")) return image_type{"image/jpeg", "jpg"};
  if (starts(std::string_view("\x89PNG\r\n\x1A\n", 8))) return image_type{"image/png", "png"};
  if (starts("GIF87a") || starts("GIF89a")) return image_type{"image/gif", "gif"};
  if (starts("RIFF") && starts("WEBP", 8)) return image_type{"image/webp", "webp"};
  return std::nullopt;
}

image_type check_image(std::string_view bytes) {
  if (bytes.size() > max_image_bytes) throw api::error(413, "Image must be less than 5MB");
  auto type = detect_image(bytes);
  if (!type) throw api::error(415, "Please select a valid image file (JPEG, PNG, GIF, WEBP)");
  return *type;
}

std::string sha256_hex(std::string_view bytes) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), digest);
  std::string hex;
  char pair[3];
  for (unsigned char byte : digest) {
    std::snprintf(pair, sizeof pair, "%02x", byte);
    hex += pair;
  }
  return hex;
}

}  // namespace blog::uploads
