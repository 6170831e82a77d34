// blogctl analytics purge: deletes every stored view count (issue 26), e.g. before a site's
// privacy page promises a clean start. Running nodes keep counting from then on.
#include "blog/app/cli/commands.hpp"
#include "blog/store/analytics_store.hpp"

#include <iostream>

namespace blog::cli {

int analytics(const arguments& args, const config& cfg) {
  if (args.size() != 1 || args[0] != "purge") {
    std::cerr << "usage: blogctl analytics purge\n";
    return 2;
  }
  store::database db(cfg.effective_database_url(), 1, std::chrono::milliseconds(10000));
  require_migrated(db);
  auto rows = store::delete_all_views(db);
  std::cout << "deleted every view count (" << rows << (rows == 1 ? " row" : " rows") << ")\n";
  return 0;
}

}  // namespace blog::cli
