// blogd as its own process: spawned, its port read from its log.
#include "support/blogd_process.hpp"

#include <fcntl.h>
#include <spawn.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace blog::test {

std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

pid_t spawn_blogd(const std::vector<std::string>& env, const std::filesystem::path& log) {
  const char* blogd = std::getenv("BLOG_BLOGD");
  if (!blogd) throw std::runtime_error("BLOG_BLOGD is not set: run the tests through ctest");
  std::vector<std::string> all(env);
  for (char** e = environ; *e; ++e) all.emplace_back(*e);
  std::vector<char*> envp;
  for (auto& e : all) envp.push_back(e.data());
  envp.push_back(nullptr);
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&files, 1, 2);
  std::string program(blogd);
  char* argv[] = {program.data(), nullptr};
  pid_t pid = -1;
  int rc = posix_spawn(&pid, blogd, &files, nullptr, argv, envp.data());
  posix_spawn_file_actions_destroy(&files);
  if (rc != 0) throw std::runtime_error("cannot start blogd");
  return pid;
}

std::uint16_t wait_until_listening(const std::filesystem::path& log, std::chrono::seconds timeout) {
  const std::regex listening("listening on http://[^:]+:([0-9]+)");
  auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    auto text = read_text(log);
    std::smatch m;
    if (std::regex_search(text, m, listening)) return static_cast<std::uint16_t>(std::stoi(m[1].str()));
    if (std::chrono::steady_clock::now() > deadline) throw std::runtime_error("blogd did not start:\n" + text);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

}  // namespace blog::test
