// Account rules, password hashing and tokens: the spec's messages and the secrets' shapes.
#include "blog/domain/auth/rules.hpp"
#include "blog/domain/auth/secrets.hpp"
#include "blog/domain/auth/user.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include <set>

using namespace blog::auth;

namespace {

registration valid_form() {
  return {"alice", "alice@example.com", "correct horse", "correct horse"};
}

}  // namespace

TEST(AuthRules, AValidRegistrationHasNoErrors) {
  EXPECT_TRUE(check_registration(valid_form()).empty());
}

TEST(AuthRules, RegistrationMessagesAreTheSpecs) {
  auto form = valid_form();
  form.email = "not-an-address";
  EXPECT_EQ(check_registration(form).at("email"), "Please enter a valid email address");
  form = valid_form();
  form.confirm_password = "something else";
  EXPECT_EQ(check_registration(form).at("confirmPassword"), "Passwords don't match");
  form = valid_form();
  form.password = form.confirm_password = "";
  EXPECT_EQ(check_registration(form).at("password"), "Password is required");
  form = valid_form();
  form.password = form.confirm_password = "short";
  EXPECT_EQ(check_registration(form).at("password"), "Password must be at least 8 characters");
  form = valid_form();
  form.username = "";
  EXPECT_EQ(check_registration(form).at("username"), "Username is required");
  form.username = "ab";
  EXPECT_EQ(check_registration(form).at("username"), "Username must be 3 to 50 characters");
  form.username = std::string(51, 'a');
  EXPECT_EQ(check_registration(form).at("username"), "Username must be 3 to 50 characters");
  form.username = "bad name";
  EXPECT_EQ(check_registration(form).at("username"),
            "Username may contain only letters, digits, dots, underscores and hyphens");
}

TEST(AuthRules, PasswordLengthCountsCharactersNotBytes) {
  // Eight Czech letters are more than eight bytes but exactly eight characters.
  EXPECT_TRUE(check_new_password("žluťoučk", "žluťoučk").empty());
  EXPECT_FALSE(check_new_password("žluťouč", "žluťouč").empty());
}

TEST(AuthRules, UsernamesAndAddresses) {
  for (auto name : {"abc", "jan.novak", "a_b-c", "User123"}) EXPECT_TRUE(is_valid_username(name)) << name;
  EXPECT_TRUE(is_valid_username(std::string(50, 'x')));
  EXPECT_FALSE(is_valid_username(std::string(51, 'x')));
  for (auto name : {"ab", "with space", "čeněk", "semi;colon", "at@sign"})
    EXPECT_FALSE(is_valid_username(name)) << name;
  for (auto address : {"a@b.cz", "jan.novak+blog@example.co.uk", "x_y@sub.domain.org"})
    EXPECT_TRUE(is_valid_email(address)) << address;
  for (auto address : {"", "plain", "@example.com", "a@", "a@b", "a b@c.cz", "a@b..cz", "a@@b.cz",
                       "a@b.cz\r\nBcc: x@y.z", ".a@b.cz", "a@.b.cz"})
    EXPECT_FALSE(is_valid_email(address)) << address;
}

TEST(AuthRules, LoginNamesTheFieldTheClientUsed) {
  auto errors = check_login("", "", "email");
  EXPECT_EQ(errors.at("email"), "Username/Email is required");
  EXPECT_EQ(errors.at("password"), "Password is required");
  EXPECT_EQ(check_login("  ", "x", "username").at("username"), "Username/Email is required");
  EXPECT_TRUE(check_login("alice", "x", "username").empty());
}

TEST(AuthSecrets, PasswordHashesAreArgon2idAndSalted) {
  auto first = hash_password("correct horse");
  auto second = hash_password("correct horse");
  EXPECT_EQ(first.rfind("$argon2id$", 0), 0u) << first;
  EXPECT_NE(first, second);
  EXPECT_TRUE(verify_password(first, "correct horse"));
  EXPECT_FALSE(verify_password(first, "correct horsE"));
  EXPECT_FALSE(verify_password("", "correct horse"));
  EXPECT_FALSE(verify_password("not a hash", "correct horse"));
}

TEST(AuthSecrets, TokensAre32RandomBytesInBase64url) {
  std::set<std::string> seen;
  for (int i = 0; i < 50; ++i) {
    auto token = new_token();
    EXPECT_EQ(token.size(), 43u);
    EXPECT_EQ(token.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
              std::string::npos);
    seen.insert(token);
  }
  EXPECT_EQ(seen.size(), 50u);
  auto generated = new_password();
  EXPECT_GE(generated.size(), 16u);
}

TEST(AuthSecrets, TokenHashIsSha256Hex) {
  EXPECT_EQ(token_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(AuthUser, JsonHasTheWireFieldsAndNoSecrets) {
  user u{7, "alice", "alice@example.com", "user", "pending", false, "2024-03-05T10:00:00.000Z"};
  auto json = boost::json::value_from(u).as_object();
  EXPECT_EQ(json.size(), 8u);
  EXPECT_EQ(json.at("twoFactorEnabled").as_bool(), false);
  EXPECT_EQ(json.at("id").as_int64(), 7);
  EXPECT_EQ(json.at("approvalStatus").as_string(), "pending");
  EXPECT_EQ(json.at("emailVerified").as_bool(), false);
  EXPECT_EQ(json.at("createdAt").as_string(), "2024-03-05T10:00:00.000Z");
  EXPECT_FALSE(json.contains("password"));
}
