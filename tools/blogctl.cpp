// blogctl: the operator's command line (migrate, create-admin, seed-demo, reindex, …).
#include "blog/app/cli/commands.hpp"
#include "blog/core/logging.hpp"

#include <iostream>

namespace {

void print_usage() {
  std::cout << "blogctl: operate a PayTech Blog installation\n\nUsage: blogctl COMMAND [options]\n\nCommands:\n";
  for (const auto& c : blog::cli::all_commands()) std::cout << "  " << c.name << "  " << c.summary << "\n";
  std::cout << "\nEach command takes --help. The configuration is blogd's (BLOG_* variables);\n"
               "BLOG_DATABASE_URL chooses the database.\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_usage();
    return args.empty() ? 2 : 0;
  }
  for (const auto& c : blog::cli::all_commands()) {
    if (args[0] != c.name) continue;
    std::vector<std::string> rest(args.begin() + 1, args.end());
    if (!rest.empty() && (rest[0] == "--help" || rest[0] == "-h")) {
      std::cout << "Usage: " << c.usage << "\n\n" << c.summary << "\n";
      return 0;
    }
    try {
      auto cfg = blog::load_config({});
      blog::setup_logging(cfg.log_level == "info" ? "warn" : cfg.log_level, cfg.log_format);
      return c.run(rest, cfg);
    } catch (const std::exception& e) {
      std::cerr << "blogctl " << c.name << ": " << e.what() << "\n";
      return 1;
    }
  }
  std::cerr << "blogctl: unknown command '" << args[0] << "'\n\n";
  print_usage();
  return 2;
}
