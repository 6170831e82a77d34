// blogctl create-admin and first-run, run as the built binary against a real database.
#include "support/harness.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>
#include <pqxx/pqxx>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <sys/wait.h>

using blog::test::http_client;
using blog::test::test_server;

namespace {

struct run_result {
  int exit_code = -1;
  std::string output;
};

std::string blogctl_path() {
  const char* blogd = std::getenv("BLOG_BLOGD");
  if (!blogd) throw std::runtime_error("BLOG_BLOGD is not set: run the tests through ctest");
  return std::filesystem::path(blogd).parent_path() / "blogctl";
}

std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs blogctl on `database_url`, feeding `input` on standard input; returns stdout and stderr together.
run_result blogctl(const std::string& database_url, const std::string& arguments, const std::string& input = "") {
  blog::test::temp_dir dir;
  auto in_path = dir.path / "in";
  auto out_path = dir.path / "out";
  std::ofstream(in_path) << input;
  std::string command = "BLOG_DATABASE_URL=" + quoted(database_url) + " " + quoted(blogctl_path()) + " " + arguments +
                        " < " + quoted(in_path) + " > " + quoted(out_path) + " 2>&1";
  int status = std::system(command.c_str());
  std::ifstream out(out_path);
  std::stringstream text;
  text << out.rdbuf();
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text.str()};
}

std::string credentials(const std::string& login, const std::string& password) {
  return boost::json::serialize(boost::json::object{{"username", login}, {"password", password}});
}

int count(const std::string& database_url, const std::string& sql) {
  pqxx::connection c(database_url);
  pqxx::read_transaction tx(c);
  return tx.exec(sql)[0][0].as<int>();
}

}  // namespace

TEST(CreateAdmin, CreatesAnAdminWhoCanSignIn) {
  test_server server("auth_cli_create");
  auto run = blogctl(server.database_url(), "create-admin --username chief --email chief@example.com --password-stdin",
                     "first-password\n");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("Created the administrator account 'chief'"), std::string::npos) << run.output;

  http_client client(server.url());
  auto res = client.post("/api/login", credentials("chief", "first-password"));
  ASSERT_EQ(res.status, 200) << res.body;
  auto user = res.json().as_object();
  EXPECT_EQ(user.at("role").as_string(), "admin");
  EXPECT_EQ(user.at("approvalStatus").as_string(), "approved");
  EXPECT_EQ(user.at("emailVerified").as_bool(), true);
  EXPECT_EQ(client.get("/api/admin/users").status, 200);

  // Again with a new password and address: the same account, updated, not a second one.
  run = blogctl(server.database_url(), "create-admin --username Chief --email boss@example.com --password-stdin",
                "second-password\n");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("is now an approved administrator"), std::string::npos) << run.output;
  EXPECT_EQ(count(server.database_url(), "SELECT count(*) FROM users WHERE lower(username) = 'chief'"), 1);
  http_client again(server.url());
  EXPECT_EQ(again.post("/api/login", credentials("chief", "first-password")).status, 401);
  res = again.post("/api/login", credentials("boss@example.com", "second-password"));
  ASSERT_EQ(res.status, 200) << res.body;
  EXPECT_EQ(res.json().at("role").as_string(), "admin");
}

TEST(CreateAdmin, PromotesARegisteredUser) {
  test_server server("auth_cli_promote");
  http_client client(server.url());
  auto reg =
      client.post("/api/register", boost::json::serialize(boost::json::object{{"username", "writer"},
                                                                              {"email", "writer@example.com"},
                                                                              {"password", "password1"},
                                                                              {"confirmPassword", "password1"}}));
  ASSERT_EQ(reg.status, 201);
  EXPECT_EQ(client.get("/api/admin/users").status, 403);
  auto run =
      blogctl(server.database_url(), "create-admin --username writer --email writer@example.com --password-stdin",
              "promoted-password\n");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  // The promotion counts on the writer's very next request, in the session already open.
  EXPECT_EQ(client.get("/api/admin/users").status, 200);
  EXPECT_EQ(client.get("/api/user").json().at("approvalStatus").as_string(), "approved");
}

TEST(CreateAdmin, RefusesBadInputWithClearMessages) {
  test_server server("auth_cli_refuse");
  auto run = blogctl(server.database_url(), "create-admin --username chief --email chief@example.com --password-stdin",
                     "short\n");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.output.find("Password must be at least 8 characters"), std::string::npos) << run.output;
  run = blogctl(server.database_url(), "create-admin --username chief --email not-an-address --password-stdin",
                "long-enough\n");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.output.find("is not an email address"), std::string::npos) << run.output;
  run = blogctl(server.database_url(), "create-admin --email chief@example.com --password-stdin", "long-enough\n");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.output.find("--username and --email are required"), std::string::npos) << run.output;
  // Without a terminal and without --password-stdin there is nobody to ask.
  run = blogctl(server.database_url(), "create-admin --username chief --email chief@example.com", "long-enough\n");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.output.find("--password-stdin"), std::string::npos) << run.output;

  ASSERT_EQ(blogctl(server.database_url(), "create-admin --username one --email same@example.com --password-stdin",
                    "long-enough\n")
                .exit_code,
            0);
  run = blogctl(server.database_url(), "create-admin --username two --email SAME@example.com --password-stdin",
                "long-enough\n");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.output.find("belongs to another account"), std::string::npos) << run.output;
  EXPECT_EQ(count(server.database_url(), "SELECT count(*) FROM users"), 1);
}

TEST(FirstRun, CreatesTheDemoAdminOnceAndPrintsItsPassword) {
  test_server server("auth_cli_first_run");
  auto run = blogctl(server.database_url(), "first-run --no-demo");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const std::string lead = "with the password ";
  auto at = run.output.find(lead);
  ASSERT_NE(at, std::string::npos) << run.output;
  at += lead.size();
  auto password = run.output.substr(at, run.output.find('\n', at) - at);
  EXPECT_GE(password.size(), 16u);
  EXPECT_NE(run.output.find("shown only this once"), std::string::npos);

  http_client client(server.url());
  auto res = client.post("/api/login", credentials("admin", password));
  ASSERT_EQ(res.status, 200) << res.body;
  EXPECT_EQ(res.json().at("email").as_string(), "admin@paytech.local");
  EXPECT_EQ(res.json().at("role").as_string(), "admin");

  run = blogctl(server.database_url(), "first-run --no-demo");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(run.output.find(lead), std::string::npos) << run.output;
  EXPECT_EQ(count(server.database_url(), "SELECT count(*) FROM users"), 1);
  EXPECT_EQ(client.post("/api/login", credentials("admin", password)).status, 200);
}
