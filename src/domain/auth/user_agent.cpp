// User-Agent header to browser and system names, by the tokens browsers have sent for years.
#include "blog/domain/auth/user_agent.hpp"

#include <array>
#include <utility>

namespace blog::auth {
namespace {

bool has(std::string_view text, std::string_view token) {
  return text.find(token) != std::string_view::npos;
}

}  // namespace

browser_and_system describe_user_agent(std::string_view ua) {
  browser_and_system out{"Unknown browser", "Unknown system"};
  // Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 10> browsers{{
      {"Edg/", "Edge"},
      {"OPR/", "Opera"},
      {"SamsungBrowser/", "Samsung Internet"},
      {"Firefox/", "Firefox"},
      {"FxiOS/", "Firefox"},
      {"CriOS/", "Chrome"},
      {"Chrome/", "Chrome"},
      {"Safari/", "Safari"},
      {"curl/", "curl"},
      {"HeadlessChrome/", "Chrome"},
  }};
  for (const auto& [token, name] : browsers) {
    if (has(ua, token)) {
      out.browser = name;
      break;
    }
  }
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 8> systems{{
      {"Android", "Android"},
      {"iPhone", "iOS"},
      {"iPad", "iPadOS"},
      {"CrOS", "ChromeOS"},
      {"Windows", "Windows"},
      {"Mac OS X", "macOS"},
      {"Macintosh", "macOS"},
      {"Linux", "Linux"},
  }};
  for (const auto& [token, name] : systems) {
    if (has(ua, token)) {
      out.system = name;
      break;
    }
  }
  return out;
}

}  // namespace blog::auth
