// Admin → Export: the archive is written to a private file under the data folder, streamed, removed.
// It lives here, not in api/, because writing the archive is the import layer's (libarchive).
#include "blog/app/export_route.hpp"

#include "blog/api/guard.hpp"
#include "blog/import/site_archive.hpp"

#include <spdlog/spdlog.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <vector>

namespace blog::app {
namespace {

// Export files are named "export-{pid}-{n}.tar.gz" (and .partial, .partial.content while written);
// a node killed (kill -9, a crash) while writing or sending one never removed it. At start none
// of this process's can be in flight, so the sweep removes those of a process that is gone (or
// that had this one's id: a container restarted with the same pid), and any older than an hour.
// A live process's recent file is left: each node has its own data folder, so a process that is
// still running here is another blogd on this machine (an old one still sending its last download).
void sweep_stale_exports(const std::filesystem::path& folder) {
  std::error_code ec;
  std::vector<std::filesystem::path> stale;
  const auto now = std::filesystem::file_time_type::clock::now();
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
    const auto name = entry.path().filename().string();
    int pid = 0;
    if (std::sscanf(name.c_str(), "export-%d-", &pid) != 1 || pid <= 0) continue;
    std::error_code time_ec;
    const auto written = entry.last_write_time(time_ec);
    const bool old = !time_ec && now - written > std::chrono::hours(1);
    const bool gone = pid == ::getpid() || (::kill(pid, 0) != 0 && errno == ESRCH);
    if (old || gone) stale.push_back(entry.path());
  }
  std::size_t removed = 0;
  for (const auto& file : stale)
    if (std::filesystem::remove(file, ec)) ++removed;
  if (removed > 0) spdlog::info("removed {} export file(s) a stopped server left in {}", removed, folder.string());
}

}  // namespace

http::handler export_handler(api::context& ctx) {
  const api::sessions callers{ctx.cfg, ctx.db, ctx.site};
  auto& db = ctx.db;
  auto folder = ctx.cfg.data_dir / "exports";
  sweep_stale_exports(folder);
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
