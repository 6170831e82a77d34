// Schema migrations: numbered SQL files, embedded at build time, applied in order, each once.
#pragma once

#include "blog/store/database.hpp"

#include <stdexcept>
#include <string>
#include <vector>

namespace blog::store {

struct migration {
  std::string name;  // "0001_init.sql"
  std::string sql;
};

// The migrations/ folder as it was at build time, sorted by name.
const std::vector<migration>& embedded_migrations();

// A migration file that differs from the one that was applied, or a failing migration.
class migration_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Applies every pending migration, each in its own transaction, under an advisory lock so
// that nodes starting together apply each once. Returns the names applied. Throws
// migration_error when an applied migration's file has changed since, or one fails.
std::vector<std::string> migrate(database& db, const std::vector<migration>& all = embedded_migrations());

// Names not yet applied; throws migration_error like migrate() when a file has changed.
std::vector<std::string> pending_migrations(database& db, const std::vector<migration>& all = embedded_migrations());

// Names of every migration the database records as applied, sorted; empty before the first.
std::vector<std::string> applied_migrations(database& db);

}  // namespace blog::store
