// blogd as its own process, for tests that kill a node the way an operator's crash would
// (SIGKILL), which an in-process app::app cannot survive.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace blog::test {

// The whole of a (log) file; empty when it is not there.
std::string read_text(const std::filesystem::path& p);

// Starts the blogd binary (BLOG_BLOGD, set by ctest) with `env` ("NAME=value") added to this
// process's environment, its output to `log`. posix_spawn, not fork: test processes have threads.
pid_t spawn_blogd(const std::vector<std::string>& env, const std::filesystem::path& log);

// Waits until the log says the node listens, and returns its port (it was started on port 0).
// Throws when that does not happen within `timeout`.
std::uint16_t wait_until_listening(const std::filesystem::path& log,
                                   std::chrono::seconds timeout = std::chrono::seconds(30));

}  // namespace blog::test
