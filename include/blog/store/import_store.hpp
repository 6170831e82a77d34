// SQL for imports: which post each source item became, and the old addresses that redirect.
#pragma once

#include "blog/store/database.hpp"
#include "blog/store/posts_store.hpp"

#include <cstdint>
#include <memory>
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
// A post of an import, to insert as insert_imported_post does.
struct import_insert {
  posts::post post;
  import_origin origin;
};
// insert_imported_post for each of `posts` (in order), all in one transaction: a large import
// commits a batch at a time, and every node's read model and index take each batch at once
// instead of one post at a time. Throws as insert_imported_post, and then none is written.
std::vector<imported_post> insert_imported_posts(database& db, const std::vector<import_insert>& posts);

struct import_lookup {
  std::optional<imported_item> item;  // as find_imported
  bool slug_taken = false;            // a post has `slug`
};
// For each (source id, slug) of `items`, in their order: find_imported and whether a post has
// the slug, all in one round trip. Throws on database failure.
std::vector<import_lookup> look_up_imports(database& db, const std::string& source,
                                           const std::vector<std::pair<std::string, std::string>>& items);
// Remembers (or moves) a source item's post and the hash of what was imported.
void remember_imported(database& db, const std::string& source, const std::string& source_id, int post_id,
                       const std::string& content_hash);

// Remembers the translation group (Polylang's post_translations term) each (source id, group) of
// `items` is in, for a later import of the group's other post. Throws on database failure.
void remember_translation_groups(database& db, const std::string& source,
                                 const std::vector<std::pair<std::string, std::string>>& items);
struct group_member {
  std::string group;
  std::string language;  // its post's
  std::string source_id;
};
// The items of `source` imported before that are in any of `groups`, with their posts' language.
std::vector<group_member> find_translation_group_members(database& db, const std::string& source,
                                                         const std::vector<std::string>& groups);

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

// An import job of Admin → Import (import_jobs).
struct import_job {
  std::int64_t id = 0;
  std::string state;   // queued, running, done, failed
  int progress = 0;    // percent
  std::string report;  // the report as JSON text, "" until done
  std::string error;   // why it failed, "" otherwise
};

// Queues an uploaded export; returns the job's id.
std::int64_t queue_import(database& db, const std::string& file_name, const std::string& bytes, int user_id);
// The job; nullopt when there is none of that id.
std::optional<import_job> find_import_job(database& db, std::int64_t id);

struct claimed_import {
  std::int64_t id = 0;
  std::string file_name;
  std::string bytes;
  std::optional<int> created_by;
};
// Queues again a running job whose heartbeat is older than `stale_seconds` (its node stopped),
// then takes the oldest queued job when none runs; nullopt when there is nothing to do or
// another node runs one.
std::optional<claimed_import> claim_import(database& db, int stale_seconds);
// A running job's progress (percent), which is its heartbeat too.
void import_progress(database& db, std::int64_t id, int percent);
// Ends a job: done with its report (JSON text) or failed with the reason; its file is dropped.
void finish_import(database& db, std::int64_t id, bool done, const std::string& report, const std::string& error);

// Held while an import writes, by blogctl import and by a node running an admin's job alike: a
// PostgreSQL advisory lock on a connection of its own, released when this ends (or its process
// dies). Throws blog::error conflict when another import holds it, unavailable when PostgreSQL
// cannot be reached.
class import_lock {
 public:
  explicit import_lock(const database& db);
  ~import_lock();
  import_lock(const import_lock&) = delete;
  import_lock& operator=(const import_lock&) = delete;

 private:
  std::unique_ptr<pqxx::connection> conn_;
};

}  // namespace blog::store
