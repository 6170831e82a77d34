// LISTEN/NOTIFY over libpqxx.
#include "blog/store/notifications.hpp"

#include <pqxx/pqxx>

#include <vector>

namespace blog::store {
namespace {

struct receiver : pqxx::notification_receiver {
  receiver(pqxx::connection_base& c, const std::string& channel, std::function<void(const std::string&)> f)
      : pqxx::notification_receiver(c, channel), fn(std::move(f)) {}
  void operator()(const std::string& payload, int) override { fn(payload); }
  std::function<void(const std::string&)> fn;
};

}  // namespace

void notify(database& db, const std::string& channel, const std::string& payload) {
  db.with([&](pqxx::connection& c) {
    pqxx::nontransaction tx(c);
    tx.exec_params("SELECT pg_notify($1, $2)", channel, payload);
  });
}

struct listener::state {
  explicit state(const std::string& url) : conn(url) {}
  pqxx::connection conn;
  std::vector<std::unique_ptr<receiver>> receivers;  // declared after conn: destroyed before it
};

listener::listener(const std::string& url) : state_(std::make_unique<state>(url)) {}

listener::~listener() = default;

void listener::listen(const std::string& channel, std::function<void(const std::string&)> fn) {
  state_->receivers.push_back(std::make_unique<receiver>(state_->conn, channel, std::move(fn)));
}

void listener::wait(std::chrono::microseconds timeout) {
  auto us = timeout.count();
  state_->conn.await_notification(us / 1'000'000, us % 1'000'000);
}

}  // namespace blog::store
