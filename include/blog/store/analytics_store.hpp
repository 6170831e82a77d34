// View counts (issue 26): one batched write per node, the admin's figures, popular posts, the
// daily salt of the visitor hash, and the retention rules (90 days daily, older months monthly).
#pragma once

#include "blog/store/database.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace blog::store {

// What one node counted on one UTC day ("YYYY-MM-DD") since its last write.
struct view_batch {
  std::string day;
  std::int64_t views = 0;
  // Per visitor, a hash of address and user agent made in memory; stored only salted with the
  // day's salt, and only until the day is over.
  std::vector<std::string> visitors;
  std::map<int, std::int64_t> posts;                                      // post id → views
  std::map<std::string, std::int64_t> referrers;                          // domain → views
  std::map<std::pair<std::string, std::string>, std::int64_t> languages;  // (kind, language) → views
};

// Adds the batches to the stored counts in one transaction: the day's salt is made by the first
// node that needs it, a visitor counts once a day across all nodes, and views of posts deleted
// meanwhile are dropped. Then deletes the salts and visitor hashes of days before `expired_before`
// ("YYYY-MM-DD"). Throws on database failure.
void add_views(database& db, const std::vector<view_batch>& batches, const std::string& expired_before);

// Moves days before `today` − keep_days into monthly totals, deletes referrer and language days
// that old and every salt and visitor hash before `expired_before`. Returns the daily rows rolled
// up or deleted. Throws on database failure.
std::size_t purge_views(database& db, const std::string& today, int keep_days, const std::string& expired_before);

// Deletes every stored count, salt and visitor hash (blogctl analytics purge). Returns rows deleted.
std::size_t delete_all_views(database& db);

struct day_views {
  std::string date;
  std::int64_t views = 0;
  std::int64_t visitors = 0;
};
struct post_views {
  int id = 0;
  std::string slug;
  std::string title;
  std::string language;
  std::int64_t views = 0;
};
struct named_views {
  std::string name;
  std::int64_t views = 0;
};
struct analytics_report {
  std::vector<day_views> days;  // every day of the window, oldest first, zeros included
  std::vector<post_views> posts;
  std::vector<named_views> referrers;
  std::vector<named_views> post_languages;
  std::vector<named_views> interface_languages;
};

// The `days` days up to `today` ("YYYY-MM-DD"): per-day figures, the `limit` most viewed posts and
// referrer domains, and views by language. Throws on database failure.
analytics_report load_analytics(database& db, const std::string& today, int days, std::size_t limit);

// Views per post id over the `days` days up to `today`: of one author's posts, or (nullopt) of all.
// Throws on database failure.
std::map<int, std::int64_t> load_post_views(database& db, const std::string& today, int days,
                                            std::optional<int> author_id);

// One post's views per day over the `days` days up to `today`, oldest first, zeros included.
std::vector<day_views> load_post_days(database& db, int post_id, const std::string& today, int days);

}  // namespace blog::store
