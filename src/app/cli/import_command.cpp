// blogctl import FILE: moves a WordPress (Polylang), Ghost or PayTech Blog export in, printing what
// it did; blogctl export FILE: the site out as one archive.
#include "blog/app/cli/commands.hpp"
#include "blog/core/error.hpp"
#include "blog/import/importer.hpp"
#include "blog/import/site_archive.hpp"

#include <sys/resource.h>
#include <unistd.h>

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
  // An import is background work beside a running blogd: at nice 10 (this thread, and every thread
  // it starts after, which inherit it: the batch writer, image fetchers, libvips) the readers'
  // request threads get the CPU first, and the import the rest (bench/import.sh).
  setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10);
  // Two connections: a batch of posts is written on one while the next is read and decided.
  store::database db(cfg.effective_database_url(), 2, std::chrono::milliseconds(10000));
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

int export_file(const arguments& args, const config& cfg) {
  if (args.size() != 1 || args[0].starts_with("--")) {
    std::cerr << "usage: blogctl export FILE\n";
    return 2;
  }
  store::database db(cfg.effective_database_url(), 1, std::chrono::milliseconds(10000));
  require_migrated(db);
  try {
    auto summary = import::write_site_archive(db, args[0]);
    std::cout << "Exported to " << args[0] << ": content.json and " << summary.files - 1 << " image file(s), "
              << summary.bytes << " bytes before compression\n";
    return 0;
  } catch (const std::filesystem::filesystem_error& e) {
    std::cerr << "blogctl export: " << e.what() << "\n";
    return 1;
  } catch (const std::runtime_error& e) {
    if (dynamic_cast<const blog::error*>(&e)) throw;
    std::cerr << "blogctl export: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace blog::cli
