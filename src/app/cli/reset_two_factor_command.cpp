// blogctl reset-2fa USER: turns two-factor off for someone who lost their authenticator.
#include "blog/api/auth/two_factor.hpp"
#include "blog/app/cli/commands.hpp"

#include <iostream>

namespace blog::cli {

int reset_two_factor(const arguments& args, const config& cfg) {
  if (args.size() != 1 || args[0].empty() || args[0].starts_with("-")) {
    std::cerr << "usage: blogctl reset-2fa USER\n";
    return 2;
  }
  store::database db(cfg.effective_database_url(), 1, std::chrono::milliseconds(10000));
  require_migrated(db);
  if (!auth::reset_two_factor(db, args[0])) {
    std::cerr << "No account is named '" << args[0] << "'.\n";
    return 1;
  }
  std::cout << "Two-factor sign-in is off for " << args[0]
            << " and every session of the account has ended: they sign in with the password and can set it up "
               "again.\n";
  return 0;
}

}  // namespace blog::cli
