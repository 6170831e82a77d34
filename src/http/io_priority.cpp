// The I/O threads at SCHED_RR 1 while the machine is busy and they are not, else at the normal scheduler.
#include "blog/http/io_priority.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <string>

#include <sched.h>

namespace blog::http {
namespace {

constexpr int io_priority_level = 1;        // the lowest real-time priority
constexpr int governor_priority_level = 2;  // above the threads it watches, so it always gets to run

bool set_policy(pthread_t thread, int policy, int level) {
  sched_param param{};
  param.sched_priority = level;
  return pthread_setschedparam(thread, policy, &param) == 0;
}

std::int64_t cpu_ns(clockid_t clock) {
  timespec t{};
  if (clock_gettime(clock, &t) != 0) return -1;
  return std::int64_t{t.tv_sec} * 1'000'000'000 + t.tv_nsec;
}

}  // namespace

io_priority::cpu_times io_priority::machine_cpu() {
  // The first line of /proc/stat: user nice system idle iowait irq softirq steal, in ticks.
  cpu_times t;
  std::ifstream in("/proc/stat");
  std::string label;
  std::uint64_t user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0;
  if (!(in >> label >> user >> nice >> system >> idle >> iowait >> irq >> softirq >> steal) || label != "cpu") return t;
  t.idle = idle + iowait;
  t.total = user + nice + system + idle + iowait + irq + softirq + steal;
  return t;
}

io_priority::io_priority(limits l) : limits_(l) {}

io_priority::~io_priority() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (governor_.joinable()) governor_.join();
}

bool io_priority::enroll() {
  const auto self = pthread_self();
  clockid_t clock{};
  if (pthread_getcpuclockid(self, &clock) != 0) return false;
  // Asked once to know it may be; normal until the machine is busy (govern()).
  if (!set_policy(self, SCHED_RR, io_priority_level)) {
    static std::atomic<bool> said{false};
    if (!said.exchange(true))
      spdlog::info(
          "I/O threads at normal priority: real-time priority is not permitted here ({}); grant CAP_SYS_NICE or "
          "RLIMIT_RTPRIO >= 1 for readers to be answered ahead of imports and writes",
          std::strerror(errno));
    return false;
  }
  std::lock_guard lock(mutex_);
  set_policy(self, raised_ ? SCHED_RR : SCHED_OTHER, raised_ ? io_priority_level : 0);
  threads_.push_back({self, clock, cpu_ns(clock), false, raised_});
  if (!governor_.joinable()) governor_ = std::thread([this] { govern(); });
  return true;
}

void io_priority::leave() {
  const auto self = pthread_self();
  {
    std::lock_guard lock(mutex_);
    std::erase_if(threads_, [&](const watched& w) { return pthread_equal(w.thread, self); });
  }
  set_policy(self, SCHED_OTHER, 0);
}

void io_priority::govern() {
  // One level above the I/O threads, so a busy one cannot keep it from running. It sleeps but for
  // a few microseconds a period.
  set_policy(pthread_self(), SCHED_RR, governor_priority_level);
  pthread_setname_np(pthread_self(), "blog-io-gov");
  const auto period_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(limits_.period).count();
  auto last = std::chrono::steady_clock::now();
  auto machine_before = machine_cpu();
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, limits_.period, [this] { return stopping_; })) {
    const auto now = std::chrono::steady_clock::now();
    const auto elapsed_ns =
        std::max<std::int64_t>(period_ns / 2, std::chrono::duration_cast<std::chrono::nanoseconds>(now - last).count());
    last = now;
    // The machine's cores: busy (an import, writes, PostgreSQL) raises the I/O threads; on a quiet
    // machine they stay normal, where a reader waits for nobody anyway (and a real-time wake-up
    // costs more: quiet p99 0.2 ms normal, 0.4-0.7 ms real-time, bench/write_path.sh). Busy counts
    // work at a positive nice too: readers waited behind an import's nice-10 threads as much.
    const auto machine = machine_cpu();
    if (machine.total > machine_before.total) {
      const double busy = 1.0 - static_cast<double>(machine.idle - machine_before.idle) /
                                    static_cast<double>(machine.total - machine_before.total);
      if (!raised_ && busy >= limits_.raise_above)
        raised_ = true;
      else if (raised_ && busy < limits_.lower_below)
        raised_ = false;
    }
    machine_before = machine;
    for (auto& w : threads_) {
      const auto used = cpu_ns(w.clock);
      if (used < 0) continue;
      const double busy = static_cast<double>(used - w.cpu_ns) / static_cast<double>(elapsed_ns);
      w.cpu_ns = used;
      // A thread busy itself (a flood) shares the cores fairly until it is quiet again.
      if (!w.demoted && busy > limits_.demote_above) {
        w.demoted = true;
        static std::atomic<bool> said{false};
        if (raised_ && !said.exchange(true))
          spdlog::info("an I/O thread busy {:.0f}% of {} ms: back to the normal scheduler until it is quiet again",
                       busy * 100, limits_.period.count());
      } else if (w.demoted && busy < limits_.restore_below) {
        w.demoted = false;
      }
      const bool want_rr = raised_ && !w.demoted;
      if (want_rr != w.rr && set_policy(w.thread, want_rr ? SCHED_RR : SCHED_OTHER, want_rr ? io_priority_level : 0))
        w.rr = want_rr;
    }
  }
  // Going away with the server: its threads leave() on their own.
}

}  // namespace blog::http
