// The site's settings and custom categories in memory, so that pages, feeds and category lists
// never wait on PostgreSQL (and keep answering while it is away).
#pragma once

#include "blog/domain/site_settings.hpp"
#include "blog/store/database.hpp"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace blog::readmodel {

class site_cache {
 public:
  struct state {
    domain::site_settings settings;
    std::vector<std::string> custom_categories;  // in creation order
  };

  explicit site_cache(store::database& db);

  // The state last loaded (the defaults before the first load). Never touches PostgreSQL;
  // does not fail.
  std::shared_ptr<const state> current() const;
  // Reads both again from PostgreSQL (at start, on NOTIFY blog_site, when the follower listens
  // again after losing its connection, after a local write). Throws on database failure; the
  // previous state then stays.
  void reload();

 private:
  store::database& db_;
  mutable std::mutex mutex_;
  std::shared_ptr<const state> current_;
  std::uint64_t loads_ = 0;  // reloads started; a slower older one never replaces a newer one
  std::uint64_t shown_ = 0;  // the reload current_ comes from
};

}  // namespace blog::readmodel
