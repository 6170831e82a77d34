// Sets up spdlog for the executables.
#include "blog/logging.hpp"

#include <spdlog/spdlog.h>

namespace blog {

void setup_logging(const std::string& level) {
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ %v");
  auto parsed = spdlog::level::from_str(level);
  spdlog::set_level(parsed == spdlog::level::off && level != "off" ? spdlog::level::info : parsed);
}

}  // namespace blog
