// Files written whole or not at all.
#pragma once

#include <filesystem>
#include <string_view>

namespace blog::core {

// Writes `bytes` to a temporary file beside `target` (its name plus ".tmp" and a random number,
// so that two writers never share one), then renames it over `target`: a reader sees the old
// file or the new one, never half of one. Throws std::runtime_error when it cannot; nothing is
// left behind then.
void write_file_atomically(const std::filesystem::path& target, std::string_view bytes);

}  // namespace blog::core
