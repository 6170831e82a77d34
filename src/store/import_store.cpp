// Imported items and the redirects of their old addresses.
#include "blog/store/import_store.hpp"

#include "blog/core/error.hpp"

#include "import_item_row.hpp"

#include <boost/json.hpp>
#include <pqxx/pqxx>

namespace blog::store {

void remember_import_item(pqxx::work& tx, const import_origin& origin, int post_id) {
  tx.exec_params(
      "INSERT INTO import_items (source, source_id, post_id, content_hash) VALUES ($1, $2, $3, $4) "
      "ON CONFLICT (source, source_id) DO UPDATE SET post_id = $3, content_hash = $4, imported_at = now()",
      origin.source, origin.source_id, post_id, origin.content_hash);
}

int add_redirects(pqxx::work& tx, const std::vector<std::string>& paths, int post_id) {
  int added = 0;
  for (const auto& path : paths)
    added += static_cast<int>(
        tx.exec_params("INSERT INTO redirects (path, post_id) VALUES ($1, $2) ON CONFLICT (path) DO NOTHING", path,
                       post_id)
            .affected_rows());
  return added;
}

std::vector<import_lookup> look_up_imports(database& db, const std::string& source,
                                           const std::vector<std::pair<std::string, std::string>>& items) {
  if (items.empty()) return {};
  boost::json::array rows;
  rows.reserve(items.size());
  for (std::size_t n = 0; n < items.size(); ++n)
    rows.push_back(boost::json::object{{"n", n}, {"id", items[n].first}, {"slug", items[n].second}});
  return db.with([&](pqxx::connection& c) {
    // One statement, outside a transaction, for a whole batch of a large import.
    pqxx::nontransaction tx(c);
    std::vector<import_lookup> found(items.size());
    for (const auto& row :
         tx.exec_params("SELECT t.n, i.post_id, i.content_hash, EXISTS (SELECT 1 FROM posts WHERE slug = t.slug) "
                        "FROM json_to_recordset($2::json) AS t(n integer, id text, slug text) "
                        "LEFT JOIN import_items i ON i.source = $1 AND i.source_id = t.id",
                        source, boost::json::serialize(rows))) {
      auto& one = found.at(row[0].as<std::size_t>());
      if (!row[1].is_null()) one.item = imported_item{row[1].as<int>(), row[2].as<std::string>()};
      one.slug_taken = row[3].as<bool>();
    }
    return found;
  });
}

std::optional<imported_item> find_imported(database& db, const std::string& source, const std::string& source_id) {
  return db.with([&](pqxx::connection& c) -> std::optional<imported_item> {
    pqxx::read_transaction tx(c);
    auto rows = tx.exec_params("SELECT post_id, content_hash FROM import_items WHERE source = $1 AND source_id = $2",
                               source, source_id);
    if (rows.empty()) return std::nullopt;
    return imported_item{rows[0][0].as<int>(), rows[0][1].as<std::string>()};
  });
}

void remember_imported(database& db, const std::string& source, const std::string& source_id, int post_id,
                       const std::string& content_hash) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    remember_import_item(tx, {source, source_id, content_hash, {}}, post_id);
    tx.commit();
  });
}

void remember_translation_groups(database& db, const std::string& source,
                                 const std::vector<std::pair<std::string, std::string>>& items) {
  if (items.empty()) return;
  boost::json::array rows;
  rows.reserve(items.size());
  for (const auto& [id, group] : items) rows.push_back(boost::json::object{{"id", id}, {"group", group}});
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec_params(
        "UPDATE import_items i SET translation_group = t.group FROM json_to_recordset($2::json) AS t(id text, "
        "\"group\" text) WHERE i.source = $1 AND i.source_id = t.id AND i.translation_group IS DISTINCT FROM t.group",
        source, boost::json::serialize(rows));
    tx.commit();
  });
}

std::vector<group_member> find_translation_group_members(database& db, const std::string& source,
                                                         const std::vector<std::string>& groups) {
  if (groups.empty()) return {};
  boost::json::array names(groups.begin(), groups.end());
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<group_member> found;
    for (const auto& row : tx.exec_params(
             "SELECT i.translation_group, p.language, i.source_id FROM import_items i JOIN posts p ON p.id = i.post_id "
             "WHERE i.source = $1 AND i.translation_group IN (SELECT json_array_elements_text($2::json)) "
             "ORDER BY i.imported_at",
             source, boost::json::serialize(names)))
      found.push_back({row[0].as<std::string>(), row[1].as<std::string>(), row[2].as<std::string>()});
    return found;
  });
}

bool add_redirect(database& db, const std::string& path, int post_id) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto result = tx.exec_params("INSERT INTO redirects (path, post_id) VALUES ($1, $2) ON CONFLICT (path) DO NOTHING",
                                 path, post_id);
    tx.commit();
    return result.affected_rows() == 1;
  });
}

std::optional<redirect> find_redirect(database& db, const std::string& path) {
  return db.with([&](pqxx::connection& c) -> std::optional<redirect> {
    pqxx::read_transaction tx(c);
    auto rows = tx.exec_params(
        "SELECT r.path, r.post_id, p.slug FROM redirects r JOIN posts p ON p.id = r.post_id WHERE r.path = $1", path);
    if (rows.empty()) return std::nullopt;
    return redirect{rows[0][0].as<std::string>(), rows[0][1].as<int>(), rows[0][2].as<std::string>()};
  });
}

std::vector<redirect> list_redirects(database& db) {
  return db.with([](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<redirect> all;
    for (const auto& row :
         tx.exec("SELECT r.path, r.post_id, p.slug FROM redirects r JOIN posts p ON p.id = r.post_id ORDER BY r.path"))
      all.push_back({row[0].as<std::string>(), row[1].as<int>(), row[2].as<std::string>()});
    return all;
  });
}

bool delete_redirect(database& db, const std::string& path) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto result = tx.exec_params("DELETE FROM redirects WHERE path = $1", path);
    tx.commit();
    return result.affected_rows() == 1;
  });
}

std::int64_t queue_import(database& db, const std::string& file_name, const std::string& bytes, int user_id) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    pqxx::binarystring blob(bytes.data(), bytes.size());
    auto row = tx.exec_params1("INSERT INTO import_jobs (file_name, file, created_by) VALUES ($1, $2, $3) RETURNING id",
                               file_name, blob, user_id);
    tx.commit();
    return row[0].as<std::int64_t>();
  });
}

std::optional<import_job> find_import_job(database& db, std::int64_t id) {
  return db.with([&](pqxx::connection& c) -> std::optional<import_job> {
    pqxx::read_transaction tx(c);
    auto rows = tx.exec_params(
        "SELECT id, state, progress, coalesce(report, ''), coalesce(error, '') FROM import_jobs WHERE id = $1",
        static_cast<long long>(id));
    if (rows.empty()) return std::nullopt;
    return import_job{rows[0][0].as<std::int64_t>(), rows[0][1].as<std::string>(), rows[0][2].as<int>(),
                      rows[0][3].as<std::string>(), rows[0][4].as<std::string>()};
  });
}

std::optional<claimed_import> claim_import(database& db, int stale_seconds) {
  return db.with([&](pqxx::connection& c) -> std::optional<claimed_import> {
    try {
      pqxx::work tx(c);
      tx.exec_params(
          "UPDATE import_jobs SET state = 'queued' WHERE state = 'running' "
          "AND heartbeat_at < now() - make_interval(secs => $1)",
          stale_seconds);
      auto rows = tx.exec(
          "UPDATE import_jobs SET state = 'running', heartbeat_at = now() WHERE id = ("
          " SELECT id FROM import_jobs WHERE state = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)"
          " AND NOT EXISTS (SELECT 1 FROM import_jobs WHERE state = 'running') "
          "RETURNING id, file_name, file, created_by");
      tx.commit();
      if (rows.empty()) return std::nullopt;
      claimed_import job;
      job.id = rows[0][0].as<std::int64_t>();
      job.file_name = rows[0][1].as<std::string>();
      pqxx::binarystring blob(rows[0][2]);
      job.bytes = blob.str();
      if (!rows[0][3].is_null()) job.created_by = rows[0][3].as<int>();
      return job;
    } catch (const pqxx::unique_violation&) {
      return std::nullopt;  // another node took one at the same moment
    }
  });
}

void import_progress(database& db, std::int64_t id, int percent) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec_params("UPDATE import_jobs SET progress = $2, heartbeat_at = now() WHERE id = $1 AND state = 'running'",
                   static_cast<long long>(id), percent);
    tx.commit();
  });
}

void finish_import(database& db, std::int64_t id, bool done, const std::string& report, const std::string& error) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec_params(
        "UPDATE import_jobs SET state = $2, progress = CASE WHEN $2 = 'done' THEN 100 ELSE progress END, "
        "report = NULLIF($3, ''), error = NULLIF($4, ''), file = NULL, finished_at = now() WHERE id = $1",
        static_cast<long long>(id), std::string(done ? "done" : "failed"), report, error);
    tx.commit();
  });
}

namespace {

// The advisory lock's key: "bimp" (blog import), one for the whole database.
constexpr long long import_lock_key = 0x62696d70;

}  // namespace

import_lock::import_lock(const database& db) {
  try {
    conn_ = std::make_unique<pqxx::connection>(db.url());
    pqxx::nontransaction tx(*conn_);
    if (!tx.exec_params1("SELECT pg_try_advisory_lock($1)", import_lock_key)[0].as<bool>())
      throw blog::conflict("Another import is running on this blog: wait for it to end, then import again");
  } catch (const pqxx::broken_connection& e) {
    throw blog::unavailable(std::string("The database cannot be reached: ") + e.what());
  }
}

import_lock::~import_lock() = default;  // closing the connection ends the lock

}  // namespace blog::store
