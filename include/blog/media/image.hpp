// Uploaded images: recognised by their bytes (never by name or declared type), with spec §5's limits,
// then decoded and re-encoded by libvips so that only real pixels, without metadata, are ever stored.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace blog::uploads {

inline constexpr std::size_t max_image_bytes = std::size_t{5} * 1024 * 1024;

// Decompression bombs: refused from the header, before a single pixel is decoded.
inline constexpr int max_image_side = 12000;
inline constexpr std::uint64_t max_image_pixels = 40'000'000;

// The widths every upload is also stored at, each in its own format and as WebP:
// /uploads/{sha}-{w}.{ext} and /uploads/{sha}-{w}.webp. A narrower image is never upscaled: its
// "1600" variant simply has the original's width.
inline constexpr std::array<int, 3> variant_widths{480, 960, 1600};

inline constexpr const char* invalid_type_message = "Please select a valid image file (JPEG, PNG, GIF, WEBP)";
inline constexpr const char* too_large_message = "Image must be less than 5MB";
inline constexpr const char* too_many_pixels_message =
    "Image dimensions are too large (at most 12000 pixels a side and 40 megapixels)";

struct image_type {
  std::string content_type;  // "image/png"
  std::string extension;     // "png"
};

// JPEG, PNG, GIF or WEBP by their signature; nullopt for anything else.
std::optional<image_type> detect_image(std::string_view bytes);

// Throws blog::error 413 'Image must be less than 5MB' or 415 'Please select a valid image file
// (JPEG, PNG, GIF, WEBP)'; returns the type otherwise.
image_type check_image(std::string_view bytes);

// One encoded file: the original's re-encoding (width 0) or a variant.
struct encoded_image {
  int width = 0;          // the variant's nominal width (480, 960, 1600); 0 for the original
  std::string extension;  // "jpg", "png", "gif", "webp"
  std::string content_type;
  std::string bytes;
};

struct processed_image {
  encoded_image original;               // same format as the upload
  int width = 0, height = 0;            // the original's pixels, after EXIF rotation
  std::vector<encoded_image> variants;  // every width in variant_widths, in the original's format and as WebP
                                        // (one file when the original is WebP)
  std::size_t total_bytes() const;
};

// Images decoded at once in the process: max(2, cores / 2). Decoding is the costly part of an
// upload; past this the upload is refused (503) rather than left to take every worker thread
// from pages and reads.
unsigned max_images_in_flight();
inline constexpr const char* busy_message =
    "Too many images are being processed right now. Please try again in a moment.";

// One of the max_images_in_flight() places, held until destroyed; empty (false) when all are taken.
class image_slot {
 public:
  image_slot() = default;
  image_slot(image_slot&& other) noexcept;
  image_slot& operator=(image_slot&&) = delete;
  ~image_slot();
  explicit operator bool() const { return held_; }

 private:
  friend image_slot try_image_slot();
  bool held_ = false;
};
image_slot try_image_slot();

// Starts libvips once for the process (small thread count, no operation cache, every loader but
// JPEG, PNG, GIF and WebP blocked). Safe to call many times; throws std::runtime_error if libvips
// cannot start.
void start_image_library();

// Checks the upload (check_image), reads its header with the one loader its signature allows,
// refuses absurd dimensions, then decodes it (first frame of an animation only) and re-encodes the
// original and every variant in sRGB without metadata (EXIF, GPS, XMP, ICC, comments).
// Throws blog::error 413 (bytes), 415 (not a decodable JPEG, PNG, GIF or WebP), 400 (dimensions),
// 503 with Retry-After (every image_slot taken).
// CPU-heavy: call it on the worker pool.
processed_image process_image(std::string_view bytes);

// Draws an SVG shipped with the blog (the demo covers) `width` pixels wide, on white, and returns it
// as a JPEG for process_image. svgload stays blocked for the process and is let through only for
// this call: for blogctl's seeding only, never in blogd, where an upload could be decoding at the
// same moment. Throws std::runtime_error when the SVG cannot be read or drawn.
std::string rasterise_trusted_svg(std::string_view svg, int width);

}  // namespace blog::uploads
