// What a person recognises of a User-Agent header: the browser and the system, for the sessions
// list and the new sign-in mail.
#pragma once

#include <string>
#include <string_view>

namespace blog::auth {

struct browser_and_system {
  std::string browser;  // "Firefox", "Chrome", "Edge", "Safari", …, or "Unknown browser"
  std::string system;   // "Windows", "macOS", "Linux", "Android", "iOS", …, or "Unknown system"
};

// Names, not versions: a version changes with every update and would make the same browser look new.
browser_and_system describe_user_agent(std::string_view user_agent);

}  // namespace blog::auth
