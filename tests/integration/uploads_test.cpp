// Uploads over HTTP (issue 10): only real JPEG, PNG, GIF and WebP images, re-encoded without metadata,
// bombs refused from their header, the six resized variants of every upload, the per-account rate
// and quota, and uploads and categories for approved authors and admins only. Test images are made
// here with libvips.
#include "support/harness.hpp"
#include "support/sql.hpp"

#include <gtest/gtest.h>
#include <vips/vips.h>
#include <boost/json.hpp>

#include <cstdint>
#include <memory>
#include <random>

using blog::test::http_client;
using blog::test::http_response;
using blog::test::test_server;

namespace {

struct unref {
  void operator()(VipsImage* image) const { g_object_unref(image); }
};
using image_ptr = std::unique_ptr<VipsImage, unref>;

std::string json(const boost::json::object& o) {
  return boost::json::serialize(o);
}

void start_vips() {
  static bool started = [] { return VIPS_INIT("uploads_test") == 0; }();
  ASSERT_TRUE(started);
}

// A w×h sRGB image: flat colour, or noise (which compresses badly: big files).
image_ptr make_image(int w, int h, bool noisy = false) {
  VipsImage* out = nullptr;
  if (!noisy) {
    VipsImage* black = nullptr;
    EXPECT_EQ(vips_black(&black, w, h, "bands", 3, nullptr), 0);
    EXPECT_EQ(vips_linear1(black, &out, 1.0, 120.0, "uchar", TRUE, nullptr), 0);
    g_object_unref(black);
  } else {
    VipsImage* bands[3];
    for (auto& band : bands) EXPECT_EQ(vips_gaussnoise(&band, w, h, "mean", 128.0, "sigma", 60.0, nullptr), 0);
    VipsImage* joined = nullptr;
    EXPECT_EQ(vips_bandjoin(bands, &joined, 3, nullptr), 0);
    for (auto* band : bands) g_object_unref(band);
    EXPECT_EQ(vips_cast_uchar(joined, &out, nullptr), 0);
    g_object_unref(joined);
  }
  return image_ptr(out);
}

std::string encode(VipsImage* image, const char* suffix) {
  void* buffer = nullptr;
  std::size_t length = 0;
  EXPECT_EQ(vips_image_write_to_buffer(image, suffix, &buffer, &length, nullptr), 0) << vips_error_buffer();
  std::string bytes(static_cast<const char*>(buffer), length);
  g_free(buffer);
  return bytes;
}

image_ptr decode(const std::string& bytes) {
  return image_ptr(vips_image_new_from_buffer(bytes.data(), bytes.size(), "", nullptr));
}

std::string loader_of(const std::string& bytes) {
  const char* found = vips_foreign_find_load_buffer(bytes.data(), bytes.size());
  return found ? vips_nickname_find(g_type_from_name(found)) : "";
}

// A JPEG carrying an EXIF block with a GPS position (50° 5' N), spliced in after the SOI marker.
std::string jpeg_with_gps() {
  auto plain = encode(make_image(64, 48).get(), ".jpg");
  auto u16 = [](std::string& s, unsigned v) { s += char(v & 0xFF), s += char(v >> 8); };
  auto u32 = [&](std::string& s, std::uint32_t v) { u16(s, v & 0xFFFF), u16(s, v >> 16); };
  std::string tiff = "II";
  u16(tiff, 42), u32(tiff, 8);
  u16(tiff, 1);  // IFD0: one entry, the GPS IFD's offset
  u16(tiff, 0x8825), u16(tiff, 4), u32(tiff, 1), u32(tiff, 26);
  u32(tiff, 0);
  u16(tiff, 2);                                                                      // GPS IFD at 26
  u16(tiff, 0x0001), u16(tiff, 2), u32(tiff, 2), tiff += std::string("N\0\0\0", 4);  // GPSLatitudeRef
  u16(tiff, 0x0002), u16(tiff, 5), u32(tiff, 3), u32(tiff, 56);                      // GPSLatitude
  u32(tiff, 0);
  for (std::uint32_t part : {50u, 5u, 0u}) u32(tiff, part), u32(tiff, 1);
  std::string app1 = std::string("Exif\0\0", 6) + tiff;
  std::size_t length = app1.size() + 2;
  std::string segment = "\xFF\xE1";
  segment += char(length >> 8), segment += char(length & 0xFF);
  return plain.substr(0, 2) + segment + app1 + plain.substr(2);
}

std::uint32_t crc32(const std::string& bytes) {
  std::uint32_t crc = 0xFFFFFFFFu;
  for (unsigned char byte : bytes) {
    crc ^= byte;
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

// A PNG whose header claims w×h pixels, with no pixel data at all: only a decoder would notice.
std::string png_header_only(std::uint32_t w, std::uint32_t h) {
  auto be32 = [](std::string& s, std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) s += char((v >> shift) & 0xFF);
  };
  auto chunk = [&](const std::string& type, const std::string& data) {
    std::string out;
    be32(out, static_cast<std::uint32_t>(data.size()));
    out += type + data;
    be32(out, crc32(type + data));
    return out;
  };
  std::string ihdr;
  be32(ihdr, w), be32(ihdr, h);
  ihdr += std::string("\x08\x02\x00\x00\x00", 5);  // 8-bit RGB
  // A zlib stream of nothing: the header reader stops at the first IDAT.
  return std::string("\x89PNG\r\n\x1A\n", 8) + chunk("IHDR", ihdr) +
         chunk("IDAT", std::string("\x78\x9C\x03\x00\x00\x00\x00\x01", 8)) + chunk("IEND", "");
}

http_response upload(http_client& client, const std::string& bytes, const std::string& filename = "image.bin") {
  std::string boundary = "----blogtestboundary";
  std::string body = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"image\"; filename=\"" + filename +
                     "\"\r\nContent-Type: image/png\r\n\r\n" + bytes + "\r\n--" + boundary + "--\r\n";
  return client.post("/api/upload", body, {{"Content-Type", "multipart/form-data; boundary=" + boundary}});
}

struct uploads_api : ::testing::Test {
  static test_server* server;
  static void SetUpTestSuite() { server = new test_server("uploads"); }
  static void TearDownTestSuite() { delete server; }
  void SetUp() override { start_vips(); }

  static std::unique_ptr<http_client> account(test_server& on, const std::string& name,
                                              const std::string& status = "approved",
                                              const std::string& role = "user") {
    auto client = std::make_unique<http_client>(on.url());
    const std::string password = "uploads-test-1";
    auto res = client->post("/api/register", json({{"username", name},
                                                   {"email", name + "@example.com"},
                                                   {"password", password},
                                                   {"confirmPassword", password}}));
    EXPECT_EQ(res.status, 201) << res.body;
    on.sql("UPDATE users SET approval_status = '" + status + "', role = '" + role + "' WHERE username = '" + name +
           "'");
    return client;
  }
  static std::unique_ptr<http_client> account(const std::string& name, const std::string& status = "approved",
                                              const std::string& role = "user") {
    return account(*server, name, status, role);
  }

  // Uploads, expects 201, and returns the URL.
  static std::string uploaded(http_client& client, const std::string& bytes) {
    auto res = upload(client, bytes);
    EXPECT_EQ(res.status, 201) << res.body;
    return res.status == 201 ? std::string(res.json().at("url").as_string()) : "";
  }
};

test_server* uploads_api::server = nullptr;

}  // namespace

TEST_F(uploads_api, PendingAndRejectedAccountsMayNeitherUploadNorCreateCategories) {
  auto png = encode(make_image(20, 20).get(), ".png");
  for (auto [status, message] : {std::pair{"pending", "Your account is pending approval"},
                                 std::pair{"rejected", "Your account request was rejected"}}) {
    auto user = account(std::string("u_") + status, status);
    auto res = upload(*user, png);
    EXPECT_EQ(res.status, 403) << status;
    EXPECT_EQ(res.json().at("message").as_string(), message);
    res = user->post("/api/categories", json({{"name", std::string("Category of ") + status}}));
    EXPECT_EQ(res.status, 403) << status;
    EXPECT_EQ(res.json().at("message").as_string(), message);
  }
  server->sql(
      "DO $$ BEGIN IF EXISTS (SELECT 1 FROM custom_categories WHERE name LIKE 'Category of %') "
      "THEN RAISE EXCEPTION 'a category was created'; END IF; END $$");
  auto author = account("u_author_cat");
  EXPECT_EQ(upload(*author, png).status, 201);
  EXPECT_EQ(author->post("/api/categories", json({{"name", "Category of an author"}})).status, 201);
  auto admin = account("u_admin_cat", "pending", "admin");
  EXPECT_EQ(upload(*admin, png).status, 201);
  EXPECT_EQ(admin->post("/api/categories", json({{"name", "Category of an admin"}})).status, 201);
}

TEST_F(uploads_api, AnUploadThatIsNoFileInTheFieldImageIsRefusedWithWhatToSendAndNothingStored) {
  auto user = account("u_form");
  auto message = [](const http_response& res) { return std::string(res.json().at("message").as_string()); };
  // Another kind of body is refused before the handler, by the route's body kind.
  auto json_body = user->post("/api/upload", R"({"image":"a"})", {{"Content-Type", "application/json"}});
  EXPECT_EQ(json_body.status, 415);
  EXPECT_EQ(message(json_body), "Send the request body as multipart/form-data");
  auto no_boundary = user->post("/api/upload", "--x--\r\n", {{"Content-Type", "multipart/form-data"}});
  EXPECT_EQ(no_boundary.status, 400);
  EXPECT_EQ(message(no_boundary), "Send the image as multipart/form-data in the field 'image'");
  const std::string form = "multipart/form-data; boundary=b0undary";
  auto torn = user->post("/api/upload", "--b0undary\r\nContent-Disposition: form-data; name=\"image\"",
                         {{"Content-Type", form}});
  EXPECT_EQ(torn.status, 400);
  EXPECT_EQ(message(torn), "The upload is not well-formed multipart/form-data");
  auto png = encode(make_image(20, 20).get(), ".png");
  for (const auto& [field, bytes] :
       {std::pair{std::string("file"), png}, std::pair{std::string("image"), std::string()}}) {
    auto body = "--b0undary\r\nContent-Disposition: form-data; name=\"" + field +
                "\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n" + bytes + "\r\n--b0undary--\r\n";
    auto missing = user->post("/api/upload", body, {{"Content-Type", form}});
    EXPECT_EQ(missing.status, 400) << field;
    EXPECT_EQ(message(missing), "Please choose an image to upload");
    EXPECT_EQ(missing.json().at("fields").at("image").as_string(), "Please choose an image to upload");
  }
  // Neither stored nor counted against the hourly rate.
  EXPECT_EQ(blog::test::query_value(server->database_url(),
                                    "SELECT (SELECT count(*) FROM uploads u JOIN users a ON a.id = u.created_by WHERE "
                                    "a.username = 'u_form') + (SELECT count(*) FROM upload_attempts t JOIN users a ON "
                                    "a.id = t.user_id WHERE a.username = 'u_form')"),
            "0");
}

TEST_F(uploads_api, OnlyRealJpegPngGifAndWebpImagesAreAccepted) {
  auto user = account("u_types");
  const std::string invalid = "Please select a valid image file (JPEG, PNG, GIF, WEBP)";
  auto tiff = encode(make_image(30, 30).get(), ".tif");
  ASSERT_EQ(tiff.substr(0, 4), std::string("II*\0", 4));
  for (const std::string& bytes :
       {std::string("GIF89a<!doctype html><html><script>alert(document.cookie)</script></html>"),
        std::string("<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>"),
        std::string("%PDF-1.4\n1 0 obj<<>>endobj\n"), tiff, std::string("\xFF\xD8\xFF\xE0 not really a jpeg", 22),
        encode(make_image(40, 40).get(), ".png").substr(0, 60)}) {  // truncated
    auto res = upload(*user, bytes);
    EXPECT_EQ(res.status, 415) << bytes.substr(0, 20);
    EXPECT_EQ(res.json().at("message").as_string(), invalid);
  }
  for (const char* suffix : {".jpg", ".png", ".gif", ".webp"}) {
    auto url = uploaded(*user, encode(make_image(50, 40).get(), suffix));
    EXPECT_EQ(url.substr(url.rfind('.')), std::string(suffix));
    auto file = http_client(server->url()).get(url);
    ASSERT_EQ(file.status, 200);
    EXPECT_EQ(loader_of(file.body),
              std::string(suffix + 1) == "jpg" ? "jpegload_buffer" : std::string(suffix + 1) + "load_buffer");
  }
}

TEST_F(uploads_api, TheStoredImageIsAReEncodingWithoutExifGpsOrOtherMetadata) {
  auto user = account("u_exif");
  auto input = jpeg_with_gps();
  auto original = decode(input);
  ASSERT_TRUE(original);
  ASSERT_NE(vips_image_get_typeof(original.get(), "exif-data"), 0u);
  ASSERT_NE(vips_image_get_typeof(original.get(), "exif-ifd3-GPSLatitudeRef"), 0u);

  auto url = uploaded(*user, input);
  ASSERT_FALSE(url.empty());
  http_client reader(server->url());
  auto file = reader.get(url);
  ASSERT_EQ(file.status, 200);
  EXPECT_NE(file.body, input);
  EXPECT_EQ(file.body.find(std::string("Exif\0\0", 6)), std::string::npos);
  // The name is the SHA-256 of the bytes served.
  EXPECT_EQ(url, "/uploads/" + std::string(url.substr(9, 64)) + ".jpg");
  auto stored = decode(file.body);
  ASSERT_TRUE(stored);
  EXPECT_EQ(vips_image_get_width(stored.get()), 64);
  for (const char* field : {"exif-data", "exif-ifd3-GPSLatitudeRef", "xmp-data", "icc-profile-data", "iptc-data"})
    EXPECT_EQ(vips_image_get_typeof(stored.get(), field), 0u) << field;
  for (const char* variant : {"-480.jpg", "-480.webp", "-1600.webp"}) {
    auto v = reader.get(url.substr(0, url.size() - 4) + variant);
    ASSERT_EQ(v.status, 200) << variant;
    EXPECT_EQ(v.body.find(std::string("Exif\0\0", 6)), std::string::npos) << variant;
  }
}

TEST_F(uploads_api, DecompressionBombsAreRefusedFromTheirHeaderBeforeDecoding) {
  auto user = account("u_bomb");
  // No pixel data at all: a decoder would fail (415); the header alone gets the clear 400.
  for (auto [w, h] : {std::pair{30000u, 30000u}, std::pair{12001u, 10u}, std::pair{7000u, 7000u}}) {
    auto res = upload(*user, png_header_only(w, h));
    EXPECT_EQ(res.status, 400) << w << "x" << h;
    EXPECT_EQ(res.json().at("message").as_string(),
              "Image dimensions are too large (at most 12000 pixels a side and 40 megapixels)");
  }
  EXPECT_EQ(upload(*user, png_header_only(100, 100)).status, 415);
}

TEST_F(uploads_api, EveryUploadHasSixVariantsThatAreNeverUpscaled) {
  auto user = account("u_variants");
  http_client reader(server->url());
  auto width_of = [&](const std::string& url, const std::string& loader) {
    auto res = reader.get(url);
    EXPECT_EQ(res.status, 200) << url;
    EXPECT_EQ(res.header("cache-control"), "public, max-age=31536000, immutable") << url;
    EXPECT_EQ(res.header("x-content-type-options"), "nosniff") << url;
    EXPECT_EQ(res.header("content-security-policy"), "default-src 'none'; sandbox") << url;
    EXPECT_EQ(loader_of(res.body), loader) << url;
    auto image = decode(res.body);
    return image ? vips_image_get_width(image.get()) : -1;
  };

  auto wide = uploaded(*user, encode(make_image(2000, 1000).get(), ".jpg"));
  ASSERT_FALSE(wide.empty());
  auto stem = wide.substr(0, wide.size() - 4);
  EXPECT_EQ(width_of(wide, "jpegload_buffer"), 2000);
  for (int w : {480, 960, 1600}) {
    EXPECT_EQ(width_of(stem + "-" + std::to_string(w) + ".jpg", "jpegload_buffer"), w);
    EXPECT_EQ(width_of(stem + "-" + std::to_string(w) + ".webp", "webpload_buffer"), w);
  }

  auto narrow = uploaded(*user, encode(make_image(700, 300).get(), ".png"));
  ASSERT_FALSE(narrow.empty());
  stem = narrow.substr(0, narrow.size() - 4);
  EXPECT_EQ(width_of(stem + "-480.png", "pngload_buffer"), 480);
  EXPECT_EQ(width_of(stem + "-480.webp", "webpload_buffer"), 480);
  for (int w : {960, 1600}) {
    EXPECT_EQ(width_of(stem + "-" + std::to_string(w) + ".png", "pngload_buffer"), 700);
    EXPECT_EQ(width_of(stem + "-" + std::to_string(w) + ".webp", "webpload_buffer"), 700);
  }
  EXPECT_EQ(reader.get(stem + "-481.png").status, 404);
  EXPECT_EQ(reader.get(stem + "-480.svg").status, 404);
  EXPECT_EQ(reader.get("/uploads/" + std::string(64, 'a') + "-480.webp").status, 404);
}

TEST_F(uploads_api, AnAnimatedGifKeepsItsFirstFrameOnly) {
  auto user = account("u_gif");
  // Two 30×20 frames stacked: page-height tells libvips it is an animation.
  VipsImage* frames[2];
  auto first = make_image(30, 20), second = make_image(30, 20, true);
  frames[0] = first.get(), frames[1] = second.get();
  VipsImage* stacked = nullptr;
  ASSERT_EQ(vips_arrayjoin(frames, &stacked, 2, "across", 1, nullptr), 0);
  image_ptr animation(stacked);
  vips_image_set_int(animation.get(), "page-height", 20);
  auto gif = encode(animation.get(), ".gif");
  auto input = image_ptr(vips_image_new_from_buffer(gif.data(), gif.size(), "n=-1", nullptr));
  ASSERT_TRUE(input);
  ASSERT_EQ(vips_image_get_n_pages(input.get()), 2);

  auto url = uploaded(*user, gif);
  ASSERT_FALSE(url.empty());
  auto file = http_client(server->url()).get(url);
  auto stored = image_ptr(vips_image_new_from_buffer(file.body.data(), file.body.size(), "n=-1", nullptr));
  ASSERT_TRUE(stored);
  EXPECT_EQ(vips_image_get_n_pages(stored.get()), 1);
  EXPECT_EQ(vips_image_get_height(stored.get()), 20);
}

TEST_F(uploads_api, ImagesStoredBeforeVariantsExistedGetThemWhenAsked) {
  auto png = encode(make_image(1000, 500).get(), ".png");
  std::string hex;
  for (unsigned char byte : png) {
    static const char* digits = "0123456789abcdef";
    hex += digits[byte >> 4], hex += digits[byte & 15];
  }
  const std::string sha(64, 'b');
  server->sql("INSERT INTO uploads (sha256, content_type, bytes, size) VALUES ('" + sha + "', 'image/png', decode('" +
              hex + "', 'hex'), " + std::to_string(png.size()) + ")");
  http_client reader(server->url());
  auto res = reader.get("/uploads/" + sha + "-960.webp");
  ASSERT_EQ(res.status, 200);
  auto image = decode(res.body);
  ASSERT_TRUE(image);
  EXPECT_EQ(vips_image_get_width(image.get()), 960);
  EXPECT_EQ(reader.get("/uploads/" + sha + "-1600.png").status, 200);
}

TEST(uploads_limits, TheHourlyRateAndTheQuotaOfAnAccountAnswer429) {
  start_vips();
  test_server limited("uploads_limits", [](blog::config& c) {
    c.upload_rate_per_hour = 3;
    c.upload_quota_mb = 1;
  });
  auto user = uploads_api::account(limited, "u_limits");
  auto other = uploads_api::account(limited, "u_limits_other");
  auto small = encode(make_image(40, 40).get(), ".png");
  // 600×600 of noise: about 1 MB as PNG, more with its variants.
  auto big = encode(make_image(600, 600, true).get(), ".png");
  ASSERT_LT(big.size(), 5u * 1024 * 1024);

  auto res = upload(*user, big);
  EXPECT_EQ(res.status, 429);
  EXPECT_EQ(res.json().at("message").as_string(), "You have used all the storage for your images");
  EXPECT_EQ(upload(*user, small).status, 201);
  EXPECT_EQ(upload(*user, small).status, 201);
  res = upload(*user, small);
  EXPECT_EQ(res.status, 429);
  EXPECT_EQ(res.json().at("message").as_string(),
            "You have uploaded too many images in the last hour. Please try again later.");
  // The limits are the account's own.
  EXPECT_EQ(upload(*other, small).status, 201);
  // An hour later the rate allows uploads again.
  limited.sql("UPDATE upload_attempts SET attempted_at = attempted_at - interval '61 minutes'");
  EXPECT_EQ(upload(*user, small).status, 201);
}
