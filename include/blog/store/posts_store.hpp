// SQL for posts and their change log.
#pragma once

#include "blog/domain/posts/post.hpp"
#include "blog/store/database.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace blog::store {

struct post_change {
  std::int64_t seq;
  int post_id;
  std::int64_t changed_at_ms;
};

// Every post, any state, with its author's name. Throws on database failure.
std::vector<posts::post> load_all_posts(database& db);
// The posts with these ids that still exist.
std::vector<posts::post> load_posts(database& db, const std::vector<int>& ids);
// Changes with seq > after, in seq order, at most `limit`.
std::vector<post_change> changes_since(database& db, std::int64_t after, std::size_t limit = 10000);
// What of each post to read: everything but content and content_html (what lists, cards, feeds
// and page metadata need), or the whole post.
enum class post_parts { summary, whole };
// Calls `fn` with every post, any state, with its author's name and counterpart, in id order, read
// through a cursor a batch at a time (a start reads 100,000 posts without holding their rows at
// once). A summary's counterpart holds its id only (the caller has that post too). Throws on
// database failure (and rethrows what fn throws).
void for_each_post(database& db, post_parts parts, const std::function<void(posts::post&&)>& fn);
// A post's rendered body with the update time of the version it belongs to.
struct post_html {
  int id = 0;
  std::int64_t updated_at_ms = 0;
  std::string content_html;
};
// The rendered bodies of the posts with these ids (all of them when `ids` is empty), through a
// cursor, until fn returns false. Throws on database failure (and rethrows what fn throws).
void for_each_post_html(database& db, const std::vector<int>& ids, const std::function<bool(post_html&&)>& fn);
// The highest seq of the change log (0 when empty).
std::int64_t last_change_seq(database& db);
// True when the database holds any post at all (the demo is seeded only into an empty blog).
bool any_post(database& db);
// The id of the post (any author, any state) with this slug; nullopt when there is none. Throws on
// database failure.
std::optional<int> post_id_by_slug(database& db, const std::string& slug);
// Inserts a post (id, author name and created/updated times are the database's) with its first
// revision and returns its id. Throws blog::error 409 'A post with this slug already exists' on a
// slug clash.
int insert_post(database& db, const posts::post& p);

// Where an imported post came from: its export's site and item id, and a hash of what was read.
struct import_origin {
  std::string source;
  std::string source_id;
  std::string content_hash;
  std::vector<std::string> old_paths;  // its old addresses, to redirect to it (one taken already stays)
};
struct imported_post {
  int id = 0;
  int redirects_added = 0;  // of origin.old_paths
};
// Inserts `p` as insert_post does and, in the same transaction, remembers it as the import of
// `origin` (import_items) and adds its redirects: a crash or a failure leaves all or nothing, so
// running the import again never makes a second copy of a post; one transaction a post keeps a
// large import's round trips few.
imported_post insert_imported_post(database& db, const posts::post& p, const import_origin& origin);
// Replaces a post's fields (not its author or creation time); false when it does not exist.
// Throws blog::error 409 on a slug clash.
bool update_post(database& db, const posts::post& p);
// Which post a change is for: by id when id > 0, else by slug.
struct post_key {
  int id = 0;
  std::string slug;
};

// A post as a write left it, with the seq of its last change logged in that write (0: none), so
// the writer can hand it to its node's follower instead of the follower reading it back.
struct written_post {
  posts::post post;
  std::int64_t seq = 0;
};

// One transaction that writes posts: the caller reads the rows it decides on (locked until the
// end), decides with the post rules, and writes, so the store never calls back into the domain
// and the decision follows the database, not any node's read model. Nothing is written unless
// commit() is called; a post_write dropped without it (an exception) rolls back. Blocks; run it
// on the workers, on a connection of database::with (write_posts below).
class post_write {
 public:
  explicit post_write(pqxx::connection& c);
  ~post_write();
  post_write(const post_write&) = delete;
  post_write& operator=(const post_write&) = delete;

  // The post (any state) with its author's name and counterpart, its row locked; nullopt when
  // there is none.
  std::optional<posts::post> lock(const post_key& key);
  // The post `self` is to be linked to as its translation, locked. Throws blog::error 404 'The post
  // to link as a translation was not found' (field translationOf) when there is none or it is self.
  posts::post lock_counterpart(int target, int self);
  // The posts with these ids that exist, by id, their rows locked (in id order, so two writers
  // locking overlapping sets never deadlock).
  std::map<int, posts::post> lock_all(const std::vector<int>& ids);
  // A new post and its first revision (as insert_post); its id. Throws blog::error 409 on a slug clash.
  int insert(const posts::post& p);
  // Writes back every field of `p` (found by its id) but its author and creation time, and keeps a
  // revision of its text unless the newest one holds it already, saved by `saved_by` (or the
  // post's author when nullopt). Throws blog::error 409 on a slug clash.
  void update(const posts::post& p, std::optional<int> saved_by = std::nullopt);
  // Moves post `self`'s translation link from `old_target` to `target` (nullopt unlinks), both
  // ways: the old pair is cleared first, so UNIQUE (translation_of) holds after every statement.
  // Lock the target first (lock_counterpart) and check the link with posts::check_translation_link.
  void relink(int self, std::optional<int> old_target, std::optional<int> target);
  // Links each pair both ways in one statement: for posts linked to nobody, locked and checked
  // (a batch of imported translations).
  void link_pairs(const std::vector<std::pair<int, int>>& pairs);
  // The post with this id as this transaction leaves it (none when it does not exist), with the
  // seq of its last change logged in it. Call just before commit().
  std::vector<written_post> written(int id);
  void commit();

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

// Runs fn(post_write&) on a pooled connection (database::with: 503 when PostgreSQL cannot be
// reached) and returns what fn returns; fn calls commit() on what it decided to write.
template <typename Fn>
auto write_posts(database& db, Fn&& fn) {
  return db.with([&](pqxx::connection& c) {
    post_write w(c);
    return fn(w);
  });
}

// Deletes a post; false when it did not exist.
bool delete_post(database& db, int id);

// How many revisions each post keeps; older ones are deleted as new ones are saved.
inline constexpr std::size_t max_revisions = 20;

// One saved state of a post's text (post_revisions), as the editor restores it.
struct post_revision {
  std::int64_t id = 0;
  int post_id = 0;
  std::string title;
  std::string excerpt;
  std::string content;
  std::string category;
  std::string cover_image;
  std::string language;
  std::string saved_by_name;  // "" when the account is gone
  std::int64_t saved_at_ms = 0;
};

// A post's revisions, newest first (at most max_revisions). Throws on database failure.
std::vector<post_revision> load_revisions(database& db, int post_id);

// One page of an author's own posts, any state, newest first (created_at, then id). `after` is
// the (created ms, id) of the last post of the previous page, or nullopt for the first page;
// at most `limit` + 1 posts come back so that the caller can tell whether there is a next page.
struct author_cursor {
  std::int64_t created_at_ms = 0;
  int id = 0;
};
std::vector<posts::post> load_author_posts(database& db, int author_id, const std::optional<author_cursor>& after,
                                           std::size_t limit);

}  // namespace blog::store
