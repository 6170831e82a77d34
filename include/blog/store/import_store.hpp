// SQL for imports: which post each source item became, and the old addresses that redirect.
#pragma once

#include "blog/store/database.hpp"

#include <optional>
#include <string>
#include <vector>

namespace blog::store {

struct imported_item {
  int post_id = 0;
  std::string content_hash;  // of the source item as last imported
};

// The post a source item became (source: the site the export came from); nullopt when it was
// never imported or its post has been deleted since. Throws on database failure.
std::optional<imported_item> find_imported(database& db, const std::string& source, const std::string& source_id);
// Remembers (or moves) a source item's post and the hash of what was imported.
void remember_imported(database& db, const std::string& source, const std::string& source_id, int post_id,
                       const std::string& content_hash);

struct redirect {
  std::string path;
  int post_id = 0;
  std::string slug;  // the post's slug now
};

// Adds an old path of a post; false when the path was there already (pointing anywhere).
bool add_redirect(database& db, const std::string& path, int post_id);
// The redirect of an old path, with its post's current slug; nullopt when none.
std::optional<redirect> find_redirect(database& db, const std::string& path);
// Every redirect, by path.
std::vector<redirect> list_redirects(database& db);
// Deletes a redirect; false when there was none.
bool delete_redirect(database& db, const std::string& path);

}  // namespace blog::store
