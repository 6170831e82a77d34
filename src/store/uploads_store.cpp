// Uploaded images (bytea, content-addressed) with their variants, and upload attempts.
#include "blog/store/uploads_store.hpp"

#include "blog/core/error.hpp"

#include <pqxx/pqxx>

namespace blog::store {

namespace {

void insert_variants(pqxx::work& tx, const std::string& sha256, const uploads::processed_image& image) {
  for (const auto& v : image.variants) {
    pqxx::binarystring blob(v.bytes.data(), v.bytes.size());
    tx.exec_params(
        "INSERT INTO upload_variants (sha256, width, extension, content_type, bytes, size) "
        "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
        sha256, v.width, v.extension, v.content_type, blob, static_cast<int>(v.bytes.size()));
  }
}

}  // namespace

void save_upload(database& db, const std::string& sha256, const uploads::processed_image& image, int user_id) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    const auto& bytes = image.original.bytes;
    pqxx::binarystring blob(bytes.data(), bytes.size());
    tx.exec_params(
        "INSERT INTO uploads (sha256, content_type, bytes, size, created_by) VALUES ($1, $2, $3, $4, $5) "
        "ON CONFLICT (sha256) DO NOTHING",
        sha256, image.original.content_type, blob, static_cast<int>(bytes.size()), user_id);
    insert_variants(tx, sha256, image);
    tx.commit();
  });
}

void save_upload_variants(database& db, const std::string& sha256, const uploads::processed_image& image) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    insert_variants(tx, sha256, image);
    tx.commit();
  });
}

std::optional<stored_file> load_upload(database& db, const std::string& sha256) {
  return db.with([&](pqxx::connection& c) -> std::optional<stored_file> {
    pqxx::read_transaction tx(c);
    auto rows = tx.exec_params("SELECT content_type, bytes FROM uploads WHERE sha256 = $1", sha256);
    if (rows.empty()) return std::nullopt;
    pqxx::binarystring blob(rows[0][1]);
    return stored_file{rows[0][0].as<std::string>(), blob.str()};
  });
}

std::optional<stored_file> load_upload_variant(database& db, const std::string& sha256, int width,
                                               const std::string& extension) {
  return db.with([&](pqxx::connection& c) -> std::optional<stored_file> {
    pqxx::read_transaction tx(c);
    auto rows = tx.exec_params(
        "SELECT content_type, bytes FROM upload_variants WHERE sha256 = $1 AND width = $2 AND extension = $3", sha256,
        width, extension);
    if (rows.empty()) return std::nullopt;
    pqxx::binarystring blob(rows[0][1]);
    return stored_file{rows[0][0].as<std::string>(), blob.str()};
  });
}

bool record_upload_attempt(database& db, int user_id, unsigned per_hour) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    // One account's attempts are counted one at a time, on every node (the lock is PostgreSQL's).
    tx.exec_params("SELECT pg_advisory_xact_lock(hashtext('blog.upload_attempts'), $1)", user_id);
    tx.exec_params("DELETE FROM upload_attempts WHERE user_id = $1 AND attempted_at < now() - interval '1 hour'",
                   user_id);
    if (per_hour > 0) {
      auto count = tx.exec_params1("SELECT count(*) FROM upload_attempts WHERE user_id = $1", user_id)[0].as<long>();
      if (count >= static_cast<long>(per_hour)) return false;
    }
    tx.exec_params("INSERT INTO upload_attempts (user_id) VALUES ($1)", user_id);
    tx.commit();
    return true;
  });
}

std::int64_t stored_upload_bytes(database& db, int user_id) {
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    return tx
        .exec_params1(
            "SELECT coalesce(sum(u.size), 0) + coalesce((SELECT sum(v.size) FROM upload_variants v "
            "JOIN uploads o ON o.sha256 = v.sha256 WHERE o.created_by = $1), 0) "
            "FROM uploads u WHERE u.created_by = $1",
            user_id)[0]
        .as<std::int64_t>();
  });
}

}  // namespace blog::store
