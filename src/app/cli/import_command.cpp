// blogctl import FILE: moves a WordPress (Polylang), Ghost or PayTech Blog export in, printing what
// it did; blogctl export FILE: the site out as one archive.
#include "blog/app/cli/commands.hpp"
#include "blog/core/error.hpp"
#include "blog/import/importer.hpp"
#include "blog/import/site_archive.hpp"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>

namespace blog::cli {
namespace {

pid_t import_child = 0;

void pass_on(int signal) {
  if (import_child > 0) ::kill(import_child, signal);
}

// fork() copies only the calling thread: safe while it is the only one.
bool single_threaded() {
  std::error_code error;
  std::filesystem::directory_iterator tasks("/proc/self/task", error);
  return !error && std::distance(tasks, std::filesystem::directory_iterator()) == 1;
}

// Under autogroup scheduling (most distributions' kernels, see sched(7)) Linux shares the CPU
// between sessions first, and a thread's nice counts only against the threads of its own session:
// at nice 10 in the shell's session the import still weighed as much as a whole session against
// blogd's and a reader's (bench/import.sh with a reader's client at normal priority in the shell's
// session: its p99 1.3-3.6x quiet during the import, 1.3-2.3x with this). So the import runs in a
// child process that leads a session of its own, whose autogroup is at nice 10, while this process
// stays in the shell's job: it passes Ctrl-C and kill on to the import and ends as the import does.
// Returns the import's exit code in this process; nullopt in the child, or where there are no
// autogroups (or other threads) and the import runs here as before.
std::optional<int> import_in_own_session() {
  if (!std::filesystem::exists("/proc/self/autogroup") || !single_threaded()) return std::nullopt;
  std::cout.flush();
  std::cerr.flush();
  const pid_t parent = ::getpid();
  const pid_t child = ::fork();
  if (child < 0) return std::nullopt;
  if (child == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);  // a blogctl killed outright takes its import with it
    if (::getppid() != parent) ::raise(SIGTERM);
    if (::setsid() >= 0) std::ofstream("/proc/self/autogroup") << 10;
    return std::nullopt;
  }
  import_child = child;
  struct sigaction pass = {};
  pass.sa_handler = pass_on;
  sigemptyset(&pass.sa_mask);
  for (const int signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) ::sigaction(signal, &pass, nullptr);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  // Ended by a signal: so is this process, and the shell sees what it would have without the child.
  const int signal = WTERMSIG(status);
  ::signal(signal, SIG_DFL);
  ::raise(signal);
  return 128 + signal;
}

}  // namespace

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
  if (const auto exit_code = import_in_own_session()) return *exit_code;
  // An import is background work beside a running blogd: at nice 10 (this thread, and every thread
  // it starts after, which inherit it: the batch writer, image fetchers, libvips; and its session's
  // autogroup, above) the readers' request threads get the CPU first, and the import the rest
  // (bench/import.sh).
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
