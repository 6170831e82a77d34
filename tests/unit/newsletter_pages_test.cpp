// The newsletter's pages are the web app's: the server serves the app (not a 404) for the box's
// own page, the mailed links' pages and Admin → Newsletter.
#include "blog/api/handlers.hpp"

#include <gtest/gtest.h>

TEST(NewsletterPages, AreAppPages) {
  EXPECT_TRUE(blog::api::is_page_path("/newsletter"));
  EXPECT_TRUE(blog::api::is_page_path("/newsletter/confirm"));
  EXPECT_TRUE(blog::api::is_page_path("/newsletter/unsubscribe"));
  EXPECT_TRUE(blog::api::is_page_path("/admin/newsletter"));
  EXPECT_FALSE(blog::api::is_page_path("/newsletter/other"));
}
