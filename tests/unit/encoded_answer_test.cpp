// Answers compressed once: each coding is a complete response with its own ETag and Vary, the
// copies decode to the plain body, and a client that accepts no compression gets the plain body.
#include "blog/wire/encoded_answer.hpp"
#include "blog/wire/compression.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

using blog::http::encoded_answer;

namespace {

std::string body_of(const blog::http::prebuilt_response& ready) {
  return ready.bytes.substr(ready.bytes.size() - ready.body_size);
}

std::string gunzip(const std::string& data) {
  z_stream z{};
  EXPECT_EQ(inflateInit2(&z, 15 + 16), Z_OK);
  std::string out(1 << 20, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(inflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  inflateEnd(&z);
  return out;
}

std::string long_text() {
  std::string text = "[";
  for (int i = 0; i < 300; ++i)
    text += (i ? "," : "") + std::string("{\"title\":\"Instant payments ") + std::to_string(i) + "\"}";
  return text + "]";
}

}  // namespace

TEST(EncodedAnswer, EachCodingIsAWholeResponseWithItsOwnETagAndDecodesToTheBody) {
  auto body = long_text();
  auto answer = encoded_answer::build("application/json; charset=utf-8", body, "no-cache",
                                      encoded_answer::copies::every, {{"X-Next-Cursor", "7_1"}});
  auto br = answer->for_encoding("gzip, deflate, br");
  auto gz = answer->for_encoding("gzip;q=1.0, br;q=0");
  auto plain = answer->for_encoding("");
  EXPECT_NE(br->bytes.find("Content-Encoding: br\r\n"), std::string::npos);
  EXPECT_NE(gz->bytes.find("Content-Encoding: gzip\r\n"), std::string::npos);
  EXPECT_EQ(plain->bytes.find("Content-Encoding"), std::string::npos);
  for (const auto* ready : {br.get(), gz.get(), plain.get()}) {
    EXPECT_NE(ready->bytes.find("Vary: Accept-Encoding\r\n"), std::string::npos);
    EXPECT_NE(ready->bytes.find("X-Next-Cursor: 7_1\r\n"), std::string::npos);
    EXPECT_NE(ready->not_modified.find(ready->etag), std::string::npos);
  }
  EXPECT_NE(br->etag, gz->etag);
  EXPECT_NE(br->etag, plain->etag);
  EXPECT_EQ(blog::http::brotli_decompress(body_of(*br)), body);
  EXPECT_EQ(gunzip(body_of(*gz)), body);
  EXPECT_EQ(body_of(*plain), body);
  EXPECT_EQ(answer->body(), body);
  EXPECT_LT(br->body_size * 3, body.size()) << "compressed";
  EXPECT_EQ(answer->for_encoding("br"), br) << "the same copy every time, compressed once";
}

TEST(EncodedAnswer, WithoutAGzipCopyAGzipOnlyClientGetsThePlainBody) {
  auto answer =
      encoded_answer::build("application/json; charset=utf-8", long_text(), "no-cache", encoded_answer::copies::brotli);
  auto got = answer->for_encoding("gzip");
  EXPECT_EQ(got->bytes.find("Content-Encoding"), std::string::npos);
  EXPECT_EQ(body_of(*got), long_text());
  EXPECT_THROW(blog::http::brotli_decompress("not brotli at all"), std::runtime_error);
}
