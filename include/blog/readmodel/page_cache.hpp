// The server-rendered pages every reader of a kind sees alike (the home page, a category's page, a
// post's page, per interface language, content language and session flag), rendered and
// compressed once for what they show. A page of lists (home, category) shows every post there
// is, so any new snapshot of posts or index commit makes it stale; a post's page shows only its
// post, its counterpart and a few related posts, so it stays while those keep their entries: a
// stream of writes to other posts (an import, a busy newsroom) leaves it kept.
#pragma once

#include "blog/readmodel/read_model.hpp"
#include "blog/wire/encoded_answer.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace blog::readmodel {

using http::encoded_answer;  // an answer compressed once, kept ready to send

// The state pages are rendered from, now. Held as owners, so that a freed and reallocated object
// can never pass for the one a page was made from.
struct page_sources {
  std::shared_ptr<const snapshot> posts;  // the read model's snapshot
  std::shared_ptr<const void> site;       // the site cache's state
  std::shared_ptr<const void> index;      // the search index's generation
  std::uint64_t index_revision = 0;       // and its commits (a commit may store the same last_seq)
  std::int64_t now_ms = 0;
};

// What a page shows, beyond the site's settings (which every page shows).
struct page_shows {
  // The posts of a post's page (itself and its counterpart) with their entries' versions (0: none,
  // as for a counterpart that is not public): a new version drops the page. Empty for a page of
  // lists, which holds for its own snapshot and index commit only.
  std::vector<std::pair<int, std::uint64_t>> posts;
  // The related posts under it, likewise. One that is no longer public drops the page; a new
  // version of one (a title edited, a translation linked: a whole import's worth at its end) has
  // the page rendered anew behind its readers, as a moved index does (find_or_refresh).
  std::vector<std::pair<int, std::uint64_t>> related;
  // When the page changes by itself: a counterpart's publication still to come.
  std::int64_t until_ms = std::numeric_limits<std::int64_t>::max();
};

// How long a post's page is kept after the index has changed under it: its related posts come
// from the index, and a new post may now belong there. Its post or counterpart changing drops it at
// once; a related post changing, see page_shows::related.
inline constexpr std::int64_t related_posts_grace_ms = 10'000;
// Past the grace, readers go on getting the kept page while one of them has it rendered anew
// (find_or_refresh); if no new page came after this long, the next reader asks again.
inline constexpr std::int64_t refresh_retry_ms = 5'000;

// Least recently used pages go first once the budget is reached. Thread-safe. Never throws but
// std::bad_alloc.
class page_cache {
 public:
  explicit page_cache(std::size_t budget_bytes) : budget_(budget_bytes) {}

  // The page kept under `key` if it still shows what it would show now, or nullptr (a stale one is
  // dropped).
  std::shared_ptr<const encoded_answer> find(const page_sources& now, const std::string& key);
  // As find(), except for a post's page whose only fault is its related posts (the index moved
  // under it past the grace, or a related post has a new version; its post and counterpart are as
  // they were, and every related post is still public): that page is still returned, and
  // `refresh` is set for one caller, who renders it anew and put()s it, so that no reader waits
  // for the render during a stream of writes (an import).
  std::shared_ptr<const encoded_answer> find_or_refresh(const page_sources& now, const std::string& key, bool& refresh);
  // Keeps `page`, rendered from `from` and showing `shows`, unless it is larger than a tenth of the
  // budget. A page of an older state than the kept one's is stale at its first find().
  void put(const page_sources& from, page_shows shows, const std::string& key,
           std::shared_ptr<const encoded_answer> page);
  std::size_t size() const;
  std::size_t held_bytes() const;

 private:
  struct item {
    std::string key;
    std::shared_ptr<const encoded_answer> page;
    std::size_t bytes;
    page_sources from;
    page_shows shows;
    std::int64_t refresh_asked_ms = 0;  // when a caller of find_or_refresh was asked to render it
  };
  enum class holding { yes, but_related_may_be_old, no };
  static holding holds(const item& kept, const page_sources& now);
  void drop(std::list<item>::iterator it);

  const std::size_t budget_;
  mutable std::mutex mutex_;
  std::list<item> order_;  // most recently used first
  std::unordered_map<std::string, std::list<item>::iterator> by_key_;
  std::size_t held_ = 0;
};

// Bytes of rendered pages a node keeps by default (some 600 pages in brotli and gzip).
inline constexpr std::size_t default_page_cache_bytes = 16u << 20;

}  // namespace blog::readmodel
