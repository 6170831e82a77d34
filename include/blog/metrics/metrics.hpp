// Our own metrics: counters, gauges and fixed-bucket histograms whose updates are relaxed atomic
// adds (no lock, no allocation on the hot path), rendered in Prometheus' text format.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace blog::metrics {

using label_list = std::vector<std::pair<std::string, std::string>>;

// A count that only grows. Updates are spread over a few cache lines (one per group of
// threads), so threads counting the same thing do not fight over one line.
class counter {
 public:
  void add(std::uint64_t n = 1) noexcept;
  std::uint64_t value() const noexcept;

 private:
  static constexpr std::size_t shards = 4;
  struct alignas(64) shard {
    std::atomic<std::uint64_t> n{0};
  };
  std::array<shard, shards> shards_;
};

// A value that goes up and down.
class gauge {
 public:
  void set(double v) noexcept { value_.store(v, std::memory_order_relaxed); }
  void add(double d) noexcept { value_.fetch_add(d, std::memory_order_relaxed); }
  double value() const noexcept { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<double> value_{0};
};

// Observations counted into fixed buckets (upper bounds, ascending), with their sum.
class histogram {
 public:
  explicit histogram(std::vector<double> bounds);
  void observe(double v) noexcept;
  const std::vector<double>& bounds() const { return bounds_; }
  // Counts per bucket (not cumulative); the last one is above every bound.
  std::vector<std::uint64_t> counts() const;
  std::uint64_t count() const;
  double sum() const noexcept { return sum_.load(std::memory_order_relaxed); }

 private:
  std::vector<double> bounds_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> counts_;
  std::atomic<double> sum_{0};
};

// Bounds for request and queue latencies in seconds: 0.1 ms to 10 s.
const std::vector<double>& latency_buckets();

// Writes one family's samples in the text format; given to custom collectors.
class sample_writer {
 public:
  explicit sample_writer(std::string& out) : out_(out) {}
  void sample(std::string_view name, const label_list& labels, double value);

 private:
  std::string& out_;
};

// Metric families by name, rendered in the order they were first registered. Registering is
// for start-up (it takes a lock); the returned references stay valid as long as the registry.
// Registering a name again with the same labels returns the same series; with another type it
// throws std::logic_error, as does a name that is not [a-zA-Z_:][a-zA-Z0-9_:]*.
class registry {
 public:
  counter& make_counter(const std::string& name, const std::string& help, const label_list& labels = {});
  gauge& make_gauge(const std::string& name, const std::string& help, const label_list& labels = {});
  histogram& make_histogram(const std::string& name, const std::string& help,
                            const std::vector<double>& bounds = latency_buckets(), const label_list& labels = {});
  // A gauge read when the metrics are rendered (queue depths, positions).
  void gauge_from(const std::string& name, const std::string& help, const label_list& labels,
                  std::function<double()> read);
  // A family whose samples a function writes at render time; `type` is "counter" or "gauge".
  void collect(const std::string& name, const std::string& help, const std::string& type,
               std::function<void(sample_writer&)> write);

  // Every family in the Prometheus text format (version 0.0.4). Custom collectors' exceptions
  // propagate.
  std::string render() const;

 private:
  struct series {
    label_list labels;
    std::unique_ptr<counter> c;
    std::unique_ptr<gauge> g;
    std::unique_ptr<histogram> h;
    std::function<double()> read;
  };
  struct family {
    std::string name, help, type;
    std::deque<series> all;
    std::function<void(sample_writer&)> write;
  };
  family& family_of(const std::string& name, const std::string& help, const std::string& type);
  series& series_of(family& f, const label_list& labels);

  mutable std::mutex mutex_;
  std::deque<family> families_;
  std::map<std::string, family*, std::less<>> by_name_;
};

// The text of a label value or help line escaped for the text format.
std::string escape(std::string_view text);

}  // namespace blog::metrics
