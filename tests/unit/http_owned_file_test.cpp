// An answer's own file (a site export) never stays on disk: the answer's last copy removes it,
// sent or dropped (a client gone before it was sent, the server stopping).
#include "blog/wire/message.hpp"

#include "temp_dir.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <optional>

namespace {

using blog::http::owned_file;
using blog::http::response;

std::filesystem::path written(const std::filesystem::path& file) {
  std::ofstream(file, std::ios::binary) << "archive bytes";
  return file;
}

TEST(OwnedFile, AnAnswerDroppedUnsentRemovesItsFile) {
  blog::testing::temp_dir dir("owned-file");
  const auto file = written(dir.path() / "export-1.tar.gz");
  {
    auto res = response::text(200, "", "application/gzip");
    res.body_file = owned_file(file.string());
    EXPECT_EQ(res.body_file.path(), file.string());
    EXPECT_TRUE(std::filesystem::exists(file));
  }
  EXPECT_FALSE(std::filesystem::exists(file));
}

TEST(OwnedFile, TheFileStaysWhileACopyOfTheAnswerLives) {
  blog::testing::temp_dir dir("owned-file");
  const auto file = written(dir.path() / "export-2.tar.gz");
  std::optional<response> kept;
  {
    response res;
    res.body_file = owned_file(file.string());
    kept = res;
  }
  EXPECT_TRUE(std::filesystem::exists(file));
  kept.reset();
  EXPECT_FALSE(std::filesystem::exists(file));
}

TEST(OwnedFile, AFileRemovedAlreadyIsNoError) {
  blog::testing::temp_dir dir("owned-file");
  const auto file = written(dir.path() / "export-3.tar.gz");
  {
    response res;
    res.body_file = owned_file(file.string());
    std::filesystem::remove(file);  // as the server does once it has opened it
  }
  EXPECT_FALSE(std::filesystem::exists(file));
  EXPECT_TRUE(response{}.body_file.empty());
}

}  // namespace
