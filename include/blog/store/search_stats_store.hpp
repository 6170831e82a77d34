// Daily search counts per normalised query: batched writes, the admin's top lists, the 90-day purge.
#pragma once

#include "blog/store/database.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace blog::store {

// Searches of one normalised query on one UTC day ("YYYY-MM-DD").
struct search_count {
  std::string day;
  std::string query;
  std::int64_t searches = 0;
  std::int64_t zero_results = 0;  // of those, the ones that found nothing
};

// Adds the counts to the stored ones, in one transaction. Throws on database failure.
void add_search_counts(database& db, const std::vector<search_count>& counts);

// Deletes the days more than keep_days before today (UTC); returns how many rows. Throws on
// database failure.
std::size_t purge_search_counts(database& db, int keep_days);

struct query_count {
  std::string query;
  std::int64_t count = 0;
};

struct search_stats {
  std::vector<query_count> top;           // most searched first, then by query
  std::vector<query_count> zero_results;  // most searches without a result first
};

// The `limit` most searched queries, and those most often without results, over the last `days`
// days up to today (UTC). Throws on database failure.
search_stats load_search_stats(database& db, int days, std::size_t limit);

}  // namespace blog::store
