// POST /api/upload (signed-in users) and GET /uploads/{file}: images kept in PostgreSQL so every
// node serves them, named by their SHA-256 and cached immutably.
#include "blog/api/guard.hpp"
#include "blog/api/json.hpp"
#include "blog/api/routes.hpp"
#include "blog/domain/text.hpp"
#include "blog/http/multipart.hpp"
#include "blog/store/uploads_store.hpp"
#include "blog/uploads/image.hpp"

namespace blog::api {
namespace {

// Room for the multipart envelope around a 5 MB file; a bigger body is refused unread.
constexpr std::size_t max_upload_body = uploads::max_image_bytes + 64 * 1024;
constexpr const char* too_large = "Image must be less than 5MB";

}  // namespace

void add_upload_routes(http::router& r, app::context& ctx) {
  r.add({"POST", "/api/upload",
         [&ctx](http::request& req) {
           auto user = require_login(ctx, req);
           auto boundary = http::multipart_boundary(req.header("content-type"));
           if (!boundary) throw error(400, "Send the image as multipart/form-data in the field 'image'");
           auto parts = http::parse_multipart(req.body, *boundary);
           if (!parts) throw error(400, "The upload is not well-formed multipart/form-data");
           const http::form_part* image = nullptr;
           for (const auto& part : *parts)
             if (part.name == "image") image = &part;
           if (!image || image->data.empty()) throw error(400, "Please choose an image to upload", {{"image", "Please choose an image to upload"}});
           auto type = uploads::check_image(image->data);
           auto sha = uploads::sha256_hex(image->data);
           store::save_upload(ctx.db, sha, type.content_type, image->data, user.id);
           return http::response::json(201, {{"url", "/uploads/" + sha + "." + type.extension}});
         },
         http::runs_on::pool, max_upload_body, too_large, http::access::author, http::body_kind::multipart});

  r.get("/uploads/{file}", [&ctx](http::request& req) {
    // Files shipped with the web app (the default hero image) come first.
    if (auto shipped = ctx.web.find(req.path)) return http::response::from_prebuilt(shipped);
    const auto& file = req.param("file");
    auto dot = file.find('.');
    auto sha = file.substr(0, dot);
    bool hex = sha.size() == 64 && sha.find_first_not_of("0123456789abcdef") == std::string::npos;
    auto stored = hex ? store::load_upload(ctx.db, sha) : std::nullopt;
    if (!stored) return http::response::json(404, {{"message", "Not found"}});
    auto res = http::response::text(200, std::move(stored->bytes), stored->content_type);
    res.set("Cache-Control", "public, max-age=31536000, immutable");
    res.set("X-Content-Type-Options", "nosniff");
    res.set("Content-Security-Policy", "default-src 'none'; sandbox");
    return res;
  });
}

void add_category_write_routes(http::router& r, app::context& ctx) {
  r.post("/api/categories", [&ctx](http::request& req) {
    auto user = require_login(ctx, req);
    auto body = parse_object(req);
    auto name = domain::trim(optional_string(body, "name").value_or(""));
    if (domain::utf8_length(name) < 3)
      throw validation_error({{"name", "Category name must be at least 3 characters"}});
    if (domain::utf8_length(name) > 50) throw validation_error({{"name", "Category name must be at most 50 characters"}});
    auto lowered = domain::to_lower_ascii(name);
    for (const auto& existing : category_names(ctx))
      if (domain::to_lower_ascii(existing) == lowered)
        throw error(409, "Category already exists", {{"name", "Category already exists"}});
    auto created = store::insert_category(ctx.db, name, user.id);
    return http::response::json(201, {{"id", created.id}, {"name", created.name}, {"createdAt", created.created_at}});
  }, http::runs_on::pool, http::access::author);
}

}  // namespace blog::api
