// The index folder becoming unwritable: blogd says so once, searches keep answering from the last
// good index, writes go on, and the index catches up once the folder is writable again.
#include "support/harness.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>
#include <pqxx/pqxx>

#include <fcntl.h>
#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

using blog::test::http_client;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

std::string json(const boost::json::object& o) {
  return boost::json::serialize(o);
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Lines, not occurrences: the one line quotes Xapian's own error, which may say "cannot write" too.
std::size_t lines_with(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (line.find(needle) != std::string::npos) ++n;
  return n;
}

// Sets the write bits of everything under `root` (the folders too) on or off.
void writable(const fs::path& root, bool on) {
  auto set = [on](const fs::path& p) {
    fs::permissions(p, fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write,
                    on ? fs::perm_options::add : fs::perm_options::remove);
  };
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (!e.is_symlink()) set(e.path());
  set(root);
}

template <typename Fn>
bool eventually(Fn fn, std::chrono::milliseconds limit) {
  auto until = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < until) {
    if (fn()) return true;
    std::this_thread::sleep_for(100ms);
  }
  return fn();
}

}  // namespace

TEST(IndexUnwritable, SearchKeepsTheLastGoodIndexTheFailureIsLoggedOnceAndTheIndexCatchesUpLater) {
  const char* blogd = std::getenv("BLOG_BLOGD");
  ASSERT_NE(blogd, nullptr);
  blog::test::private_cluster pg;
  blog::test::temp_dir data;
  auto log_path = data.path / "blogd.log";
  auto port = std::to_string(20000 + ((::getpid() + 7919) % 20000));
  auto url = pg.url();
  pid_t child = fork();
  if (child == 0) {
    // Root writes through any permission bits: this blogd runs without that power, as a service would.
    ::prctl(PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, 0, 0, 0);
    ::prctl(PR_CAPBSET_DROP, CAP_DAC_READ_SEARCH, 0, 0, 0);
    int fd = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    setenv("BLOG_DATABASE_URL", url.c_str(), 1);
    setenv("BLOG_HTTP_PORT", port.c_str(), 1);
    setenv("BLOG_HTTP_ADDRESS", "127.0.0.1", 1);
    setenv("BLOG_DATA_DIR", data.path.c_str(), 1);
    setenv("BLOG_LOG_LEVEL", "info", 1);
    execl(blogd, blogd, nullptr);
    _exit(127);
  }
  auto base = "http://127.0.0.1:" + port;
  http_client admin(base);
  ASSERT_TRUE(eventually(
      [&] {
        try {
          return admin.get("/readyz").status == 200;
        } catch (const std::exception&) {
          return false;
        }
      },
      20s))
      << read_file(log_path);
  const std::string password = "unwritable-1";
  ASSERT_EQ(admin
                .post("/api/register", blog::test::json_body({{"username", "ix_admin"},
                                                              {"email", "ix_admin@example.com"},
                                                              {"password", password},
                                                              {"confirmPassword", password}}))
                .status,
            201);
  {
    pqxx::connection c(url);
    pqxx::work tx(c);
    tx.exec("UPDATE users SET approval_status = 'approved', role = 'admin' WHERE username = 'ix_admin'");
    tx.commit();
  }
  auto write = [&](const std::string& title) {
    auto res = admin.post("/api/posts", json({{"title", title},
                                              {"content", "<p>numbat " + title + "</p>"},
                                              {"category", "Fintech"},
                                              {"language", "en"}}));
    EXPECT_EQ(res.status, 201) << res.body;
    return res.status == 201 ? std::string(res.json().at("slug").as_string()) : std::string();
  };
  auto found = [&](const std::string& word) {
    auto res = admin.get("/api/search?q=" + word);
    EXPECT_EQ(res.status, 200) << res.body;
    return res.status == 200 ? res.json().at("results").as_array().size() : std::size_t(0);
  };
  auto first = write("Numbat alphaword");
  EXPECT_EQ(found("alphaword"), 1u);

  writable(data.path / "index", false);
  std::vector<std::string> later;
  for (int i = 0; i < 5; ++i) later.push_back(write("Numbat betaword " + std::to_string(i)));
  // Writes answered, pages show them; searches answer from the last good index.
  for (const auto& slug : later) EXPECT_EQ(admin.get("/api/posts/" + slug).status, 200);
  std::this_thread::sleep_for(1500ms);  // a retry or two fails meanwhile: still one line in the log
  EXPECT_EQ(found("alphaword"), 1u);
  EXPECT_EQ(found("betaword"), 0u);
  auto log = read_file(log_path);
  EXPECT_EQ(lines_with(log, "cannot write"), 1u) << log;

  writable(data.path / "index", true);
  EXPECT_TRUE(eventually([&] { return found("betaword") == 5u; }, 20s)) << read_file(log_path);
  // The line follows the swap that makes the posts searchable: under load, a moment later.
  EXPECT_TRUE(eventually([&] { return read_file(log_path).find("writable again") != std::string::npos; }, 5s))
      << read_file(log_path);
  EXPECT_EQ(found("alphaword"), 1u);

  ::kill(child, SIGTERM);
  int status = 0;
  waitpid(child, &status, 0);
}
