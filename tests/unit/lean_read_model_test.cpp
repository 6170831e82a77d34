// The lean read model: entries hold no bodies but keep their reading time; post pages live in a
// cache bounded by bytes, least recently used out first, each valid for one version of its entry.
#include "blog/readmodel/body_cache.hpp"
#include "blog/readmodel/read_model.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

using blog::http::encoded_answer;
using blog::readmodel::body_cache;
using blog::readmodel::read_model;

namespace {

// `words` words of HTML: 200 words a minute, rounded up.
std::string words_html(int words) {
  std::string html = "<p>";
  for (int i = 0; i < words; ++i) html += (i ? " " : "") + std::string("payments") + std::to_string(i);
  return html + "</p>";
}

blog::posts::post whole_post(int id, int words) {
  blog::posts::post p;
  p.id = id;
  p.slug = "post-" + std::to_string(id);
  p.title = "Post " + std::to_string(id);
  p.content = words_html(words);
  p.content_html = words_html(words);
  p.language = "en";
  p.published_at_ms = 1000 + id;
  p.updated_at_ms = 5000 + id;
  return p;
}

std::shared_ptr<const encoded_answer> answer_of(std::size_t bytes) {
  // Random-looking text compresses poorly: the answer holds about `bytes`.
  std::string text;
  std::uint32_t x = 12345;
  while (text.size() < bytes) {
    x = x * 1103515245u + 12345u;
    text += static_cast<char>('a' + (x >> 16) % 26);
  }
  return encoded_answer::build("text/plain", text, "no-cache", encoded_answer::copies::brotli);
}

}  // namespace

TEST(LeanReadModel, AnEntryHoldsNoBodyButKeepsItsReadingTimeAndItsPageGoesToTheCache) {
  body_cache cache(1 << 20);
  auto p = whole_post(3, 450);
  auto e = read_model::make_entry(p, &cache);
  EXPECT_TRUE(e->post.content.empty());
  EXPECT_TRUE(e->post.content_html.empty());
  EXPECT_EQ(e->post.kept_reading_minutes, 3);
  EXPECT_EQ(blog::posts::reading_minutes(e->post), 3) << "the card and page of a post without its body";
  EXPECT_EQ(boost::json::parse(e->card()).at("readingMinutes").as_int64(), 3);
  auto page = cache.find(3, e->version);
  ASSERT_NE(page, nullptr);
  auto json = boost::json::parse(page->body()).as_object();
  EXPECT_EQ(json.at("contentHtml").as_string(), p.content_html);
  EXPECT_EQ(json.at("readingMinutes").as_int64(), 3);
  EXPECT_EQ(cache.find(3, e->version + 1), nullptr) << "another version of the entry";
}

TEST(LeanReadModel, PostsLoadedWithoutBodiesAreListedAndGetTheirPagesOnlyForTheirOwnVersion) {
  read_model model;
  std::vector<blog::posts::post> summaries;
  for (int id = 1; id <= 30; ++id) {
    auto p = whole_post(id, 10);
    p.language = id % 2 ? "en" : "cs";
    p.content.clear();
    p.content_html.clear();
    p.kept_reading_minutes = id;
    summaries.push_back(p);
  }
  model.replace_all(summaries);
  auto snap = model.current();
  ASSERT_EQ(snap->entries().size(), 30U);
  const auto* e = snap->by_slug("post-7");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(boost::json::parse(e->card()).at("readingMinutes").as_int64(), 7);
  EXPECT_EQ(model.cached_page(*e), nullptr);
  EXPECT_FALSE(model.cached_post(*e).has_value());

  auto newer = whole_post(7, 10);
  newer.updated_at_ms = 1;
  newer.content_html = "<p>Newer</p>";
  auto shown = model.keep_page(*e, newer);
  EXPECT_NE(shown->body().find("Newer"), std::string::npos);
  EXPECT_EQ(model.cached_page(*e), nullptr) << "another version is shown but not kept";

  auto own = whole_post(7, 10);
  own.content_html = "<p>Seven</p>";
  model.keep_page(*e, own);
  ASSERT_NE(model.cached_page(*e), nullptr);
  EXPECT_EQ(model.cached_post(*e)->content_html, "<p>Seven</p>");
  EXPECT_EQ(model.cached_post(*e)->title, "Post 7");

  // The lists, built whole at once, are in order.
  std::vector<int> ids;
  for (const auto* item : snap->visible("cs")) ids.push_back(item->post.id);
  ASSERT_EQ(ids.size(), 30U);
  for (std::size_t i = 0; i < ids.size(); ++i) EXPECT_EQ(ids[i], 30 - static_cast<int>(i));
  std::size_t english = 0;
  for (const auto* item : snap->visible("en")) english += item->post.language == "en";
  EXPECT_EQ(english, 15U);
}

TEST(LeanReadModel, AStartListsAStoryWrittenInBothLanguagesOnceInCzech) {
  read_model model;
  auto en = whole_post(1, 10);
  auto cs = whole_post(2, 10);
  cs.language = "cs";
  en.translation = blog::posts::counterpart{2, cs.slug, "cs", cs.title, true, false, cs.published_at_ms, {}};
  cs.translation = blog::posts::counterpart{1, en.slug, "en", en.title, true, false, en.published_at_ms, {}};
  model.replace_all({en, cs});
  std::vector<int> czech_and_english;
  for (const auto* item : model.current()->visible("cs")) czech_and_english.push_back(item->post.id);
  EXPECT_EQ(czech_and_english, std::vector<int>{2});
  std::vector<int> english;
  for (const auto* item : model.current()->visible("en")) english.push_back(item->post.id);
  EXPECT_EQ(english, std::vector<int>{1});
}

TEST(BodyCache, KeepsTheMostRecentlyUsedPagesWithinItsBudget) {
  // Room for ten pages (each with the cache's own bookkeeping, a few hundred bytes).
  const auto one = answer_of(8000)->held_bytes() + 256;
  body_cache cache(one * 10 + one / 2);
  for (int id = 1; id <= 9; ++id) EXPECT_TRUE(cache.put(id, 1, answer_of(8000)));
  EXPECT_EQ(cache.size(), 9U);
  // Reading 1 keeps it; 2 is now the least recently used.
  ASSERT_NE(cache.find(1, 1), nullptr);
  for (int id = 10; id <= 14; ++id) cache.put(id, 1, answer_of(8000));
  EXPECT_LE(cache.held_bytes(), cache.budget());
  EXPECT_NE(cache.find(1, 1), nullptr);
  EXPECT_EQ(cache.find(2, 1), nullptr);
  EXPECT_NE(cache.find(14, 1), nullptr);
  EXPECT_EQ(cache.size(), 10U);
  // A new version replaces the old one.
  cache.put(14, 2, answer_of(100));
  EXPECT_EQ(cache.find(14, 1), nullptr);
  EXPECT_NE(cache.find(14, 2), nullptr);
  // A page of more than a tenth of the budget is not kept.
  EXPECT_FALSE(cache.put(20, 1, answer_of(40'000)));
  EXPECT_EQ(cache.find(20, 1), nullptr);
}
