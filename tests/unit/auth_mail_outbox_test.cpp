// The mail lane: jobs run in order on their own thread, a full queue refuses, shutdown drains.
#include "blog/mail/outbox.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

using blog::mail::outbox;

TEST(MailOutbox, JobsRunInOrderOffTheCallersThread) {
  std::mutex m;
  std::vector<int> ran;
  std::promise<std::thread::id> where;
  {
    outbox lane;
    EXPECT_TRUE(lane.post("first", [&] {
      where.set_value(std::this_thread::get_id());
      std::lock_guard lock(m);
      ran.push_back(1);
    }));
    EXPECT_TRUE(lane.post("second", [&] {
      std::lock_guard lock(m);
      ran.push_back(2);
    }));
    EXPECT_NE(where.get_future().get(), std::this_thread::get_id());
  }  // the destructor runs what is still queued
  EXPECT_EQ(ran, (std::vector<int>{1, 2}));
}

TEST(MailOutbox, AThrowingJobDoesNotStopTheLane) {
  std::atomic<bool> after{false};
  {
    outbox lane;
    lane.post("broken", [] { throw std::runtime_error("SMTP down"); });
    lane.post("next", [&] { after = true; });
  }
  EXPECT_TRUE(after);
}

TEST(MailOutbox, AFullQueueRefusesInsteadOfGrowing) {
  std::promise<void> release;
  auto released = release.get_future().share();
  std::promise<void> started;
  outbox lane(2);
  ASSERT_TRUE(lane.post("blocker", [&, released] {
    started.set_value();
    released.wait();
  }));
  started.get_future().wait();  // the blocker left the queue
  EXPECT_TRUE(lane.post("one", [] {}));
  EXPECT_TRUE(lane.post("two", [] {}));
  EXPECT_FALSE(lane.post("three", [] {}));
  release.set_value();
}

TEST(MailOutbox, ShutdownDropsWhatTheGraceDoesNotCover) {
  std::atomic<int> ran{0};
  auto started = std::chrono::steady_clock::now();
  {
    outbox lane(10, std::chrono::seconds(0));
    for (int i = 0; i < 5; ++i) {
      lane.post("slow", [&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        ++ran;
      });
    }
  }
  EXPECT_LT(ran.load(), 5);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::milliseconds(900));
}
