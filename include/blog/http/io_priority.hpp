// Readers first: while the machine's cores are busy (an import, a burst of writes, PostgreSQL at
// work), the server's I/O threads (which answer every kept page and list on their own) run at the
// lowest real-time priority, SCHED_RR 1, so that a reader's request is taken the moment it
// arrives (bench/import.sh: readers' p99 during an import from 4-8x quiet down to about 2x). On a
// quiet machine they run at the normal scheduler, where nobody is ahead of a reader anyway.
//
// A governor thread decides every period from /proc/stat. A real-time thread that stays busy
// would take the cores from everything else, so the governor also watches each enrolled thread's
// processor time: one busy for more than half of a period (a flood of requests) goes back to the
// normal scheduler, sharing the CPU fairly, until it is quiet again. Where the process may not
// ask for real-time priority (no CAP_SYS_NICE, no RLIMIT_RTPRIO), the threads stay as they are.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

#include <pthread.h>
#include <time.h>

namespace blog::http {

class io_priority {
 public:
  struct limits {
    std::chrono::milliseconds period{100};
    double raise_above = 0.5;     // share of the machine's cores busy in a period: real-time
    double lower_below = 0.3;     // and normal again below this
    double demote_above = 0.5;    // share of a period a thread was busy: back to the normal scheduler
    double restore_below = 0.25;  // and real-time again once its busy share is below this
  };

  explicit io_priority(limits l);
  io_priority() : io_priority(limits{}) {}
  ~io_priority();
  io_priority(const io_priority&) = delete;
  io_priority& operator=(const io_priority&) = delete;

  // On an I/O thread before it runs: true when the process may raise it (the governor raises and
  // lowers it from then on), false when it is not permitted (logged once).
  bool enroll();
  // On an enrolled thread before it ends or turns to other work: normal scheduling again.
  void leave();

 private:
  struct watched {
    pthread_t thread;
    clockid_t clock;
    std::int64_t cpu_ns;
    bool demoted = false;  // busy itself: normal whatever the machine does
    bool rr = false;       // what it runs now
  };
  struct cpu_times {
    std::uint64_t idle = 0, total = 0;
  };
  static cpu_times machine_cpu();
  void govern();

  const limits limits_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  bool raised_ = false;  // the machine is busy: the threads not busy themselves run SCHED_RR
  std::vector<watched> threads_;
  std::thread governor_;
};

}  // namespace blog::http
