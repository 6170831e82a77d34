// Admin → Import (issue 23): an uploaded export becomes a job that a node runs (app/import_worker);
// the admin follows its state, progress and report.
#include "blog/api/guard.hpp"
#include "blog/api/handlers.hpp"
#include "blog/api/json.hpp"
#include "blog/store/import_store.hpp"

#include <charconv>

namespace blog::api {
namespace {

std::int64_t job_id(const http::request& req) {
  const auto text = req.param("id");
  std::int64_t id = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (ec != std::errc() || end != text.data() + text.size() || id <= 0) throw not_found("Import not found");
  return id;
}

}  // namespace

import_handlers import_api(api::context& ctx) {
  const sessions callers{ctx.cfg, ctx.db, ctx.site};
  auto& db = ctx.db;
  return {// POST /api/admin/import: the export in the multipart field "file" → 202 {id}.
          .start = http::on_workers([callers, &db](http::request& req) {
            auto admin = require_admin(callers, req);
            auto file = uploaded_file(req, "file", "export", "Please choose an export file");
            auto id = store::queue_import(db, file.filename, std::string(file.data), admin.id);
            return http::response::json(202, {{"id", id}});
          }),
          // GET /api/admin/import/{id}: {state, progress, report, error}.
          .status = http::on_workers([callers, &db](http::request& req) {
            require_admin(callers, req);
            auto job = store::find_import_job(db, job_id(req));
            if (!job) throw not_found("Import not found");
            boost::json::value report = nullptr;
            if (!job->report.empty()) report = boost::json::parse(job->report);
            auto res = http::response::json(
                200, {{"id", job->id},
                      {"state", job->state},
                      {"progress", job->progress},
                      {"report", report},
                      {"error", job->error.empty() ? boost::json::value(nullptr) : boost::json::value(job->error)}});
            return no_store(res);
          })};
}

}  // namespace blog::api
