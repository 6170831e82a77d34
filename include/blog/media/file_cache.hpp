// A node's own copy of the uploads it has served, on its disk: uploads live in PostgreSQL so every
// node can serve them, and this copy lets pages keep their images while the database is away.
// Uploads are named by their SHA-256 and never change, so a copy is never stale.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace blog::uploads {

struct cached_file {
  std::string content_type;
  std::string bytes;
};

class file_cache {
 public:
  // Keeps its files in `directory`, created on first use.
  explicit file_cache(std::filesystem::path directory);

  // The copy of /uploads/{name}; nullopt when there is none, when `name` is not an upload's name
  // ({sha256}.{ext} or {sha256}-{width}.{ext}) or when the bytes are not an image. Never throws.
  [[nodiscard]] std::optional<cached_file> get(std::string_view name) const;

  // Keeps a copy of /uploads/{name} (written to a temporary file, then renamed, so that a reader
  // never sees half a file). A failure (disk full, permissions) is logged once and otherwise
  // ignored: the database still has the upload. Never throws.
  void put(std::string_view name, std::string_view bytes) const noexcept;

  // Whether `name` has the shape of an upload's file name, and is therefore safe as a file name.
  [[nodiscard]] static bool is_upload_name(std::string_view name);

 private:
  std::filesystem::path directory_;
};

}  // namespace blog::uploads
