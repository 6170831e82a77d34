// The connection pool: lazy connections, a bound, a deadline, and dropping broken connections.
#include "blog/store/database.hpp"
#include "blog/store/prepared.hpp"

#include "blog/core/error.hpp"

#include <poll.h>

#include <spdlog/spdlog.h>
#include <pqxx/pqxx>

#include <cstdio>
#include <functional>

namespace blog::store {
namespace {

constexpr const char* unreachable_message = "The database is not reachable. Please try again in a moment.";

// An idle pooled connection has nothing to read: when its socket is readable or closed, the
// server has ended it (a restart, a shutdown, an idle timeout) and it must not be handed out.
bool went_away(pqxx::connection& c) {
  int fd = c.sock();
  if (fd < 0 || !c.is_open()) return true;
  pollfd p{fd, POLLIN, 0};
  return ::poll(&p, 1, 0) != 0;
}

}  // namespace

std::string statement_name(const std::string& sql) {
  char name[32];
  std::snprintf(name, sizeof name, "blog_%016zx", std::hash<std::string>{}(sql));
  return name;
}

std::string prepared(pqxx::transaction_base& tx, const std::string& sql) {
  auto name = statement_name(sql);
  tx.conn().prepare(name, sql);
  return name;
}

bool database::stale_statement(const pqxx::sql_error& e) {
  // 0A000 "cached plan must not change result type": a migration (another node's, during a
  // rolling upgrade) changed a table under a statement prepared on this connection.
  return e.sqlstate() == "0A000";
}

database::database(std::string url, unsigned size, std::chrono::milliseconds wait)
    : url_(std::move(url)), size_(size), wait_(wait) {}

database::~database() = default;

database::lease::lease(database& d) : db(d), conn(d.acquire()) {}

database::lease::~lease() {
  db.release(std::move(conn));
}

std::unique_ptr<pqxx::connection> database::acquire() {
  std::unique_lock lock(mutex_);
  for (;;) {
    if (!freed_.wait_for(lock, wait_, [this] { return !idle_.empty() || open_ < size_; })) {
      errors_.fetch_add(1, std::memory_order_relaxed);
      throw blog::unavailable("The server is busy. Please try again in a moment.").with_retry_after(1);
    }
    if (idle_.empty()) break;
    auto conn = std::move(idle_.back());
    idle_.pop_back();
    if (!went_away(*conn)) return conn;
    // Its slot opens a fresh connection below (or reuses the next idle one).
    --open_;
    lock.unlock();
    conn.reset();
    lock.lock();
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
    throw blog::unavailable(unreachable_message).with_retry_after(2);
  }
}

bool database::server_going_away(const pqxx::sql_error& e) {
  const auto& state = e.sqlstate();
  return state.rfind("08", 0) == 0 || state.rfind("57P", 0) == 0;
}

void database::unreachable(const std::exception& e) {
  spdlog::error("lost the PostgreSQL connection: {}", e.what());
  throw blog::unavailable(unreachable_message).with_retry_after(2);
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
