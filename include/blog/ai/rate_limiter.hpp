// How often the AI assistant may be asked: per admin per minute and per day, and how many
// calls may wait on the AI service at once.
//
// Both are kept in memory, per blogd node: with N nodes an admin may make up to N times as many
// calls, and a restart forgets the counts. That is acceptable for a handful of admins whose
// calls cost money but no data; move the counts to PostgreSQL if that ever changes.
#pragma once

#include <atomic>
#include <chrono>
#include <deque>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <utility>

namespace blog::ai {

struct rate_limits {
  unsigned per_minute = 5;
  unsigned per_day = 50;
};

class rate_limiter {
 public:
  using clock = std::chrono::steady_clock;
  using limits = rate_limits;

  struct refusal {
    std::chrono::seconds retry_after;  // until an earlier request leaves its window, at least 1 s
    bool daily = false;                // the day's limit (else the minute's) was reached
  };

  explicit rate_limiter(limits l = {}) : limits_(l) {}

  // Counts one request of `user` at `now` and returns nullopt; when the user already made
  // per_minute requests in the last 60 s or per_day in the last 24 h, counts nothing and
  // returns the refusal. Thread-safe.
  std::optional<refusal> try_acquire(int user, clock::time_point now = clock::now());

 private:
  limits limits_;
  std::mutex mutex_;
  std::unordered_map<int, std::deque<clock::time_point>> recent_;  // per user, oldest first, ≤ 24 h old
};

// At most `capacity` calls in flight, so that slow AI answers never hold every worker thread
// (and with them every PostgreSQL request) of the node.
class concurrency_limit {
 public:
  // Holds one place until destroyed.
  class slot {
   public:
    explicit slot(std::atomic<unsigned>& in_flight) : in_flight_(&in_flight) {}
    slot(slot&& other) noexcept : in_flight_(std::exchange(other.in_flight_, nullptr)) {}
    slot(const slot&) = delete;
    slot& operator=(const slot&) = delete;
    slot& operator=(slot&&) = delete;
    ~slot() {
      if (in_flight_) in_flight_->fetch_sub(1);
    }

   private:
    std::atomic<unsigned>* in_flight_;
  };

  explicit concurrency_limit(unsigned capacity) : capacity_(capacity ? capacity : 1) {}

  // A place, or nullopt while `capacity` calls are in flight.
  std::optional<slot> try_enter();

 private:
  unsigned capacity_;
  std::atomic<unsigned> in_flight_{0};
};

}  // namespace blog::ai
