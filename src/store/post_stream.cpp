// Cursor reads of every post (summaries, bodies or whole) for a node's start and a rebuild.
#include "blog/store/post_stream.hpp"

#include <pqxx/pqxx>

namespace blog::store {
namespace {

// Rows per FETCH: a few megabytes of posts at a time.
constexpr int fetch_rows = 1000;

// The columns of posts_store's post_columns, with the body left out of a summary.
std::string select_posts(post_parts parts) {
  return std::string("SELECT p.id, p.title, p.slug, ") +
         (parts == post_parts::whole ? "p.content, p.content_html, " : "'', '', ") +
         "p.excerpt, p.category, p.cover_image, p.published, p.language, "
         "(extract(epoch FROM p.published_at) * 1000)::bigint, p.author_id, coalesce(u.username, ''), "
         "(extract(epoch FROM p.created_at) * 1000)::bigint, (extract(epoch FROM p.updated_at) * 1000)::bigint, "
         "p.hidden_by_admin FROM posts p LEFT JOIN users u ON u.id = p.author_id ORDER BY p.id";
}

posts::post from_row(const pqxx::row& r) {
  posts::post p;
  p.id = r[0].as<int>();
  p.title = r[1].as<std::string>();
  p.slug = r[2].as<std::string>();
  p.content = r[3].as<std::string>();
  p.content_html = r[4].as<std::string>();
  p.excerpt = r[5].as<std::string>();
  p.category = r[6].as<std::string>();
  p.cover_image = r[7].as<std::string>();
  p.published = r[8].as<bool>();
  p.language = r[9].as<std::string>();
  p.published_at_ms = r[10].as<std::int64_t>();
  if (!r[11].is_null()) p.author_id = r[11].as<int>();
  p.author_name = r[12].as<std::string>();
  p.created_at_ms = r[13].as<std::int64_t>();
  p.updated_at_ms = r[14].as<std::int64_t>();
  p.hidden_by_admin = r[15].as<bool>();
  return p;
}

// Runs `query` through a cursor in one read-only transaction, giving `fn` each batch until it is
// empty or fn returns false.
void through_cursor(database& db, const std::string& query, const std::function<bool(const pqxx::result&)>& fn) {
  db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    tx.exec("DECLARE blog_post_stream NO SCROLL CURSOR FOR " + query);
    for (;;) {
      auto rows = tx.exec("FETCH " + std::to_string(fetch_rows) + " FROM blog_post_stream");
      if (rows.empty() || !fn(rows)) break;
    }
  });
}

}  // namespace

void for_each_post(database& db, post_parts parts, const std::function<void(posts::post&&)>& fn) {
  through_cursor(db, select_posts(parts), [&](const pqxx::result& rows) {
    for (const auto& row : rows) fn(from_row(row));
    return true;
  });
}

void for_each_post_body(database& db, const std::function<bool(post_body&&)>& fn) {
  through_cursor(db,
                 "SELECT id, (extract(epoch FROM updated_at) * 1000)::bigint, content, content_html FROM posts "
                 "ORDER BY id",
                 [&](const pqxx::result& rows) {
                   for (const auto& row : rows) {
                     post_body body{row[0].as<int>(), row[1].as<std::int64_t>(), row[2].as<std::string>(),
                                    row[3].as<std::string>()};
                     if (!fn(std::move(body))) return false;
                   }
                   return true;
                 });
}

}  // namespace blog::store
