// Small text helpers the domain rules share: trimming and counting characters.
#pragma once

#include <string>
#include <string_view>

namespace blog::domain {

std::string trim(std::string_view text);
// Unicode code points in valid UTF-8 (invalid bytes count one each).
std::size_t utf8_length(std::string_view text);
std::string to_lower_ascii(std::string_view text);

}  // namespace blog::domain
