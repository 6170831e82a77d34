// The node's disk copy of uploads: only upload-shaped names become files, a copy reads back as the
// image it was, and a disk that refuses copies costs nothing but the copy.
#include "blog/media/file_cache.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

namespace fs = std::filesystem;
using blog::uploads::file_cache;

namespace {

const std::string sha(64, 'a');

// A real PNG signature and header: enough for the cache to know the type.
std::string png() {
  return std::string("\x89PNG\r\n\x1A\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1F\x15\xC4\x89", 33);
}

struct scratch {
  fs::path dir = fs::temp_directory_path() / ("blog-file-cache-" + std::to_string(std::random_device{}()));
  ~scratch() {
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }
};

}  // namespace

TEST(UploadFileCache, OnlyTheNamesOfUploadsAndTheirVariantsAreFileNames) {
  EXPECT_TRUE(file_cache::is_upload_name(sha + ".png"));
  EXPECT_TRUE(file_cache::is_upload_name(sha + "-480.webp"));
  EXPECT_TRUE(file_cache::is_upload_name(sha + "-1600.jpg"));
  EXPECT_FALSE(file_cache::is_upload_name(sha + ".svg"));
  EXPECT_FALSE(file_cache::is_upload_name(std::string(64, 'A') + ".png"));
  EXPECT_FALSE(file_cache::is_upload_name(sha.substr(1) + ".png"));
  EXPECT_FALSE(file_cache::is_upload_name("../" + sha + ".png"));
  EXPECT_FALSE(file_cache::is_upload_name(sha + "/../x.png"));
  EXPECT_FALSE(file_cache::is_upload_name(sha + "-.png"));
  EXPECT_FALSE(file_cache::is_upload_name(sha + "-48a.png"));
  EXPECT_FALSE(file_cache::is_upload_name(sha + ".png.tmp1"));
  EXPECT_FALSE(file_cache::is_upload_name(""));
}

TEST(UploadFileCache, ACopyReadsBackAsTheImageItWas) {
  scratch s;
  file_cache cache(s.dir);
  EXPECT_FALSE(cache.get(sha + ".png"));
  cache.put(sha + ".png", png());
  auto copy = cache.get(sha + ".png");
  ASSERT_TRUE(copy);
  EXPECT_EQ(copy->bytes, png());
  EXPECT_EQ(copy->content_type, "image/png");
  // Nothing but the file itself is left behind.
  EXPECT_EQ(std::distance(fs::directory_iterator(s.dir), fs::directory_iterator()), 1);
}

TEST(UploadFileCache, AFileThatIsNotAnImageIsNoCopy) {
  scratch s;
  fs::create_directories(s.dir);
  std::ofstream(s.dir / (sha + ".png")) << "half a fi";
  file_cache cache(s.dir);
  EXPECT_FALSE(cache.get(sha + ".png"));
  cache.put(sha + ".gif", "<svg onload=alert(1)>");
  EXPECT_FALSE(cache.get(sha + ".gif"));
}

TEST(UploadFileCache, ADiskThatRefusesCopiesCostsOnlyTheCopy) {
  scratch s;
  std::ofstream(s.dir) << "a file where the folder should be";  // refused even for root
  file_cache cache(s.dir);
  EXPECT_NO_THROW(cache.put(sha + ".png", png()));
  EXPECT_FALSE(cache.get(sha + ".png"));
}
