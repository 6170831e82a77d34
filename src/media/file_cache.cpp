// Uploads kept on the node's disk: see file_cache.hpp.
#include "blog/media/file_cache.hpp"

#include "blog/core/files.hpp"

#include "blog/media/image.hpp"

#include <spdlog/spdlog.h>

#include <atomic>
#include <fstream>
#include <iterator>

namespace blog::uploads {
namespace {

bool is_lower_hex(std::string_view s) {
  return s.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

// Logged once per process: a disk that cannot take copies says so without flooding the log.
std::atomic<bool> write_failure_logged{false};

}  // namespace

file_cache::file_cache(std::filesystem::path directory) : directory_(std::move(directory)) {}

bool file_cache::is_upload_name(std::string_view name) {
  auto dot = name.rfind('.');
  if (dot == std::string_view::npos) return false;
  auto ext = name.substr(dot + 1);
  if (ext != "jpg" && ext != "png" && ext != "gif" && ext != "webp") return false;
  auto stem = name.substr(0, dot);
  if (stem.size() < 64 || !is_lower_hex(stem.substr(0, 64))) return false;
  if (stem.size() == 64) return true;
  auto width = stem.substr(64);
  return width.size() >= 2 && width.size() <= 5 && width[0] == '-' &&
         width.substr(1).find_first_not_of("0123456789") == std::string_view::npos;
}

std::optional<cached_file> file_cache::get(std::string_view name) const {
  if (!is_upload_name(name)) return std::nullopt;
  std::ifstream in(directory_ / std::string(name), std::ios::binary);
  if (!in) return std::nullopt;
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return std::nullopt;
  auto type = detect_image(bytes);
  if (!type) return std::nullopt;  // a torn or foreign file: the database answers instead
  return cached_file{type->content_type, std::move(bytes)};
}

void file_cache::put(std::string_view name, std::string_view bytes) const noexcept {
  if (!is_upload_name(name)) return;
  try {
    std::filesystem::create_directories(directory_);
    auto target = directory_ / std::string(name);
    if (std::filesystem::exists(target)) return;
    core::write_file_atomically(target, bytes);
  } catch (const std::exception& e) {
    if (!write_failure_logged.exchange(true))
      spdlog::warn("uploads are not copied to {} (pages lose their images while the database is away): {}",
                   directory_.string(), e.what());
  }
}

}  // namespace blog::uploads
