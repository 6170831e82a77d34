// The metrics registry: counting from many threads, histogram buckets, and the text format.
#include "blog/metrics/metrics.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <thread>
#include <vector>

using namespace blog::metrics;

TEST(Metrics, ACounterCountedFromManyThreadsLosesNothing) {
  registry r;
  auto& c = r.make_counter("blog_things_total", "Things.");
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&c] {
      for (int i = 0; i < 10000; ++i) c.add();
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(c.value(), 80000u);
  EXPECT_NE(r.render().find("blog_things_total 80000\n"), std::string::npos);
}

TEST(Metrics, HistogramBucketsAreCumulativeWithSumAndCount) {
  registry r;
  auto& h = r.make_histogram("blog_wait_seconds", "Wait.", {0.1, 1}, {{"pool", "db"}});
  h.observe(0.05);
  h.observe(0.1);  // on a bound: counted in it (le means "less or equal")
  h.observe(0.5);
  h.observe(7);
  auto text = r.render();
  EXPECT_NE(text.find("# TYPE blog_wait_seconds histogram\n"), std::string::npos);
  EXPECT_NE(text.find("blog_wait_seconds_bucket{pool=\"db\",le=\"0.1\"} 2\n"), std::string::npos) << text;
  EXPECT_NE(text.find("blog_wait_seconds_bucket{pool=\"db\",le=\"1\"} 3\n"), std::string::npos) << text;
  EXPECT_NE(text.find("blog_wait_seconds_bucket{pool=\"db\",le=\"+Inf\"} 4\n"), std::string::npos) << text;
  EXPECT_NE(text.find("blog_wait_seconds_sum{pool=\"db\"} 7.65\n"), std::string::npos) << text;
  EXPECT_NE(text.find("blog_wait_seconds_count{pool=\"db\"} 4\n"), std::string::npos) << text;
}

TEST(Metrics, TheSameNameAndLabelsGiveTheSameSeries) {
  registry r;
  auto& a = r.make_counter("blog_x_total", "X.", {{"kind", "a"}});
  auto& b = r.make_counter("blog_x_total", "X.", {{"kind", "b"}});
  EXPECT_EQ(&a, &r.make_counter("blog_x_total", "X.", {{"kind", "a"}}));
  EXPECT_NE(&a, &b);
  a.add(2);
  auto text = r.render();
  EXPECT_EQ(text.find("# TYPE blog_x_total"), text.rfind("# TYPE blog_x_total"));  // one family header
  EXPECT_NE(text.find("blog_x_total{kind=\"a\"} 2\n"), std::string::npos);
  EXPECT_NE(text.find("blog_x_total{kind=\"b\"} 0\n"), std::string::npos);
}

TEST(Metrics, LabelValuesAreEscapedAndBadNamesRefused) {
  registry r;
  r.make_gauge("blog_g", "G.", {{"path", "a\"b\\c\nd"}}).set(1.5);
  EXPECT_NE(r.render().find("blog_g{path=\"a\\\"b\\\\c\\nd\"} 1.5\n"), std::string::npos) << r.render();
  EXPECT_THROW(r.make_counter("blog-bad", "Bad."), std::logic_error);
  EXPECT_THROW(r.make_counter("blog_ok", "Ok.", {{"bad-label", "x"}}), std::logic_error);
  EXPECT_THROW(r.make_counter("blog_g", "Now a counter."), std::logic_error);
}

TEST(Metrics, FunctionGaugesAndCollectorsAreReadAtRenderTime) {
  registry r;
  int depth = 3;
  r.gauge_from("blog_queue_depth", "Depth.", {}, [&depth] { return depth; });
  r.collect("blog_positions", "Positions.", "gauge", [&depth](sample_writer& w) {
    w.sample("blog_positions", {{"of", "index"}}, depth * 10);
  });
  depth = 4;
  auto text = r.render();
  EXPECT_NE(text.find("blog_queue_depth 4\n"), std::string::npos) << text;
  EXPECT_NE(text.find("blog_positions{of=\"index\"} 40\n"), std::string::npos) << text;
}
