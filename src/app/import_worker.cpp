// Runs Admin → Import jobs on this node, one at a time across all nodes (store::claim_import).
#include "blog/app/import_worker.hpp"

#include "blog/core/error.hpp"
#include "blog/core/logging.hpp"
#include "blog/import/importer.hpp"
#include "blog/store/import_store.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <fstream>

namespace blog::app {

import_worker::import_worker(store::database& db, std::filesystem::path data_dir)
    : db_(db), dir_(std::move(data_dir)), thread_([this] { loop(); }) {}

import_worker::~import_worker() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void import_worker::loop() {
  // Imports are background work: at nice 10 (this thread and the threads an import starts, which
  // inherit it) the request threads get the CPU first, as for blogctl import. Never lowered back
  // (an unprivileged process cannot), so only this thread, which runs nothing else.
  setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10);
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    lock.unlock();
    bool ran = false;
    try {
      ran = run_one();
    } catch (const std::exception& e) {
      spdlog::warn("import jobs: {}", e.what());
    }
    lock.lock();
    if (!ran) wake_.wait_for(lock, std::chrono::seconds(1), [this] { return stopping_; });
  }
}

bool import_worker::run_one() {
  auto job = store::claim_import(db_, stale_seconds);
  if (!job) return false;
  spdlog::info("import {}: running {}", job->id, job->file_name);
  std::filesystem::create_directories(dir_);
  const auto file = dir_ / ("import-" + std::to_string(job->id));
  std::ofstream(file, std::ios::binary) << job->bytes;
  job->bytes.clear();
  import::import_options options;
  options.private_hosts = false;  // an uploaded file must not reach into the server's own network
  const auto id = job->id;
  options.progress = [this, id](int percent) { store::import_progress(db_, id, percent); };
  try {
    auto report = import::run_import(db_, file, options);
    store::finish_import(db_, id, true, import::report_json(report), "");
    spdlog::info("import {}: done, {} created, {} updated", id, report.created, report.updated);
  } catch (const blog::error& e) {
    if (e.kind() == error_kind::unavailable) {
      std::filesystem::remove(file);
      throw;  // the database is away: the job stays running and is taken again once stale
    }
    store::finish_import(db_, id, false, "", e.what());
  } catch (const std::exception& e) {
    store::finish_import(db_, id, false, "", e.what());
  }
  std::filesystem::remove(file);
  return true;
}

}  // namespace blog::app
