// fsync(2) helpers for index folders whose commits are made without Xapian's own fsyncs.
#include "durable.hpp"

#include <fcntl.h>
#include <unistd.h>

namespace blog::search {

bool sync_path(const std::filesystem::path& path, bool folder) {
  const int fd = ::open(path.c_str(), (folder ? O_RDONLY | O_DIRECTORY : O_RDONLY) | O_CLOEXEC);
  if (fd < 0) return false;
  const bool ok = ::fsync(fd) == 0;
  ::close(fd);
  return ok;
}

bool sync_folder(const std::filesystem::path& dir, std::string_view skip) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (entry.path().filename() == skip || !entry.is_regular_file(ec)) continue;
    if (!sync_path(entry.path(), false)) return false;
  }
  return !ec && sync_path(dir, true);
}

}  // namespace blog::search
