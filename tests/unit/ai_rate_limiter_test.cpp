// The AI assistant's limits: per admin per minute and per day, and calls in flight.
#include "blog/ai/rate_limiter.hpp"

#include <gtest/gtest.h>

#include <optional>

using blog::ai::concurrency_limit;
using blog::ai::rate_limiter;
using namespace std::chrono_literals;

TEST(AiRateLimiter, FiveAMinuteThenWaitUntilTheOldestLeaves) {
  rate_limiter limiter;
  auto t0 = rate_limiter::clock::time_point{} + 100h;
  for (int i = 0; i < 5; ++i) EXPECT_FALSE(limiter.try_acquire(1, t0 + std::chrono::seconds(i * 10))) << i;
  auto refused = limiter.try_acquire(1, t0 + 45s);
  ASSERT_TRUE(refused);
  EXPECT_FALSE(refused->daily);
  EXPECT_EQ(refused->retry_after, 15s);  // the request at t0 leaves the minute at t0 + 60 s
  // A refusal is not counted: once the first leaves, one more fits, then the second must leave.
  EXPECT_FALSE(limiter.try_acquire(1, t0 + 60s));
  auto again = limiter.try_acquire(1, t0 + 61s);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->retry_after, 9s);
}

TEST(AiRateLimiter, UsersAreCountedApart) {
  rate_limiter limiter({.per_minute = 1, .per_day = 10});
  auto t0 = rate_limiter::clock::time_point{} + 100h;
  EXPECT_FALSE(limiter.try_acquire(1, t0));
  EXPECT_TRUE(limiter.try_acquire(1, t0));
  EXPECT_FALSE(limiter.try_acquire(2, t0));
}

TEST(AiRateLimiter, FiftyADay) {
  rate_limiter limiter;
  auto t0 = rate_limiter::clock::time_point{} + 100h;
  for (int i = 0; i < 50; ++i) EXPECT_FALSE(limiter.try_acquire(7, t0 + std::chrono::minutes(i))) << i;
  auto refused = limiter.try_acquire(7, t0 + 2h);
  ASSERT_TRUE(refused);
  EXPECT_TRUE(refused->daily);
  EXPECT_EQ(refused->retry_after, 22h);
  EXPECT_TRUE(limiter.try_acquire(7, t0 + 24h - 1s));
  EXPECT_FALSE(limiter.try_acquire(7, t0 + 24h));
}

TEST(AiRateLimiter, WaitIsAtLeastOneSecond) {
  rate_limiter limiter({.per_minute = 1, .per_day = 50});
  auto t0 = rate_limiter::clock::time_point{} + 100h;
  EXPECT_FALSE(limiter.try_acquire(1, t0));
  auto refused = limiter.try_acquire(1, t0 + 59s + 900ms);
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->retry_after, 1s);
}

TEST(AiConcurrencyLimit, SlotsAreReturnedWhenDone) {
  concurrency_limit limit(2);
  auto first = limit.try_enter();
  ASSERT_TRUE(first);
  {
    auto second = limit.try_enter();
    ASSERT_TRUE(second);
    EXPECT_FALSE(limit.try_enter());
  }
  EXPECT_TRUE(limit.try_enter());
  EXPECT_EQ(concurrency_limit(0).try_enter().has_value(), true);  // never less than one
}
