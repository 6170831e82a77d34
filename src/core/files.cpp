// Files written whole or not at all.
#include "blog/core/files.hpp"

#include <unistd.h>

#include <atomic>
#include <fstream>
#include <stdexcept>
#include <string>

namespace blog::core {

void write_file_atomically(const std::filesystem::path& target, std::string_view bytes) {
  // A name no other writer uses at the same time: this process's id and its own count (a
  // std::random_device per file was a system call, and a visible share of every post's write).
  static std::atomic<unsigned long> written{0};
  auto temporary = target;
  temporary += ".tmp" + std::to_string(::getpid()) + "-" + std::to_string(++written);
  std::error_code ec;
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) {
      std::filesystem::remove(temporary, ec);
      throw std::runtime_error("could not write " + temporary.string());
    }
  }
  std::filesystem::rename(temporary, target, ec);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    throw std::runtime_error("could not write " + target.string() + ": " + ec.message());
  }
}

}  // namespace blog::core
