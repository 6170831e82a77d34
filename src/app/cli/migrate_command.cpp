// blogctl migrate: applies pending migrations and says which.
#include "blog/app/cli/commands.hpp"
#include "blog/store/glossary_seed.hpp"
#include "blog/store/migrations.hpp"

#include <iostream>

namespace blog::cli {

int migrate(const arguments&, const config& cfg) {
  store::database db(cfg.effective_database_url(), 1, std::chrono::milliseconds(10000));
  auto applied = store::migrate(db);
  if (applied.empty()) std::cout << "The database is up to date.\n";
  for (const auto& name : applied) std::cout << "applied " << name << "\n";
  if (auto loaded = store::seed_glossary_if_empty(db))
    std::cout << "loaded " << loaded << " glossary terms from " << store::default_glossary_file().string() << "\n";
  return 0;
}

}  // namespace blog::cli
