// The metrics registry and its Prometheus text rendering.
#include "blog/metrics/metrics.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace blog::metrics {
namespace {

// Each thread keeps to one shard, chosen round robin when it first counts.
std::size_t my_shard(std::size_t shards) {
  static std::atomic<std::size_t> next{0};
  thread_local std::size_t mine = next.fetch_add(1, std::memory_order_relaxed);
  return mine % shards;
}

bool valid_name(std::string_view name) {
  if (name.empty()) return false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
    if (!letter && !(i > 0 && c >= '0' && c <= '9')) return false;
  }
  return true;
}

void append_number(std::string& out, double v) {
  if (std::isnan(v)) {
    out += "NaN";
  } else if (std::isinf(v)) {
    out += v > 0 ? "+Inf" : "-Inf";
  } else if (v == std::floor(v) && std::fabs(v) < 1e15) {
    out += std::to_string(static_cast<long long>(v));
  } else {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    out += buf;
  }
}

void append_labels(std::string& out, const label_list& labels, std::string_view extra_name = {},
                   std::string_view extra_value = {}) {
  if (labels.empty() && extra_name.empty()) return;
  out += '{';
  bool first = true;
  for (const auto& [name, value] : labels) {
    if (!first) out += ',';
    first = false;
    out += name;
    out += "=\"";
    out += escape(value);
    out += '"';
  }
  if (!extra_name.empty()) {
    if (!first) out += ',';
    out += extra_name;
    out += "=\"";
    out += extra_value;
    out += '"';
  }
  out += '}';
}

}  // namespace

void counter::add(std::uint64_t n) noexcept {
  shards_[my_shard(shards)].n.fetch_add(n, std::memory_order_relaxed);
}

std::uint64_t counter::value() const noexcept {
  std::uint64_t total = 0;
  for (const auto& s : shards_) total += s.n.load(std::memory_order_relaxed);
  return total;
}

histogram::histogram(std::vector<double> bounds)
    : bounds_(std::move(bounds)), counts_(new std::atomic<std::uint64_t>[bounds_.size() + 1]) {
  for (std::size_t i = 0; i + 1 < bounds_.size(); ++i)
    if (!(bounds_[i] < bounds_[i + 1])) throw std::logic_error("histogram bounds must ascend");
  for (std::size_t i = 0; i <= bounds_.size(); ++i) counts_[i].store(0);
}

void histogram::observe(double v) noexcept {
  std::size_t i = 0;
  while (i < bounds_.size() && v > bounds_[i]) ++i;
  counts_[i].fetch_add(1, std::memory_order_relaxed);
  sum_.fetch_add(v, std::memory_order_relaxed);
}

std::vector<std::uint64_t> histogram::counts() const {
  std::vector<std::uint64_t> out(bounds_.size() + 1);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = counts_[i].load(std::memory_order_relaxed);
  return out;
}

std::uint64_t histogram::count() const {
  std::uint64_t total = 0;
  for (auto c : counts()) total += c;
  return total;
}

const std::vector<double>& latency_buckets() {
  static const std::vector<double> bounds = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                             0.05,   0.1,     0.25,   0.5,   1,      2.5,   5,    10};
  return bounds;
}

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '"') {
      out += "\\\"";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out;
}

void sample_writer::sample(std::string_view name, const label_list& labels, double value) {
  out_ += name;
  append_labels(out_, labels);
  out_ += ' ';
  append_number(out_, value);
  out_ += '\n';
}

registry::family& registry::family_of(const std::string& name, const std::string& help, const std::string& type) {
  if (!valid_name(name)) throw std::logic_error("not a metric name: '" + name + "'");
  if (auto it = by_name_.find(name); it != by_name_.end()) {
    if (it->second->type != type) throw std::logic_error("metric '" + name + "' registered with another type");
    return *it->second;
  }
  auto& f = families_.emplace_back();
  f.name = name;
  f.help = help;
  f.type = type;
  by_name_[name] = &f;
  return f;
}

registry::series& registry::series_of(family& f, const label_list& labels) {
  if (f.write) throw std::logic_error("metric '" + f.name + "' is written by a collector");
  for (auto& s : f.all)
    if (s.labels == labels) return s;
  for (const auto& [name, value] : labels)
    if (!valid_name(name)) throw std::logic_error("not a label name: '" + name + "'");
  auto& s = f.all.emplace_back();
  s.labels = labels;
  return s;
}

counter& registry::make_counter(const std::string& name, const std::string& help, const label_list& labels) {
  std::lock_guard lock(mutex_);
  auto& s = series_of(family_of(name, help, "counter"), labels);
  if (!s.c) s.c = std::make_unique<counter>();
  return *s.c;
}

gauge& registry::make_gauge(const std::string& name, const std::string& help, const label_list& labels) {
  std::lock_guard lock(mutex_);
  auto& s = series_of(family_of(name, help, "gauge"), labels);
  if (s.read) throw std::logic_error("metric '" + name + "' is read from a function");
  if (!s.g) s.g = std::make_unique<gauge>();
  return *s.g;
}

histogram& registry::make_histogram(const std::string& name, const std::string& help, const std::vector<double>& bounds,
                                    const label_list& labels) {
  std::lock_guard lock(mutex_);
  auto& s = series_of(family_of(name, help, "histogram"), labels);
  if (!s.h) s.h = std::make_unique<histogram>(bounds);
  return *s.h;
}

void registry::gauge_from(const std::string& name, const std::string& help, const label_list& labels,
                          std::function<double()> read) {
  std::lock_guard lock(mutex_);
  auto& s = series_of(family_of(name, help, "gauge"), labels);
  if (s.g) throw std::logic_error("metric '" + name + "' is already a plain gauge");
  s.read = std::move(read);
}

void registry::collect(const std::string& name, const std::string& help, const std::string& type,
                       std::function<void(sample_writer&)> write) {
  std::lock_guard lock(mutex_);
  auto& f = family_of(name, help, type);
  if (!f.all.empty() || f.write) throw std::logic_error("metric '" + name + "' registered twice");
  f.write = std::move(write);
}

std::string registry::render() const {
  std::lock_guard lock(mutex_);
  std::string out;
  for (const auto& f : families_) {
    out += "# HELP " + f.name + " " + escape(f.help) + "\n# TYPE " + f.name + " " + f.type + "\n";
    sample_writer w(out);
    if (f.write) {
      f.write(w);
      continue;
    }
    for (const auto& s : f.all) {
      if (s.c) w.sample(f.name, s.labels, static_cast<double>(s.c->value()));
      if (s.g) w.sample(f.name, s.labels, s.g->value());
      if (s.read) w.sample(f.name, s.labels, s.read());
      if (s.h) {
        auto counts = s.h->counts();
        std::uint64_t cumulative = 0;
        char bound[32];
        for (std::size_t i = 0; i < counts.size(); ++i) {
          cumulative += counts[i];
          if (i < s.h->bounds().size()) {
            std::snprintf(bound, sizeof bound, "%g", s.h->bounds()[i]);
          } else {
            std::snprintf(bound, sizeof bound, "+Inf");
          }
          out += f.name + "_bucket";
          append_labels(out, s.labels, "le", bound);
          out += ' ' + std::to_string(cumulative) + '\n';
        }
        w.sample(f.name + "_sum", s.labels, s.h->sum());
        w.sample(f.name + "_count", s.labels, static_cast<double>(cumulative));
      }
    }
  }
  return out;
}

}  // namespace blog::metrics
