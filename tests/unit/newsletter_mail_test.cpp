// A newsletter as mail clients get it: multipart/alternative in quoted-printable with lines SMTP
// accepts, RFC 2047 subjects in words of at most 75 characters, and the story's rendering
// (absolute links, unsafe links dropped, the first part of a long article, the reader's words).
#include "blog/domain/render/newsletter_mail.hpp"
#include "blog/mail/mail.hpp"

#include "common/mail_parts.hpp"

#include <gtest/gtest.h>

#include <regex>

namespace {

blog::render::newsletter_site site() {
  return {"PayTech Blog", "https://blog.example", "#0f766e", "#111827", "#ffffff"};
}

}  // namespace

TEST(NewsletterMailFormat, PartsAreQuotedPrintableWithShortLinesAndDecodeToWhatWasGiven) {
  blog::config cfg;
  cfg.mail_from = "PayTech Blog <news@paytech.example>";
  blog::mail::message m;
  m.to = "reader@example.com";
  m.subject = "Příliš žluťoučký kůň úpěl ďábelské ódy o platbách kartou, peněženkách a účtech";
  m.text = "Plain = text with a very long line " + std::string(300, 'x') + " end  \nFrom here on\n.dot line\n";
  m.html = "<p style=\"color:#123\">Ünïcode " + std::string(200, 'y') + "</p>\n";
  m.headers = {{"List-Unsubscribe-Post", "List-Unsubscribe=One-Click"}};
  m.message_id = "newsletter-7.3";
  auto text = blog::mail::format(cfg, m);

  for (std::size_t at = 0, next; (next = text.find("\r\n", at)) != std::string::npos; at = next + 2)
    EXPECT_LE(next - at, 78u) << text.substr(at, next - at);
  EXPECT_NE(text.find("\r\nMessage-ID: <newsletter-7.3@paytech.example>\r\n"), std::string::npos);
  EXPECT_NE(text.find("\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"), std::string::npos);

  // The subject: several encoded words, each at most 75 characters, on folded lines.
  auto subject_at = text.find("Subject: ");
  auto subject_end = text.find("\r\n", subject_at);
  while (text.compare(subject_end + 2, 1, " ") == 0) subject_end = text.find("\r\n", subject_end + 2);
  auto subject = text.substr(subject_at, subject_end - subject_at);
  std::regex word("=\\?UTF-8\\?B\\?[A-Za-z0-9+/=]+\\?=");
  int words = 0;
  for (auto it = std::sregex_iterator(subject.begin(), subject.end(), word); it != std::sregex_iterator(); ++it) {
    EXPECT_LE(it->length(), 75);
    ++words;
  }
  EXPECT_GT(words, 1);

  std::smatch b;
  ASSERT_TRUE(std::regex_search(text, b, std::regex("multipart/alternative; boundary=\"([^\"]+)\"")));
  auto boundary = "--" + b[1].str();
  auto first = text.find(boundary + "\r\n");
  auto second = text.find(boundary + "\r\n", first + 1);
  auto closing = text.find(boundary + "--\r\n");
  ASSERT_NE(second, std::string::npos);
  ASSERT_NE(closing, std::string::npos);
  auto body_of = [&](std::size_t from, std::size_t to) {
    auto part = text.substr(from, to - from);
    EXPECT_NE(part.find("Content-Transfer-Encoding: quoted-printable"), std::string::npos);
    return blog::test::decode_quoted_printable(part.substr(part.find("\r\n\r\n") + 4));
  };
  EXPECT_EQ(body_of(first, second), m.text);
  EXPECT_EQ(body_of(second, closing), m.html);
  EXPECT_EQ(text.find("\r\nFrom here"), std::string::npos) << "'From ' at a line start is escaped";
}

TEST(NewsletterMailRender, AShortArticleGoesWholeWithAbsoluteLinksAndNoUnsafeOnes) {
  blog::render::newsletter_story story{
      "Cards & wallets",
      "cards-wallets",
      "An excerpt",
      "<p>See <a href=\"/category/Fintech\">more</a> and <a href=\"javascript:alert(1)\">"
      "this</a>.</p><p><img src=\"/uploads/a.png\" srcset=\"/uploads/a-480.png 480w\" "
      "alt=\"chart\"></p>",
      "/uploads/" + std::string(64, 'a') + ".jpg",
      "en"};
  auto mail =
      blog::render::render_newsletter_mail(story, site(), "en", "https://blog.example/newsletter/unsubscribe?token=t");
  EXPECT_EQ(mail.subject, "Cards & wallets");
  EXPECT_NE(mail.html.find("href=\"https://blog.example/category/Fintech\""), std::string::npos);
  EXPECT_EQ(mail.html.find("javascript:"), std::string::npos);
  EXPECT_NE(mail.html.find("src=\"https://blog.example/uploads/a.png\""), std::string::npos);
  EXPECT_EQ(mail.html.find("srcset"), std::string::npos);
  EXPECT_NE(mail.html.find("src=\"https://blog.example/uploads/" + std::string(64, 'a') + "-960.jpg\""),
            std::string::npos)
      << "the cover at a width for mail";
  EXPECT_NE(mail.html.find("Read it on the web"), std::string::npos);
  EXPECT_EQ(mail.html.find("Continue reading"), std::string::npos);
  EXPECT_NE(mail.html.find("#0f766e"), std::string::npos);
  EXPECT_NE(mail.text.find("Unsubscribe: https://blog.example/newsletter/unsubscribe?token=t"), std::string::npos);
  EXPECT_NE(mail.text.find("https://blog.example/post/cards-wallets"), std::string::npos);
}

TEST(NewsletterMailRender, ALongArticleGoesUpToAPartThenContinueReadingInTheReadersWords) {
  std::string content;
  for (int i = 0; i < 12; ++i) content += "<p>Odstavec " + std::to_string(i) + " " + std::string(400, 'a') + "</p>";
  blog::render::newsletter_story story{"Dlouhý článek", "dlouhy", "", content, "/uploads/cover.svg", "cs"};
  auto bad_colours = site();
  bad_colours.accent_color = "red;background:url(x)";
  auto mail = blog::render::render_newsletter_mail(story, bad_colours, "cs", "https://blog.example/u");
  EXPECT_NE(mail.html.find("Odstavec 0"), std::string::npos);
  EXPECT_EQ(mail.html.find("Odstavec 11"), std::string::npos);
  EXPECT_NE(mail.html.find("Číst dál"), std::string::npos);
  EXPECT_NE(mail.html.find("Odhlásit odběr"), std::string::npos);
  EXPECT_NE(mail.text.find("Číst dál: https://blog.example/post/dlouhy"), std::string::npos);
  EXPECT_EQ(mail.html.find("url(x)"), std::string::npos) << "a colour that is not #rgb falls back";
  EXPECT_EQ(mail.html.find("cover.svg"), std::string::npos) << "SVG covers are left out of mail";
  EXPECT_NE(mail.html.find("lang=\"cs\""), std::string::npos);
}
