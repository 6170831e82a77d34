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
// The highest seq of the change log (0 when empty).
std::int64_t last_change_seq(database& db);
// Inserts a post (id, author name and created/updated times are the database's) and returns its
// id. Throws blog::error 409 'A post with this slug already exists' on a slug clash.
int insert_post(database& db, const posts::post& p);
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
std::optional<posts::post> change_post(database& db, const post_key& key,
                                       const std::function<void(posts::post&)>& change);
// Deletes a post; false when it did not exist.
bool delete_post(database& db, int id);

// Custom category names, in creation order.
std::vector<std::string> load_custom_categories(database& db);

}  // namespace blog::store
