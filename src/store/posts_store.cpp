// Reads posts and the change log.
#include "blog/store/posts_store.hpp"

#include "blog/store/import_store.hpp"
#include "blog/store/prepared.hpp"
#include "import_item_row.hpp"

#include "blog/core/error.hpp"

#include <boost/json.hpp>
#include <pqxx/pqxx>

#include <map>

namespace blog::store {
namespace {

constexpr const char* post_columns =
    "p.id, p.title, p.slug, p.content, p.content_html, p.excerpt, p.category, p.cover_image, p.published, "
    "p.language, (extract(epoch FROM p.published_at) * 1000)::bigint, p.author_id, coalesce(u.username, ''), "
    "(extract(epoch FROM p.created_at) * 1000)::bigint, (extract(epoch FROM p.updated_at) * 1000)::bigint, "
    "p.hidden_by_admin, t.id, t.slug, t.language, t.title, t.published, t.hidden_by_admin, "
    "(extract(epoch FROM t.published_at) * 1000)::bigint, t.author_id, "
    "p.newsletter, coalesce((extract(epoch FROM p.newsletter_sent_at) * 1000)::bigint, 0) "
    "FROM posts p LEFT JOIN users u ON u.id = p.author_id LEFT JOIN posts t ON t.id = p.translation_of";
// post_columns with the body left out (two empty texts in its place) and of the counterpart only
// its id (in the place of its own id; the rest of its columns null): no second pass over the table.
constexpr const char* summary_columns =
    "p.id, p.title, p.slug, '', '', p.excerpt, p.category, p.cover_image, p.published, "
    "p.language, (extract(epoch FROM p.published_at) * 1000)::bigint, p.author_id, coalesce(u.username, ''), "
    "(extract(epoch FROM p.created_at) * 1000)::bigint, (extract(epoch FROM p.updated_at) * 1000)::bigint, "
    "p.hidden_by_admin, p.translation_of, NULL, NULL, NULL, NULL, NULL, NULL, NULL, "
    "p.newsletter, coalesce((extract(epoch FROM p.newsletter_sent_at) * 1000)::bigint, 0) "
    "FROM posts p LEFT JOIN users u ON u.id = p.author_id";

// Rows per FETCH: a few megabytes of posts at a time.
constexpr int fetch_rows = 1000;

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
  if (!r[16].is_null() && r[17].is_null()) {
    // A summary's counterpart: its id only.
    p.translation = posts::counterpart{};
    p.translation->id = r[16].as<int>();
  } else if (!r[16].is_null()) {
    posts::counterpart t;
    t.id = r[16].as<int>();
    t.slug = r[17].as<std::string>();
    t.language = r[18].as<std::string>();
    t.title = r[19].as<std::string>();
    t.published = r[20].as<bool>();
    t.hidden_by_admin = r[21].as<bool>();
    t.published_at_ms = r[22].as<std::int64_t>();
    if (!r[23].is_null()) t.author_id = r[23].as<int>();
    p.translation = std::move(t);
  }
  p.newsletter = r[24].as<std::string>();
  p.newsletter_sent_at_ms = r[25].as<std::int64_t>();
  return p;
}

std::string id_array(const std::vector<int>& ids) {
  std::string text = "{";
  for (std::size_t i = 0; i < ids.size(); ++i) text += (i ? "," : "") + std::to_string(ids[i]);
  return text + "}";
}

// Runs `query` (its values are numbers made here, written into it) through a cursor in one
// read-only transaction, giving `fn` each batch until one is empty or fn returns false.
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
  auto query =
      std::string("SELECT ") + (parts == post_parts::whole ? post_columns : summary_columns) + " ORDER BY p.id";
  through_cursor(db, query, [&](const pqxx::result& rows) {
    for (const auto& row : rows) fn(from_row(row));
    return true;
  });
}

void for_each_post_html(database& db, const std::vector<int>& ids, const std::function<bool(post_html&&)>& fn) {
  through_cursor(db,
                 "SELECT id, (extract(epoch FROM updated_at) * 1000)::bigint, content_html FROM posts "
                 "WHERE '" +
                     id_array(ids) + "'::int[] = '{}' OR id = ANY('" + id_array(ids) + "'::int[]) ORDER BY id",
                 [&](const pqxx::result& rows) {
                   for (const auto& row : rows)
                     if (!fn({row[0].as<int>(), row[1].as<std::int64_t>(), row[2].as<std::string>()})) return false;
                   return true;
                 });
}

std::vector<posts::post> load_all_posts(database& db) {
  return db.with([](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<posts::post> all;
    for (const auto& row : tx.exec(std::string("SELECT ") + post_columns)) all.push_back(from_row(row));
    return all;
  });
}

std::vector<posts::post> load_posts(database& db, const std::vector<int>& ids) {
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<posts::post> found;
    for (const auto& row :
         exec_prepared(tx, std::string("SELECT ") + post_columns + " WHERE p.id = ANY($1::int[])", id_array(ids)))
      found.push_back(from_row(row));
    return found;
  });
}

std::vector<post_change> changes_since(database& db, std::int64_t after, std::size_t limit) {
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<post_change> changes;
    for (const auto& row :
         tx.exec_params("SELECT seq, post_id, (extract(epoch FROM changed_at) * 1000)::bigint FROM post_changes "
                        "WHERE seq > $1 ORDER BY seq LIMIT $2",
                        after, static_cast<long long>(limit)))
      changes.push_back({row[0].as<std::int64_t>(), row[1].as<int>(), row[2].as<std::int64_t>()});
    return changes;
  });
}

std::int64_t last_change_seq(database& db) {
  return db.with([](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    return tx.exec("SELECT coalesce(max(seq), 0) FROM post_changes")[0][0].as<std::int64_t>();
  });
}

namespace {

const char* slug_taken = "A post with this slug already exists";
const char* translation_missing = "The post to link as a translation was not found";

// Saves the post's text as a revision unless the newest one already holds it (an admin's date or
// visibility change is no new text), then trims the post to its last max_revisions: one statement,
// one round trip. The DELETE does not see the row its own WITH inserts (one snapshot for the whole
// statement), so it keeps one old revision fewer when there is a new one.
void keep_revision(pqxx::work& tx, const posts::post& p, const std::string& saved_by) {
  exec_prepared(
      tx,
      "WITH saved AS (INSERT INTO post_revisions (post_id, title, excerpt, content, category, cover_image, language, "
      "saved_by) SELECT $1, $2, $3, $4, $5, $6, $7, NULLIF($8, '')::int WHERE NOT EXISTS ("
      " SELECT 1 FROM (SELECT * FROM post_revisions WHERE post_id = $1 ORDER BY id DESC LIMIT 1) last"
      " WHERE last.title = $2 AND last.excerpt = $3 AND last.content = $4 AND last.category = $5"
      " AND last.cover_image = $6 AND last.language = $7) RETURNING id) "
      "DELETE FROM post_revisions WHERE post_id = $1 AND id NOT IN "
      "(SELECT id FROM post_revisions WHERE post_id = $1 ORDER BY id DESC LIMIT ($9 - (SELECT count(*) FROM saved)))",
      p.id, p.title, p.excerpt, p.content, p.category, p.cover_image, p.language, saved_by,
      static_cast<long long>(max_revisions));
}

// libpqxx 6 has no std::optional parameters: an empty string stands for NULL.
std::string author_of(const posts::post& p) {
  return p.author_id ? std::to_string(*p.author_id) : std::string();
}

}  // namespace

namespace {

std::optional<posts::post> locked_post(pqxx::work& tx, int id) {
  auto rows = exec_prepared(tx, std::string("SELECT ") + post_columns + " WHERE p.id = $1 FOR UPDATE OF p", id);
  if (rows.empty()) return std::nullopt;
  return from_row(rows[0]);
}

// Moves post `self`'s link from old_target to target (or removes it); the target is locked and
// checked by the caller. The old pair is cleared first, so UNIQUE (translation_of) holds after
// every statement.
void move_link(pqxx::work& tx, int self, std::optional<int> old_target, std::optional<int> target) {
  if (target == old_target) return;
  if (old_target)
    tx.exec_params("UPDATE posts SET translation_of = NULL WHERE id IN ($1, $2) AND translation_of IN ($1, $2)", self,
                   *old_target);
  if (!target) return;
  tx.exec_params("UPDATE posts SET translation_of = $2 WHERE id = $1", self, *target);
  tx.exec_params("UPDATE posts SET translation_of = $2 WHERE id = $1", *target, self);
}

// The INSERT of insert_post and insert_imported_post, with the first revision; the new id.
int insert_row(pqxx::work& tx, const posts::post& p) {
  // The post and its first revision in one statement (the revision's foreign key is checked at
  // its end, when the post is there): a new post has no older revision to compare or trim.
  auto row = exec_prepared1(
      tx,
      "WITH post AS (INSERT INTO posts (title, slug, content, content_html, excerpt, category, cover_image, "
      "published, language, published_at, author_id, hidden_by_admin, newsletter) VALUES ($1, $2, $3, $4, $5, $6, "
      "$7, $8, $9, to_timestamp($10::double precision / 1000), NULLIF($11, '')::int, $12, $13) RETURNING id) "
      "INSERT INTO post_revisions (post_id, title, excerpt, content, category, cover_image, language, saved_by) "
      "SELECT id, $1, $5, $3, $6, $7, $9, NULLIF($11, '')::int FROM post RETURNING post_id",
      p.title, p.slug, p.content, p.content_html, p.excerpt, p.category, p.cover_image, p.published, p.language,
      static_cast<long long>(p.published_at_ms), author_of(p), p.hidden_by_admin,
      p.newsletter == "pending" || p.newsletter == "off" ? p.newsletter : std::string("none"));
  return row[0].as<int>();
}

}  // namespace

int insert_post(database& db, const posts::post& p) {
  return write_posts(db, [&](post_write& w) {
    auto id = w.insert(p);
    w.commit();
    return id;
  });
}

imported_post insert_imported_post(database& db, const posts::post& p, const import_origin& origin) {
  return db.with([&](pqxx::connection& c) {
    try {
      pqxx::work tx(c);
      imported_post done;
      done.id = insert_row(tx, p);
      remember_import_item(tx, origin, done.id);
      done.redirects_added = add_redirects(tx, origin.old_paths, done.id);
      tx.commit();
      return done;
    } catch (const pqxx::unique_violation&) {
      throw blog::conflict(slug_taken, {{"slug", slug_taken}});
    }
  });
}

namespace {

// A batch of new imported posts as one JSON array for json_to_recordset: one statement carries
// the whole batch, however many posts, without a round trip or a parse for each.
std::string import_rows_json(const std::vector<import_insert>& posts) {
  boost::json::array rows;
  rows.reserve(posts.size());
  for (const auto& [p, origin] : posts) {
    boost::json::array paths;
    for (const auto& path : origin.old_paths) paths.emplace_back(path);
    boost::json::object row;
    row["title"] = p.title;
    row["slug"] = p.slug;
    row["content"] = p.content;
    row["content_html"] = p.content_html;
    row["excerpt"] = p.excerpt;
    row["category"] = p.category;
    row["cover_image"] = p.cover_image;
    row["published"] = p.published;
    row["language"] = p.language;
    row["published_at_ms"] = p.published_at_ms;
    if (p.author_id) row["author_id"] = *p.author_id;
    row["hidden_by_admin"] = p.hidden_by_admin;
    row["newsletter"] = p.newsletter == "pending" || p.newsletter == "off" ? p.newsletter : std::string("none");
    row["source"] = origin.source;
    row["source_id"] = origin.source_id;
    row["content_hash"] = origin.content_hash;
    row["old_paths"] = std::move(paths);
    rows.push_back(std::move(row));
  }
  return boost::json::serialize(rows);
}

}  // namespace

std::vector<imported_post> insert_imported_posts(database& db, const std::vector<import_insert>& posts) {
  if (posts.empty()) return {};
  return db.with([&](pqxx::connection& c) {
    try {
      pqxx::work tx(c);
      // What insert_imported_post does for each post (the post, its first revision, its import
      // record, its redirects), for the whole batch in one statement. Rows come back by slug
      // (unique), so their order does not matter.
      auto rows = tx.exec_params(
          "WITH input AS (SELECT * FROM json_to_recordset($1::json) AS t(title text, slug text, content text, "
          " content_html text, excerpt text, category text, cover_image text, published boolean, language text, "
          " published_at_ms bigint, author_id integer, hidden_by_admin boolean, newsletter text, source text, "
          " source_id text, content_hash text, old_paths text[])), "
          "ins AS (INSERT INTO posts (title, slug, content, content_html, excerpt, category, cover_image, published, "
          " language, published_at, author_id, hidden_by_admin, newsletter) "
          " SELECT title, slug, content, content_html, excerpt, category, cover_image, published, language, "
          " to_timestamp(published_at_ms::double precision / 1000), author_id, hidden_by_admin, newsletter "
          " FROM input RETURNING id, slug, title, excerpt, content, category, cover_image, language, author_id), "
          "revision AS (INSERT INTO post_revisions (post_id, title, excerpt, content, category, cover_image, "
          " language, saved_by) SELECT id, title, excerpt, content, category, cover_image, language, author_id "
          " FROM ins), "
          "item AS (INSERT INTO import_items (source, source_id, post_id, content_hash) "
          " SELECT i.source, i.source_id, ins.id, i.content_hash FROM input i JOIN ins USING (slug) "
          " ON CONFLICT (source, source_id) DO UPDATE SET post_id = EXCLUDED.post_id, "
          " content_hash = EXCLUDED.content_hash, imported_at = now()), "
          "moved AS (INSERT INTO redirects (path, post_id) SELECT old.path, ins.id FROM input i JOIN ins USING (slug) "
          " CROSS JOIN LATERAL unnest(i.old_paths) AS old(path) ON CONFLICT (path) DO NOTHING RETURNING post_id), "
          // Counted by one grouping, not a scan of every redirect for each post (a quarter of the
          // statement's time at 500 posts).
          "per_post AS (SELECT post_id, count(*) AS n FROM moved GROUP BY post_id) "
          "SELECT ins.slug, ins.id, coalesce(per_post.n, 0) FROM ins LEFT JOIN per_post ON per_post.post_id = ins.id",
          import_rows_json(posts));
      tx.commit();
      std::map<std::string, imported_post, std::less<>> by_slug;
      for (const auto& row : rows) by_slug[row[0].as<std::string>()] = {row[1].as<int>(), row[2].as<int>()};
      std::vector<imported_post> done;
      done.reserve(posts.size());
      for (const auto& one : posts) done.push_back(by_slug.at(one.post.slug));
      return done;
    } catch (const pqxx::unique_violation&) {
      throw blog::conflict(slug_taken, {{"slug", slug_taken}});
    }
  });
}

namespace {

pqxx::result write_post(pqxx::work& tx, const posts::post& p) {
  return exec_prepared(
      tx,
      "UPDATE posts SET title = $2, slug = $3, content = $4, content_html = $5, excerpt = $6, category = $7, "
      "cover_image = $8, published = $9, language = $10, published_at = to_timestamp($11::double precision / 1000), "
      "hidden_by_admin = $12, updated_at = now(), "
      // Only the editor's switch moves here, and only while undecided: a post read before its
      // mails were queued can never write 'pending' over 'sent'.
      "newsletter = CASE WHEN newsletter IN ('pending', 'off') AND $13 IN ('pending', 'off') THEN $13 "
      "ELSE newsletter END WHERE id = $1",
      p.id, p.title, p.slug, p.content, p.content_html, p.excerpt, p.category, p.cover_image, p.published, p.language,
      static_cast<long long>(p.published_at_ms), p.hidden_by_admin, p.newsletter);
}

}  // namespace

bool update_post(database& db, const posts::post& p) {
  return db.with([&](pqxx::connection& c) {
    try {
      pqxx::work tx(c);
      auto result = write_post(tx, p);
      tx.commit();
      return result.affected_rows() == 1;
    } catch (const pqxx::unique_violation&) {
      throw blog::conflict(slug_taken, {{"slug", slug_taken}});
    }
  });
}

struct post_write::impl {
  explicit impl(pqxx::connection& c) : tx(c) {}
  pqxx::work tx;
};

post_write::post_write(pqxx::connection& c) : impl_(std::make_unique<impl>(c)) {}
post_write::~post_write() = default;

std::optional<posts::post> post_write::lock(const post_key& key) {
  if (key.id > 0) return locked_post(impl_->tx, key.id);
  // FOR UPDATE OF p: the author's row (outer join) is only read, and cannot be locked anyway.
  auto rows =
      exec_prepared(impl_->tx, std::string("SELECT ") + post_columns + " WHERE p.slug = $1 FOR UPDATE OF p", key.slug);
  if (rows.empty()) return std::nullopt;
  return from_row(rows[0]);
}

posts::post post_write::lock_counterpart(int target, int self) {
  auto found = target == self ? std::nullopt : locked_post(impl_->tx, target);
  if (!found) throw blog::not_found(translation_missing, {{"translationOf", translation_missing}});
  return std::move(*found);
}

std::map<int, posts::post> post_write::lock_all(const std::vector<int>& ids) {
  std::map<int, posts::post> locked;
  for (const auto& row : impl_->tx.exec_params(
           std::string("SELECT ") + post_columns + " WHERE p.id = ANY($1::int[]) ORDER BY p.id FOR UPDATE OF p",
           id_array(ids)))
    locked.emplace(row[0].as<int>(), from_row(row));
  return locked;
}

int post_write::insert(const posts::post& p) {
  try {
    return insert_row(impl_->tx, p);
  } catch (const pqxx::unique_violation&) {
    throw blog::conflict(slug_taken, {{"slug", slug_taken}});
  }
}

void post_write::update(const posts::post& p, std::optional<int> saved_by) {
  try {
    write_post(impl_->tx, p);
  } catch (const pqxx::unique_violation&) {
    throw blog::conflict(slug_taken, {{"slug", slug_taken}});
  }
  keep_revision(impl_->tx, p, saved_by ? std::to_string(*saved_by) : author_of(p));
}

void post_write::relink(int self, std::optional<int> old_target, std::optional<int> target) {
  move_link(impl_->tx, self, old_target, target);
}

void post_write::link_pairs(const std::vector<std::pair<int, int>>& pairs) {
  if (pairs.empty()) return;
  std::vector<int> from, to;
  for (const auto& [first, second] : pairs) {
    from.insert(from.end(), {first, second});
    to.insert(to.end(), {second, first});
  }
  impl_->tx.exec_params(
      "UPDATE posts p SET translation_of = v.target FROM unnest($1::int[], $2::int[]) AS v(id, target) "
      "WHERE p.id = v.id",
      id_array(from), id_array(to));
}

std::vector<written_post> post_write::written(int id) {
  // The change log's row of this transaction for the post, found by its xid (indexed). One id, not
  // an array: PostgreSQL keeps one plan for "p.id = $1", while for "= ANY($1)" it planned afresh
  // at every call (a quarter of a millisecond each, more than the statement itself).
  static const std::string sql = [] {
    std::string columns = post_columns;
    columns.insert(columns.find(" FROM posts p"),
                   ", (SELECT max(c.seq) FROM post_changes c WHERE c.post_id = p.id AND c.xid = pg_current_xact_id())");
    return "SELECT " + columns + " WHERE p.id = $1";
  }();
  std::vector<written_post> rows;
  for (const auto& row : exec_prepared(impl_->tx, sql, id))
    rows.push_back({from_row(row), row[26].is_null() ? 0 : row[26].as<std::int64_t>()});
  return rows;
}

void post_write::commit() {
  impl_->tx.commit();
}

bool delete_post(database& db, int id) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto result = tx.exec_params("DELETE FROM posts WHERE id = $1", id);
    tx.commit();
    return result.affected_rows() == 1;
  });
}

std::vector<post_revision> load_revisions(database& db, int post_id) {
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<post_revision> found;
    for (const auto& row : tx.exec_params(
             "SELECT r.id, r.post_id, r.title, r.excerpt, r.content, r.category, r.cover_image, r.language, "
             "coalesce(u.username, ''), (extract(epoch FROM r.saved_at) * 1000)::bigint FROM post_revisions r "
             "LEFT JOIN users u ON u.id = r.saved_by WHERE r.post_id = $1 ORDER BY r.id DESC LIMIT $2",
             post_id, static_cast<long long>(max_revisions))) {
      post_revision r;
      r.id = row[0].as<std::int64_t>();
      r.post_id = row[1].as<int>();
      r.title = row[2].as<std::string>();
      r.excerpt = row[3].as<std::string>();
      r.content = row[4].as<std::string>();
      r.category = row[5].as<std::string>();
      r.cover_image = row[6].as<std::string>();
      r.language = row[7].as<std::string>();
      r.saved_by_name = row[8].as<std::string>();
      r.saved_at_ms = row[9].as<std::int64_t>();
      found.push_back(std::move(r));
    }
    return found;
  });
}

std::vector<posts::post> load_author_posts(database& db, int author_id, const std::optional<author_cursor>& after,
                                           std::size_t limit) {
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    // The cursor compares in milliseconds, as it was handed out, so no post is skipped or repeated.
    const std::string created_ms = "(extract(epoch FROM p.created_at) * 1000)::bigint";
    const std::string order = " ORDER BY " + created_ms + " DESC, p.id DESC LIMIT $2";
    std::vector<posts::post> found;
    auto rows = after ? tx.exec_params(std::string("SELECT ") + post_columns + " WHERE p.author_id = $1 AND (" +
                                           created_ms + ", p.id) < ($3, $4)" + order,
                                       author_id, static_cast<long long>(limit + 1),
                                       static_cast<long long>(after->created_at_ms), after->id)
                      : tx.exec_params(std::string("SELECT ") + post_columns + " WHERE p.author_id = $1" + order,
                                       author_id, static_cast<long long>(limit + 1));
    for (const auto& row : rows) found.push_back(from_row(row));
    return found;
  });
}

bool any_post(database& db) {
  return db.with([](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    return tx.exec1("SELECT EXISTS (SELECT 1 FROM posts)")[0].as<bool>();
  });
}

std::optional<int> post_id_by_slug(database& db, const std::string& slug) {
  return db.with([&](pqxx::connection& c) -> std::optional<int> {
    pqxx::read_transaction tx(c);
    auto rows = tx.exec_params("SELECT id FROM posts WHERE slug = $1", slug);
    if (rows.empty()) return std::nullopt;
    return rows[0][0].as<int>();
  });
}

}  // namespace blog::store
