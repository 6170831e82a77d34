// Two-factor sign-in and sessions over real HTTP and PostgreSQL: setup, enable, the second step
// of sign-in, replay and window, recovery codes, throttling, sealed keys, oathtool's codes,
// sessions listed and ended (also from a second node), and the new sign-in mail.
#include "blog/domain/auth/totp.hpp"
#include "support/harness.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>
#include <pqxx/pqxx>

#include <array>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <thread>

using blog::test::http_client;
using blog::test::http_response;
using blog::test::json_body;
using blog::test::test_server;
using blog::test::unique;

namespace {

constexpr const char* server_key = "two-factor test key";

test_server& server() {
  static test_server instance("two_factor", [](blog::config& c) { c.secret_key = server_key; });
  return instance;
}

struct account {
  std::string username;
  std::string password;
  int id = 0;
  std::string secret;  // raw key bytes once set up
};

account registered(http_client& client, const std::string& stem = "tf") {
  auto name = unique(stem);
  account a{name, "secret-" + name, 0, ""};
  auto res = client.post("/api/register", json_body({{"username", name},
                                                     {"email", name + "@example.com"},
                                                     {"password", a.password},
                                                     {"confirmPassword", a.password}}));
  EXPECT_EQ(res.status, 201) << res.body;
  a.id = static_cast<int>(res.json().at("id").as_int64());
  return a;
}

std::string query(const std::string& sql) {
  pqxx::connection c(server().database_url());
  pqxx::read_transaction tx(c);
  auto rows = tx.exec(sql);
  return rows.empty() || rows[0][0].is_null() ? std::string() : rows[0][0].as<std::string>();
}

std::int64_t now() {
  return static_cast<std::int64_t>(std::time(nullptr));
}

// Waits past the end of a step when it is about to end, so that a code computed here is still
// current when the server checks it.
void away_from_step_edge() {
  while (now() % 30 > 26) std::this_thread::sleep_for(std::chrono::milliseconds(200));
}

std::string code_at(const account& a, std::int64_t t) {
  return blog::auth::totp_code(a.secret, t);
}

std::string message_of(const http_response& res) {
  return std::string(res.json().at("message").as_string());
}

bool sets_session(const http_response& res) {
  for (const auto& [name, value] : res.headers)
    if (name == "set-cookie" && value.rfind("sid=", 0) == 0 && value.rfind("sid=;", 0) != 0) return true;
  return false;
}

http_response login(http_client& client, const account& a, const std::string& code = "") {
  if (code.empty()) return client.post("/api/login", json_body({{"username", a.username}, {"password", a.password}}));
  return client.post("/api/login", json_body({{"username", a.username}, {"password", a.password}, {"code", code}}));
}

// Sets up and turns on two-factor for the signed-in `client`; returns the recovery codes.
std::vector<std::string> turn_on(http_client& client, account& a) {
  auto setup = client.post("/api/user/2fa/setup");
  EXPECT_EQ(setup.status, 200) << setup.body;
  auto secret = std::string(setup.json().at("secret").as_string());
  a.secret = blog::auth::base32_decode(secret).value();
  away_from_step_edge();
  auto on = client.post("/api/user/2fa/enable", json_body({{"code", code_at(a, now())}}));
  EXPECT_EQ(on.status, 200) << on.body;
  std::vector<std::string> codes;
  auto answer = on.json();
  for (const auto& c : answer.at("recoveryCodes").as_array()) codes.emplace_back(c.as_string());
  // The step just used cannot be used again: tests sign in with later codes.
  return codes;
}

// A current code the account has not used: the steps used so far are forgotten first (instead
// of waiting up to 30 seconds for the next step).
std::string unused_code(const account& a) {
  server().sql("UPDATE users SET totp_last_step = 0 WHERE id = " + std::to_string(a.id));
  away_from_step_edge();
  return code_at(a, now());
}

std::string run(const std::string& command) {
  std::string out;
  FILE* p = popen(command.c_str(), "r");
  if (!p) return out;
  std::array<char, 256> buffer{};
  while (fgets(buffer.data(), buffer.size(), p)) out += buffer.data();
  pclose(p);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

// The mails to `address` in the server's mail folder, removing them.
std::vector<std::string> take_mails(const std::string& address) {
  std::vector<std::string> found;
  auto folder = server().ctx().cfg.data_dir / "mail";
  if (!std::filesystem::exists(folder)) return found;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (text.str().find("\r\nTo: " + address + "\r\n") == std::string::npos) continue;
    found.push_back(text.str());
    std::filesystem::remove(entry.path());
  }
  return found;
}

class TwoFactor : public ::testing::Test {
 protected:
  void SetUp() override { server().sql("DELETE FROM login_delays; DELETE FROM auth_attempts"); }
};

}  // namespace

TEST_F(TwoFactor, SetupShowsTheKeyAndEnablingNeedsACurrentCode) {
  http_client client(server().url());
  auto a = registered(client);
  EXPECT_FALSE(client.get("/api/user").json().at("twoFactorEnabled").as_bool());
  auto setup = client.post("/api/user/2fa/setup");
  ASSERT_EQ(setup.status, 200) << setup.body;
  auto secret = std::string(setup.json().at("secret").as_string());
  auto uri = std::string(setup.json().at("otpauthUri").as_string());
  EXPECT_EQ(secret.size(), 32u);
  EXPECT_EQ(uri, "otpauth://totp/PayTech%20Blog:" + a.username + "?secret=" + secret +
                     "&issuer=PayTech%20Blog&algorithm=SHA1&digits=6&period=30");
  EXPECT_TRUE(setup.json().at("qrSvg").as_string().starts_with("<svg"));
  a.secret = blog::auth::base32_decode(secret).value();

  auto wrong = client.post("/api/user/2fa/enable", json_body({{"code", "000000"}}));
  EXPECT_EQ(wrong.status, 400) << wrong.body;
  EXPECT_EQ(wrong.json().at("fields").at("code").as_string(), "Invalid two-factor code");
  auto old = client.post("/api/user/2fa/enable", json_body({{"code", code_at(a, now() - 90)}}));
  EXPECT_EQ(old.status, 400) << old.body;
  EXPECT_FALSE(client.get("/api/user").json().at("twoFactorEnabled").as_bool());

  away_from_step_edge();
  auto on = client.post("/api/user/2fa/enable", json_body({{"code", code_at(a, now())}}));
  ASSERT_EQ(on.status, 200) << on.body;
  EXPECT_EQ(on.json().at("recoveryCodes").as_array().size(), 10u);
  EXPECT_TRUE(client.get("/api/user").json().at("twoFactorEnabled").as_bool());
  EXPECT_EQ(client.post("/api/user/2fa/setup").status, 409);

  // Stored sealed with the server's key, the recovery codes only as hashes.
  auto stored = query("SELECT totp_secret FROM users WHERE id = " + std::to_string(a.id));
  EXPECT_TRUE(stored.starts_with("box1:")) << stored;
  EXPECT_EQ(stored.find(secret), std::string::npos);
  EXPECT_EQ(query("SELECT count(*) FROM recovery_codes WHERE user_id = " + std::to_string(a.id)), "10");
  auto first_code = std::string(on.json().at("recoveryCodes").as_array()[0].as_string());
  EXPECT_EQ(query("SELECT count(*) FROM recovery_codes WHERE position(convert_to('" + first_code +
                  "', 'UTF8') in code_hash) > 0"),
            "0");
}

TEST_F(TwoFactor, SignInAsksForTheCodeAndAcceptsItOnce) {
  http_client owner(server().url());
  auto a = registered(owner);
  turn_on(owner, a);

  http_client other(server().url());
  auto first = login(other, a);
  EXPECT_EQ(first.status, 401) << first.body;
  EXPECT_EQ(message_of(first), "Enter the code from your authenticator app");
  EXPECT_TRUE(first.json().at("twoFactorRequired").as_bool());
  EXPECT_FALSE(sets_session(first));
  EXPECT_EQ(other.get("/api/user").status, 401);

  auto wrong = login(other, a, "123456" == code_at(a, now()) ? "654321" : "123456");
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(message_of(wrong), "Invalid two-factor code");
  EXPECT_TRUE(wrong.json().at("twoFactorRequired").as_bool());
  EXPECT_FALSE(sets_session(wrong));

  auto code = unused_code(a);
  auto in = login(other, a, code);
  ASSERT_EQ(in.status, 200) << in.body;
  EXPECT_TRUE(sets_session(in));
  EXPECT_TRUE(other.get("/api/user").json().at("twoFactorEnabled").as_bool());

  // The same code again, from another browser, within its window: refused.
  http_client thief(server().url());
  auto again = login(thief, a, code);
  EXPECT_EQ(again.status, 401) << again.body;
  EXPECT_EQ(message_of(again), "Invalid two-factor code");
  EXPECT_FALSE(sets_session(again));
  // A wrong password with a right code is still a wrong password.
  account wrong_password = a;
  wrong_password.password = "not-the-password";
  EXPECT_EQ(message_of(login(thief, wrong_password, unused_code(a))), "Invalid username or password");
}

TEST_F(TwoFactor, OneStepEitherSideIsAcceptedAndNoMore) {
  http_client owner(server().url());
  auto a = registered(owner);
  turn_on(owner, a);
  server().sql("UPDATE users SET totp_last_step = 0 WHERE id = " + std::to_string(a.id));
  away_from_step_edge();
  auto t = now();
  http_client c(server().url());
  EXPECT_EQ(login(c, a, code_at(a, t - 60)).status, 401) << "two steps behind";
  EXPECT_EQ(login(c, a, code_at(a, t + 60)).status, 401) << "two steps ahead";
  server().sql("DELETE FROM login_delays");
  EXPECT_EQ(login(c, a, code_at(a, t - 30)).status, 200) << "one step behind";
  EXPECT_EQ(login(c, a, code_at(a, t)).status, 200) << "now";
  EXPECT_EQ(login(c, a, code_at(a, t + 30)).status, 200) << "one step ahead";
  // Steps older than the newest used are spent too (RFC 6238 §5.2).
  EXPECT_EQ(login(c, a, code_at(a, t)).status, 401);
}

TEST_F(TwoFactor, ARecoveryCodeWorksOnce) {
  http_client owner(server().url());
  auto a = registered(owner);
  auto codes = turn_on(owner, a);
  http_client c(server().url());
  // Typed in capitals and without the hyphen, as people do.
  std::string typed = codes[3];
  typed.erase(5, 1);
  for (auto& ch : typed) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  EXPECT_EQ(login(c, a, typed).status, 200);
  auto again = login(c, a, codes[3]);
  EXPECT_EQ(again.status, 401) << again.body;
  EXPECT_EQ(message_of(again), "Invalid two-factor code");
  EXPECT_EQ(login(c, a, codes[4]).status, 200);
  EXPECT_EQ(query("SELECT count(*) FROM recovery_codes WHERE user_id = " + std::to_string(a.id)), "8");
}

TEST_F(TwoFactor, WrongCodesSlowThePairDownLikeWrongPasswords) {
  http_client owner(server().url());
  auto a = registered(owner);
  turn_on(owner, a);
  http_client c(server().url());
  std::string wrong = code_at(a, now() + 600);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(login(c, a, wrong).status, 401) << i;
  auto slowed = login(c, a, code_at(a, now()));
  EXPECT_EQ(slowed.status, 429) << slowed.body;
  EXPECT_EQ(slowed.header("retry-after"), "1");
}

TEST_F(TwoFactor, TurningItOffNeedsThePasswordAndACode) {
  http_client owner(server().url());
  auto a = registered(owner);
  auto codes = turn_on(owner, a);
  auto no_password =
      owner.post("/api/user/2fa/disable", json_body({{"password", "wrong-password"}, {"code", codes[0]}}));
  EXPECT_EQ(no_password.status, 400);
  EXPECT_EQ(no_password.json().at("fields").at("currentPassword").as_string(), "Current password is incorrect");
  auto no_code = owner.post("/api/user/2fa/disable", json_body({{"password", a.password}, {"code", "zzzzz-zzzzz"}}));
  EXPECT_EQ(no_code.status, 400);
  EXPECT_EQ(no_code.json().at("fields").at("code").as_string(), "Invalid two-factor code");
  EXPECT_TRUE(owner.get("/api/user").json().at("twoFactorEnabled").as_bool());
  auto off = owner.post("/api/user/2fa/disable", json_body({{"password", a.password}, {"code", codes[0]}}));
  EXPECT_EQ(off.status, 200) << off.body;
  EXPECT_FALSE(owner.get("/api/user").json().at("twoFactorEnabled").as_bool());
  http_client c(server().url());
  EXPECT_EQ(login(c, a).status, 200) << "the password alone again";
  EXPECT_EQ(query("SELECT count(*) FROM recovery_codes WHERE user_id = " + std::to_string(a.id)), "0");
}

TEST_F(TwoFactor, OurCodesAreOathtoolsCodes) {
  ASSERT_EQ(std::system("oathtool --version > /dev/null 2>&1"), 0) << "oathtool (Debian package oathtool) is needed";
  auto secret = blog::auth::new_totp_secret();
  auto text = blog::auth::base32_encode(secret);
  for (std::int64_t t : {std::int64_t{0}, std::int64_t{59}, std::int64_t{1111111109}, now() - 3600, now(),
                         now() + 86400 * 365, std::int64_t{4102444800}}) {
    for (std::int64_t offset = 0; offset < 300; offset += 29) {
      auto at = t + offset;
      auto theirs = run("oathtool --totp -b " + text + " --now '@" + std::to_string(at) + "'");
      EXPECT_EQ(blog::auth::totp_code(secret, at), theirs) << "at " << at;
    }
  }
}

TEST_F(TwoFactor, TheServerAcceptsACodeFromOathtool) {
  http_client owner(server().url());
  auto a = registered(owner);
  auto setup = owner.post("/api/user/2fa/setup");
  ASSERT_EQ(setup.status, 200);
  auto secret = std::string(setup.json().at("secret").as_string());
  away_from_step_edge();
  auto code = run("oathtool --totp -b " + secret);
  ASSERT_EQ(code.size(), 6u) << code;
  EXPECT_EQ(owner.post("/api/user/2fa/enable", json_body({{"code", code}})).status, 200);
}

namespace {

constexpr const char* firefox_ua = "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0";

boost::json::array sessions_of(http_client& client) {
  auto res = client.get("/api/user/sessions");
  EXPECT_EQ(res.status, 200) << res.body;
  return res.status == 200 ? res.json().as_array() : boost::json::array{};
}

account admin(http_client& client) {
  auto a = registered(client, "tfadmin");
  server().sql("UPDATE users SET role = 'admin', approval_status = 'approved' WHERE id = " + std::to_string(a.id));
  return a;
}

}  // namespace

TEST_F(TwoFactor, SessionsListBrowserSystemAddressAndThisDevice) {
  http_client laptop(server().url());
  auto a = registered(laptop);
  http_client phone(server().url());
  ASSERT_EQ(phone
                .post("/api/login", json_body({{"username", a.username}, {"password", a.password}}),
                      {{"User-Agent", firefox_ua}})
                .status,
            200);
  auto list = sessions_of(phone);
  ASSERT_EQ(list.size(), 2u);
  const auto& newest = list[0].as_object();
  EXPECT_EQ(newest.at("browser").as_string(), "Firefox");
  EXPECT_EQ(newest.at("system").as_string(), "Linux");
  EXPECT_EQ(newest.at("address").as_string(), "127.0.0.1");
  EXPECT_TRUE(newest.at("current").as_bool());
  EXPECT_EQ(newest.at("createdAt").as_string().size(), 24u);
  EXPECT_EQ(newest.at("lastUsedAt").as_string().size(), 24u);
  EXPECT_FALSE(list[1].at("current").as_bool());
  EXPECT_EQ(list[1].as_object().size(), 7u);
  EXPECT_EQ(list[1].as_object().count("tokenHash"), 0u);
  EXPECT_TRUE(sessions_of(laptop)[1].at("current").as_bool());
}

TEST_F(TwoFactor, SignOutOneSessionOrAllOthers) {
  http_client first(server().url());
  auto a = registered(first);
  http_client second(server().url());
  http_client third(server().url());
  ASSERT_EQ(login(second, a).status, 200);
  ASSERT_EQ(login(third, a).status, 200);
  auto list = sessions_of(first);
  ASSERT_EQ(list.size(), 3u);
  // The second browser's session: ended from the first.
  long long second_id = 0;
  for (const auto& s : sessions_of(second))
    if (s.at("current").as_bool()) second_id = s.at("id").as_int64();
  auto ended = first.del("/api/user/sessions/" + std::to_string(second_id));
  EXPECT_EQ(ended.status, 200) << ended.body;
  EXPECT_EQ(second.get("/api/user").status, 401);
  EXPECT_EQ(first.del("/api/user/sessions/" + std::to_string(second_id)).status, 404);
  // Another account's session cannot be ended by id.
  http_client stranger(server().url());
  registered(stranger);
  long long first_id = 0;
  for (const auto& s : sessions_of(first))
    if (s.at("current").as_bool()) first_id = s.at("id").as_int64();
  EXPECT_EQ(stranger.del("/api/user/sessions/" + std::to_string(first_id)).status, 404);
  EXPECT_EQ(first.get("/api/user").status, 200);

  auto others = first.post("/api/user/sessions/revoke-others");
  EXPECT_EQ(others.status, 200) << others.body;
  EXPECT_EQ(others.json().at("ended").as_int64(), 1);
  EXPECT_EQ(third.get("/api/user").status, 401);
  EXPECT_EQ(first.get("/api/user").status, 200);
  EXPECT_EQ(sessions_of(first).size(), 1u);
}

TEST_F(TwoFactor, PasswordChangeEnablingAndRejectionEndSessionsOnEveryNode) {
  // A second node on the same database.
  test_server node_b("two_factor_b", [](blog::config& c) {
    c.database_url = server().database_url();
    c.secret_key = server_key;
  });
  http_client on_a(server().url());
  auto a = registered(on_a);
  http_client on_b(node_b.url());
  ASSERT_EQ(login(on_b, a).status, 200);
  ASSERT_EQ(on_b.get("/api/user").status, 200);

  auto changed = on_a.post("/api/user/password", json_body({{"currentPassword", a.password},
                                                            {"password", a.password + "-new"},
                                                            {"confirmPassword", a.password + "-new"}}));
  ASSERT_EQ(changed.status, 200) << changed.body;
  a.password += "-new";
  EXPECT_EQ(on_b.get("/api/user").status, 401) << "password change";
  EXPECT_EQ(on_a.get("/api/user").status, 200);

  ASSERT_EQ(login(on_b, a).status, 200);
  turn_on(on_a, a);
  EXPECT_EQ(on_b.get("/api/user").status, 401) << "enabling two-factor";
  EXPECT_EQ(on_a.get("/api/user").status, 200);

  http_client admin_client(server().url());
  admin(admin_client);
  http_client writer_on_b(node_b.url());
  auto w = registered(writer_on_b);
  auto rejected =
      admin_client.patch("/api/admin/users/" + std::to_string(w.id) + "/approval", json_body({{"status", "rejected"}}));
  ASSERT_EQ(rejected.status, 200) << rejected.body;
  EXPECT_EQ(writer_on_b.get("/api/user").status, 401) << "rejection";
}

TEST_F(TwoFactor, AnAdminEndsAllSessionsOfAUser) {
  http_client admin_client(server().url());
  admin(admin_client);
  http_client one(server().url());
  auto a = registered(one);
  http_client two(server().url());
  ASSERT_EQ(login(two, a).status, 200);
  EXPECT_EQ(one.del("/api/admin/users/" + std::to_string(a.id) + "/sessions").status, 403);
  auto ended = admin_client.del("/api/admin/users/" + std::to_string(a.id) + "/sessions");
  ASSERT_EQ(ended.status, 200) << ended.body;
  EXPECT_EQ(ended.json().at("ended").as_int64(), 2);
  EXPECT_EQ(one.get("/api/user").status, 401);
  EXPECT_EQ(two.get("/api/user").status, 401);
  EXPECT_EQ(admin_client.get("/api/user").status, 200);
  EXPECT_EQ(admin_client.del("/api/admin/users/999999/sessions").status, 404);
}

TEST_F(TwoFactor, ANewBrowserGetsTheNewSignInMailAKnownOneDoesNot) {
  http_client first(server().url());
  auto a = registered(first);
  auto address = a.username + "@example.com";
  ASSERT_EQ(login(first, a).status, 200);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  for (const auto& m : take_mails(address))
    EXPECT_EQ(m.find("New sign-in"), std::string::npos) << "the browser that registered is known";

  http_client stranger(server().url());
  ASSERT_EQ(stranger
                .post("/api/login", json_body({{"username", a.username}, {"password", a.password}}),
                      {{"User-Agent", firefox_ua}})
                .status,
            200);
  std::vector<std::string> mails;
  for (int i = 0; i < 100 && mails.empty(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    mails = take_mails(address);
  }
  ASSERT_EQ(mails.size(), 1u);
  // The subject is RFC 2047-encoded: "New sign-in to PayTech Blog / Nové přihlášení do PayTech Blog".
  EXPECT_NE(mails[0].find("Subject: =?UTF-8?B?TmV3IHNpZ24taW4gdG8gUGF5VGVjaCBCbG9n"), std::string::npos) << mails[0];
  EXPECT_NE(mails[0].find("account was signed in to from a browser it had not been used from before"),
            std::string::npos);
  EXPECT_NE(mails[0].find("Firefox on Linux"), std::string::npos) << mails[0];
  EXPECT_NE(mails[0].find("127.0.0.1"), std::string::npos);
  EXPECT_NE(mails[0].find("/profile/sessions"), std::string::npos);
  EXPECT_NE(mails[0].find(" UTC"), std::string::npos);

  ASSERT_EQ(login(stranger, a).status, 200);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_TRUE(take_mails(address).empty()) << "the same browser again";
}

TEST_F(TwoFactor, BlogctlReset2faTurnsItOffForALostDevice) {
  http_client owner(server().url());
  auto a = registered(owner);
  turn_on(owner, a);
  auto blogctl = std::filesystem::path(std::getenv("BLOG_BLOGD")).parent_path() / "blogctl";
  auto command = "BLOG_DATABASE_URL='" + server().database_url() + "' " + blogctl.string() + " reset-2fa ";
  EXPECT_NE(run(command + "nobody-" + a.username + " 2>&1").find("No account is named"), std::string::npos);
  auto said = run(command + a.username + " 2>&1");
  EXPECT_NE(said.find("Two-factor sign-in is off for " + a.username), std::string::npos) << said;
  EXPECT_EQ(owner.get("/api/user").status, 401) << "its sessions ended";
  http_client c(server().url());
  auto in = login(c, a);
  ASSERT_EQ(in.status, 200) << in.body;
  EXPECT_FALSE(in.json().at("twoFactorEnabled").as_bool());
}

namespace {

// Sets both "require two-factor" switches through the API as `boss` (an admin with two-factor on)
// and waits until `node` has them; the destructor turns them off again, also when a check failed.
class required_two_factor {
 public:
  required_two_factor(http_client& boss, std::initializer_list<test_server*> nodes) : boss_(boss), nodes_(nodes) {
    set(true);
  }
  ~required_two_factor() {
    server().sql(
        "UPDATE site_settings SET require_two_factor_for_admins = false, require_two_factor_for_authors = false; "
        "SELECT pg_notify('blog_site', 'settings')");
    wait_for(false);
  }
  void set(bool on) {
    auto value = on ? "true" : "false";
    auto res = boss_.patch("/api/site-settings", std::string(R"({"requireTwoFactorForAdmins":)") + value +
                                                     R"(,"requireTwoFactorForAuthors":)" + value + "}");
    ASSERT_EQ(res.status, 200) << res.body;
    EXPECT_EQ(res.json().at("requireTwoFactorForAdmins").as_bool(), on);
    EXPECT_EQ(res.json().at("requireTwoFactorForAuthors").as_bool(), on);
    wait_for(on);
  }

 private:
  // Every node reloads its settings on the NOTIFY the save sends.
  void wait_for(bool on) {
    for (auto* node : nodes_)
      for (int i = 0; i < 250 && node->ctx().site.current()->settings.require_two_factor_for_authors != on; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  http_client& boss_;
  std::vector<test_server*> nodes_;
};

std::string draft(const std::string& title) {
  return boost::json::serialize(boost::json::object{{"title", unique(title)},
                                                    {"content", "<p>Some text</p>"},
                                                    {"category", "Fintech"},
                                                    {"language", "en"},
                                                    {"published", false}});
}

}  // namespace

TEST_F(TwoFactor, ARequiredSetupIsTheOnlyThingACoveredAccountCanDo) {
  test_server node_b("two_factor_required_b", [](blog::config& c) {
    c.database_url = server().database_url();
    c.secret_key = server_key;
  });
  http_client boss_client(server().url());
  auto boss = admin(boss_client);
  turn_on(boss_client, boss);
  // An admin without two-factor, an approved author (signed in on the second node) and a
  // registered user waiting for approval, whom the setting does not cover.
  http_client other_admin(server().url());
  auto helper = admin(other_admin);
  http_client author(node_b.url());
  auto writer = registered(author, "tfwriter");
  ASSERT_EQ(
      boss_client
          .patch("/api/admin/users/" + std::to_string(writer.id) + "/approval", json_body({{"status", "approved"}}))
          .status,
      200);
  http_client waiting(server().url());
  registered(waiting, "tfwaiting");

  EXPECT_FALSE(http_client(server().url()).get("/api/site-settings").json().at("requireTwoFactorForAdmins").as_bool());
  EXPECT_FALSE(other_admin.get("/api/user").json().at("twoFactorSetupRequired").as_bool());
  required_two_factor required(boss_client, {&server(), &node_b});
  EXPECT_TRUE(http_client(server().url()).get("/api/site-settings").json().at("requireTwoFactorForAuthors").as_bool());

  // Already signed in: GET /api/user says what to do, and every other call is refused with it.
  auto me = other_admin.get("/api/user");
  ASSERT_EQ(me.status, 200) << me.body;
  EXPECT_TRUE(me.json().at("twoFactorSetupRequired").as_bool());
  for (const auto& path : {"/api/admin/users", "/api/user/sessions", "/api/admin/analytics"}) {
    auto refused = other_admin.get(path);
    EXPECT_EQ(refused.status, 403) << path << " " << refused.body;
    EXPECT_EQ(message_of(refused), "Your account must use two-factor sign-in. Set it up to continue.") << path;
  }
  EXPECT_EQ(other_admin.patch("/api/site-settings", R"({"requireTwoFactorForAdmins":false})").status, 403)
      << "the rule cannot be turned off by one it covers";
  EXPECT_EQ(author.post("/api/posts", draft("Not yet")).status, 403);
  EXPECT_TRUE(author.get("/api/user").json().at("twoFactorSetupRequired").as_bool()) << "on the second node too";
  EXPECT_FALSE(waiting.get("/api/user").json().at("twoFactorSetupRequired").as_bool());
  EXPECT_FALSE(boss_client.get("/api/user").json().at("twoFactorSetupRequired").as_bool());
  EXPECT_EQ(boss_client.get("/api/admin/users").status, 200);

  // A fresh sign-in says so at once, so the app can go straight to the setup screen.
  http_client fresh(server().url());
  auto in = login(fresh, helper);
  ASSERT_EQ(in.status, 200) << in.body;
  EXPECT_TRUE(in.json().at("twoFactorSetupRequired").as_bool());
  EXPECT_EQ(fresh.get("/api/admin/users").status, 403);

  // Setting it up is allowed, and once it is on everything is again.
  turn_on(fresh, helper);
  EXPECT_FALSE(fresh.get("/api/user").json().at("twoFactorSetupRequired").as_bool());
  EXPECT_EQ(fresh.get("/api/admin/users").status, 200);
  EXPECT_EQ(fresh.get("/api/user/sessions").status, 200);

  // Turning the rule off frees the author without two-factor.
  required.set(false);
  EXPECT_EQ(author.post("/api/posts", draft("Now")).status, 201);
}
