// SQL for the throttles of the account calls and the delays after failed sign-ins.
#include "blog/store/throttle_store.hpp"

#include <pqxx/pqxx>

#include <algorithm>

namespace blog::store {
namespace {

long long secs(std::chrono::seconds s) {
  return static_cast<long long>(s.count());
}

std::chrono::seconds at_least_one(long long seconds) {
  return std::chrono::seconds(std::max<long long>(1, seconds));
}

}  // namespace

std::optional<std::chrono::seconds> take_attempt(store::database& db, const std::vector<quota>& quotas) {
  auto ordered = quotas;
  // Locks taken in one order everywhere cannot deadlock.
  std::sort(ordered.begin(), ordered.end(), [](const quota& a, const quota& b) { return a.key < b.key; });
  return db.with([&](pqxx::connection& c) -> std::optional<std::chrono::seconds> {
    pqxx::work tx(c);
    std::optional<std::chrono::seconds> wait;
    for (const auto& q : ordered) {
      tx.exec_params("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", q.key);
      // The limit-th newest attempt in the window: once it leaves the window, fewer than `limit` remain.
      auto rows = tx.exec_params(
          "SELECT ceil(extract(epoch FROM at + make_interval(secs => $3) - now()))::bigint "
          "FROM auth_attempts WHERE key = $1 AND at > now() - make_interval(secs => $3) "
          "ORDER BY at DESC OFFSET $2 LIMIT 1",
          q.key, static_cast<long long>(q.limit) - 1, secs(q.window));
      if (!rows.empty())
        wait = std::max(wait.value_or(std::chrono::seconds(0)), at_least_one(rows[0][0].as<long long>()));
    }
    if (wait) return wait;  // the transaction ends without recording anything
    for (const auto& q : ordered) tx.exec_params("INSERT INTO auth_attempts (key) VALUES ($1)", q.key);
    tx.exec_params("DELETE FROM auth_attempts WHERE at < now() - make_interval(secs => $1)", secs(attempts_kept_for));
    tx.commit();
    return std::nullopt;
  });
}

std::optional<std::chrono::seconds> begin_login_attempt(store::database& db, const std::string& account_key,
                                                        const std::string& address, const delay_policy& policy) {
  return db.with([&](pqxx::connection& c) -> std::optional<std::chrono::seconds> {
    pqxx::work tx(c);
    // Parallel attempts of one pair take turns, so each sees the failures counted before it.
    tx.exec_params("SELECT pg_advisory_xact_lock(hashtextextended($1 || ' ' || $2, 0))", account_key, address);
    // The ceiling: the accounts-th newest other account this address failed on within the window.
    auto ceiling = tx.exec_params(
        "SELECT ceil(extract(epoch FROM last_failure_at + make_interval(secs => $3) - now()))::bigint "
        "FROM login_delays WHERE address = $1 AND account_key <> $2 "
        "AND last_failure_at > now() - make_interval(secs => $3) "
        "ORDER BY last_failure_at DESC OFFSET $4 LIMIT 1",
        address, account_key, secs(policy.address_window), static_cast<long long>(policy.accounts_per_address) - 1);
    if (!ceiling.empty()) return at_least_one(ceiling[0][0].as<long long>());

    auto pair = tx.exec_params(
        "SELECT failures, last_failure_at < now() - make_interval(secs => $3), "
        "       ceil(extract(epoch FROM blocked_until - now()))::bigint "
        "FROM login_delays WHERE account_key = $1 AND address = $2",
        account_key, address, secs(policy.forget_after));
    unsigned failures = 1;
    if (!pair.empty() && !pair[0][1].as<bool>()) {
      auto wait = pair[0][2].as<long long>();
      if (wait > 0) return at_least_one(wait);  // refused attempts do not count
      failures = pair[0][0].as<unsigned>() + 1;
    }
    tx.exec_params(
        "INSERT INTO login_delays (account_key, address, failures, last_failure_at, blocked_until) "
        "VALUES ($1, $2, $3, now(), now() + make_interval(secs => $4)) "
        "ON CONFLICT (account_key, address) DO UPDATE SET failures = EXCLUDED.failures, "
        "last_failure_at = EXCLUDED.last_failure_at, blocked_until = EXCLUDED.blocked_until",
        account_key, address, failures, secs(delay_after(policy, failures)));
    tx.exec_params("DELETE FROM login_delays WHERE last_failure_at < now() - make_interval(secs => $1)",
                   secs(std::max(policy.forget_after, policy.address_window)));
    tx.commit();
    return std::nullopt;
  });
}

void login_failed(store::database& db, const std::string& account_key, const std::string& address,
                  const delay_policy& policy) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec_params("SELECT pg_advisory_xact_lock(hashtextextended($1 || ' ' || $2, 0))", account_key, address);
    auto rows = tx.exec_params("SELECT failures FROM login_delays WHERE account_key = $1 AND address = $2", account_key,
                               address);
    if (rows.empty()) return;
    auto delay = delay_after(policy, rows[0][0].as<unsigned>());
    tx.exec_params(
        "UPDATE login_delays SET blocked_until = greatest(blocked_until, now() + make_interval(secs => $3)) "
        "WHERE account_key = $1 AND address = $2",
        account_key, address, secs(delay));
    tx.commit();
  });
}

void login_succeeded(store::database& db, const std::string& account_key, const std::string& address) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec_params("DELETE FROM login_delays WHERE account_key = $1 AND address = $2", account_key, address);
    tx.commit();
  });
}

void forget_login_failures(store::database& db, const std::string& account_key) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec_params("DELETE FROM login_delays WHERE account_key = $1", account_key);
    tx.commit();
  });
}

}  // namespace blog::store
