// Sliding-window counts per admin and a cap on AI calls in flight, in memory per node.
#include "blog/ai/rate_limiter.hpp"

#include <algorithm>

namespace blog::ai {
namespace {

constexpr std::chrono::seconds minute{60};
constexpr std::chrono::seconds day{24 * 60 * 60};

std::chrono::seconds until(rate_limiter::clock::time_point when, rate_limiter::clock::time_point now) {
  auto wait = std::chrono::ceil<std::chrono::seconds>(when - now);
  return std::max(wait, std::chrono::seconds(1));
}

}  // namespace

std::optional<rate_limiter::refusal> rate_limiter::try_acquire(int user, clock::time_point now) {
  std::lock_guard lock(mutex_);
  auto& times = recent_[user];
  while (!times.empty() && times.front() <= now - day) times.pop_front();

  auto in_last_minute = static_cast<std::size_t>(
      std::count_if(times.begin(), times.end(), [&](clock::time_point t) { return t > now - minute; }));
  std::optional<refusal> refused;
  if (limits_.per_day == 0 || times.size() >= limits_.per_day) {
    auto oldest = times.empty() ? now : times[times.size() - std::max<std::size_t>(limits_.per_day, 1)];
    refused = refusal{until(oldest + day, now), true};
  } else if (limits_.per_minute == 0 || in_last_minute >= limits_.per_minute) {
    auto oldest = times.empty() ? now : times[times.size() - std::max<std::size_t>(limits_.per_minute, 1)];
    refused = refusal{until(oldest + minute, now), false};
  }
  if (refused) {
    if (times.empty()) recent_.erase(user);
    return refused;
  }
  times.push_back(now);
  return std::nullopt;
}

std::optional<concurrency_limit::slot> concurrency_limit::try_enter() {
  auto current = in_flight_.load();
  do {
    if (current >= capacity_) return std::nullopt;
  } while (!in_flight_.compare_exchange_weak(current, current + 1));
  return slot(in_flight_);
}

}  // namespace blog::ai
