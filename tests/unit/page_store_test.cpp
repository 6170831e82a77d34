// Post pages on disk: appended to packs, the newest version kept, nothing but pages read back,
// torn or damaged records never served, dead records compacted away.
#include "blog/readmodel/page_store.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <future>
#include <random>

using blog::readmodel::page_store;

namespace {

struct temp_folder {
  std::filesystem::path path =
      std::filesystem::temp_directory_path() /
      ("page-store-" + std::to_string(std::random_device{}()) + "-" + std::to_string(getpid()));
  ~temp_folder() { std::filesystem::remove_all(path); }
};

std::vector<std::filesystem::path> packs_in(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> packs;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".pack") packs.push_back(e.path());
  return packs;
}

// A compaction of `store` started on a thread of its own and held once it has copied the live
// pages, until release() (or the end of this object).
class held_compaction {
 public:
  explicit held_compaction(page_store& store) {
    auto released = go_on_.get_future().share();
    store.on_compaction_copied([this, released] {
      copying_.set_value();
      released.wait();
    });
    running_ = std::async(std::launch::async, [&store] { store.compact_when_worth_it(); });
    copying_.get_future().wait();
  }
  ~held_compaction() { release(); }
  void release() {
    if (released_) return;
    released_ = true;
    go_on_.set_value();
    running_.get();
  }

 private:
  std::promise<void> copying_, go_on_;
  std::future<void> running_;
  bool released_ = false;
};

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
  EXPECT_EQ(store.stats().live_bytes, 24u + 9u) << "the older version's record is dead";
  store.remove(7);
  EXPECT_EQ(store.load(7, 2000), std::nullopt);
  EXPECT_EQ(store.size(), 0u);
  EXPECT_EQ(packs_in(dir.path).size(), 1u) << "one pack, no file per page";
}

TEST(page_store, a_restart_finds_its_pages_and_drops_leftovers) {
  temp_folder dir;
  {
    page_store store(dir.path);
    store.save(1, 10, "one");
    store.save(2, 20, "two");
    store.save(3, 30, "three");
    store.save(4, 40, "four");
    store.remove(4);
  }
  // What an older node leaves (a file per page, and a temporary copy), and a stranger.
  std::ofstream(dir.path / "4-40.br.tmp123-1") << "half";
  std::ofstream(dir.path / "2-15.br") << "older two";
  std::ofstream(dir.path / "notes.txt") << "not a page";
  page_store again(dir.path);
  EXPECT_EQ(again.size(), 3u);
  EXPECT_EQ(again.load(2, 20), "two");
  EXPECT_EQ(again.load(4, 40), std::nullopt) << "dropped before the restart";
  EXPECT_FALSE(std::filesystem::exists(dir.path / "4-40.br.tmp123-1"));
  EXPECT_FALSE(std::filesystem::exists(dir.path / "2-15.br"));
  EXPECT_TRUE(std::filesystem::exists(dir.path / "notes.txt"));
  // Posts deleted while the node was down.
  EXPECT_EQ(again.remove_all_but({1, 3}), 1u);
  EXPECT_EQ(again.load(2, 20), std::nullopt);
  EXPECT_EQ(again.load(3, 30), "three");
  page_store third(dir.path);
  EXPECT_EQ(third.size(), 2u) << "the drops are on disk too";
  EXPECT_EQ(third.load(1, 10), "one");
}

TEST(page_store, a_torn_end_is_cut_and_a_damaged_page_is_never_served) {
  temp_folder dir;
  {
    page_store store(dir.path);
    store.save(1, 10, "first page");
    store.save(2, 20, "second page");
    store.save(3, 30, "third page, torn by a crash");
  }
  auto pack = packs_in(dir.path).at(0);
  const auto whole = std::filesystem::file_size(pack);
  std::filesystem::resize_file(pack, whole - 5);  // the last record lost its end
  {
    // A bit of the second page gone bad.
    std::fstream f(pack, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(24 + 10 + 24 + 3);
    f.put('X');
  }
  page_store again(dir.path);
  EXPECT_EQ(again.load(1, 10), "first page");
  EXPECT_EQ(again.load(2, 20), std::nullopt) << "its CRC does not match";
  EXPECT_FALSE(again.has(3, 30));
  EXPECT_EQ(std::filesystem::file_size(pack), 24u + 10u + 24u + 11u) << "cut before the torn record";
  again.save(3, 31, "third page, again");
  page_store third(dir.path);
  EXPECT_EQ(third.load(3, 31), "third page, again") << "appended after the cut";
}

TEST(page_store, dead_records_outweighing_the_live_ones_are_compacted_away) {
  temp_folder dir;
  const std::string big(1 << 20, 'p');
  {
    page_store store(dir.path);
    store.save(1, 1, "a small page that stays");
    for (int version = 1; version <= 20; ++version) store.save(2, version, big + std::to_string(version));
    store.save(3, 3, "another small one");
    store.compact_when_worth_it();
    auto u = store.stats();
    EXPECT_LT(u.bytes, 6u << 20) << "20 MB written, compacted: " << u.bytes << " bytes for " << u.live_bytes << " live";
    EXPECT_EQ(u.packs, 1u);
    EXPECT_EQ(store.load(2, 20), big + "20");
    EXPECT_EQ(store.load(1, 1), "a small page that stays");
  }
  EXPECT_EQ(packs_in(dir.path).size(), 1u) << "the old packs are gone";
  page_store again(dir.path);
  EXPECT_EQ(again.size(), 3u);
  EXPECT_EQ(again.load(2, 20), big + "20");
  EXPECT_EQ(again.load(3, 3), "another small one");
  EXPECT_FALSE(again.has(2, 19));
}

TEST(page_store, loads_and_saves_go_on_while_a_compaction_copies_and_what_they_saved_wins) {
  temp_folder dir;
  const std::string big(1 << 20, 'p');
  {
    page_store store(dir.path);
    store.save(1, 1, "a small page that stays");
    store.save(4, 4, "a page removed during the copy");
    store.save(5, 5, "a page replaced during the copy");
    for (int version = 1; version <= 20; ++version) store.save(2, version, big + std::to_string(version));
    held_compaction compaction(store);
    // The compaction has copied every live page and is held there: none of this may wait for it.
    auto during = std::async(std::launch::async, [&] {
      auto page = store.load(2, 20);
      store.save(3, 3, "a page saved during the copy");
      store.save(5, 6, "the page of post 5, replaced");
      store.remove(4);
      return page;
    });
    const bool waited = during.wait_for(std::chrono::seconds(10)) != std::future_status::ready;
    compaction.release();
    ASSERT_FALSE(waited) << "a load or a save waited for the compaction";
    EXPECT_EQ(during.get(), big + "20");
    auto u = store.stats();
    EXPECT_EQ(u.packs, 1u);
    EXPECT_LT(u.bytes, 2u << 20) << "20 MB written, compacted: " << u.bytes << " bytes";
    EXPECT_EQ(store.load(1, 1), "a small page that stays");
    EXPECT_EQ(store.load(2, 20), big + "20");
    EXPECT_EQ(store.load(3, 3), "a page saved during the copy");
    EXPECT_EQ(store.load(5, 6), "the page of post 5, replaced");
    EXPECT_FALSE(store.has(5, 5));
    EXPECT_FALSE(store.has(4, 4)) << "a page removed during the copy does not come back";
  }
  EXPECT_EQ(packs_in(dir.path).size(), 1u) << "the old packs and the saves' pack are gone";
  page_store again(dir.path);
  EXPECT_EQ(again.size(), 4u);
  EXPECT_EQ(again.load(2, 20), big + "20");
  EXPECT_EQ(again.load(3, 3), "a page saved during the copy");
  EXPECT_EQ(again.load(5, 6), "the page of post 5, replaced");
  EXPECT_FALSE(again.has(4, 4));
}

TEST(page_store, a_restart_in_the_middle_of_a_compaction_replays_the_saves_made_during_it_last) {
  temp_folder dir;
  const std::string big(1 << 20, 'p');
  {
    page_store store(dir.path);
    store.save(5, 5, "the old page of post 5");
    for (int version = 1; version <= 20; ++version) store.save(2, version, big + std::to_string(version));
    held_compaction compaction(store);
    store.save(5, 6, "the new page of post 5");
    // What a crash leaves before the new pack is renamed in: the old packs, the saves' pack and
    // the unfinished copy. A store opened on it now reads that.
    page_store crashed(dir.path);
    EXPECT_EQ(crashed.load(5, 6), "the new page of post 5");
    EXPECT_FALSE(crashed.has(5, 5));
    EXPECT_EQ(crashed.load(2, 20), big + "20");
  }
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
