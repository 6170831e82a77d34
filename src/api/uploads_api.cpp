// POST /api/upload (approved authors and admins) and GET /uploads/{file}: images re-encoded by libvips
// with resized variants, kept in PostgreSQL so every node serves them, named by SHA-256, cached immutably
// (and copied to the node's disk as it serves them, so pages keep their images while the database is away).
#include "blog/api/guard.hpp"
#include "blog/api/handlers.hpp"
#include "blog/api/json.hpp"
#include "blog/core/crypto.hpp"
#include "blog/media/file_cache.hpp"
#include "blog/media/image.hpp"
#include "blog/store/uploads_store.hpp"

#include <spdlog/spdlog.h>

namespace blog::api {
namespace {

constexpr const char* too_many_uploads = "You have uploaded too many images in the last hour. Please try again later.";
constexpr const char* quota_full = "You have used all the storage for your images";

bool is_sha(std::string_view s) {
  return s.size() == 64 && s.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

struct upload_services {
  sessions callers;
  store::database& db;
  const http::static_files& web;                      // the web app's own images come first
  std::shared_ptr<const uploads::file_cache> copies;  // <data_dir>/upload-cache
  unsigned rate_per_hour;                             // BLOG_UPLOAD_RATE_PER_HOUR
  std::int64_t quota_bytes;                           // BLOG_UPLOAD_QUOTA_MB; 0: none
  metrics::counter& uploads_stored;
  metrics::counter& stored_bytes;
};

http::response serve(store::stored_file stored) {
  auto res = http::response::text(200, std::move(stored.bytes), stored.content_type);
  res.set("Cache-Control", "public, max-age=31536000, immutable");
  res.set("X-Content-Type-Options", "nosniff");
  res.set("Content-Security-Policy", "default-src 'none'; sandbox");
  return res;
}

// /uploads/{sha}-{width}.{ext}: nullopt when the name is not a variant's.
std::optional<store::stored_file> find_variant(store::database& db, std::string_view file) {
  auto dash = file.find('-'), dot = file.rfind('.');
  if (dash == std::string_view::npos || dot == std::string_view::npos || dot < dash) return std::nullopt;
  std::string sha(file.substr(0, dash)), width_text(file.substr(dash + 1, dot - dash - 1)), ext(file.substr(dot + 1));
  if (!is_sha(sha)) return std::nullopt;
  int width = 0;
  for (int w : uploads::variant_widths)
    if (width_text == std::to_string(w)) width = w;
  if (width == 0 || (ext != "jpg" && ext != "png" && ext != "gif" && ext != "webp")) return std::nullopt;
  if (auto found = store::load_upload_variant(db, sha, width, ext)) return found;
  // An image uploaded before variants existed gets them the first time one is asked for.
  auto original = store::load_upload(db, sha);
  if (!original) return std::nullopt;
  try {
    store::save_upload_variants(db, sha, uploads::process_image(original->bytes));
  } catch (const error& e) {
    if (e.kind() == blog::error_kind::unavailable) throw;  // busy: worth asking again, unlike an image that is not one
    spdlog::warn("no variants for upload {}: {}", sha, e.what());
    return std::nullopt;
  }
  return store::load_upload_variant(db, sha, width, ext);
}

// POST /api/upload: one image in the multipart field "image", checked, counted against the
// caller's hourly rate and storage quota, re-encoded with its variants, stored.
http::response upload_image(const upload_services& s, const http::request& req) {
  // Spec §6: uploading is part of writing, for approved authors and admins only.
  auto user = require_author(s.callers, req);
  const auto image = uploaded_file(req, "image", "image", "Please choose an image to upload");
  uploads::check_image(image.data);  // the cheap checks before any limit is spent
  // Counted before decoding: decoding is the costly part, refused or not.
  if (!store::record_upload_attempt(s.db, user.id, s.rate_per_hour)) throw rate_limited(too_many_uploads);
  const std::int64_t quota = s.quota_bytes;
  if (quota > 0 && store::stored_upload_bytes(s.db, user.id) >= quota) throw rate_limited(quota_full);
  auto processed = uploads::process_image(image.data);
  // Named after the bytes served, so the name always verifies what it names.
  auto sha = core::sha256_hex(processed.original.bytes);
  if (quota > 0 && !store::load_upload(s.db, sha) &&
      store::stored_upload_bytes(s.db, user.id) + static_cast<std::int64_t>(processed.total_bytes()) > quota)
    throw rate_limited(quota_full);
  store::save_upload(s.db, sha, processed, user.id);
  // The writing node serves the new image and its copies from its disk from now on.
  s.copies->put(sha + "." + processed.original.extension, processed.original.bytes);
  for (const auto& v : processed.variants)
    s.copies->put(sha + "-" + std::to_string(v.width) + "." + v.extension, v.bytes);
  s.uploads_stored.add();
  s.stored_bytes.add(processed.total_bytes());
  return http::response::json(201, {{"url", "/uploads/" + sha + "." + processed.original.extension}});
}

// GET /uploads/{file}: the web app's files, then this node's disk copy, then PostgreSQL.
http::response serve_upload(const upload_services& s, const http::request& req) {
  // Files shipped with the web app (the default hero image) come first.
  if (auto shipped = s.web.find(req.path)) return http::response::from_prebuilt(shipped);
  const auto& file = req.param("file");
  if (auto copy = s.copies->get(file)) return serve({std::move(copy->content_type), std::move(copy->bytes)});
  auto found = find_variant(s.db, file);
  if (!found) {
    auto sha = file.substr(0, file.find('.'));
    found = is_sha(sha) ? store::load_upload(s.db, sha) : std::nullopt;
  }
  if (!found) return http::response::json(404, {{"message", "Not found"}});
  s.copies->put(file, found->bytes);
  return serve(std::move(*found));
}

}  // namespace

upload_handlers upload_api(api::context& ctx) {
  // Started here, once, before the first request rather than inside one.
  uploads::start_image_library();
  const upload_services s{
      {ctx.cfg, ctx.db, ctx.site},
      ctx.db,
      ctx.web,
      std::make_shared<const uploads::file_cache>(ctx.cfg.data_dir / "upload-cache"),
      ctx.cfg.upload_rate_per_hour,
      static_cast<std::int64_t>(ctx.cfg.upload_quota_mb) * 1024 * 1024,
      ctx.metrics.make_counter("blog_uploads_total", "Images uploaded and stored."),
      ctx.metrics.make_counter("blog_upload_bytes_total", "Bytes of uploaded images stored, with their variants.")};
  return {.upload = http::on_workers([s](http::request& req) { return upload_image(s, req); }),
          .serve = http::on_workers([s](http::request& req) { return serve_upload(s, req); })};
}

}  // namespace blog::api
