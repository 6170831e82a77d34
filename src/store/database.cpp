// The connection pool: lazy connections, a bound, a deadline, and dropping broken connections.
#include "blog/store/database.hpp"

#include "blog/core/error.hpp"

#include <spdlog/spdlog.h>
#include <pqxx/pqxx>

namespace blog::store {

database::database(std::string url, unsigned size, std::chrono::milliseconds wait)
    : url_(std::move(url)), size_(size), wait_(wait) {}

database::~database() = default;

database::lease::lease(database& d) : db(d), conn(d.acquire()) {}

database::lease::~lease() {
  db.release(std::move(conn));
}

std::unique_ptr<pqxx::connection> database::acquire() {
  std::unique_lock lock(mutex_);
  if (!freed_.wait_for(lock, wait_, [this] { return !idle_.empty() || open_ < size_; })) {
    errors_.fetch_add(1, std::memory_order_relaxed);
    throw blog::unavailable("The server is busy. Please try again in a moment.").with_retry_after(1);
  }
  if (!idle_.empty()) {
    auto conn = std::move(idle_.back());
    idle_.pop_back();
    return conn;
  }
  ++open_;
  lock.unlock();
  try {
    return std::make_unique<pqxx::connection>(url_);
  } catch (const std::exception& e) {
    {
      std::lock_guard relock(mutex_);
      --open_;
    }
    freed_.notify_one();
    errors_.fetch_add(1, std::memory_order_relaxed);
    spdlog::error("cannot connect to PostgreSQL: {}", e.what());
    throw blog::unavailable("The database is not reachable. Please try again in a moment.").with_retry_after(2);
  }
}

void database::release(std::unique_ptr<pqxx::connection> conn) {
  {
    std::lock_guard lock(mutex_);
    if (conn && conn->is_open()) {
      idle_.push_back(std::move(conn));
    } else {
      --open_;
    }
  }
  freed_.notify_one();
}

database::usage database::stats() {
  std::lock_guard lock(mutex_);
  auto idle = static_cast<unsigned>(idle_.size());
  return {open_, open_ >= idle ? open_ - idle : 0, errors_.load(std::memory_order_relaxed)};
}

bool database::ping() {
  try {
    return with([](pqxx::connection& c) {
      pqxx::nontransaction tx(c);
      tx.exec("SELECT 1");
      return true;
    });
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace blog::store
