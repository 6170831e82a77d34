// A least-recently-used cache of compressed post pages, bounded by bytes.
#include "blog/readmodel/body_cache.hpp"

namespace blog::readmodel {

namespace {
// What an item costs besides its answer's bytes: the list and map nodes, the answer object.
constexpr std::size_t item_overhead = 256;
}  // namespace

std::shared_ptr<const encoded_answer> body_cache::find(int id, std::uint64_t version) {
  std::lock_guard lock(mutex_);
  auto found = by_id_.find(id);
  if (found == by_id_.end() || found->second->version != version) return nullptr;
  order_.splice(order_.begin(), order_, found->second);
  return found->second->page;
}

bool body_cache::put(int id, std::uint64_t version, std::shared_ptr<const encoded_answer> page) {
  auto bytes = page->held_bytes() + item_overhead;
  if (bytes > budget_ / 10) return false;
  std::lock_guard lock(mutex_);
  if (auto found = by_id_.find(id); found != by_id_.end()) drop(found->second);
  order_.push_front({id, version, std::move(page), bytes});
  by_id_[id] = order_.begin();
  held_ += bytes;
  while (held_ > budget_) drop(std::prev(order_.end()));
  return true;
}

bool body_cache::full(std::size_t bytes) const {
  std::lock_guard lock(mutex_);
  return held_ + bytes > budget_;
}

std::size_t body_cache::held_bytes() const {
  std::lock_guard lock(mutex_);
  return held_;
}

std::size_t body_cache::size() const {
  std::lock_guard lock(mutex_);
  return by_id_.size();
}

void body_cache::drop(std::list<item>::iterator it) {
  held_ -= it->bytes;
  by_id_.erase(it->id);
  order_.erase(it);
}

}  // namespace blog::readmodel
