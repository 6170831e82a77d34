// Posts streamed out of PostgreSQL through a cursor, a batch at a time: a node's start reads
// 100,000 posts without holding them all (or their bodies) in memory at once.
#pragma once

#include "blog/posts/post.hpp"
#include "blog/store/database.hpp"

#include <cstdint>
#include <functional>
#include <string>

namespace blog::store {

// What of each post to read: everything but content and content_html (what lists, cards, feeds
// and page metadata need), or the whole post.
enum class post_parts { summary, whole };

// Calls `fn` with every post, any state, with its author's name, in id order, all from one
// snapshot of the database. Throws on database failure (and rethrows what fn throws).
void for_each_post(database& db, post_parts parts, const std::function<void(posts::post&&)>& fn);

// A post's body as stored, with the update time of the version it belongs to.
struct post_body {
  int id = 0;
  std::int64_t updated_at_ms = 0;
  std::string content;
  std::string content_html;
};

// Calls `fn` with every post's body in id order until it returns false. Throws on database
// failure (and rethrows what fn throws).
void for_each_post_body(database& db, const std::function<bool(post_body&&)>& fn);

}  // namespace blog::store
