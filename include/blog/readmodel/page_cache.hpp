// The server-rendered pages every reader of a kind sees alike (the home page, a category's page, a
// post's page, per interface language, content language and session flag), rendered and
// compressed once for what they show: the snapshot of posts, the search index they list from and
// the site's settings. A change to any of them drops every page at once; the next reader of each
// page renders it again.
#pragma once

#include "blog/http/encoded_answer.hpp"

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace blog::readmodel {

using http::encoded_answer;  // an answer compressed once, kept ready to send

// What a page was rendered from. Held as owners, so that a freed and reallocated object can never
// pass for the one a page was made from.
struct page_sources {
  std::shared_ptr<const void> posts;  // the read model's snapshot
  std::shared_ptr<const void> site;   // the site cache's state
  std::shared_ptr<const void> index;  // the search index's generation
  std::uint64_t index_revision = 0;   // and its commits (a commit may store the same last_seq)

  bool operator==(const page_sources& o) const {
    return posts == o.posts && site == o.site && index == o.index && index_revision == o.index_revision;
  }
};

// Least recently used pages go first once the budget is reached. Thread-safe. Never throws but
// std::bad_alloc.
class page_cache {
 public:
  explicit page_cache(std::size_t budget_bytes) : budget_(budget_bytes) {}

  // The page kept under `key` for these sources, or nullptr. Sources other than the pages' drop
  // every page.
  std::shared_ptr<const encoded_answer> find(const page_sources& now, const std::string& key);
  // Keeps `page`, rendered from `from`, unless newer sources have been seen since (a page of an
  // older state is never kept) or it is larger than a tenth of the budget.
  void put(const page_sources& from, const std::string& key, std::shared_ptr<const encoded_answer> page);
  std::size_t size() const;
  std::size_t held_bytes() const;

 private:
  struct item {
    std::string key;
    std::shared_ptr<const encoded_answer> page;
    std::size_t bytes;
  };
  void clear_for(const page_sources& now);

  const std::size_t budget_;
  mutable std::mutex mutex_;
  page_sources sources_;
  std::list<item> order_;  // most recently used first
  std::unordered_map<std::string, std::list<item>::iterator> by_key_;
  std::size_t held_ = 0;
};

// Bytes of rendered pages a node keeps by default (some 600 pages in brotli and gzip).
inline constexpr std::size_t default_page_cache_bytes = 16u << 20;

}  // namespace blog::readmodel
