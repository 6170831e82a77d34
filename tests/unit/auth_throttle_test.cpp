// The growing delays after failed sign-ins: free failures, doubling, the cap.
#include "blog/api/auth/accounts.hpp"
#include "blog/domain/auth/rules.hpp"

#include <gtest/gtest.h>

using blog::auth::delay_after;
using blog::auth::delay_policy;
using std::chrono::seconds;

TEST(AuthThrottle, TheFirstFailuresCostNoWait) {
  delay_policy p{3, seconds(1), seconds(900), seconds(86400), 20, seconds(900)};
  EXPECT_EQ(delay_after(p, 0), seconds(0));
  EXPECT_EQ(delay_after(p, 1), seconds(0));
  EXPECT_EQ(delay_after(p, 3), seconds(0));
}

TEST(AuthThrottle, EachFurtherFailureDoublesTheWaitUpToTheCap) {
  delay_policy p{3, seconds(1), seconds(900), seconds(86400), 20, seconds(900)};
  EXPECT_EQ(delay_after(p, 4), seconds(1));
  EXPECT_EQ(delay_after(p, 5), seconds(2));
  EXPECT_EQ(delay_after(p, 6), seconds(4));
  EXPECT_EQ(delay_after(p, 13), seconds(512));
  EXPECT_EQ(delay_after(p, 14), seconds(900));
  EXPECT_EQ(delay_after(p, 1000000), seconds(900));
}

TEST(AuthThrottle, TheServersPolicyCapsAtFifteenMinutes) {
  const auto& p = blog::auth::login_delays;
  EXPECT_EQ(delay_after(p, p.free_failures), seconds(0));
  EXPECT_EQ(delay_after(p, p.free_failures + 1), seconds(1));
  EXPECT_EQ(delay_after(p, 100), std::chrono::minutes(15));
}
