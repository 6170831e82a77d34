// The table of blogctl commands.
#include "blog/cli/commands.hpp"

namespace blog::cli {

const std::vector<command>& all_commands() {
  static const std::vector<command> all = {
      {"migrate", "apply pending database migrations", "blogctl migrate", &migrate},
  };
  return all;
}

}  // namespace blog::cli
