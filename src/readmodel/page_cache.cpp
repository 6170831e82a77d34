// Server-rendered pages kept compressed while what they show stays the same.
#include "blog/readmodel/page_cache.hpp"

namespace blog::readmodel {

page_cache::holding page_cache::holds(const item& kept, const page_sources& now) {
  const auto& from = kept.from;
  if (from.site != now.site || now.now_ms >= kept.shows.until_ms) return holding::no;
  bool same_index = from.index == now.index && from.index_revision == now.index_revision;
  if (kept.shows.posts.empty()) return from.posts == now.posts && same_index ? holding::yes : holding::no;
  bool related_may_be_old = !same_index && now.now_ms - from.now_ms > related_posts_grace_ms;
  if (from.posts != now.posts) {
    const auto entry_now = [&](int id) { return now.posts ? now.posts->by_id(id) : nullptr; };
    for (const auto& [id, version] : kept.shows.posts) {
      const entry* e = entry_now(id);
      if ((e ? e->version : 0) != version) return holding::no;
    }
    for (const auto& [id, version] : kept.shows.related) {
      const entry* e = entry_now(id);
      if (!e || !e->post.visible_at(now.now_ms)) return holding::no;  // never linked once hidden or gone
      if (e->version != version) related_may_be_old = true;
    }
  }
  return related_may_be_old ? holding::but_related_may_be_old : holding::yes;
}

void page_cache::drop(std::list<item>::iterator it) {
  held_ -= it->bytes;
  by_key_.erase(it->key);
  order_.erase(it);
}

std::shared_ptr<const encoded_answer> page_cache::find(const page_sources& now, const std::string& key) {
  std::lock_guard lock(mutex_);
  auto it = by_key_.find(key);
  if (it == by_key_.end()) return nullptr;
  if (holds(*it->second, now) != holding::yes) {
    drop(it->second);
    return nullptr;
  }
  order_.splice(order_.begin(), order_, it->second);
  return it->second->page;
}

std::shared_ptr<const encoded_answer> page_cache::find_or_refresh(const page_sources& now, const std::string& key,
                                                                  bool& refresh) {
  refresh = false;
  std::lock_guard lock(mutex_);
  auto it = by_key_.find(key);
  if (it == by_key_.end()) return nullptr;
  auto& kept = *it->second;
  switch (holds(kept, now)) {
    case holding::no:
      drop(it->second);
      return nullptr;
    case holding::but_related_may_be_old:
      if (kept.refresh_asked_ms == 0 || now.now_ms - kept.refresh_asked_ms >= refresh_retry_ms) {
        kept.refresh_asked_ms = now.now_ms;
        refresh = true;
      }
      break;
    case holding::yes:
      break;
  }
  order_.splice(order_.begin(), order_, it->second);
  return kept.page;
}

void page_cache::put(const page_sources& from, page_shows shows, const std::string& key,
                     std::shared_ptr<const encoded_answer> page) {
  std::size_t bytes =
      page->held_bytes() + key.size() + (shows.posts.size() + shows.related.size()) * sizeof(shows.posts[0]);
  if (bytes > budget_ / 10) return;
  std::lock_guard lock(mutex_);
  if (auto it = by_key_.find(key); it != by_key_.end()) drop(it->second);
  order_.push_front({key, std::move(page), bytes, from, std::move(shows)});
  by_key_[key] = order_.begin();
  held_ += bytes;
  while (held_ > budget_ && !order_.empty()) drop(std::prev(order_.end()));
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
