// Post pages on disk: one file per post, the newest version kept, nothing but pages read back.
#include "blog/readmodel/page_store.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <random>

using blog::readmodel::page_store;

namespace {

struct temp_folder {
  std::filesystem::path path =
      std::filesystem::temp_directory_path() /
      ("page-store-" + std::to_string(std::random_device{}()) + "-" + std::to_string(getpid()));
  ~temp_folder() { std::filesystem::remove_all(path); }
};

std::size_t files_in(const std::filesystem::path& dir) {
  std::size_t n = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++n;
  return n;
}

}  // namespace

TEST(page_store, keeps_the_page_of_the_version_it_was_made_from) {
  temp_folder dir;
  page_store store(dir.path);
  store.save(7, 1000, "brotli v1");
  EXPECT_TRUE(store.has(7, 1000));
  EXPECT_FALSE(store.has(7, 999));
  EXPECT_EQ(store.load(7, 1000), "brotli v1");
  EXPECT_EQ(store.load(7, 2000), std::nullopt) << "a page of another version is not this one's";
  store.save(7, 2000, "brotli v2");
  EXPECT_EQ(store.load(7, 2000), "brotli v2");
  EXPECT_FALSE(store.has(7, 1000));
  EXPECT_EQ(files_in(dir.path), 1u) << "the older version's file is gone";
  store.remove(7);
  EXPECT_EQ(store.load(7, 2000), std::nullopt);
  EXPECT_EQ(files_in(dir.path), 0u);
}

TEST(page_store, a_restart_finds_its_pages_and_drops_leftovers) {
  temp_folder dir;
  {
    page_store store(dir.path);
    store.save(1, 10, "one");
    store.save(2, 20, "two");
    store.save(3, 30, "three");
  }
  // What a crash or an older node can leave: a half-written file, two versions, a stranger.
  std::ofstream(dir.path / "4-40.br.tmp") << "half";
  std::ofstream(dir.path / "2-15.br") << "older two";
  std::ofstream(dir.path / "notes.txt") << "not a page";
  page_store again(dir.path);
  EXPECT_EQ(again.size(), 3u);
  EXPECT_EQ(again.load(2, 20), "two");
  EXPECT_FALSE(std::filesystem::exists(dir.path / "4-40.br.tmp"));
  EXPECT_FALSE(std::filesystem::exists(dir.path / "2-15.br"));
  EXPECT_EQ(again.load(4, 40), std::nullopt);
  // Posts deleted while the node was down.
  EXPECT_EQ(again.remove_all_but({1, 3}), 1u);
  EXPECT_EQ(again.load(2, 20), std::nullopt);
  EXPECT_EQ(again.load(3, 30), "three");
}

TEST(page_store, an_unwritable_folder_keeps_nothing_and_fails_nothing) {
  temp_folder dir;
  std::filesystem::create_directories(dir.path);
  std::ofstream(dir.path / "file") << "x";
  page_store store(dir.path / "file" / "pages");  // a folder under a file cannot exist
  store.save(1, 10, "one");
  EXPECT_FALSE(store.has(1, 10));
  EXPECT_EQ(store.load(1, 10), std::nullopt);
}
