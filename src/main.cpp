// blogd: parse the configuration, start, nothing else.
#include "blog/app/app.hpp"
#include "blog/config/config.hpp"
#include "blog/core/logging.hpp"

#include <spdlog/spdlog.h>

#include <iostream>

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << "blogd: the PayTech Blog server\n\n" << blog::config_usage();
    return 0;
  }
  try {
    auto cfg = blog::load_config(args);
    blog::setup_logging(cfg.log_level, cfg.log_format);
    blog::app::app server(cfg, /*handle_signals=*/true);
    auto port = server.listen();
    spdlog::info("PayTech Blog listening on http://{}:{}", cfg.http_address, port);
    server.run();
    return 0;
  } catch (const std::exception& e) {
    spdlog::critical("{}", e.what());
    return 1;
  }
}
