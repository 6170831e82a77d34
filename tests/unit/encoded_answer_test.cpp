// Answers compressed once: each coding is a complete response with its own ETag and Vary, the
// copies decode to the plain body, and a client that accepts no compression gets the plain body.
#include "blog/readmodel/encoded_answer.hpp"
#include "blog/readmodel/read_model.hpp"

#include <gtest/gtest.h>
#include <zlib.h>
#include <boost/json.hpp>

using blog::readmodel::encoded_answer;
using blog::readmodel::read_model;

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
  auto answer =
      encoded_answer::build("application/json; charset=utf-8", body, "no-cache", true, {{"X-Next-Cursor", "7_1"}});
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
  EXPECT_EQ(blog::readmodel::brotli_decompress(body_of(*br)), body);
  EXPECT_EQ(gunzip(body_of(*gz)), body);
  EXPECT_EQ(body_of(*plain), body);
  EXPECT_EQ(answer->body(), body);
  EXPECT_LT(br->body_size * 3, body.size()) << "compressed";
  EXPECT_EQ(answer->for_encoding("br"), br) << "the same copy every time, compressed once";
}

TEST(EncodedAnswer, WithoutAGzipCopyAGzipOnlyClientGetsThePlainBody) {
  auto answer = encoded_answer::build("application/json; charset=utf-8", long_text(), "no-cache", false);
  auto got = answer->for_encoding("gzip");
  EXPECT_EQ(got->bytes.find("Content-Encoding"), std::string::npos);
  EXPECT_EQ(body_of(*got), long_text());
  EXPECT_THROW(blog::readmodel::brotli_decompress("not brotli at all"), std::runtime_error);
}

TEST(LeanReadModel, AnEntryHoldsItsBodyOnlyCompressedInsideItsPage) {
  blog::posts::post p;
  p.id = 3;
  p.slug = "lean";
  p.title = "Lean";
  p.content = "Words about payments. " + long_text();
  p.content_html = "<p>Words about payments.</p>";
  p.language = "en";
  p.published_at_ms = 1000;
  auto e = read_model::make_entry(p);
  EXPECT_TRUE(e->post.content.empty());
  EXPECT_TRUE(e->post.content_html.empty());
  ASSERT_NE(e->page(), nullptr);
  auto page = boost::json::parse(e->page()->body()).as_object();
  EXPECT_EQ(page.at("content").as_string(), p.content);
  EXPECT_EQ(page.at("slug").as_string(), "lean");
  auto whole = e->full_post();
  ASSERT_TRUE(whole.has_value());
  EXPECT_EQ(whole->content, p.content);
  EXPECT_EQ(whole->content_html, p.content_html);
  EXPECT_EQ(whole->title, p.title);
}

TEST(LeanReadModel, PostsLoadedWithoutBodiesGetTheirPagesFromSetBodyOnlyForTheirOwnVersion) {
  read_model model;
  std::vector<blog::posts::post> summaries;
  for (int id = 1; id <= 30; ++id) {
    blog::posts::post p;
    p.id = id;
    p.slug = "post-" + std::to_string(id);
    p.title = "Post " + std::to_string(id);
    p.language = id % 2 ? "en" : "cs";
    p.published_at_ms = 1000 + id;
    p.updated_at_ms = 5000 + id;
    summaries.push_back(p);
  }
  model.replace_all(summaries);
  auto snap = model.current();
  ASSERT_EQ(snap->entries().size(), 30U);
  const auto* e = snap->by_slug("post-7");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->page(), nullptr);
  EXPECT_FALSE(e->full_post().has_value());
  EXPECT_FALSE(model.set_body(7, 1, "Other version", "<p>Other version</p>")) << "another version";
  EXPECT_EQ(e->page(), nullptr);
  EXPECT_TRUE(model.set_body(7, 5007, "Seven", "<p>Seven</p>"));
  ASSERT_NE(e->page(), nullptr);
  EXPECT_EQ(e->full_post()->content_html, "<p>Seven</p>");
  EXPECT_FALSE(model.set_body(7, 5007, "Again", "<p>Again</p>")) << "a page is set once";
  EXPECT_EQ(e->full_post()->content, "Seven");
  EXPECT_FALSE(model.set_body(99, 1, "x", "x")) << "no such post";
  // The lists, built whole at once, are in order.
  std::vector<int> ids;
  for (const auto* item : snap->visible("cs")) ids.push_back(item->post.id);
  ASSERT_EQ(ids.size(), 30U);
  for (std::size_t i = 0; i < ids.size(); ++i) EXPECT_EQ(ids[i], 30 - static_cast<int>(i));
  std::size_t english = 0;
  for (const auto* item : snap->visible("en")) english += item->post.language == "en";
  EXPECT_EQ(english, 15U);
}
