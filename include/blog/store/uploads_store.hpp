// SQL for uploaded images: originals, their resized variants, the per-account rate and quota.
#pragma once

#include "blog/media/image.hpp"
#include "blog/store/database.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace blog::store {

struct stored_file {
  std::string content_type;
  std::string bytes;
};

// Stores the re-encoded original under its SHA-256, and its variants, unless they are there already.
void save_upload(database& db, const std::string& sha256, const uploads::processed_image& image, int user_id);
std::optional<stored_file> load_upload(database& db, const std::string& sha256);
// The variant of /uploads/{sha}-{width}.{extension}; nullopt when there is none.
std::optional<stored_file> load_upload_variant(database& db, const std::string& sha256, int width,
                                               const std::string& extension);
// Adds variants to an original stored before they existed (an upload made before migration 0004).
void save_upload_variants(database& db, const std::string& sha256, const uploads::processed_image& image);

// Counts an upload attempt of the account unless it already made `per_hour` in the last hour
// (0: no limit); false when refused. Serialised per account, so parallel uploads cannot overshoot.
bool record_upload_attempt(database& db, int user_id, unsigned per_hour);
// Bytes of originals and variants first stored by the account.
std::int64_t stored_upload_bytes(database& db, int user_id);

}  // namespace blog::store
