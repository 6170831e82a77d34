// Applies embedded migrations once each, checking that applied files were not changed afterwards.
#include "blog/store/migrations.hpp"
#include "blog/core/crypto.hpp"

#include <spdlog/spdlog.h>
#include <pqxx/pqxx>

#include <map>

namespace blog::store {
namespace {

constexpr long long migration_lock_key = 7'263'514'001;

void ensure_table(pqxx::connection& c) {
  pqxx::work tx(c);
  tx.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations ("
      " name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())");
  tx.commit();
}

std::map<std::string, std::string> applied(pqxx::transaction_base& tx) {
  std::map<std::string, std::string> done;
  for (const auto& row : tx.exec("SELECT name, checksum FROM schema_migrations"))
    done[row[0].as<std::string>()] = row[1].as<std::string>();
  return done;
}

std::vector<std::string> check(const std::map<std::string, std::string>& done, const std::vector<migration>& all) {
  std::vector<std::string> pending;
  for (const auto& m : all) {
    auto it = done.find(m.name);
    if (it == done.end()) {
      pending.push_back(m.name);
    } else if (it->second != core::sha256_hex(m.sql)) {
      throw migration_error("migration " + m.name +
                            " was changed after it was applied to this database; restore the file as it was "
                            "and put the change in a new migration");
    }
  }
  return pending;
}

}  // namespace

std::vector<std::string> migrate(database& db, const std::vector<migration>& all) {
  return db.with([&](pqxx::connection& c) {
    ensure_table(c);
    std::vector<std::string> names;
    {
      pqxx::nontransaction lock(c);
      lock.exec("SELECT pg_advisory_lock(" + std::to_string(migration_lock_key) + ")");
    }
    try {
      pqxx::read_transaction read(c);
      auto pending = check(applied(read), all);
      read.commit();
      for (const auto& m : all) {
        if (std::find(pending.begin(), pending.end(), m.name) == pending.end()) continue;
        try {
          pqxx::work tx(c);
          tx.exec(m.sql);
          tx.exec_params("INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)", m.name,
                         core::sha256_hex(m.sql));
          tx.commit();
        } catch (const pqxx::sql_error& e) {
          throw migration_error("migration " + m.name + " failed: " + e.what());
        }
        spdlog::info("applied migration {}", m.name);
        names.push_back(m.name);
      }
    } catch (...) {
      pqxx::nontransaction unlock(c);
      unlock.exec("SELECT pg_advisory_unlock(" + std::to_string(migration_lock_key) + ")");
      throw;
    }
    pqxx::nontransaction unlock(c);
    unlock.exec("SELECT pg_advisory_unlock(" + std::to_string(migration_lock_key) + ")");
    return names;
  });
}

std::vector<std::string> pending_migrations(database& db, const std::vector<migration>& all) {
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    auto exists = tx.exec("SELECT to_regclass('schema_migrations') IS NOT NULL")[0][0].as<bool>();
    if (!exists) {
      std::vector<std::string> every;
      every.reserve(all.size());
      for (const auto& m : all) every.push_back(m.name);
      return every;
    }
    return check(applied(tx), all);
  });
}

std::vector<std::string> applied_migrations(database& db) {
  return db.with([](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<std::string> names;
    if (!tx.exec1("SELECT to_regclass('schema_migrations') IS NOT NULL")[0].as<bool>()) return names;
    for (const auto& row : tx.exec("SELECT name FROM schema_migrations ORDER BY name"))
      names.push_back(row[0].as<std::string>());
    return names;
  });
}

}  // namespace blog::store
