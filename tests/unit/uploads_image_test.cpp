// The libvips pipeline on its own: deterministic names, the variant set, WebP without metadata.
#include "blog/core/crypto.hpp"
#include "blog/core/error.hpp"
#include "blog/media/image.hpp"

#include <gtest/gtest.h>
#include <vips/vips.h>

#include <set>
#include <vector>

namespace {

using blog::uploads::process_image;

// A w×h flat sRGB image in the format of `suffix` (".png", ".jpg"...), made with libvips.
std::string make(int w, int h, const char* suffix) {
  blog::uploads::start_image_library();
  VipsImage *black = nullptr, *flat = nullptr;
  EXPECT_EQ(vips_black(&black, w, h, "bands", 3, nullptr), 0);
  EXPECT_EQ(vips_linear1(black, &flat, 1.0, 90.0, "uchar", TRUE, nullptr), 0);
  void* buffer = nullptr;
  std::size_t length = 0;
  EXPECT_EQ(vips_image_write_to_buffer(flat, suffix, &buffer, &length, nullptr), 0);
  std::string bytes(static_cast<const char*>(buffer), length);
  g_free(buffer);
  g_object_unref(flat);
  g_object_unref(black);
  return bytes;
}

}  // namespace

TEST(uploads_image, TheSameUploadAlwaysGetsTheSameBytesAndSoTheSameName) {
  auto png = make(700, 500, ".png");
  auto first = process_image(png), second = process_image(png);
  EXPECT_EQ(first.original.bytes, second.original.bytes);
  EXPECT_EQ(blog::core::sha256_hex(first.original.bytes), blog::core::sha256_hex(second.original.bytes));
}

TEST(uploads_image, EveryWidthComesInTheOriginalsFormatAndAsWebp) {
  auto processed = process_image(make(2000, 800, ".jpg"));
  EXPECT_EQ(processed.original.extension, "jpg");
  EXPECT_EQ(processed.width, 2000);
  std::set<std::pair<int, std::string>> names;
  for (const auto& v : processed.variants) names.insert({v.width, v.extension});
  EXPECT_EQ(names, (std::set<std::pair<int, std::string>>{
                       {480, "jpg"}, {480, "webp"}, {960, "jpg"}, {960, "webp"}, {1600, "jpg"}, {1600, "webp"}}));
  // A WebP upload's own format is WebP: three files serve its six URLs.
  auto webp = process_image(make(300, 200, ".webp"));
  EXPECT_EQ(webp.variants.size(), 3u);
  for (const auto& v : webp.variants) EXPECT_EQ(v.extension, "webp");
}

TEST(uploads_image, AnUntaggedImageKeepsItsColoursExactly) {
  // A dark blue PNG with no ICC profile is sRGB as it is: an sRGB-to-sRGB transform through lcms
  // made (0, 0, 45) into (7, 4, 25), and cost an import a quarter of its CPU.
  blog::uploads::start_image_library();
  VipsImage *black = nullptr, *blue = nullptr;
  ASSERT_EQ(vips_black(&black, 40, 30, "bands", 3, nullptr), 0);
  std::vector<double> add{0, 0, 45}, times{1, 1, 1};
  ASSERT_EQ(vips_linear(black, &blue, times.data(), add.data(), 3, "uchar", TRUE, nullptr), 0);
  void* buffer = nullptr;
  std::size_t length = 0;
  ASSERT_EQ(vips_image_write_to_buffer(blue, ".png", &buffer, &length, nullptr), 0);
  std::string png(static_cast<const char*>(buffer), length);
  g_free(buffer);
  g_object_unref(blue);
  g_object_unref(black);

  auto processed = process_image(png);
  VipsImage* stored =
      vips_image_new_from_buffer(processed.original.bytes.data(), processed.original.bytes.size(), "", nullptr);
  ASSERT_NE(stored, nullptr);
  double* pixel = nullptr;
  int bands = 0;
  ASSERT_EQ(vips_getpoint(stored, &pixel, &bands, 5, 5, nullptr), 0);
  ASSERT_EQ(bands, 3);
  EXPECT_EQ(pixel[0], 0);
  EXPECT_EQ(pixel[1], 0);
  EXPECT_EQ(pixel[2], 45);
  g_free(pixel);
  g_object_unref(stored);
}

TEST(uploads_image, WebpFilesCarryNoExifOrXmpChunk) {
  auto processed = process_image(make(1000, 400, ".png"));
  int webps = 0;
  for (const auto& v : processed.variants) {
    if (v.extension != "webp") continue;
    ++webps;
    ASSERT_GT(v.bytes.size(), 30u);
    EXPECT_EQ(v.bytes.find("EXIF"), std::string::npos) << v.width;
    EXPECT_EQ(v.bytes.find("XMP "), std::string::npos) << v.width;
    if (v.bytes.compare(12, 4, "VP8X") == 0) {
      EXPECT_EQ(v.bytes[20] & 0x0C, 0) << v.width;
    }
    // Still a WebP libvips reads, of the right width.
    VipsImage* image = vips_image_new_from_buffer(v.bytes.data(), v.bytes.size(), "", nullptr);
    ASSERT_NE(image, nullptr) << v.width;
    EXPECT_EQ(vips_image_get_width(image), std::min(v.width, 1000));
    g_object_unref(image);
  }
  EXPECT_EQ(webps, 3);
}

TEST(uploads_image, AFileThatIsNotOneOfTheFourFormatsIsRefusedWith415) {
  auto tiff = make(20, 20, ".tif");
  try {
    process_image(tiff);
    FAIL() << "a TIFF was accepted";
  } catch (const blog::error& e) {
    EXPECT_EQ(e.kind(), blog::error_kind::unsupported_type);
  }
}

TEST(uploads_image, WhenEveryDecodingPlaceIsTakenAnUploadIsRefusedWith503) {
  auto png = make(50, 50, ".png");
  std::vector<blog::uploads::image_slot> taken;
  for (unsigned i = 0; i < blog::uploads::max_images_in_flight(); ++i) {
    taken.push_back(blog::uploads::try_image_slot());
    ASSERT_TRUE(taken.back());
  }
  EXPECT_FALSE(blog::uploads::try_image_slot());
  try {
    process_image(png);
    FAIL() << "decoded past the limit";
  } catch (const blog::error& e) {
    EXPECT_EQ(e.kind(), blog::error_kind::unavailable);
    EXPECT_EQ(e.retry_after(), 2u);
  }
  taken.pop_back();
  EXPECT_NO_THROW(process_image(png));
}

TEST(uploads_image, AShippedSvgIsDrawnAtTheWantedWidthAndSvgloadIsBlockedAgainAfterwards) {
  const std::string svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 160 90\" width=\"160\" height=\"90\">"
      "<rect width=\"160\" height=\"90\" fill=\"#0f172a\"/></svg>";
  auto jpeg = blog::uploads::rasterise_trusted_svg(svg, 640);
  ASSERT_EQ(blog::uploads::detect_image(jpeg)->extension, "jpg");
  auto drawn = process_image(jpeg);
  EXPECT_EQ(drawn.width, 640);
  EXPECT_EQ(drawn.height, 360);

  // Anything after it, an upload included, finds the SVG loader blocked as before.
  VipsImage* out = nullptr;
  EXPECT_NE(vips_svgload_buffer(const_cast<char*>(svg.data()), svg.size(), &out, nullptr), 0);
  if (out) g_object_unref(out);
  vips_error_clear();
  EXPECT_THROW(blog::uploads::rasterise_trusted_svg("<html>not an svg</html>", 640), std::runtime_error);
  EXPECT_NE(vips_svgload_buffer(const_cast<char*>(svg.data()), svg.size(), &out, nullptr), 0);
  if (out) g_object_unref(out);
  vips_error_clear();
}
