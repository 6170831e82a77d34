// A bounded pool of PostgreSQL connections; every SQL statement of the project runs through it.
#pragma once

#include <pqxx/connection>
#include <pqxx/except>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace blog::store {

class database {
 public:
  // Connections are opened lazily, up to `size`.
  database(std::string url, unsigned size, std::chrono::milliseconds wait);
  ~database();
  database(const database&) = delete;
  database& operator=(const database&) = delete;

  // Runs fn with a pooled connection. Blocks (never call it on an I/O thread); throws
  // blog::error 503 when no connection frees up in time, the server cannot be reached, or the
  // connection is lost (the server stopping or restarting), and rethrows whatever else fn
  // throws. A broken connection is dropped, not returned.
  template <typename Fn>
  auto with(Fn&& fn) {
    lease l(*this);
    try {
      return fn(*l.conn);
    } catch (const pqxx::broken_connection& e) {
      errors_.fetch_add(1, std::memory_order_relaxed);
      unreachable(e);
    } catch (const pqxx::sql_error& e) {
      errors_.fetch_add(1, std::memory_order_relaxed);
      if (server_going_away(e)) unreachable(e);
      // Its prepared statements (store/prepared.hpp) are dropped with it; the next one prepares afresh.
      if (stale_statement(e)) l.conn.reset();
      throw;
    } catch (const pqxx::failure&) {
      errors_.fetch_add(1, std::memory_order_relaxed);
      throw;
    }
  }

  struct usage {
    unsigned open = 0;         // connections open
    unsigned in_use = 0;       // of them, lent out now
    std::uint64_t errors = 0;  // since start: connect failures, waits past the limit, SQL errors
  };
  // The pool's state now (for metrics). Does not fail.
  usage stats();

  // True when a trivial query succeeds now.
  bool ping();
  const std::string& url() const { return url_; }

 private:
  struct lease {
    explicit lease(database& db);
    ~lease();
    database& db;
    std::unique_ptr<pqxx::connection> conn;
  };
  std::unique_ptr<pqxx::connection> acquire();
  // SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown).
  static bool server_going_away(const pqxx::sql_error& e);
  // A statement prepared on the connection no longer fits its tables.
  static bool stale_statement(const pqxx::sql_error& e);
  // Logs and throws blog::error 503 "The database is not reachable".
  [[noreturn]] static void unreachable(const std::exception& e);
  void release(std::unique_ptr<pqxx::connection> conn);

  std::string url_;
  unsigned size_;
  std::chrono::milliseconds wait_;
  std::mutex mutex_;
  std::condition_variable freed_;
  std::vector<std::unique_ptr<pqxx::connection>> idle_;
  unsigned open_ = 0;
  std::atomic<std::uint64_t> errors_{0};
};

}  // namespace blog::store
