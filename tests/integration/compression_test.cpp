// Static files compressed at build time and served by Accept-Encoding: the right copy, its own
// ETag, Vary, Content-Length, HEAD and 304 — over real HTTP from blogd.
#include "support/harness.hpp"

#include "blog/http/static_files.hpp"

#include <gtest/gtest.h>

#include <fstream>

using blog::http::encoding;
using blog::http::negotiate_encoding;
using blog::test::http_client;
using blog::test::test_server;

namespace {

void write(const std::filesystem::path& path, const std::string& data) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << data;
}

// A built app with one script and its two compressed copies (marked so that a test sees which
// copy it got), one image without copies, and the files a build leaves that are not the site's.
struct compression : ::testing::Test {
  static blog::test::temp_dir* web;
  static test_server* server;
  static const std::string script, script_gz, script_br;

  static void SetUpTestSuite() {
    web = new blog::test::temp_dir();
    write(web->path / "index.html",
          "<!doctype html><html lang=\"en\"><head><title>t</title></head><body></body></html>");
    write(web->path / "assets/app-1a2b.js", script);
    write(web->path / "assets/app-1a2b.js.gz", script_gz);
    write(web->path / "assets/app-1a2b.js.br", script_br);
    write(web->path / "assets/logo-9f.png", "\x89PNG not really");
    write(web->path / ".vite/manifest.json", "{}");
    write(web->path / ".blog-src-sha", "abc");
    auto dir = web->path;
    server = new test_server("compression", [dir](blog::config& c) { c.web_dir = dir; });
  }
  static void TearDownTestSuite() {
    delete server;
    delete web;
  }
};

blog::test::temp_dir* compression::web = nullptr;
test_server* compression::server = nullptr;
const std::string compression::script = "console.log('the script as built, long enough to be worth compressing');";
const std::string compression::script_gz = "gzip copy";
const std::string compression::script_br = "brotli copy";

}  // namespace

TEST(negotiating_an_encoding, prefers_brotli_then_gzip_then_identity) {
  EXPECT_EQ(negotiate_encoding("gzip, deflate, br, zstd", true, true), encoding::br);
  EXPECT_EQ(negotiate_encoding("gzip, deflate", true, true), encoding::gzip);
  EXPECT_EQ(negotiate_encoding("gzip, br", false, true), encoding::gzip);
  EXPECT_EQ(negotiate_encoding("br", false, true), encoding::identity);
  EXPECT_EQ(negotiate_encoding("", true, true), encoding::identity);
  EXPECT_EQ(negotiate_encoding("identity", true, true), encoding::identity);
}

TEST(negotiating_an_encoding, honours_q_zero_and_the_wildcard) {
  EXPECT_EQ(negotiate_encoding("br;q=0, gzip", true, true), encoding::gzip);
  EXPECT_EQ(negotiate_encoding("br; q=0, gzip;q=0", true, true), encoding::identity);
  EXPECT_EQ(negotiate_encoding("BR;Q=0.5", true, true), encoding::br);
  EXPECT_EQ(negotiate_encoding("*", true, true), encoding::br);
  EXPECT_EQ(negotiate_encoding("*;q=0", true, true), encoding::identity);
  EXPECT_EQ(negotiate_encoding("br;q=0, *", true, true), encoding::gzip);
}

TEST_F(compression, a_browser_gets_the_brotli_copy_with_its_own_etag_and_vary) {
  http_client client(server->url());
  auto br = client.get("/assets/app-1a2b.js", {{"Accept-Encoding", "gzip, deflate, br"}});
  EXPECT_EQ(br.status, 200);
  EXPECT_EQ(br.body, script_br);
  EXPECT_EQ(br.header("content-encoding"), "br");
  EXPECT_EQ(br.header("vary"), "Accept-Encoding");
  EXPECT_EQ(br.header("content-length"), std::to_string(script_br.size()));
  EXPECT_EQ(br.header("content-type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(br.header("cache-control"), "public, max-age=31536000, immutable");

  auto gz = client.get("/assets/app-1a2b.js", {{"Accept-Encoding", "gzip"}});
  EXPECT_EQ(gz.body, script_gz);
  EXPECT_EQ(gz.header("content-encoding"), "gzip");
  EXPECT_EQ(gz.header("vary"), "Accept-Encoding");

  auto plain = client.get("/assets/app-1a2b.js", {{"Accept-Encoding", "br;q=0, gzip;q=0"}});
  EXPECT_EQ(plain.body, script);
  EXPECT_EQ(plain.header("content-encoding"), "");
  EXPECT_EQ(plain.header("vary"), "Accept-Encoding");
  EXPECT_EQ(plain.header("content-length"), std::to_string(script.size()));

  std::set<std::string> etags{br.header("etag"), gz.header("etag"), plain.header("etag")};
  EXPECT_EQ(etags.size(), 3u) << "each encoding has its own ETag";
}

TEST_F(compression, a_revalidation_answers_304_for_the_same_encoding_only) {
  http_client client(server->url());
  auto br = client.get("/assets/app-1a2b.js", {{"Accept-Encoding", "br"}});
  auto same = client.get("/assets/app-1a2b.js", {{"Accept-Encoding", "br"}, {"If-None-Match", br.header("etag")}});
  EXPECT_EQ(same.status, 304);
  EXPECT_EQ(same.body, "");
  EXPECT_EQ(same.header("vary"), "Accept-Encoding");
  auto other = client.get("/assets/app-1a2b.js", {{"Accept-Encoding", "gzip"}, {"If-None-Match", br.header("etag")}});
  EXPECT_EQ(other.status, 200);
  EXPECT_EQ(other.body, script_gz);
}

TEST_F(compression, head_sends_the_headers_of_get_without_the_body) {
  std::string request =
      "HEAD /assets/app-1a2b.js HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n";
  auto reply = blog::test::raw_exchange(server->port(), request);
  EXPECT_EQ(reply.rfind("HTTP/1.1 200", 0), 0u) << reply;
  EXPECT_NE(reply.find("Content-Encoding: gzip\r\n"), std::string::npos) << reply;
  EXPECT_NE(reply.find("Content-Length: " + std::to_string(script_gz.size()) + "\r\n"), std::string::npos) << reply;
  EXPECT_TRUE(reply.ends_with("\r\n\r\n")) << reply;
}

TEST_F(compression, files_without_copies_do_not_vary_and_copies_are_not_files_of_their_own) {
  http_client client(server->url());
  auto image = client.get("/assets/logo-9f.png", {{"Accept-Encoding", "gzip, br"}});
  EXPECT_EQ(image.status, 200);
  EXPECT_EQ(image.header("content-encoding"), "");
  EXPECT_EQ(image.header("vary"), "");
  // The copies and the build's hidden files fall through to the app's 404 page.
  for (const char* path :
       {"/assets/app-1a2b.js.br", "/assets/app-1a2b.js.gz", "/.vite/manifest.json", "/.blog-src-sha"}) {
    auto res = client.get(path);
    EXPECT_EQ(res.status, 404) << path;
    EXPECT_NE(res.body, "{}") << path;
  }
}
