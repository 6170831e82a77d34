// The one log capture of a test binary.
#include "support/captured_log.hpp"

#include <spdlog/spdlog.h>

namespace blog::test {

std::shared_ptr<captured_log>& log_sink() {
  static std::shared_ptr<captured_log> sink = [] {
    auto s = std::make_shared<captured_log>();
    spdlog::default_logger()->sinks().push_back(s);
    return s;
  }();
  return sink;
}

}  // namespace blog::test
