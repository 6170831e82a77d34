// blogctl first-run: on an empty database, the administrator account a new installation starts with.
#include "blog/app/cli/commands.hpp"
#include "blog/domain/auth/secrets.hpp"
#include "blog/store/glossary_seed.hpp"
#include "blog/store/user_store.hpp"

#include <iostream>
#include <stdexcept>

namespace blog::cli {

int first_run(const arguments& args, const config& cfg) {
  bool with_demo = true;
  for (const auto& arg : args) {
    if (arg != "--no-demo") throw std::invalid_argument("unknown option '" + arg + "'");
    with_demo = false;
  }
  store::database db(cfg.effective_database_url(), 1, std::chrono::milliseconds(10000));
  require_migrated(db);
  store::seed_glossary_if_empty(db);

  auto password = auth::new_password();
  store::new_user admin;
  admin.username = "admin";
  admin.email = "admin@paytech.local";
  admin.password_hash = auth::hash_password(password);
  if (store::insert_first_admin(db, admin)) {
    std::cout << "Created the administrator account 'admin' (admin@paytech.local) with the password " << password
              << "\nSign in at " << cfg.effective_public_url()
              << "/auth and keep the password safe: it is shown only this once.\n";
  } else {
    std::cout << "The database has accounts already; first-run left them as they are.\n";
  }
  if (with_demo) seed_demo_if_empty(db);
  return 0;
}

}  // namespace blog::cli
