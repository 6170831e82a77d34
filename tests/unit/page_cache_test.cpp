// Kept server-rendered pages go stale exactly when what they show changes: a post's page when its
// post, counterpart or related posts change (or the index has moved under it for a while), a
// page of lists at any change of posts, every page when the site's settings change.
#include "blog/readmodel/page_cache.hpp"

#include <gtest/gtest.h>

using blog::readmodel::page_cache;
using blog::readmodel::page_shows;
using blog::readmodel::page_sources;
using blog::readmodel::read_model;

namespace {

blog::posts::post post_of(int id, std::string title) {
  blog::posts::post p;
  p.id = id;
  p.title = std::move(title);
  p.slug = "post-" + std::to_string(id);
  p.content = "Body";
  p.content_html = "<p>Body</p>";
  p.excerpt = "Body";
  p.category = "Fintech";
  p.language = "en";
  p.published_at_ms = blog::posts::now_ms() - 60'000;
  return p;
}

std::shared_ptr<const blog::http::encoded_answer> page(const std::string& html) {
  return blog::http::encoded_answer::build("text/html; charset=utf-8", html, "no-cache",
                                           blog::http::encoded_answer::copies::brotli);
}

struct page_cache_test : ::testing::Test {
  read_model model;
  page_cache cache{1u << 20};
  std::shared_ptr<const void> site = std::make_shared<int>(1);
  std::shared_ptr<const void> index = std::make_shared<int>(2);
  std::int64_t now = 1'000'000;

  void SetUp() override {
    model.apply({1, 2, 3, 4}, {post_of(1, "A"), post_of(2, "B"), post_of(3, "C"), post_of(4, "D")});
  }

  page_sources sources(std::uint64_t index_revision = 1) {
    return {.posts = model.current(), .site = site, .index = index, .index_revision = index_revision, .now_ms = now};
  }
  // What a post's page showing the posts `ids` shows, as of the current snapshot.
  page_shows post_page(std::initializer_list<int> ids) {
    page_shows shows;
    auto snap = model.current();
    for (int id : ids) shows.posts.emplace_back(id, snap->by_id(id) ? snap->by_id(id)->version : 0);
    return shows;
  }
};

}  // namespace

TEST_F(page_cache_test, a_posts_page_outlives_writes_to_posts_it_does_not_show) {
  cache.put(sources(), post_page({1, 2}), "/post/post-1", page("one"));
  model.apply({3}, {post_of(3, "C, edited")});
  model.apply({5}, {post_of(5, "E, new")});
  ASSERT_NE(cache.find(sources(2), "/post/post-1"), nullptr) << "a write elsewhere keeps it";
  model.apply({2}, {post_of(2, "B, edited")});
  EXPECT_EQ(cache.find(sources(3), "/post/post-1"), nullptr) << "a related post's new title drops it";
  EXPECT_EQ(cache.size(), 0u);
}

TEST_F(page_cache_test, a_posts_page_goes_when_its_post_is_edited_or_deleted) {
  cache.put(sources(), post_page({1}), "/post/post-1", page("one"));
  cache.put(sources(), post_page({2}), "/post/post-2", page("two"));
  model.apply({1}, {post_of(1, "A, edited")});
  EXPECT_EQ(cache.find(sources(), "/post/post-1"), nullptr);
  model.apply({2}, {});
  EXPECT_EQ(cache.find(sources(), "/post/post-2"), nullptr);
}

TEST_F(page_cache_test, a_counterpart_that_appears_drops_the_page_that_showed_none) {
  cache.put(sources(), post_page({1, 9}), "/post/post-1", page("one"));  // 9: not there yet
  model.apply({9}, {post_of(9, "A in Czech")});
  EXPECT_EQ(cache.find(sources(), "/post/post-1"), nullptr);
}

TEST_F(page_cache_test, a_page_of_lists_goes_at_any_change_of_posts_or_of_the_index) {
  cache.put(sources(), page_shows{}, "/", page("home"));
  ASSERT_NE(cache.find(sources(), "/"), nullptr);
  EXPECT_EQ(cache.find(sources(2), "/"), nullptr) << "an index commit";
  cache.put(sources(), page_shows{}, "/", page("home"));
  model.apply({4}, {post_of(4, "D, edited")});
  EXPECT_EQ(cache.find(sources(), "/"), nullptr) << "a new snapshot";
}

TEST_F(page_cache_test, a_posts_page_follows_a_moved_index_within_the_grace) {
  cache.put(sources(), post_page({1}), "/post/post-1", page("one"));
  now += blog::readmodel::related_posts_grace_ms;
  EXPECT_NE(cache.find(sources(2), "/post/post-1"), nullptr) << "the index moved, the page is young enough";
  now += 1;
  EXPECT_EQ(cache.find(sources(2), "/post/post-1"), nullptr) << "a new post may belong under it now";
  cache.put(sources(2), post_page({1}), "/post/post-1", page("one"));
  now += 3'600'000;
  EXPECT_NE(cache.find(sources(2), "/post/post-1"), nullptr) << "nothing moved: kept for as long as it is used";
}

TEST_F(page_cache_test, past_the_grace_one_reader_has_the_page_rendered_anew_while_the_others_get_it) {
  const std::string key = "/post/post-1";
  auto old_page = page("one");
  cache.put(sources(), post_page({1}), key, old_page);
  bool refresh = true;
  EXPECT_EQ(cache.find_or_refresh(sources(2), key, refresh), old_page);
  EXPECT_FALSE(refresh) << "within the grace: nothing to render";
  now += blog::readmodel::related_posts_grace_ms + 1;
  EXPECT_EQ(cache.find_or_refresh(sources(2), key, refresh), old_page) << "the reader is not made to wait";
  EXPECT_TRUE(refresh) << "past the grace under a moved index: this reader has it rendered";
  EXPECT_EQ(cache.find_or_refresh(sources(2), key, refresh), old_page);
  EXPECT_FALSE(refresh) << "one render at a time";
  now += blog::readmodel::refresh_retry_ms;
  EXPECT_EQ(cache.find_or_refresh(sources(2), key, refresh), old_page);
  EXPECT_TRUE(refresh) << "no new page came: the next reader asks again";
  auto new_page = page("one, anew");
  cache.put(sources(2), post_page({1}), key, new_page);
  EXPECT_EQ(cache.find_or_refresh(sources(2), key, refresh), new_page);
  EXPECT_FALSE(refresh);
  now += blog::readmodel::related_posts_grace_ms + 1;
  model.apply({1}, {post_of(1, "A, edited")});
  EXPECT_EQ(cache.find_or_refresh(sources(3), key, refresh), nullptr) << "its own post edited: never served old";
  EXPECT_FALSE(refresh);
  EXPECT_EQ(cache.size(), 0u);
}

// At an import's end its translation links give thousands of posts a new version at once: a page
// that lists one of them among its related posts went stale, and every reader waited for its
// render (50-130 ms, bench/import.sh). Now the kept page is served while one reader renews it.
TEST_F(page_cache_test, a_related_posts_new_version_has_the_page_renewed_behind_its_readers_a_hidden_one_drops_it) {
  now = blog::posts::now_ms();  // the posts are public from a minute ago
  const std::string key = "/post/post-1";
  auto old_page = page("one");
  auto shows = post_page({1});
  for (int id : {2, 3}) shows.related.emplace_back(id, model.current()->by_id(id)->version);
  cache.put(sources(), shows, key, old_page);
  model.apply({2}, {post_of(2, "B, linked to its translation")});
  bool refresh = false;
  EXPECT_EQ(cache.find_or_refresh(sources(), key, refresh), old_page) << "the reader is not made to wait";
  EXPECT_TRUE(refresh) << "this reader has it rendered anew";
  EXPECT_EQ(cache.find_or_refresh(sources(), key, refresh), old_page);
  EXPECT_FALSE(refresh) << "one render at a time";
  EXPECT_EQ(cache.find(sources(), key), nullptr) << "find() still takes only a page that holds";

  cache.put(sources(), shows, key, old_page);
  auto hidden = post_of(3, "C");
  hidden.hidden_by_admin = true;
  model.apply({3}, {hidden});
  EXPECT_EQ(cache.find_or_refresh(sources(), key, refresh), nullptr) << "a hidden post is never linked";
  EXPECT_FALSE(refresh);
  cache.put(sources(), shows, key, old_page);
  model.apply({3}, {});
  EXPECT_EQ(cache.find_or_refresh(sources(), key, refresh), nullptr) << "nor a deleted one";
}

TEST_F(page_cache_test, a_page_goes_at_its_own_time_and_when_the_settings_change) {
  auto shows = post_page({1});
  shows.until_ms = now + 5'000;
  cache.put(sources(), shows, "/post/post-1", page("one"));
  cache.put(sources(), page_shows{}, "/", page("home"));
  now += 5'000;
  EXPECT_EQ(cache.find(sources(), "/post/post-1"), nullptr) << "its counterpart's publication";
  site = std::make_shared<int>(3);
  EXPECT_EQ(cache.find(sources(), "/"), nullptr);
}
