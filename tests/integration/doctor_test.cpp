// blogctl doctor, run as the built binary: a healthy node passes, each broken part is named with
// what to do, and the exit code tells a script which.
#include "support/harness.hpp"

#include "blog/search/index_store.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include <sys/wait.h>

using blog::test::test_server;

namespace {

test_server& server() {
  static test_server s("doctor", [](blog::config& c) { c.public_url = "https://blog.example"; });
  return s;
}

struct run_result {
  int exit_code = -1;
  std::string output;
};

std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// blogctl doctor with the test server's settings, changed by `env` ("NAME=value" each).
run_result doctor(const std::vector<std::string>& env = {}) {
  const char* blogd = std::getenv("BLOG_BLOGD");
  if (!blogd) throw std::runtime_error("BLOG_BLOGD is not set: run the tests through ctest");
  auto& cfg = server().ctx().cfg;
  std::string command = "env BLOG_DATABASE_URL=" + quoted(server().database_url()) +
                        " BLOG_DATA_DIR=" + quoted(cfg.data_dir.string()) +
                        " BLOG_WEB_DIR=" + quoted(cfg.web_dir.string()) + " BLOG_PUBLIC_URL=https://blog.example" +
                        " BLOG_SMTP_URL=smtp://user:secret@127.0.0.1:2525";
  for (const auto& e : env) command += " " + quoted(e);
  blog::test::temp_dir dir;
  auto out_path = dir.path / "out";
  command += " " + quoted((std::filesystem::path(blogd).parent_path() / "blogctl").string()) + " doctor > " +
             quoted(out_path.string()) + " 2>&1";
  int status = std::system(command.c_str());
  std::ifstream out(out_path);
  std::stringstream text;
  text << out.rdbuf();
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text.str()};
}

bool says(const run_result& r, const std::string& text) {
  return r.output.find(text) != std::string::npos;
}

}  // namespace

TEST(Doctor, AHealthyNodePassesAndSaysWhatItChecked) {
  auto r = doctor();
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(says(r, "PostgreSQL 1")) << r.output;  // the server's version
  EXPECT_TRUE(says(r, "migrations applied")) << r.output;
  EXPECT_TRUE(says(r, "index up to date")) << r.output;
  EXPECT_TRUE(says(r, "web app built")) << r.output;
  EXPECT_FALSE(says(r, "FAIL")) << r.output;
  EXPECT_FALSE(says(r, "secret")) << r.output;  // SMTP credentials are never printed
}

TEST(Doctor, AMissingCzechDictionaryIsAWarningWithWhatToDo) {
  EXPECT_TRUE(says(doctor(), "ok    dictionaries /usr/share/hunspell/cs_CZ.dic")) << doctor().output;
  auto r = doctor({"BLOG_HUNSPELL_DIR=/nonexistent/hunspell"});
  EXPECT_FALSE(says(r, "FAIL  the Czech dictionary")) << r.output;  // search still works (light stemmer)
  EXPECT_TRUE(says(r, "warn  the Czech dictionary /nonexistent/hunspell/cs_CZ.dic")) << r.output;
  EXPECT_TRUE(says(r, "install hunspell-cs")) << r.output;
}

TEST(Doctor, TwoFactorKeysWithoutASecretKeyAreAWarning) {
  auto unset = doctor({"BLOG_SECRET_KEY="});
  EXPECT_EQ(unset.exit_code, 0) << unset.output;  // sign-in works, the keys are only not sealed
  EXPECT_TRUE(says(unset, "warn  BLOG_SECRET_KEY is not set")) << unset.output;
  EXPECT_TRUE(says(unset, "openssl rand")) << unset.output;

  auto weak = doctor({"BLOG_SECRET_KEY=short"});
  EXPECT_TRUE(says(weak, "warn  BLOG_SECRET_KEY is shorter than 16 characters")) << weak.output;

  auto set = doctor({"BLOG_SECRET_KEY=k3y-for-the-doctor-test-0123456789"});
  EXPECT_TRUE(says(set, "ok    two-factor keys encrypted with BLOG_SECRET_KEY")) << set.output;
  EXPECT_FALSE(says(set, "k3y-for-the-doctor-test")) << set.output;  // never printed
}

TEST(Doctor, AMissingEnglishDictionaryIsAWarningWithWhatToDo) {
  // A folder with the Czech dictionary only.
  blog::test::temp_dir dir;
  for (const char* name : {"cs_CZ.aff", "cs_CZ.dic"})
    std::filesystem::create_symlink(std::filesystem::path("/usr/share/hunspell") / name, dir.path / name);
  auto r = doctor({"BLOG_HUNSPELL_DIR=" + dir.path.string()});
  EXPECT_FALSE(says(r, "FAIL  the English dictionary")) << r.output;  // search still works (Snowball)
  EXPECT_TRUE(says(r, "warn  the English dictionary " + (dir.path / "en_US.dic").string())) << r.output;
  EXPECT_TRUE(says(r, "install hunspell-en-us")) << r.output;
  EXPECT_FALSE(says(r, "the Czech dictionary")) << r.output;
}

TEST(Doctor, AMissingWebBuildIsAProblemWithWhatToDo) {
  auto r = doctor({"BLOG_WEB_DIR=/nonexistent/web/dist"});
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(says(r, "FAIL  no web app build")) << r.output;
  EXPECT_TRUE(says(r, "tools/bootstrap")) << r.output;
}

TEST(Doctor, HalfAnAiConfigurationAndABadMailSenderAreProblems) {
  auto r = doctor({"BLOG_AI_BASE_URL=http://127.0.0.1:9/v1", "BLOG_MAIL_FROM=nobody"});
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(says(r, "BLOG_AI_MODEL is not set")) << r.output;
  EXPECT_TRUE(says(r, "BLOG_MAIL_FROM 'nobody' has no email address")) << r.output;
}

TEST(Doctor, AnUnreachableOrUnmigratedDatabaseIsAProblem) {
  auto gone = doctor({"BLOG_DATABASE_URL=postgresql:///nowhere?host=/nonexistent"});
  EXPECT_EQ(gone.exit_code, 1) << gone.output;
  EXPECT_TRUE(says(gone, "the database cannot be reached")) << gone.output;
  EXPECT_TRUE(says(gone, "check BLOG_DATABASE_URL")) << gone.output;

  auto empty = doctor({"BLOG_DATABASE_URL=" + blog::test::create_database("doctor_empty")});
  EXPECT_EQ(empty.exit_code, 1) << empty.output;
  EXPECT_TRUE(says(empty, "not applied")) << empty.output;
  EXPECT_TRUE(says(empty, "blogctl migrate")) << empty.output;
}

TEST(Doctor, AnIndexThatDisagreesWithTheDatabaseAsksForAReindex) {
  blog::test::temp_dir data;
  {
    // An index claiming to be at the database's newest change, with a post the database lacks.
    blog::search::index_store stale(data.path / "index");
    blog::search::post_doc ghost;
    ghost.id = 424242;
    ghost.title = "A post that is not in the database";
    ghost.language = "en";
    ghost.published = true;
    auto index = stale.current();
    index->replace(ghost);
    index->commit(server().ctx().follower->applied_seq());
  }
  auto r = doctor({"BLOG_DATA_DIR=" + data.path.string()});
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(says(r, "the index does not match the database")) << r.output;
  EXPECT_TRUE(says(r, "blogctl reindex")) << r.output;

  blog::test::temp_dir none;
  auto missing = doctor({"BLOG_DATA_DIR=" + none.path.string()});
  EXPECT_EQ(missing.exit_code, 0) << missing.output;  // blogd builds it at start: a warning
  EXPECT_TRUE(says(missing, "no search index")) << missing.output;
}

TEST(Doctor, AnIndexOfAnotherAnalysisNeedsAReindex) {
  blog::test::temp_dir data;
  {
    // An index written by this process, with both dictionaries, at the database's newest change.
    blog::search::index_store written(data.path / "index");
    written.current()->commit(server().ctx().follower->applied_seq());
  }
  auto same = doctor({"BLOG_DATA_DIR=" + data.path.string()});
  EXPECT_TRUE(says(same, "ok    index up to date")) << same.output;
  // Without the dictionaries, blogctl (and a blogd beside it) analyses words another way.
  auto other = doctor({"BLOG_DATA_DIR=" + data.path.string(), "BLOG_HUNSPELL_DIR=/nonexistent/hunspell"});
  EXPECT_EQ(other.exit_code, 0) << other.output;  // searches still answer meanwhile: a warning
  EXPECT_TRUE(says(other, "warn  the index needs a reindex: it was built with analysis ")) << other.output;
  EXPECT_TRUE(says(other, "'blogctl reindex'")) << other.output;
  EXPECT_FALSE(says(other, "index up to date")) << other.output;
}
