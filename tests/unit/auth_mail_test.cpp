// Account mails: bilingual texts with the link, and their RFC 5322 form.
#include "blog/api/auth/mails.hpp"
#include "blog/mail/mail.hpp"

#include <gtest/gtest.h>

namespace {

blog::auth::user alice() {
  blog::auth::user u;
  u.id = 1;
  u.username = "alice";
  u.email = "alice@example.com";
  return u;
}

}  // namespace

TEST(AuthMail, VerificationMailCarriesTheLinkInBothLanguages) {
  auto m = blog::auth::verification_mail(alice(), "https://blog.example.com", "TOKEN123");
  EXPECT_EQ(m.to, "alice@example.com");
  EXPECT_NE(m.text.find("https://blog.example.com/verify-email?token=TOKEN123\n"), std::string::npos);
  EXPECT_NE(m.text.find("Hello alice"), std::string::npos);
  EXPECT_NE(m.text.find("Dobrý den"), std::string::npos);
}

TEST(AuthMail, ResetMailCarriesTheLink) {
  auto m = blog::auth::password_reset_mail(alice(), "http://localhost:8080", "R");
  EXPECT_NE(m.text.find("http://localhost:8080/reset-password?token=R\n"), std::string::npos);
  EXPECT_NE(m.text.find("heslo"), std::string::npos);
}

TEST(MailFormat, HeadersAreSingleLinesAndTheSubjectIsEncoded) {
  blog::config cfg;
  cfg.mail_from = "PayTech Blog <no-reply@paytech.example>";
  blog::mail::message m;
  m.to = "bob@example.com\r\nBcc: victim@example.com";
  m.subject = "Potvrďte adresu";
  m.text = "line one\nline two";
  auto text = blog::mail::format(cfg, m);
  EXPECT_NE(text.find("From: PayTech Blog <no-reply@paytech.example>\r\n"), std::string::npos);
  EXPECT_NE(text.find("To: bob@example.comBcc: victim@example.com\r\n"), std::string::npos);
  EXPECT_EQ(text.find("\r\nBcc:"), std::string::npos);
  EXPECT_NE(text.find("Subject: =?UTF-8?B?UG90dnLEj3RlIGFkcmVzdQ==?=\r\n"), std::string::npos);
  EXPECT_NE(text.find("Message-ID: <"), std::string::npos);
  EXPECT_NE(text.find("@paytech.example>\r\n"), std::string::npos);
  EXPECT_NE(text.find("Content-Type: text/plain; charset=UTF-8\r\n"), std::string::npos);
  EXPECT_NE(text.find("\r\n\r\nline one\r\nline two\r\n"), std::string::npos);
}

TEST(MailFormat, TheSenderDomainIsTheFromAddressesOrLocalhost) {
  blog::config cfg;
  cfg.mail_from = "PayTech Blog <no-reply@paytech.example>";
  EXPECT_EQ(blog::mail::sender_domain(cfg), "paytech.example");
  cfg.mail_from = "news@blog.example.cz";
  EXPECT_EQ(blog::mail::sender_domain(cfg), "blog.example.cz");
  cfg.mail_from = "PayTech Blog";
  EXPECT_EQ(blog::mail::sender_domain(cfg), "localhost");
}
