// SQL for posts and their change log.
#pragma once

#include "blog/posts/post.hpp"
#include "blog/store/database.hpp"

#include <cstdint>
#include <functional>
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
// A change of a post's linked translation (translationOf), made in the post's own transaction.
struct translation_change {
  std::optional<int> target;  // the counterpart to link; nullopt unlinks
  // Called with the post (as written) and the target, locked, before linking; throws (blog::error)
  // to refuse, and then nothing is written.
  std::function<void(const posts::post& self, const posts::post& target)> check;
};

// Inserts a post (id, author name and created/updated times are the database's) and returns its
// id; with `link`, links it to its counterpart in the same transaction. Throws blog::error 409 'A
// post with this slug already exists' on a slug clash, 404 when the counterpart does not exist,
// and whatever link.check throws.
int insert_post(database& db, const posts::post& p, const std::optional<translation_change>& link = std::nullopt);

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

// Reads the post and changes it in one transaction, deciding from the database rather than any
// node's read model: the row is locked (SELECT … FOR UPDATE), passed to `change`, and what change
// leaves in it (all fields but id, author and creation time) is written back and committed.
// nullopt when no such post exists. Whatever `change` throws (e.g. blog::error 403/404 after its
// permission check) passes through and nothing is written. Throws blog::error 409 on a slug clash.
// With `link`, the post's counterpart is changed in the same transaction: the old pair unlinked,
// the new one (when given) linked both ways; 404 when it does not exist, or what link.check throws.
// The returned post still carries the counterpart it had before.
// A post whose text changed (title, excerpt, content, category, cover, language) keeps a revision
// of what was saved, saved by `saved_by` (or the post's author when nullopt).
std::optional<posts::post> change_post(database& db, const post_key& key,
                                       const std::function<void(posts::post&)>& change,
                                       const std::optional<translation_change>& link = std::nullopt,
                                       std::optional<int> saved_by = std::nullopt);
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
