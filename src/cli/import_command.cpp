// blogctl import FILE: moves a WordPress (Polylang) or Ghost export in, printing what it did.
#include "blog/cli/commands.hpp"
#include "blog/core/error.hpp"
#include "blog/import/importer.hpp"

#include <iostream>

namespace blog::cli {

int import_file(const arguments& args, const config& cfg) {
  import::import_options options;
  std::optional<std::filesystem::path> file;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const auto& a = args[i];
    if (a == "--author" && i + 1 < args.size()) {
      options.author = args[++i];
    } else if (a == "--language" && i + 1 < args.size()) {
      options.language = args[++i];
    } else if (a == "--media-from" && i + 1 < args.size()) {
      options.media_from = args[++i];
    } else if (a == "--dry-run") {
      options.dry_run = true;
    } else if (!a.starts_with("--") && !file) {
      file = a;
    } else {
      std::cerr << "usage: blogctl import FILE [--author NAME] [--language en|cs] [--media-from DIR|URL] [--dry-run]\n";
      return 2;
    }
  }
  if (!file) {
    std::cerr << "usage: blogctl import FILE [--author NAME] [--language en|cs] [--media-from DIR|URL] [--dry-run]\n";
    return 2;
  }
  store::database db(cfg.effective_database_url(), 1, std::chrono::milliseconds(10000));
  require_migrated(db);
  try {
    auto report = import::run_import(db, *file, options);
    std::cout << import::format_report(report, options.dry_run);
    return 0;
  } catch (const blog::error& e) {
    if (e.kind() == error_kind::unavailable) throw;
    std::cerr << "blogctl import: " << e.what() << "\nNothing was imported.\n";
    return 1;
  }
}

}  // namespace blog::cli
