// Answers made per request: tagged, revalidated and compressed by what the client accepts, except
// those meant for one person.
#include "blog/wire/compression.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

using blog::http::response;
using blog::http::settle_dynamic_answer;

namespace {

std::string page_text() {
  std::string text = "<!doctype html><html><body>";
  for (int i = 0; i < 40; ++i) text += "<p>Platby kartou a QR kódem, odstavec " + std::to_string(i) + ".</p>";
  return text + "</body></html>";
}

response html_answer() {
  auto res = response::text(200, page_text(), "text/html; charset=utf-8");
  res.set("Cache-Control", "no-cache");
  res.set("Vary", "Cookie");
  return res;
}

std::string header(const response& res, const std::string& name) {
  for (const auto& [n, v] : res.headers)
    if (n == name) return v;
  return {};
}

std::string gunzip(const std::string& data) {
  z_stream z{};
  inflateInit2(&z, 15 + 16);
  std::string out(1 << 20, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  inflate(&z, Z_FINISH);
  out.resize(z.total_out);
  inflateEnd(&z);
  return out;
}

}  // namespace

TEST(dynamic_compression, a_browser_gets_brotli_or_gzip_with_vary_and_a_tag_per_coding) {
  auto br = html_answer();
  settle_dynamic_answer("GET", "gzip, deflate, br", "", br);
  EXPECT_EQ(header(br, "Content-Encoding"), "br");
  EXPECT_EQ(header(br, "Vary"), "Cookie, Accept-Encoding");
  EXPECT_LT(br.body.size(), page_text().size() / 3);
  EXPECT_EQ(blog::http::brotli_decompress(br.body), page_text());

  auto gz = html_answer();
  settle_dynamic_answer("GET", "gzip, deflate", "", gz);
  EXPECT_EQ(header(gz, "Content-Encoding"), "gzip");
  EXPECT_EQ(gunzip(gz.body), page_text());

  auto plain = html_answer();
  settle_dynamic_answer("GET", "", "", plain);
  EXPECT_EQ(header(plain, "Content-Encoding"), "");
  EXPECT_EQ(header(plain, "Vary"), "Cookie, Accept-Encoding");
  EXPECT_EQ(plain.body, page_text());

  std::set<std::string> tags{header(br, "ETag"), header(gz, "ETag"), header(plain, "ETag")};
  EXPECT_EQ(tags.size(), 3u);
  for (const auto& tag : tags) EXPECT_TRUE(tag.starts_with("W/\"")) << tag;
}

TEST(dynamic_compression, a_revalidation_with_the_tag_of_its_coding_answers_304) {
  auto first = html_answer();
  settle_dynamic_answer("GET", "br", "", first);
  auto again = html_answer();
  settle_dynamic_answer("GET", "br", header(first, "ETag"), again);
  EXPECT_EQ(again.status, 304);
  EXPECT_EQ(again.body, "");
  auto other = html_answer();
  settle_dynamic_answer("GET", "gzip", header(first, "ETag"), other);
  EXPECT_EQ(other.status, 200);
  EXPECT_EQ(header(other, "Content-Encoding"), "gzip");
}

TEST(dynamic_compression, answers_for_one_person_small_or_binary_ones_stay_plain) {
  auto private_answer = html_answer();
  private_answer.set("Cache-Control", "no-store, no-cache, must-revalidate, private");
  auto with_cookie = html_answer();
  with_cookie.set("Set-Cookie", "sid=x; HttpOnly");
  auto small = response::text(200, "<p>short</p>", "text/html; charset=utf-8");
  auto image = response::text(200, std::string(4096, 'x'), "image/png");
  auto coded = html_answer();
  coded.set("Content-Encoding", "br");
  for (auto* res : {&private_answer, &with_cookie, &small, &image, &coded}) {
    auto before = res->body;
    settle_dynamic_answer("GET", "gzip, br", "", *res);
    EXPECT_EQ(res->body, before);
  }
  EXPECT_EQ(header(coded, "Content-Encoding"), "br");
  EXPECT_EQ(header(private_answer, "Content-Encoding"), "");
}

TEST(dynamic_compression, writes_and_errors_are_left_as_they_are) {
  auto post = html_answer();
  settle_dynamic_answer("POST", "br", "", post);
  EXPECT_EQ(header(post, "Content-Encoding"), "");
  EXPECT_EQ(header(post, "ETag"), "");
  auto missing = html_answer();
  missing.status = 404;
  settle_dynamic_answer("GET", "br", "", missing);
  EXPECT_EQ(header(missing, "Content-Encoding"), "br") << "a 404 page is text like any other";
  EXPECT_EQ(header(missing, "ETag"), "") << "only a 200 is revalidated";
}
