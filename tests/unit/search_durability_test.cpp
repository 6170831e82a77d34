// The index commits without fsyncs: a killed process keeps its commits, a crashed machine rebuilds.
#include "blog/search/index.hpp"
#include "blog/search/index_store.hpp"

#include <gtest/gtest.h>

#include "temp_dir.hpp"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

namespace {

namespace fs = std::filesystem;
using blog::search::index;
using blog::search::index_store;
using blog::search::post_doc;

class temp_dir : public blog::testing::temp_dir {
 public:
  temp_dir() : blog::testing::temp_dir("search-durable") {}
};

post_doc post(std::int64_t id) {
  post_doc p;
  p.id = id;
  p.title = "Platba " + std::to_string(id);
  p.body_text = "Okamžité platby mezi bankami.";
  p.language = "cs";
  p.category = "Fintech";
  p.published = true;
  p.published_at_ms = 1'700'000'000'000;
  return p;
}

std::string this_boot() {
  std::ifstream in("/proc/sys/kernel/random/boot_id");
  std::string id;
  std::getline(in, id);
  return id;
}

// The folder as a process killed right after its commit leaves it: the marker still there.
void copy_while_open(const fs::path& from, const fs::path& to) {
  fs::copy(from, to, fs::copy_options::recursive);
}

TEST(SearchDurability, ACommitLeavesTheMarkerUntilSynced) {
  temp_dir dir;
  index idx(dir.path() / "gen");
  idx.replace(post(1));
  idx.commit(7);
  ASSERT_TRUE(fs::exists(dir.path() / "gen" / "unsynced"));
  std::ifstream marker(dir.path() / "gen" / "unsynced");
  std::string boot;
  std::getline(marker, boot);
  EXPECT_EQ(boot, this_boot());
  EXPECT_TRUE(idx.sync());
  EXPECT_FALSE(fs::exists(dir.path() / "gen" / "unsynced"));
  EXPECT_TRUE(idx.sync());  // nothing left to do
  idx.replace(post(2));
  idx.commit(8);
  EXPECT_TRUE(fs::exists(dir.path() / "gen" / "unsynced"));
}

TEST(SearchDurability, AKilledProcessOfThisBootKeepsItsCommits) {
  temp_dir dir;
  {
    index idx(dir.path() / "gen");
    idx.replace(post(1));
    idx.replace(post(2));
    idx.commit(9);
    copy_while_open(dir.path() / "gen", dir.path() / "killed");
  }
  index reopened(dir.path() / "killed");
  EXPECT_EQ(reopened.last_seq(), 9);
  EXPECT_EQ(reopened.all_ids(), (std::vector<std::int64_t>{1, 2}));
  EXPECT_TRUE(reopened.sync());
  EXPECT_FALSE(fs::exists(dir.path() / "killed" / "unsynced"));
}

TEST(SearchDurability, CommitsOfAnotherBootAreNotTrusted) {
  temp_dir dir;
  {
    index idx(dir.path() / "gen");
    idx.replace(post(1));
    idx.commit(9);
    copy_while_open(dir.path() / "gen", dir.path() / "crashed");
  }
  {
    std::ofstream marker(dir.path() / "crashed" / "unsynced", std::ios::trunc);
    marker << "a-boot-before-the-power-cut";
  }
  index reopened(dir.path() / "crashed");
  EXPECT_EQ(reopened.last_seq(), 0);  // the indexer rebuilds an index at 0 from PostgreSQL
  EXPECT_TRUE(reopened.all_ids().empty());
  EXPECT_FALSE(fs::exists(dir.path() / "crashed" / "unsynced"));
}

TEST(SearchDurability, AClosedIndexIsSynced) {
  temp_dir dir;
  {
    index idx(dir.path() / "gen");
    idx.replace(post(1));
    idx.commit(3);
  }
  EXPECT_FALSE(fs::exists(dir.path() / "gen" / "unsynced"));
  index reopened(dir.path() / "gen");
  EXPECT_EQ(reopened.last_seq(), 3);
}

TEST(SearchDurability, TheStoreSyncsTheCurrentGenerationByItself) {
  temp_dir dir;
  index_store store(dir.path() / "index");
  auto live = store.current();
  live->replace(post(1));
  live->commit(4);
  const auto marker = fs::canonical(live->dir()) / "unsynced";
  ASSERT_TRUE(fs::exists(marker));
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (fs::exists(marker) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(fs::exists(marker));
}

}  // namespace
