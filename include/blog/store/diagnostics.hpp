// What blogctl doctor asks PostgreSQL: the server's version and the counts the search index is
// compared with. Every function blocks and throws blog::error 503 when the database is away.
#pragma once

#include "blog/store/database.hpp"

#include <cstdint>
#include <string>

namespace blog::store {

struct server_version {
  std::string text;  // "15.4 (Debian 15.4-1)"
  int number = 0;    // 150004
};
server_version read_server_version(database& db);

struct post_counts {
  std::int64_t posts = 0;
  std::int64_t published = 0;
  std::int64_t newest_change = 0;  // the highest post_changes seq, 0 when none
};
post_counts count_posts(database& db);

}  // namespace blog::store
