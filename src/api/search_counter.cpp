// Batched search counting: an in-memory tally swapped out and written by a background thread.
#include "blog/api/search_counter.hpp"

#include "blog/search/text.hpp"
#include "blog/store/search_stats_store.hpp"

#include <spdlog/spdlog.h>

#include <ctime>
#include <vector>

namespace blog::api {
namespace {

constexpr std::size_t max_query_bytes = 200;
constexpr auto purge_every = std::chrono::hours(1);

std::string utc_day(std::chrono::system_clock::time_point at) {
  const std::time_t t = std::chrono::system_clock::to_time_t(at);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m-%d", &tm);
  return text;
}

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

}  // namespace

std::string normalise_search_query(std::string_view text) {
  const std::string lower = search::to_lower(search::normalize_nfc(text));
  std::string out;
  out.reserve(lower.size());
  bool space = false;
  for (char c : lower) {
    if (is_space(c)) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return std::string(search::cut_utf8(out, max_query_bytes));
}

search_counter::search_counter(store::database& db, std::chrono::milliseconds interval)
    : db_(db), interval_(interval), thread_([this] { run(); }) {}

search_counter::~search_counter() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void search_counter::count(std::string_view text, bool found_nothing) {
  std::string query = normalise_search_query(text);
  if (query.empty()) return;
  std::string day = utc_day(std::chrono::system_clock::now());
  const std::lock_guard lock(mutex_);
  auto key = std::make_pair(std::move(day), std::move(query));
  auto found = pending_.find(key);
  if (found == pending_.end()) {
    if (pending_.size() >= max_pending) return;
    found = pending_.emplace(std::move(key), tally{}).first;
  }
  ++found->second.searches;
  if (found_nothing) ++found->second.zero_results;
}

void search_counter::flush() {
  const std::lock_guard writing(flush_mutex_);
  std::map<std::pair<std::string, std::string>, tally> batch;
  {
    const std::lock_guard lock(mutex_);
    batch.swap(pending_);
  }
  if (batch.empty()) return;
  std::vector<store::search_count> rows;
  rows.reserve(batch.size());
  for (auto& [key, n] : batch) rows.push_back({key.first, key.second, n.searches, n.zero_results});
  store::add_search_counts(db_, rows);
}

void search_counter::run() {
  auto next_purge = std::chrono::steady_clock::now();
  std::unique_lock lock(mutex_);
  for (;;) {
    const bool stopping = stopping_;
    lock.unlock();
    try {
      flush();
      if (std::chrono::steady_clock::now() >= next_purge) {
        store::purge_search_counts(db_, keep_days);
        next_purge = std::chrono::steady_clock::now() + purge_every;
      }
    } catch (const std::exception& e) {
      spdlog::warn("search statistics not written: {}", e.what());
    }
    lock.lock();
    if (stopping) return;
    wake_.wait_for(lock, interval_, [this] { return stopping_; });
  }
}

}  // namespace blog::api
