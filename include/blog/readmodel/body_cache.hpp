// The post pages (full JSON, compressed once) of the posts read or written lately, within a byte
// budget: a node holds every post's summary but only some bodies; the others come from PostgreSQL
// on their first read.
#pragma once

#include "blog/wire/encoded_answer.hpp"

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace blog::readmodel {

using http::encoded_answer;  // an answer compressed once, kept ready to send

// Least recently used pages go first once the budget is reached. Thread-safe. Never throws but
// std::bad_alloc.
class body_cache {
 public:
  explicit body_cache(std::size_t budget_bytes) : budget_(budget_bytes) {}

  // The page of post `id` as built for the entry `version`, or nullptr (not held, or built for
  // another version of the entry). A page found is kept longer.
  std::shared_ptr<const encoded_answer> find(int id, std::uint64_t version);
  // Keeps `page` as post `id`'s (replacing any other version), dropping the least recently used
  // pages beyond the budget. Returns false when it was not kept (larger than a tenth of the budget).
  bool put(int id, std::uint64_t version, std::shared_ptr<const encoded_answer> page);
  // True when another page of `bytes` would push a page out.
  bool full(std::size_t bytes = 0) const;
  std::size_t held_bytes() const;
  std::size_t size() const;
  std::size_t budget() const { return budget_; }

 private:
  struct item {
    int id;
    std::uint64_t version;
    std::shared_ptr<const encoded_answer> page;
    std::size_t bytes;
  };
  void drop(std::list<item>::iterator it);

  const std::size_t budget_;
  mutable std::mutex mutex_;
  std::list<item> order_;  // most recently used first
  std::unordered_map<int, std::list<item>::iterator> by_id_;
  std::size_t held_ = 0;
};

}  // namespace blog::readmodel
