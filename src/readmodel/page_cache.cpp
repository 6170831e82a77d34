// Server-rendered pages kept compressed for the state they were rendered from.
#include "blog/readmodel/page_cache.hpp"

namespace blog::readmodel {

void page_cache::clear_for(const page_sources& now) {
  order_.clear();
  by_key_.clear();
  held_ = 0;
  sources_ = now;
}

std::shared_ptr<const encoded_answer> page_cache::find(const page_sources& now, const std::string& key) {
  std::lock_guard lock(mutex_);
  if (!(now == sources_)) {
    clear_for(now);
    return nullptr;
  }
  auto it = by_key_.find(key);
  if (it == by_key_.end()) return nullptr;
  order_.splice(order_.begin(), order_, it->second);
  return it->second->page;
}

void page_cache::put(const page_sources& from, const std::string& key, std::shared_ptr<const encoded_answer> page) {
  std::size_t bytes = page->held_bytes() + key.size();
  if (bytes > budget_ / 10) return;
  std::lock_guard lock(mutex_);
  // The renderer called find() with the same sources first; when another reader has since seen
  // other ones, this page may be of an older state and is not kept.
  if (!(from == sources_)) return;
  if (auto it = by_key_.find(key); it != by_key_.end()) {
    held_ -= it->second->bytes;
    order_.erase(it->second);
    by_key_.erase(it);
  }
  order_.push_front({key, std::move(page), bytes});
  by_key_[key] = order_.begin();
  held_ += bytes;
  while (held_ > budget_ && !order_.empty()) {
    held_ -= order_.back().bytes;
    by_key_.erase(order_.back().key);
    order_.pop_back();
  }
}

std::size_t page_cache::size() const {
  std::lock_guard lock(mutex_);
  return order_.size();
}

std::size_t page_cache::held_bytes() const {
  std::lock_guard lock(mutex_);
  return held_;
}

}  // namespace blog::readmodel
