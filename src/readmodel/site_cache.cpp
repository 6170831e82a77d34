// Keeps the site settings and custom categories in memory, reloaded when a node announces a change.
#include "blog/readmodel/site_cache.hpp"

#include "blog/store/categories_store.hpp"
#include "blog/store/site_settings_store.hpp"

namespace blog::readmodel {

site_cache::site_cache(store::database& db) : db_(db), current_(std::make_shared<const state>()) {}

std::shared_ptr<const site_cache::state> site_cache::current() const {
  std::lock_guard lock(mutex_);
  return current_;
}

void site_cache::reload() {
  std::uint64_t ticket = 0;
  {
    std::lock_guard lock(mutex_);
    ticket = ++loads_;
  }
  auto fresh = std::make_shared<state>();
  fresh->settings = store::load_site_settings(db_);
  fresh->custom_categories = store::load_custom_categories(db_);
  std::lock_guard lock(mutex_);
  // Two reloads may overlap (a NOTIFY and a writer): the one that started last read the newest rows.
  if (ticket < shown_) return;
  shown_ = ticket;
  current_ = std::move(fresh);
}

}  // namespace blog::readmodel
