// fsync(2) helpers for index folders whose commits are made without Xapian's own fsyncs (internal header).
#pragma once

#include <filesystem>
#include <string_view>

namespace blog::search {

// fsync of a file or, with folder, of a folder's entries; false when it cannot be opened or synced.
bool sync_path(const std::filesystem::path& path, bool folder);

// Syncs every regular file directly in `dir` except `skip`, then the folder itself; false on the first failure.
bool sync_folder(const std::filesystem::path& dir, std::string_view skip = {});

}  // namespace blog::search
