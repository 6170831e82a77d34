// Logging set-up shared by blogd and blogctl.
#pragma once

#include <string>

namespace blog {

// Sets the pattern and level ("trace" … "error"; unknown names mean "info").
void setup_logging(const std::string& level);

}  // namespace blog
