// The persistent map behaves as an ordered map, and older versions stay as they were.
#include "blog/readmodel/persistent_map.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>
#include <vector>

using blog::readmodel::persistent_map;

namespace {

template <class Map>
std::vector<std::pair<int, std::string>> items_of(const Map& m) {
  std::vector<std::pair<int, std::string>> items;
  for (const auto& [k, v] : m) items.emplace_back(k, v);
  return items;
}

}  // namespace

TEST(PersistentMap, RandomSetsAndErasesMatchAnOrderedMapInEveryVersion) {
  std::mt19937 rng(7);
  std::vector<persistent_map<int, std::string>> versions(1);
  std::vector<std::map<int, std::string>> expected(1);
  for (int step = 0; step < 3000; ++step) {
    int key = static_cast<int>(rng() % 500);
    auto next = expected.back();
    if (rng() % 3 == 0) {
      next.erase(key);
      versions.push_back(versions.back().erase(key));
    } else {
      next[key] = std::to_string(step);
      versions.push_back(versions.back().set(key, std::to_string(step)));
    }
    expected.push_back(std::move(next));
  }
  for (std::size_t i = 0; i < versions.size(); i += 97) {
    std::vector<std::pair<int, std::string>> want(expected[i].begin(), expected[i].end());
    EXPECT_EQ(items_of(versions[i]), want) << "version " << i;
    EXPECT_EQ(versions[i].size(), expected[i].size());
  }
  const auto& last = versions.back();
  for (int key = -1; key <= 500; ++key) {
    auto want = expected.back().find(key);
    const auto* got = last.find(key);
    ASSERT_EQ(got != nullptr, want != expected.back().end()) << key;
    if (got) {
      EXPECT_EQ(*got, want->second);
    }
    auto bound = last.upper_bound(key);
    auto want_bound = expected.back().upper_bound(key);
    ASSERT_EQ(bound == last.end(), want_bound == expected.back().end()) << key;
    if (want_bound != expected.back().end()) {
      EXPECT_EQ(bound->first, want_bound->first);
    }
  }
}

TEST(PersistentMap, ValuesRunInKeyOrderUnderACustomOrder) {
  persistent_map<int, int, std::greater<int>> m;
  for (int i : {3, 9, 1, 7}) m = m.set(i, i * 10);
  std::vector<int> values;
  for (int v : m.values()) values.push_back(v);
  EXPECT_EQ(values, (std::vector<int>{90, 70, 30, 10}));
  EXPECT_EQ(m.upper_bound(7)->first, 3);
}

TEST(PersistentMap, StaysShallowWhenKeysArriveInOrder) {
  // 100,000 ascending ids, as posts are created: the tree must not degenerate into a list, or
  // the recursive set/erase would be linear and deep.
  persistent_map<int, int> m;
  for (int i = 0; i < 100'000; ++i) m = m.set(i, i);
  auto it = m.upper_bound(49'999);
  EXPECT_EQ(it->first, 50'000);
  EXPECT_EQ(m.size(), 100'000U);
}

TEST(PersistentMap, AMapBuiltFromItemsAtOnceMatchesOneBuiltBySetsAndKeepsWorking) {
  std::mt19937 rng(11);
  std::vector<std::pair<int, std::string>> items;
  std::map<int, std::string> expected;
  for (int i = 0; i < 2000; ++i) {
    int key = static_cast<int>(rng() % 5000);
    items.emplace_back(key, std::to_string(i));
    expected.emplace(key, std::to_string(i));  // of equal keys the first stays
  }
  auto built = persistent_map<int, std::string>::from_items(items);
  std::vector<std::pair<int, std::string>> want(expected.begin(), expected.end());
  EXPECT_EQ(items_of(built), want);
  EXPECT_EQ(built.size(), expected.size());
  // The same shape as sets make: later sets and erases stay ordered and balanced.
  auto changed = built.set(-1, "first").erase(want[10].first).set(6000, "last");
  expected.erase(want[10].first);
  expected[-1] = "first";
  expected[6000] = "last";
  const std::vector<std::pair<int, std::string>> now(expected.begin(), expected.end());
  EXPECT_EQ(items_of(changed), now);
  EXPECT_EQ(items_of(built), want) << "the built version is unchanged";
  using map = persistent_map<int, std::string>;
  EXPECT_TRUE(map::from_items({}).empty());
}
