// blogctl's commands: each takes its own arguments and the shared configuration, returns an exit code.
#pragma once

#include "blog/config.hpp"

#include <string>
#include <vector>

namespace blog::cli {

using arguments = std::vector<std::string>;

struct command {
  const char* name;
  const char* summary;
  const char* usage;
  int (*run)(const arguments& args, const config& cfg);
};

// Every command, in the order `blogctl --help` lists them.
const std::vector<command>& all_commands();

int migrate(const arguments& args, const config& cfg);

}  // namespace blog::cli
