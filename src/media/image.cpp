// Image signatures, content addressing, and the libvips pipeline every upload goes through.
#include "blog/media/image.hpp"

#include "blog/core/error.hpp"

#include <spdlog/spdlog.h>
#include <vips/vips.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <utility>

namespace blog::uploads {

std::optional<image_type> detect_image(std::string_view b) {
  auto starts = [&](std::string_view sig, std::size_t at = 0) {
    return b.size() >= at + sig.size() && b.substr(at, sig.size()) == sig;
  };
  if (starts("\xFF\xD8\xFF")) return image_type{"image/jpeg", "jpg"};
  if (starts(std::string_view("\x89PNG\r\n\x1A\n", 8))) return image_type{"image/png", "png"};
  if (starts("GIF87a") || starts("GIF89a")) return image_type{"image/gif", "gif"};
  if (starts("RIFF") && starts("WEBP", 8)) return image_type{"image/webp", "webp"};
  return std::nullopt;
}

image_type check_image(std::string_view bytes) {
  if (bytes.size() > max_image_bytes) throw blog::too_large(too_large_message);
  auto type = detect_image(bytes);
  if (!type) throw blog::unsupported_type(invalid_type_message);
  return *type;
}

std::size_t processed_image::total_bytes() const {
  std::size_t total = original.bytes.size();
  for (const auto& v : variants) total += v.bytes.size();
  return total;
}

namespace {

struct unref {
  void operator()(VipsImage* image) const { g_object_unref(image); }
};
using image_ptr = std::unique_ptr<VipsImage, unref>;

// libvips keeps its error text in one process-wide buffer; read it for the log, then clear it.
std::string take_vips_error() {
  std::string text = vips_error_buffer();
  vips_error_clear();
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

[[noreturn]] void refuse_type(std::string_view why) {
  spdlog::debug("upload refused: {}: {}", why, take_vips_error());
  throw blog::unsupported_type(invalid_type_message);
}

// The one libvips loader each signature may use. Anything else libvips could read (SVG, PDF,
// HEIF, TIFF, ImageMagick...) is a larger attack surface that the blog does not need.
const char* loader_for(const std::string& extension) {
  if (extension == "jpg") return "jpegload_buffer";
  if (extension == "png") return "pngload_buffer";
  if (extension == "gif") return "gifload_buffer";
  return "webpload_buffer";
}

// Opens the image lazily with its own loader: only the header is read, no pixel is decoded.
image_ptr open_header(std::string_view bytes, const std::string& extension) {
  auto* data = const_cast<char*>(bytes.data());
  VipsImage* out = nullptr;
  int failed = 0;
  if (extension == "jpg")
    failed = vips_jpegload_buffer(data, bytes.size(), &out, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on",
                                  VIPS_FAIL_ON_ERROR, nullptr);
  else if (extension == "png")
    failed = vips_pngload_buffer(data, bytes.size(), &out, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on",
                                 VIPS_FAIL_ON_ERROR, nullptr);
  else if (extension == "gif")
    failed = vips_gifload_buffer(data, bytes.size(), &out, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on",
                                 VIPS_FAIL_ON_ERROR, nullptr);
  else
    failed = vips_webpload_buffer(data, bytes.size(), &out, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on",
                                  VIPS_FAIL_ON_ERROR, nullptr);
  if (failed || !out) refuse_type("header");
  return image_ptr(out);
}

// Whether the image needs a colour transform to become sRGB: it carries an ICC profile, or its
// pixels are not 8-bit RGB(A). An untagged 8-bit RGB image is sRGB already, and sending it
// through lcms (sRGB to sRGB) cost an import a quarter of its CPU, for each width of each image.
bool needs_colour_transform(VipsImage* header) {
  const int bands = vips_image_get_bands(header);
  return vips_image_get_typeof(header, VIPS_META_ICC_NAME) != 0 || vips_image_get_format(header) != VIPS_FORMAT_UCHAR ||
         vips_image_guess_interpretation(header) != VIPS_INTERPRETATION_sRGB || (bands != 3 && bands != 4);
}

// Decodes (first frame only), turns by the EXIF orientation, converts to sRGB (when
// `to_srgb`: see needs_colour_transform) and shrinks to at most `width` pixels wide; never
// enlarges. The result carries no metadata at all: not every saver honours "strip" (webpsave
// still wrote the EXIF block), so nothing is left for it to write. Lazy until saved or copied to
// memory.
image_ptr render(std::string_view bytes, int width, bool to_srgb) {
  VipsImage* decoded = nullptr;
  const int failed = to_srgb ? vips_thumbnail_buffer(const_cast<char*>(bytes.data()), bytes.size(), &decoded, width,
                                                     "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN, "export_profile",
                                                     "srgb", "option_string", "fail_on=error", nullptr)
                             : vips_thumbnail_buffer(const_cast<char*>(bytes.data()), bytes.size(), &decoded, width,
                                                     "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN, "option_string",
                                                     "fail_on=error", nullptr);
  if (failed || !decoded) refuse_type("decode");
  image_ptr pixels(decoded);
  VipsImage* copy = nullptr;
  if (vips_copy(pixels.get(), &copy, nullptr) || !copy) refuse_type("copy");
  image_ptr clean(copy);
  // Built-in header fields (width, bands...) are not removable and stay; every other one goes.
  gchar** fields = vips_image_get_fields(clean.get());
  for (gchar** field = fields; field && *field; ++field) vips_image_remove(clean.get(), *field);
  g_strfreev(fields);
  return clean;
}

// Pixels computed once, so the image can be saved in several formats.
image_ptr in_memory(image_ptr image) {
  VipsImage* copy = vips_image_copy_memory(image.get());
  if (!copy) refuse_type("decode");
  return image_ptr(copy);
}

// libvips 8.14's webpsave writes a small EXIF chunk (orientation, resolution) even with "strip":
// drop EXIF and XMP chunks from the RIFF container and clear their flags in the VP8X header.
std::string without_webp_metadata(std::string webp) {
  auto le32 = [&](std::size_t at) {
    return static_cast<std::uint32_t>(static_cast<unsigned char>(webp[at])) |
           static_cast<std::uint32_t>(static_cast<unsigned char>(webp[at + 1])) << 8 |
           static_cast<std::uint32_t>(static_cast<unsigned char>(webp[at + 2])) << 16 |
           static_cast<std::uint32_t>(static_cast<unsigned char>(webp[at + 3])) << 24;
  };
  if (webp.size() < 12 || webp.compare(0, 4, "RIFF") != 0 || webp.compare(8, 4, "WEBP") != 0) return webp;
  std::string out = webp.substr(0, 12);
  for (std::size_t at = 12; at + 8 <= webp.size();) {
    std::size_t size = le32(at + 4), padded = 8 + size + (size & 1);
    if (at + padded > webp.size()) return webp;  // not a container libvips wrote: leave it alone
    std::string chunk = webp.substr(at, padded);
    if (chunk.compare(0, 4, "VP8X") == 0 && chunk.size() > 8) chunk[8] = static_cast<char>(chunk[8] & ~0x0C);
    if (chunk.compare(0, 4, "EXIF") != 0 && chunk.compare(0, 4, "XMP ") != 0) out += chunk;
    at += padded;
  }
  const std::uint32_t riff_size = static_cast<std::uint32_t>(out.size() - 8);
  for (int k = 0; k < 4; ++k) out[4 + k] = static_cast<char>((riff_size >> (8 * k)) & 0xFF);
  return out;
}

// Encodes without any metadata ("strip": no EXIF, GPS, XMP, IPTC, ICC, comments).
encoded_image encode(VipsImage* image, const std::string& extension, int nominal_width) {
  void* buffer = nullptr;
  std::size_t length = 0;
  int failed = 0;
  encoded_image out;
  out.width = nominal_width;
  out.extension = extension;
  if (extension == "jpg") {
    out.content_type = "image/jpeg";
    failed = vips_jpegsave_buffer(image, &buffer, &length, "Q", 82, "strip", TRUE, "optimize_coding", TRUE, "interlace",
                                  TRUE, nullptr);
  } else if (extension == "png") {
    out.content_type = "image/png";
    failed = vips_pngsave_buffer(image, &buffer, &length, "compression", 6, "strip", TRUE, nullptr);
  } else if (extension == "gif") {
    out.content_type = "image/gif";
    failed = vips_gifsave_buffer(image, &buffer, &length, "strip", TRUE, nullptr);
  } else {
    out.content_type = "image/webp";
    failed = vips_webpsave_buffer(image, &buffer, &length, "Q", 80, "strip", TRUE, nullptr);
  }
  if (failed || !buffer) {
    g_free(buffer);
    refuse_type("encode");
  }
  out.bytes.assign(static_cast<const char*>(buffer), length);
  g_free(buffer);
  if (extension == "webp") out.bytes = without_webp_metadata(std::move(out.bytes));
  return out;
}

}  // namespace

namespace {
std::atomic<unsigned> images_in_flight{0};
}  // namespace

unsigned max_images_in_flight() {
  static const unsigned limit = std::max(2u, std::thread::hardware_concurrency() / 2);
  return limit;
}

image_slot::image_slot(image_slot&& other) noexcept : held_(std::exchange(other.held_, false)) {}

image_slot::~image_slot() {
  if (held_) images_in_flight.fetch_sub(1);
}

image_slot try_image_slot() {
  image_slot slot;
  unsigned now = images_in_flight.load();
  while (now < max_images_in_flight())
    if (images_in_flight.compare_exchange_weak(now, now + 1)) {
      slot.held_ = true;
      break;
    }
  return slot;
}

void start_image_library() {
  static std::once_flag once;
  static bool started = false;
  std::call_once(once, [] {
    if (VIPS_INIT("blogd")) {
      spdlog::error("libvips did not start: {}", take_vips_error());
      return;
    }
    // Uploads already run side by side on the worker pool; one libvips thread each keeps them
    // from taking every core. Nothing is worth caching: every upload is new bytes.
    vips_concurrency_set(1);
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_cache_set_max_files(0);
    // Belt and braces with loader_for: no other loader can run at all in this process.
    vips_block_untrusted_set(TRUE);
    vips_operation_block_set("VipsForeignLoad", TRUE);
    for (const char* allowed :
         {"VipsForeignLoadJpeg", "VipsForeignLoadPng", "VipsForeignLoadNsgif", "VipsForeignLoadWebp"})
      vips_operation_block_set(allowed, FALSE);
    started = true;
  });
  if (!started) throw std::runtime_error("libvips could not be started");
}

std::string rasterise_trusted_svg(std::string_view svg, int width) {
  start_image_library();  // the process-wide settings, and the loader blocks, come first
  // start_image_library blocks svgload for the whole process; it is let through only for the
  // moment it takes to draw one of the blog's own files, and blocked again whatever happens.
  struct svg_allowed {
    svg_allowed() { vips_operation_block_set("VipsForeignLoadSvg", FALSE); }
    ~svg_allowed() { vips_operation_block_set("VipsForeignLoadSvg", TRUE); }
  };
  auto fail = [](std::string_view why) -> std::runtime_error {
    return std::runtime_error(std::string(why) + ": " + take_vips_error());
  };
  image_ptr drawn;
  {
    svg_allowed allowed;
    VipsImage* header = nullptr;
    if (vips_svgload_buffer(const_cast<char*>(svg.data()), svg.size(), &header, nullptr) || !header)
      throw fail("not a readable SVG");
    image_ptr natural(header);
    const int natural_width = vips_image_get_width(natural.get());
    if (natural_width <= 0) throw fail("an SVG without a width");
    // Drawn at the wanted size rather than drawn small and enlarged: vector art stays sharp.
    VipsImage* out = nullptr;
    if (vips_svgload_buffer(const_cast<char*>(svg.data()), svg.size(), &out, "scale",
                            static_cast<double>(width) / natural_width, nullptr) ||
        !out)
      throw fail("the SVG could not be drawn");
    drawn = in_memory(image_ptr(out));
  }
  // JPEG has no transparency: whatever the drawing leaves clear becomes white.
  if (vips_image_hasalpha(drawn.get())) {
    VipsImage* flat = nullptr;
    VipsArrayDouble* white = vips_array_double_newv(3, 255.0, 255.0, 255.0);
    const int failed = vips_flatten(drawn.get(), &flat, "background", white, nullptr);
    vips_area_unref(VIPS_AREA(white));
    if (failed || !flat) throw fail("the SVG could not be flattened");
    drawn = image_ptr(flat);
  }
  void* buffer = nullptr;
  std::size_t length = 0;
  if (vips_jpegsave_buffer(drawn.get(), &buffer, &length, "Q", 95, "strip", TRUE, nullptr) || !buffer) {
    g_free(buffer);
    throw fail("the drawing could not be saved as JPEG");
  }
  std::string bytes(static_cast<const char*>(buffer), length);
  g_free(buffer);
  return bytes;
}

processed_image process_image(std::string_view bytes) {
  start_image_library();
  auto type = check_image(bytes);

  // The loader libvips itself would pick must be the one the signature promised (an HTML page
  // that starts with GIF89a is sniffed as GIF, then fails to decode as one below).
  const char* found = vips_foreign_find_load_buffer(bytes.data(), bytes.size());
  const char* nickname = found ? vips_nickname_find(g_type_from_name(found)) : nullptr;
  if (!nickname || std::string_view(nickname) != loader_for(type.extension)) refuse_type("loader");

  bool to_srgb = true;
  {
    auto header = open_header(bytes, type.extension);
    to_srgb = needs_colour_transform(header.get());
    const int w = vips_image_get_width(header.get()), h = vips_image_get_height(header.get());
    if (w <= 0 || h <= 0) refuse_type("empty");
    if (w > max_image_side || h > max_image_side ||
        static_cast<std::uint64_t>(w) * static_cast<std::uint64_t>(h) > max_image_pixels)
      throw blog::invalid(too_many_pixels_message);
  }

  auto slot = try_image_slot();
  if (!slot) throw blog::unavailable(busy_message).with_retry_after(2);
  processed_image result;
  auto full = render(bytes, VIPS_MAX_COORD, to_srgb);
  result.width = vips_image_get_width(full.get());
  result.height = vips_image_get_height(full.get());
  // An image no wider than the largest variant is its own variant for every larger width: keep
  // its pixels once and save them in both formats. A wider one is saved once, streaming.
  const bool small = result.width <= variant_widths.back();
  if (small) full = in_memory(std::move(full));
  result.original = encode(full.get(), type.extension, 0);

  std::optional<encoded_image> full_webp;
  for (int width : variant_widths) {
    encoded_image own, webp;
    if (width >= result.width) {
      own = result.original;
      if (type.extension == "webp") {
        webp = own;
      } else {
        if (!full_webp) full_webp = encode(full.get(), "webp", 0);
        webp = *full_webp;
      }
    } else {
      auto scaled = in_memory(render(bytes, width, to_srgb));
      own = encode(scaled.get(), type.extension, width);
      webp = type.extension == "webp" ? own : encode(scaled.get(), "webp", width);
    }
    own.width = webp.width = width;
    result.variants.push_back(std::move(own));
    if (type.extension != "webp") result.variants.push_back(std::move(webp));
  }
  return result;
}

}  // namespace blog::uploads
