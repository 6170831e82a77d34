// Trimming for the domain rules (UTF-8 and case helpers are core/text.hpp's).
#pragma once

#include <string>
#include <string_view>

namespace blog::domain {

// `text` without leading and trailing ASCII whitespace. Does not fail (but std::bad_alloc).
std::string trim(std::string_view text);

}  // namespace blog::domain
