// The incremental read model answers as one rebuilt from scratch would: after random creates,
// updates (language, publication, time) and deletes, every list page, cursor and lookup matches
// a plain sort of the posts.
#include "blog/readmodel/read_model.hpp"
#include "blog/domain/paging.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <random>
#include <thread>

using blog::readmodel::page_request;
using blog::readmodel::read_model;

namespace {

blog::posts::post random_post(int id, std::mt19937& rng, std::int64_t now) {
  blog::posts::post p;
  p.id = id;
  p.title = "Post " + std::to_string(id) + " v" + std::to_string(rng() % 1000);
  p.slug = "post-" + std::to_string(id);
  p.content = "Body";
  p.content_html = "<p>Body</p>";
  p.excerpt = "Body";
  p.category = "Fintech";
  p.language = rng() % 2 ? "en" : "cs";
  p.published = rng() % 5 != 0;
  // A few share a time (the id breaks the tie); some lie in the future (scheduled).
  p.published_at_ms = now - static_cast<std::int64_t>(rng() % 50) * 1000 + (rng() % 10 == 0 ? 3'600'000 : 0);
  return p;
}

std::string cards_of(const std::vector<const blog::posts::post*>& posts, std::size_t from, std::size_t to) {
  std::string body = "[";
  for (std::size_t i = from; i < to && i < posts.size(); ++i) {
    if (i > from) body += ',';
    body += read_model::make_entry(*posts[i])->card();
  }
  return body + "]";
}

}  // namespace

TEST(ReadModelIncremental, ListsAndLookupsMatchASortOfThePostsAfterRandomChanges) {
  std::mt19937 rng(11);
  auto now = blog::posts::now_ms();
  read_model model;
  std::map<int, blog::posts::post> truth;
  for (int round = 0; round < 60; ++round) {
    std::vector<int> changed;
    std::vector<blog::posts::post> loaded;
    for (int i = 0; i < 8; ++i) {
      int id = 1 + static_cast<int>(rng() % 120);
      if (std::find(changed.begin(), changed.end(), id) != changed.end()) continue;
      changed.push_back(id);
      if (rng() % 4 == 0) {
        truth.erase(id);
      } else {
        truth[id] = random_post(id, rng, now);
        loaded.push_back(truth[id]);
      }
    }
    model.apply(changed, loaded);
  }
  auto snap = model.current();
  for (const std::string language : {"en", "cs"}) {
    std::vector<const blog::posts::post*> expected;
    for (const auto& [id, p] : truth)
      if (p.visible_at(blog::posts::now_ms()) && (language == "cs" || p.language == "en")) expected.push_back(&p);
    std::sort(expected.begin(), expected.end(), [](const auto* a, const auto* b) {
      return a->published_at_ms != b->published_at_ms ? a->published_at_ms > b->published_at_ms : a->id > b->id;
    });
    ASSERT_GT(expected.size(), 12U);

    // The pre-serialised first page.
    auto first = snap->list(page_request{language, 12, "", ""});
    ASSERT_TRUE(first.ready);
    auto body = cards_of(expected, 0, 12);
    EXPECT_TRUE(first.ready->bytes.ends_with(body)) << language;

    // Every page of 5 by cursor, as a client walks them.
    std::string cursor;
    std::size_t at = 0;
    for (int guard = 0; guard < 100; ++guard) {
      auto page = snap->list(page_request{language, 5, cursor, ""});
      EXPECT_EQ(page.cards_json, cards_of(expected, at, at + 5)) << language << " from " << at;
      at += 5;
      cursor = page.next_cursor;
      if (cursor.empty()) break;
      EXPECT_EQ(cursor, blog::domain::keyset_cursor({expected[at - 1]->published_at_ms, expected[at - 1]->id}));
    }
    EXPECT_GE(at, expected.size());

    std::vector<int> visible_ids;
    for (const auto* e : snap->visible(language)) visible_ids.push_back(e->post.id);
    std::vector<int> expected_ids;
    for (const auto* p : expected) expected_ids.push_back(p->id);
    EXPECT_EQ(visible_ids, expected_ids);
  }
  EXPECT_EQ(snap->entries().size(), truth.size());
  for (int id = 1; id <= 120; ++id) {
    auto it = truth.find(id);
    const auto* by_id = snap->by_id(id);
    const auto* by_slug = snap->by_slug("post-" + std::to_string(id));
    ASSERT_EQ(by_id != nullptr, it != truth.end()) << id;
    EXPECT_EQ(by_slug, by_id);
    if (by_id) {
      EXPECT_EQ(by_id->post.title, it->second.title);
    }
  }
}

TEST(ReadModelIncremental, AScheduledPostJoinsTheListWhenItsTimeComes) {
  read_model model;
  auto now = blog::posts::now_ms();
  blog::posts::post p;
  p.id = 1;
  p.slug = "soon";
  p.title = "Soon";
  p.category = "Fintech";
  p.language = "en";
  p.published = true;
  p.published_at_ms = now + 300;
  model.apply({1}, {p});
  std::size_t before = 0;
  for (const auto* e : model.current()->visible("en")) before += e != nullptr;
  EXPECT_EQ(before, 0U);
  std::this_thread::sleep_for(std::chrono::milliseconds(350));
  std::size_t after = 0;
  for (const auto* e : model.current()->visible("en")) after += e != nullptr;
  EXPECT_EQ(after, 1U);
}
