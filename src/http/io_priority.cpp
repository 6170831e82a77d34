// The I/O threads at SCHED_RR 1 while they are light, at the normal scheduler while busy.
#include "blog/http/io_priority.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>

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
  threads_.push_back({self, clock, cpu_ns(clock)});
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
  // Created by a real-time thread, this thread is one too: one level above the I/O threads, so a
  // busy one cannot keep it from running. It sleeps but for a few microseconds a period.
  set_policy(pthread_self(), SCHED_RR, governor_priority_level);
  const auto period_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(limits_.period).count();
  auto last = std::chrono::steady_clock::now();
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, limits_.period, [this] { return stopping_; })) {
    const auto now = std::chrono::steady_clock::now();
    const auto elapsed_ns =
        std::max<std::int64_t>(period_ns / 2, std::chrono::duration_cast<std::chrono::nanoseconds>(now - last).count());
    last = now;
    for (auto& w : threads_) {
      const auto used = cpu_ns(w.clock);
      if (used < 0) continue;
      const double busy = static_cast<double>(used - w.cpu_ns) / static_cast<double>(elapsed_ns);
      w.cpu_ns = used;
      if (!w.demoted && busy > limits_.demote_above) {
        w.demoted = set_policy(w.thread, SCHED_OTHER, 0);
        static std::atomic<bool> said{false};
        if (w.demoted && !said.exchange(true))
          spdlog::info("an I/O thread busy {:.0f}% of {} ms: back to the normal scheduler until it is quiet again",
                       busy * 100, limits_.period.count());
      } else if (w.demoted && busy < limits_.restore_below) {
        w.demoted = !set_policy(w.thread, SCHED_RR, io_priority_level);
      }
    }
  }
  // Going away with the server: its threads leave() on their own.
}

}  // namespace blog::http
