// The node's runner of Admin → Import jobs: one thread that takes a queued job when none runs.
#pragma once

#include "blog/store/database.hpp"

#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <thread>

namespace blog::app {

class import_worker {
 public:
  // How long a running job may go without a heartbeat before another node (or this one, after a
  // restart) takes it again; running it again resumes it, as an import is idempotent.
  static constexpr int stale_seconds = 60;

  // Starts looking for jobs (every second); files are unpacked under `data_dir`.
  import_worker(store::database& db, std::filesystem::path data_dir);
  // Stops after the job in hand, if any: it is left running, and taken again once stale.
  ~import_worker();
  import_worker(const import_worker&) = delete;
  import_worker& operator=(const import_worker&) = delete;

 private:
  void loop();
  bool run_one();

  store::database& db_;
  std::filesystem::path dir_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace blog::app
