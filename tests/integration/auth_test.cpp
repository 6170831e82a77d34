// Accounts over real HTTP and PostgreSQL: registration, sessions, approval, same-site rule,
// throttling, email verification and passwords, with the spec's messages.
#include "support/harness.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

using blog::test::http_client;
using blog::test::http_response;
using blog::test::json_body;
using blog::test::test_server;
using blog::test::unique;

namespace {

test_server& server() {
  static test_server instance("auth");
  return instance;
}

// Fails the test when any object key anywhere names a password or a token, or a hash leaks.
void expect_no_secrets(const http_response& res) {
  EXPECT_EQ(res.body.find("$argon2"), std::string::npos) << res.body;
  if (res.body.empty() || (res.body.front() != '{' && res.body.front() != '[')) return;
  std::vector<boost::json::value> pending;
  pending.push_back(res.json());
  while (!pending.empty()) {
    auto v = std::move(pending.back());
    pending.pop_back();
    if (v.is_object()) {
      for (const auto& [key, inner] : v.as_object()) {
        std::string lower(key);
        std::transform(lower.begin(), lower.end(), lower.begin(), ::tolower);
        EXPECT_EQ(lower.find("password"), std::string::npos) << "key " << key << " in " << res.body;
        EXPECT_EQ(lower.find("token"), std::string::npos) << "key " << key << " in " << res.body;
        pending.push_back(inner);
      }
    } else if (v.is_array()) {
      for (const auto& inner : v.as_array()) pending.push_back(inner);
    }
  }
}

struct account {
  std::string username;
  std::string email;
  std::string password;
  int id = 0;
};

account new_account(const std::string& stem = "user") {
  auto name = unique(stem);
  return {name, name + "@example.com", "secret-" + name, 0};
}

http_response register_as(http_client& client, account& a) {
  auto res = client.post(
      "/api/register",
      json_body(
          {{"username", a.username}, {"email", a.email}, {"password", a.password}, {"confirmPassword", a.password}}));
  if (res.status == 201) a.id = static_cast<int>(res.json().at("id").as_int64());
  return res;
}

http_response login_as(http_client& client, const std::string& login, const std::string& password) {
  return client.post("/api/login", json_body({{"username", login}, {"password", password}}));
}

account registered(http_client& client, const std::string& stem = "user") {
  auto a = new_account(stem);
  auto res = register_as(client, a);
  EXPECT_EQ(res.status, 201) << res.body;
  return a;
}

account registered_admin(http_client& client) {
  auto a = registered(client, "admin");
  server().sql("UPDATE users SET role = 'admin', approval_status = 'approved' WHERE id = " + std::to_string(a.id));
  return a;
}

std::string message_of(const http_response& res) {
  return std::string(res.json().at("message").as_string());
}
std::string field_of(const http_response& res, const char* field) {
  return std::string(res.json().at("fields").at(field).as_string());
}

// The sid value of a response's Set-Cookie, "" when none.
std::string sid_of(const http_response& res) {
  auto cookie = res.header("set-cookie");
  if (cookie.rfind("sid=", 0) != 0) return {};
  return cookie.substr(4, cookie.find(';') - 4);
}

// The newest mail to `address` in the server's outbox folder; removes every mail to it read so far.
std::string take_mail_now(const std::string& address) {
  auto folder = server().ctx().cfg.data_dir / "mail";
  std::vector<std::pair<std::filesystem::file_time_type, std::string>> found;
  if (!std::filesystem::exists(folder)) return {};
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (entry.path().extension() != ".eml") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (text.str().find("\r\nTo: " + address + "\r\n") == std::string::npos) continue;
    found.emplace_back(entry.last_write_time(), text.str());
    std::filesystem::remove(entry.path());
  }
  if (found.empty()) return {};
  std::sort(found.begin(), found.end());
  return found.back().second;
}

// Mail goes out on a background lane after the answer: waits up to five seconds for it.
std::string take_mail(const std::string& address) {
  auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  for (;;) {
    auto mail = take_mail_now(address);
    if (!mail.empty() || std::chrono::steady_clock::now() > give_up) return mail;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

std::string token_in(const std::string& mail, const std::string& path) {
  auto at = mail.find(path + "?token=");
  if (at == std::string::npos) return {};
  at += path.size() + 7;
  return mail.substr(at, mail.find_first_of("\r\n", at) - at);
}

class Auth : public ::testing::Test {
 protected:
  void SetUp() override { server().sql("DELETE FROM login_delays; DELETE FROM auth_attempts"); }
};

}  // namespace

TEST_F(Auth, RegistrationCreatesAPendingUserAndSignsIn) {
  http_client client(server().url());
  auto a = new_account("reg");
  auto res = register_as(client, a);
  ASSERT_EQ(res.status, 201) << res.body;
  auto user = res.json().as_object();
  EXPECT_EQ(user.at("username").as_string(), a.username);
  EXPECT_EQ(user.at("email").as_string(), a.email);
  EXPECT_EQ(user.at("role").as_string(), "user");
  EXPECT_EQ(user.at("approvalStatus").as_string(), "pending");
  EXPECT_EQ(user.at("emailVerified").as_bool(), false);
  EXPECT_GT(user.at("id").as_int64(), 0);
  EXPECT_EQ(user.at("createdAt").as_string().size(), 24u);
  EXPECT_EQ(user.size(), 9u);
  EXPECT_EQ(user.at("twoFactorEnabled").as_bool(), false);
  EXPECT_EQ(user.at("twoFactorSetupRequired").as_bool(), false);
  expect_no_secrets(res);
  EXPECT_FALSE(sid_of(res).empty());

  auto me = client.get("/api/user");
  ASSERT_EQ(me.status, 200);
  EXPECT_EQ(me.json(), res.json());
}

TEST_F(Auth, RegistrationValidationMessages) {
  http_client client(server().url());
  auto bad = [&](std::initializer_list<std::pair<const char*, std::string>> fields) {
    auto res = client.post("/api/register", json_body(fields));
    EXPECT_EQ(res.status, 400) << res.body;
    return res;
  };
  auto res = bad({{"username", ""}, {"email", "a@b.cz"}, {"password", "password1"}, {"confirmPassword", "password1"}});
  EXPECT_EQ(field_of(res, "username"), "Username is required");
  res = bad({{"username", "ab"}, {"email", "a@b.cz"}, {"password", "password1"}, {"confirmPassword", "password1"}});
  EXPECT_EQ(field_of(res, "username"), "Username must be 3 to 50 characters");
  res = bad(
      {{"username", "no spaces"}, {"email", "a@b.cz"}, {"password", "password1"}, {"confirmPassword", "password1"}});
  EXPECT_EQ(field_of(res, "username"), "Username may contain only letters, digits, dots, underscores and hyphens");
  res = bad({{"username", "valid"}, {"email", "nope"}, {"password", "password1"}, {"confirmPassword", "password1"}});
  EXPECT_EQ(field_of(res, "email"), "Please enter a valid email address");
  EXPECT_EQ(message_of(res), "Please enter a valid email address");
  res = bad({{"username", "valid"}, {"email", "a@b.cz"}, {"password", "password1"}, {"confirmPassword", "password2"}});
  EXPECT_EQ(field_of(res, "confirmPassword"), "Passwords don't match");
  EXPECT_EQ(message_of(res), "Passwords don't match");
  res = bad({{"username", "valid"}, {"email", "a@b.cz"}, {"password", ""}, {"confirmPassword", ""}});
  EXPECT_EQ(field_of(res, "password"), "Password is required");
  res = bad({{"username", "valid"}, {"email", "a@b.cz"}, {"password", "short"}, {"confirmPassword", "short"}});
  EXPECT_EQ(field_of(res, "password"), "Password must be at least 8 characters");
  auto not_json = client.post("/api/register", "{nope");
  EXPECT_EQ(not_json.status, 400);
  EXPECT_EQ(message_of(not_json), "Invalid JSON body");
}

TEST_F(Auth, TakenUsernameOrEmailIs409IgnoringCase) {
  http_client client(server().url());
  auto first = registered(client, "Taken");
  http_client other(server().url());
  auto same_name = new_account("other");
  same_name.username = first.username;
  auto res = register_as(other, same_name);
  EXPECT_EQ(res.status, 409);
  EXPECT_EQ(message_of(res), "Username already exists");
  EXPECT_EQ(field_of(res, "username"), "Username already exists");

  auto upper_name = new_account("other");
  upper_name.username = first.username;
  std::transform(upper_name.username.begin(), upper_name.username.end(), upper_name.username.begin(), ::toupper);
  res = register_as(other, upper_name);
  EXPECT_EQ(res.status, 409);
  EXPECT_EQ(message_of(res), "Username already exists");

  auto upper_email = new_account("other");
  upper_email.email = first.email;
  std::transform(upper_email.email.begin(), upper_email.email.end(), upper_email.email.begin(), ::toupper);
  res = register_as(other, upper_email);
  EXPECT_EQ(res.status, 409);
  EXPECT_EQ(message_of(res), "Email already exists");
  EXPECT_EQ(field_of(res, "email"), "Email already exists");
  EXPECT_EQ(other.get("/api/user").status, 401);
}

TEST_F(Auth, LoginByUsernameOrEmailInAnyCase) {
  http_client setup(server().url());
  auto a = registered(setup, "Login");

  http_client by_name(server().url());
  auto res = login_as(by_name, a.username, a.password);
  ASSERT_EQ(res.status, 200) << res.body;
  EXPECT_EQ(res.json().at("id").as_int64(), a.id);
  expect_no_secrets(res);
  EXPECT_FALSE(sid_of(res).empty());
  EXPECT_EQ(by_name.get("/api/user").status, 200);

  // The spec's login form sends the username-or-email box as `email`.
  http_client by_email(server().url());
  res = by_email.post("/api/login", json_body({{"email", a.email}, {"password", a.password}}));
  ASSERT_EQ(res.status, 200) << res.body;
  EXPECT_EQ(res.json().at("username").as_string(), a.username);

  http_client by_upper(server().url());
  auto upper = a.username;
  std::transform(upper.begin(), upper.end(), upper.begin(), ::toupper);
  EXPECT_EQ(login_as(by_upper, upper, a.password).status, 200);
}

TEST_F(Auth, LoginValidationMessages) {
  http_client client(server().url());
  auto res = client.post("/api/login", json_body({{"email", ""}, {"password", ""}}));
  ASSERT_EQ(res.status, 400);
  EXPECT_EQ(field_of(res, "email"), "Username/Email is required");
  EXPECT_EQ(field_of(res, "password"), "Password is required");
  res = client.post("/api/login", json_body({{"username", "someone"}}));
  ASSERT_EQ(res.status, 400);
  EXPECT_EQ(message_of(res), "Password is required");
  res = client.post("/api/login", json_body({{"password", "x"}}));
  ASSERT_EQ(res.status, 400);
  EXPECT_EQ(message_of(res), "Username/Email is required");
}

TEST_F(Auth, WrongPasswordAndUnknownUserLookTheSame) {
  http_client setup(server().url());
  auto a = registered(setup, "same");
  http_client client(server().url());
  std::vector<double> known_ms;
  std::vector<double> unknown_ms;
  http_response wrong;
  http_response unknown;
  for (int i = 0; i < 3; ++i) {
    auto started = std::chrono::steady_clock::now();
    wrong = login_as(client, a.username, "wrong-password");
    known_ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count());
    started = std::chrono::steady_clock::now();
    unknown = login_as(client, unique("nobody"), "wrong-password");
    unknown_ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count());
  }
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(unknown.status, 401);
  EXPECT_EQ(wrong.body, unknown.body);
  EXPECT_EQ(message_of(wrong), "Invalid username or password");
  EXPECT_FALSE(wrong.json().as_object().contains("fields"));
  EXPECT_EQ(wrong.header("set-cookie"), "");
  std::sort(known_ms.begin(), known_ms.end());
  std::sort(unknown_ms.begin(), unknown_ms.end());
  // Without the dummy hash an unknown name would answer in a fraction of the time.
  EXPECT_GT(unknown_ms[1], known_ms[1] / 3) << "known " << known_ms[1] << " ms, unknown " << unknown_ms[1] << " ms";
  EXPECT_LT(unknown_ms[1], known_ms[1] * 3) << "known " << known_ms[1] << " ms, unknown " << unknown_ms[1] << " ms";
}

TEST_F(Auth, CurrentUserIs401WhenLoggedOutAndNeverCached) {
  http_client client(server().url());
  auto res = client.get("/api/user");
  EXPECT_EQ(res.status, 401);
  EXPECT_EQ(res.body, R"({"message":"Not authenticated"})");
  EXPECT_NE(res.header("cache-control").find("no-store"), std::string::npos);
  EXPECT_NE(res.header("cache-control").find("no-cache"), std::string::npos);
  EXPECT_EQ(res.header("pragma"), "no-cache");
  registered(client);
  auto me = client.get("/api/user");
  EXPECT_EQ(me.status, 200);
  EXPECT_NE(me.header("cache-control").find("no-store"), std::string::npos);
  // A made-up session is no session.
  http_client forged(server().url());
  EXPECT_EQ(forged.get("/api/user", {{"Cookie", "sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}}).status, 401);
}

TEST_F(Auth, SessionCookieFlags) {
  http_client client(server().url());
  auto a = new_account("cookie");
  auto res = register_as(client, a);
  auto cookie = res.header("set-cookie");
  EXPECT_NE(cookie.find("; HttpOnly"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("; SameSite=Lax"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("; Path=/"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("; Max-Age=2592000"), std::string::npos) << cookie;
  EXPECT_EQ(cookie.find("Secure"), std::string::npos) << cookie;
  EXPECT_EQ(sid_of(res).size(), 43u);
  auto login = login_as(client, a.username, a.password);
  EXPECT_EQ(login.header("set-cookie").find("Secure"), std::string::npos);
  // The database keeps only the token's hash.
  EXPECT_NE(sid_of(login), sid_of(res));
}

TEST(AuthSecureCookie, SecureWhenConfigured) {
  test_server secure("auth_secure", [](blog::config& c) { c.cookie_secure = true; });
  http_client client(secure.url());
  auto res = client.post("/api/register", json_body({{"username", "secure1"},
                                                     {"email", "secure1@example.com"},
                                                     {"password", "password1"},
                                                     {"confirmPassword", "password1"}}));
  ASSERT_EQ(res.status, 201);
  EXPECT_NE(res.header("set-cookie").find("; Secure"), std::string::npos) << res.header("set-cookie");
  auto out = client.post("/api/logout", "{}", {{"Cookie", "sid=" + sid_of(res)}});
  EXPECT_NE(out.header("set-cookie").find("; Secure"), std::string::npos);
}

TEST_F(Auth, LogoutEndsTheSessionOnTheNextRequest) {
  http_client client(server().url());
  auto a = new_account("logout");
  auto sid = sid_of(register_as(client, a));
  ASSERT_FALSE(sid.empty());
  http_client replay(server().url());
  EXPECT_EQ(replay.get("/api/user", {{"Cookie", "sid=" + sid}}).status, 200);

  auto res = client.post("/api/logout");
  EXPECT_EQ(res.status, 200);
  EXPECT_EQ(message_of(res), "Logged out successfully");
  auto cleared = res.header("set-cookie");
  EXPECT_EQ(cleared.rfind("sid=;", 0), 0u) << cleared;
  EXPECT_NE(cleared.find("Max-Age=0"), std::string::npos);
  EXPECT_EQ(client.get("/api/user").status, 401);
  // The stolen cookie is dead too: the row is gone, not just the browser's copy.
  EXPECT_EQ(replay.get("/api/user", {{"Cookie", "sid=" + sid}}).status, 401);
  // Logging out twice is harmless.
  EXPECT_EQ(client.post("/api/logout").status, 200);
}

TEST_F(Auth, ExpiredSessionsAreIgnored) {
  http_client client(server().url());
  auto a = registered(client, "expired");
  server().sql("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = " + std::to_string(a.id));
  EXPECT_EQ(client.get("/api/user").status, 401);
}

TEST_F(Auth, AdminListsUsersAndChangesApprovalEffectiveAtOnce) {
  http_client admin(server().url());
  auto boss = registered_admin(admin);
  http_client writer(server().url());
  auto w = registered(writer, "writer");

  auto list = admin.get("/api/admin/users");
  ASSERT_EQ(list.status, 200) << list.body;
  expect_no_secrets(list);
  EXPECT_NE(list.header("cache-control").find("no-store"), std::string::npos);
  bool seen = false;
  auto users = list.json();
  for (const auto& entry : users.as_array()) {
    const auto& u = entry.as_object();
    for (const char* key : {"id", "username", "email", "role", "approvalStatus", "emailVerified", "createdAt"})
      EXPECT_TRUE(u.contains(key)) << key;
    if (u.at("id").as_int64() == w.id) {
      seen = true;
      EXPECT_EQ(u.at("approvalStatus").as_string(), "pending");
    }
  }
  EXPECT_TRUE(seen);

  auto path = "/api/admin/users/" + std::to_string(w.id) + "/approval";
  auto res = admin.patch(path, R"({"status":"approved"})");
  ASSERT_EQ(res.status, 200) << res.body;
  EXPECT_EQ(res.json().at("approvalStatus").as_string(), "approved");
  expect_no_secrets(res);
  EXPECT_EQ(writer.get("/api/user").json().at("approvalStatus").as_string(), "approved");
  res = admin.patch(path, R"({"status":"rejected"})");
  EXPECT_EQ(res.status, 200);
  // A rejection signs the account out everywhere (issue 27); signing in again shows the status.
  EXPECT_EQ(writer.get("/api/user").status, 401);
  ASSERT_EQ(login_as(writer, w.username, w.password).status, 200);
  EXPECT_EQ(writer.get("/api/user").json().at("approvalStatus").as_string(), "rejected");
  EXPECT_EQ(admin.patch(path, R"({"status":"pending"})").status, 200);
  EXPECT_EQ(writer.get("/api/user").json().at("approvalStatus").as_string(), "pending");

  res = admin.patch(path, R"({"status":"banned"})");
  EXPECT_EQ(res.status, 400);
  EXPECT_EQ(field_of(res, "status"), "Status must be pending, approved or rejected");
  EXPECT_EQ(admin.patch(path, "{}").status, 400);
  res = admin.patch("/api/admin/users/" + std::to_string(boss.id) + "/approval", R"({"status":"rejected"})");
  EXPECT_EQ(res.status, 403);
  EXPECT_EQ(message_of(res), "The approval status of an administrator cannot be changed");
  res = admin.patch("/api/admin/users/999999/approval", R"({"status":"approved"})");
  EXPECT_EQ(res.status, 404);
  EXPECT_EQ(message_of(res), "User not found");
  EXPECT_EQ(admin.patch("/api/admin/users/abc/approval", R"({"status":"approved"})").status, 404);

  // A demotion counts on the very next request as well.
  server().sql("UPDATE users SET role = 'user' WHERE id = " + std::to_string(boss.id));
  res = admin.get("/api/admin/users");
  EXPECT_EQ(res.status, 403);
  EXPECT_EQ(message_of(res), "You do not have permission to access this page.");
}

TEST_F(Auth, CrossSiteWritesAreRefused) {
  http_client setup(server().url());
  auto a = registered(setup, "origin");
  auto body = json_body({{"username", a.username}, {"password", a.password}});
  http_client client(server().url());

  auto foreign = client.post("/api/login", body, {{"Origin", "https://evil.example"}});
  EXPECT_EQ(foreign.status, 403);
  EXPECT_EQ(foreign.body, R"({"message":"Cross-site request refused"})");
  EXPECT_EQ(foreign.header("set-cookie"), "");
  EXPECT_EQ(client.post("/api/login", body, {{"Origin", "null"}}).status, 403);

  EXPECT_EQ(client.post("/api/login", body, {{"Origin", "-"}, {"Referer", server().url("/auth")}}).status, 200);
  EXPECT_EQ(client.post("/api/login", body, {{"Origin", "-"}, {"Referer", "https://evil.example/auth"}}).status, 403);
  EXPECT_EQ(client.post("/api/login", body).status, 200);

  // Reached as http://localhost:<port>, the browser sends that origin and host.
  auto local = "localhost:" + std::to_string(server().port());
  EXPECT_EQ(client.post("/api/login", body, {{"Origin", "http://" + local}, {"Host", local}}).status, 200);

  // Neither header: fine for a client without cookies, refused for one that has a session.
  http_client script(server().url());
  EXPECT_EQ(script.post("/api/login", body, {{"Origin", "-"}}).status, 200);
  auto forged = script.post("/api/logout", "{}", {{"Origin", "-"}});
  EXPECT_EQ(forged.status, 403);
  EXPECT_EQ(script.get("/api/user").status, 200);
  // Reads are never refused.
  EXPECT_EQ(script.get("/api/user", {{"Origin", "https://evil.example"}}).status, 200);
  EXPECT_EQ(
      script.request("PATCH", "/api/site-settings", R"({"siteTitle":"Hacked"})", {{"Origin", "https://evil.example"}})
          .status,
      403);
}

TEST_F(Auth, FailedLoginsSlowTheAccountAndAddressPairDown) {
  http_client setup(server().url());
  auto a = registered(setup, "throttle");
  http_client client(server().url());
  // Three failures are free; the fourth makes the pair wait a second.
  for (int i = 0; i < 4; ++i) EXPECT_EQ(login_as(client, a.username, "wrong-password").status, 401);
  auto res = login_as(client, a.email, a.password);  // even the right password, by name or address
  ASSERT_EQ(res.status, 429) << res.body;
  EXPECT_EQ(message_of(res), "Too many failed login attempts. Please try again in 1 second.");
  EXPECT_EQ(res.header("retry-after"), "1");
  EXPECT_EQ(res.header("set-cookie"), "");
  // Each further failure doubles the wait; refused attempts do not count.
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  EXPECT_EQ(login_as(client, a.username, "wrong-password").status, 401);
  res = login_as(client, a.username, a.password);
  ASSERT_EQ(res.status, 429);
  EXPECT_EQ(res.header("retry-after"), "2");
  EXPECT_EQ(message_of(res), "Too many failed login attempts. Please try again in 2 seconds.");
  // After many failures the wait is capped at 15 minutes, and says so in minutes.
  server().sql("UPDATE login_delays SET failures = 40, blocked_until = now() + interval '15 minutes'");
  res = login_as(client, a.username, a.password);
  EXPECT_EQ(message_of(res), "Too many failed login attempts. Please try again in 15 minutes.");
  EXPECT_GT(std::stoi(res.header("retry-after")), 890);
  // Once the wait is over, the right password signs in.
  server().sql("UPDATE login_delays SET blocked_until = now()");
  EXPECT_EQ(login_as(client, a.username, a.password).status, 200);
}

TEST_F(Auth, SuccessfulLoginClearsThePairsFailures) {
  http_client setup(server().url());
  auto a = registered(setup, "clears");
  http_client client(server().url());
  for (int i = 0; i < 3; ++i) EXPECT_EQ(login_as(client, a.username, "wrong-password").status, 401);
  EXPECT_EQ(login_as(client, a.username, a.password).status, 200);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(login_as(client, a.username, "wrong-password").status, 401);
  EXPECT_EQ(login_as(client, a.username, a.password).status, 200);
}

TEST_F(Auth, OneAddressFailingOnManyAccountsIsStopped) {
  http_client client(server().url());
  for (int i = 0; i < 20; ++i) EXPECT_EQ(login_as(client, unique("ghost"), "wrong-password").status, 401);
  auto res = login_as(client, unique("ghost"), "wrong-password");
  EXPECT_EQ(res.status, 429);
  EXPECT_EQ(message_of(res), "Too many failed login attempts. Please try again in 15 minutes.");
  EXPECT_FALSE(res.header("retry-after").empty());
  server().sql("DELETE FROM login_delays");
  EXPECT_EQ(login_as(client, unique("ghost"), "wrong-password").status, 401);
}

TEST_F(Auth, EmailVerificationByTheMailedLink) {
  http_client client(server().url());
  auto a = registered(client, "verify");
  auto mail = take_mail(a.email);
  ASSERT_FALSE(mail.empty()) << "no .eml for " << a.email;
  EXPECT_NE(mail.find(server().ctx().cfg.effective_public_url() + "/verify-email?token="), std::string::npos);
  EXPECT_NE(mail.find("Dobrý den"), std::string::npos);
  auto token = token_in(mail, "/verify-email");
  ASSERT_EQ(token.size(), 43u) << mail;

  EXPECT_EQ(client.post("/api/verify-email", json_body({{"token", "not-the-token"}})).status, 400);
  auto res = client.post("/api/verify-email", json_body({{"token", token}}));
  ASSERT_EQ(res.status, 200) << res.body;
  EXPECT_EQ(message_of(res), "Email verified");
  EXPECT_EQ(client.get("/api/user").json().at("emailVerified").as_bool(), true);
  res = client.post("/api/verify-email", json_body({{"token", token}}));
  EXPECT_EQ(res.status, 400);
  EXPECT_EQ(message_of(res), "Invalid or expired verification link");
  EXPECT_EQ(client.post("/api/verify-email", "{}").status, 400);
}

TEST_F(Auth, ForgottenPasswordIsResetByAOneTimeLink) {
  http_client setup(server().url());
  auto a = registered(setup, "forgot");
  take_mail(a.email);
  http_client client(server().url());
  auto known = client.post("/api/forgot-password", json_body({{"email", a.email}}));
  auto unknown = client.post("/api/forgot-password", json_body({{"email", unique("nobody") + "@example.com"}}));
  ASSERT_EQ(known.status, 200);
  EXPECT_EQ(unknown.status, 200);
  EXPECT_EQ(known.body, unknown.body);
  EXPECT_EQ(message_of(known), "If an account exists for that address, we sent a link to reset the password.");
  EXPECT_EQ(client.post("/api/forgot-password", json_body({{"email", "nope"}})).status, 400);

  auto mail = take_mail(a.email);
  ASSERT_FALSE(mail.empty());
  auto token = token_in(mail, "/reset-password");
  ASSERT_EQ(token.size(), 43u) << mail;

  auto mismatch =
      client.post("/api/reset-password",
                  json_body({{"token", token}, {"password", "new-password1"}, {"confirmPassword", "other1234"}}));
  EXPECT_EQ(mismatch.status, 400);
  EXPECT_EQ(field_of(mismatch, "confirmPassword"), "Passwords don't match");

  auto res =
      client.post("/api/reset-password",
                  json_body({{"token", token}, {"password", "new-password1"}, {"confirmPassword", "new-password1"}}));
  ASSERT_EQ(res.status, 200) << res.body;
  expect_no_secrets(res);
  // The session that was open before the reset is over.
  EXPECT_EQ(setup.get("/api/user").status, 401);
  EXPECT_EQ(login_as(client, a.username, a.password).status, 401);
  EXPECT_EQ(login_as(client, a.username, "new-password1").status, 200);

  res = client.post("/api/reset-password",
                    json_body({{"token", token}, {"password", "another-pass1"}, {"confirmPassword", "another-pass1"}}));
  EXPECT_EQ(res.status, 400);
  EXPECT_EQ(message_of(res), "Invalid or expired reset link");
}

TEST_F(Auth, ExpiredResetLinkIsRefused) {
  http_client setup(server().url());
  auto a = registered(setup, "expiry");
  take_mail(a.email);
  http_client client(server().url());
  ASSERT_EQ(client.post("/api/forgot-password", json_body({{"email", a.email}})).status, 200);
  auto token = token_in(take_mail(a.email), "/reset-password");
  ASSERT_FALSE(token.empty());
  server().sql("UPDATE users SET reset_password_expires = now() - interval '1 minute' WHERE id = " +
               std::to_string(a.id));
  auto res =
      client.post("/api/reset-password",
                  json_body({{"token", token}, {"password", "new-password1"}, {"confirmPassword", "new-password1"}}));
  EXPECT_EQ(res.status, 400);
  EXPECT_EQ(message_of(res), "Invalid or expired reset link");
  EXPECT_EQ(login_as(client, a.username, a.password).status, 200);
}

TEST_F(Auth, ChangePasswordNeedsTheCurrentOne) {
  http_client client(server().url());
  auto a = registered(client, "change");
  http_client other_device(server().url());
  ASSERT_EQ(login_as(other_device, a.username, a.password).status, 200);

  http_client anonymous(server().url());
  EXPECT_EQ(anonymous.post("/api/user/password", "{}").status, 401);

  auto res = client.post(
      "/api/user/password",
      json_body({{"currentPassword", "wrong-one"}, {"password", "brand-new-1"}, {"confirmPassword", "brand-new-1"}}));
  EXPECT_EQ(res.status, 400);
  EXPECT_EQ(message_of(res), "Current password is incorrect");
  EXPECT_EQ(field_of(res, "currentPassword"), "Current password is incorrect");
  res = client.post(
      "/api/user/password",
      json_body({{"currentPassword", a.password}, {"password", "brand-new-1"}, {"confirmPassword", "brand-new-2"}}));
  EXPECT_EQ(res.status, 400);
  EXPECT_EQ(field_of(res, "confirmPassword"), "Passwords don't match");

  res = client.post(
      "/api/user/password",
      json_body({{"currentPassword", a.password}, {"password", "brand-new-1"}, {"confirmPassword", "brand-new-1"}}));
  ASSERT_EQ(res.status, 200) << res.body;
  EXPECT_EQ(message_of(res), "Password changed");
  EXPECT_EQ(client.get("/api/user").status, 200);
  EXPECT_EQ(other_device.get("/api/user").status, 401);
  http_client fresh(server().url());
  EXPECT_EQ(login_as(fresh, a.username, a.password).status, 401);
  EXPECT_EQ(login_as(fresh, a.username, "brand-new-1").status, 200);
}
