// Admin → Export: the archive is written to a private file under the data folder, streamed, removed.
// It lives here, not in api/, because writing the archive is the import layer's (libarchive).
#include "blog/app/export_route.hpp"

#include "blog/api/guard.hpp"
#include "blog/import/site_archive.hpp"

#include <spdlog/spdlog.h>

#include <atomic>
#include <ctime>
#include <filesystem>

namespace blog::app {

http::handler export_handler(api::context& ctx) {
  const api::sessions callers{ctx.cfg, ctx.db, ctx.site};
  auto& db = ctx.db;
  auto folder = ctx.cfg.data_dir / "exports";
  return http::on_workers([callers, &db, folder](http::request& req) {
    auto admin = api::require_admin(callers, req);
    static std::atomic<unsigned> serial{0};
    std::filesystem::create_directories(folder);
    auto file = folder / ("export-" + std::to_string(::getpid()) + "-" + std::to_string(++serial) + ".tar.gz");
    std::uintmax_t size = 0;
    try {
      import::write_site_archive(db, file);
      size = std::filesystem::file_size(file);
    } catch (...) {
      std::error_code ec;
      std::filesystem::remove(file, ec);
      std::filesystem::remove(file.string() + ".partial", ec);
      throw;
    }
    spdlog::info("site exported by {} ({} bytes)", admin.username, size);
    char day[16];
    auto now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    std::strftime(day, sizeof day, "%Y-%m-%d", &tm);
    // The server sends the file from disk a piece at a time and removes it: the archive (all
    // the images) is never in memory.
    auto res = http::response::text(200, "", "application/gzip");
    res.body_file = http::owned_file(file.string());
    res.set("Content-Disposition", std::string("attachment; filename=\"paytech-blog-") + day + ".tar.gz\"");
    res.set("Cache-Control", "no-store");
    return res;
  });
}

}  // namespace blog::app
