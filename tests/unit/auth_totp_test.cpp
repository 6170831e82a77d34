// One-time codes against RFC 4226's and RFC 6238's own test vectors, base32, otpauth URIs, QR
// codes, recovery codes, sealed secrets and user-agent names.
#include "blog/domain/auth/secrets.hpp"
#include "blog/domain/auth/totp.hpp"
#include "blog/domain/auth/user_agent.hpp"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

using namespace blog::auth;

namespace {

// RFC 6238 appendix B's seeds: the ASCII digits "1234567890" repeated to the hash's size.
std::string seed(std::size_t size) {
  std::string out;
  while (out.size() < size) out += "1234567890";
  return out.substr(0, size);
}

}  // namespace

TEST(Totp, Rfc4226AppendixDValues) {
  const char* expected[] = {"755224", "287082", "359152", "969429", "338314",
                            "254676", "287922", "162583", "399871", "520489"};
  for (std::uint64_t i = 0; i < 10; ++i) EXPECT_EQ(hotp_code(seed(20), i), expected[i]) << i;
}

TEST(Totp, Rfc6238AppendixBValues) {
  struct vector {
    std::int64_t time;
    const char* sha1;
    const char* sha256;
    const char* sha512;
  };
  const vector table[] = {
      {59, "94287082", "46119246", "90693936"},         {1111111109, "07081804", "68084774", "25091201"},
      {1111111111, "14050471", "67062674", "99943326"}, {1234567890, "89005924", "91819424", "93441116"},
      {2000000000, "69279037", "90698825", "38618901"}, {20000000000, "65353130", "77737706", "47863826"},
  };
  for (const auto& v : table) {
    EXPECT_EQ(totp_code(seed(20), v.time, 8, otp_hash::sha1), v.sha1) << v.time;
    EXPECT_EQ(totp_code(seed(32), v.time, 8, otp_hash::sha256), v.sha256) << v.time;
    EXPECT_EQ(totp_code(seed(64), v.time, 8, otp_hash::sha512), v.sha512) << v.time;
  }
  // The six-digit codes apps show are the last six digits of the same values.
  EXPECT_EQ(totp_code(seed(20), 1111111109), "081804");
}

TEST(Totp, StepsAreThirtySecondsFromTheEpoch) {
  EXPECT_EQ(totp_step(0), 0);
  EXPECT_EQ(totp_step(29), 0);
  EXPECT_EQ(totp_step(30), 1);
  EXPECT_EQ(totp_step(59), 1);
  EXPECT_EQ(totp_step(1111111109), 37037036);
}

TEST(Totp, OneStepEitherSideMatchesAndNoMore) {
  auto key = seed(20);
  std::int64_t now = 1234567890;
  auto step = totp_step(now);
  EXPECT_EQ(matching_totp_step(key, totp_code(key, now), now), step);
  EXPECT_EQ(matching_totp_step(key, totp_code(key, now - 30), now), step - 1);
  EXPECT_EQ(matching_totp_step(key, totp_code(key, now + 30), now), step + 1);
  EXPECT_FALSE(matching_totp_step(key, totp_code(key, now - 60), now));
  EXPECT_FALSE(matching_totp_step(key, totp_code(key, now + 60), now));
  EXPECT_FALSE(matching_totp_step(key, "12345", now));
  EXPECT_FALSE(matching_totp_step(key, "12345a", now));
  EXPECT_FALSE(matching_totp_step(seed(19), totp_code(key, now), now));
}

TEST(Totp, Base32RoundTripsAndMatchesRfc4648) {
  EXPECT_EQ(base32_encode("foobar"), "MZXW6YTBOI");
  EXPECT_EQ(base32_encode("f"), "MY");
  EXPECT_EQ(base32_decode("mzxw 6ytb oi======"), "foobar");
  EXPECT_FALSE(base32_decode("MZXW1"));
  auto secret = new_totp_secret();
  EXPECT_EQ(secret.size(), totp_secret_bytes);
  EXPECT_EQ(base32_decode(base32_encode(secret)), secret);
  EXPECT_EQ(base32_encode(secret).size(), 32u);
  EXPECT_NE(new_totp_secret(), secret);
}

TEST(Totp, OtpauthUriNamesTheIssuerAndEncodesTheLabel) {
  EXPECT_EQ(otpauth_uri("PayTech Blog", "alice@example.com", "JBSWY3DPEHPK3PXP"),
            "otpauth://totp/PayTech%20Blog:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=PayTech%20Blog"
            "&algorithm=SHA1&digits=6&period=30");
}

TEST(Totp, QrCodeIsAnSvgDocument) {
  auto svg = qr_svg("otpauth://totp/PayTech%20Blog:alice?secret=JBSWY3DPEHPK3PXP");
  EXPECT_TRUE(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"")) << svg.substr(0, 80);
  EXPECT_TRUE(svg.ends_with("</svg>"));
  EXPECT_NE(svg.find("<path fill=\"#000\" d=\"M4 4h7v1h-7z"), std::string::npos) << "the finder pattern's top row";
}

TEST(Totp, RecoveryCodesAreTenDistinctAndNormalise) {
  auto codes = new_recovery_codes();
  ASSERT_EQ(codes.size(), 10u);
  std::set<std::string> distinct(codes.begin(), codes.end());
  EXPECT_EQ(distinct.size(), 10u);
  for (const auto& c : codes) {
    EXPECT_EQ(c.size(), 11u) << c;
    EXPECT_EQ(c[5], '-') << c;
    EXPECT_EQ(normalize_recovery_code(c).size(), 10u) << c;
  }
  EXPECT_EQ(normalize_recovery_code(" ABCDE-fgh23 "), "abcdefgh23");
  EXPECT_EQ(normalize_recovery_code("abcde-fgh1j"), "");  // 1 is not base32
  EXPECT_EQ(normalize_recovery_code("abcde"), "");
}

TEST(SealedSecrets, AKeyEncryptsAndOnlyThatKeyOpens) {
  std::string secret = new_totp_secret();
  auto sealed = seal_secret(secret, "server key");
  EXPECT_TRUE(sealed.starts_with("box1:"));
  EXPECT_EQ(sealed.find(base32_encode(secret)), std::string::npos);
  EXPECT_NE(seal_secret(secret, "server key"), sealed) << "a fresh nonce each time";
  EXPECT_EQ(open_secret(sealed, "server key"), secret);
  EXPECT_THROW(open_secret(sealed, "another key"), std::runtime_error);
  EXPECT_THROW(open_secret(sealed, ""), std::runtime_error);
  auto plain = seal_secret(secret, "");
  EXPECT_TRUE(plain.starts_with("plain1:"));
  EXPECT_EQ(open_secret(plain, ""), secret);
  EXPECT_EQ(open_secret(plain, "server key"), secret) << "a key configured later still reads old secrets";
  EXPECT_THROW(open_secret("nonsense", ""), std::runtime_error);
}

TEST(UserAgent, NamesBrowserAndSystem) {
  auto chrome = describe_user_agent(
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36");
  EXPECT_EQ(chrome.browser, "Chrome");
  EXPECT_EQ(chrome.system, "Linux");
  auto edge = describe_user_agent(
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 "
      "Safari/537.36 Edg/120.0.0.0");
  EXPECT_EQ(edge.browser, "Edge");
  EXPECT_EQ(edge.system, "Windows");
  auto iphone = describe_user_agent(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
      "Version/17.0 Mobile/15E148 Safari/604.1");
  EXPECT_EQ(iphone.browser, "Safari");
  EXPECT_EQ(iphone.system, "iOS");
  auto firefox =
      describe_user_agent("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:120.0) Gecko/20100101 Firefox/120.0");
  EXPECT_EQ(firefox.browser, "Firefox");
  EXPECT_EQ(firefox.system, "macOS");
  auto none = describe_user_agent("");
  EXPECT_EQ(none.browser, "Unknown browser");
  EXPECT_EQ(none.system, "Unknown system");
}
