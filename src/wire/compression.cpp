// Brotli and gzip in one call each, and the compression of the answers made per request.
#include "blog/wire/compression.hpp"

#include "blog/core/text.hpp"

#include <brotli/decode.h>
#include <brotli/encode.h>
#include <zlib.h>

#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>

namespace blog::http {
namespace {

// The q-value of one Accept-Encoding element ("gzip;q=0.5" → 0.5); 1 without one, 0 when malformed.
double q_value(std::string_view params) {
  while (!params.empty()) {
    auto semi = params.find(';');
    auto param = core::trim_ows(params.substr(0, semi));
    if (param.size() > 2 && (param[0] == 'q' || param[0] == 'Q') && param[1] == '=') {
      try {
        return std::stod(std::string(param.substr(2)));
      } catch (const std::exception&) {
        return 0;
      }
    }
    if (semi == std::string_view::npos) break;
    params.remove_prefix(semi + 1);
  }
  return 1;
}

}  // namespace

encoding negotiate_encoding(std::string_view accept_encoding, bool br_available, bool gzip_available) {
  // -1: not named; otherwise the q the client gave.
  double br = -1, gzip = -1, any = -1;
  std::string_view rest = accept_encoding;
  while (!rest.empty()) {
    auto comma = rest.find(',');
    auto element = rest.substr(0, comma);
    auto semi = element.find(';');
    auto name = core::trim_ows(element.substr(0, semi));
    double q = semi == std::string_view::npos ? 1 : q_value(element.substr(semi + 1));
    if (core::iequals_ascii(name, "br"))
      br = q;
    else if (core::iequals_ascii(name, "gzip") || core::iequals_ascii(name, "x-gzip"))
      gzip = q;
    else if (name == "*")
      any = q;
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  if (br < 0) br = any > 0 ? any : 0;
  if (gzip < 0) gzip = any > 0 ? any : 0;
  if (br_available && br > 0) return encoding::br;
  if (gzip_available && gzip > 0) return encoding::gzip;
  return encoding::identity;
}

std::string brotli_compress(std::string_view data, int quality) {
  // Compressed into a scratch buffer, then copied at its exact size: the copy held for long is
  // the only allocation, so that a start compressing 100,000 posts leaves no holes in the heap.
  thread_local std::string scratch;
  scratch.resize(BrotliEncoderMaxCompressedSize(data.size()));
  std::size_t size = scratch.size();
  // The text window (22 bits) covers any post; BROTLI_MODE_TEXT suits JSON and HTML.
  if (!BrotliEncoderCompress(quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, data.size(),
                             reinterpret_cast<const std::uint8_t*>(data.data()), &size,
                             reinterpret_cast<std::uint8_t*>(scratch.data())))
    throw std::runtime_error("brotli compression failed");
  return scratch.substr(0, size);
}

std::string gzip_compress(std::string_view data, int level) {
  z_stream z{};
  // 15 + 16: a gzip header and trailer around the deflate stream.
  if (deflateInit2(&z, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("gzip compression failed");
  std::string out(deflateBound(&z, data.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  int rc = deflate(&z, Z_FINISH);
  deflateEnd(&z);
  if (rc != Z_STREAM_END) throw std::runtime_error("gzip compression failed");
  out.resize(z.total_out);
  out.shrink_to_fit();
  return out;
}

std::string brotli_decompress(std::string_view data) {
  auto* state = BrotliDecoderCreateInstance(nullptr, nullptr, nullptr);
  if (!state) throw std::runtime_error("brotli decoder: out of memory");
  std::string out;
  auto next_in = reinterpret_cast<const std::uint8_t*>(data.data());
  std::size_t avail_in = data.size();
  BrotliDecoderResult rc = BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT;
  while (rc == BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT) {
    std::uint8_t chunk[16384];
    auto* next_out = chunk;
    std::size_t avail_out = sizeof chunk;
    rc = BrotliDecoderDecompressStream(state, &avail_in, &next_in, &avail_out, &next_out, nullptr);
    out.append(reinterpret_cast<const char*>(chunk), sizeof chunk - avail_out);
  }
  BrotliDecoderDestroyInstance(state);
  if (rc != BROTLI_DECODER_RESULT_SUCCESS) throw std::runtime_error("brotli stream is corrupt");
  return out;
}

bool is_compressible(std::string_view content_type) {
  auto type = content_type.substr(0, content_type.find(';'));
  if (type.starts_with("text/")) return true;
  for (std::string_view t : {"application/json", "application/xml", "application/rss+xml", "application/atom+xml",
                             "application/javascript", "application/manifest+json", "image/svg+xml"})
    if (type == t) return true;
  return false;
}

namespace {

std::string_view header_of(const response& res, std::string_view name) {
  for (const auto& [n, v] : res.headers)
    if (core::iequals_ascii(n, name)) return v;
  return {};
}

// Worth compressing: a text answer of some size, meant for anyone, not already coded.
bool worth_compressing(const response& res) {
  constexpr std::size_t smallest = 512;
  if (res.body.size() < smallest || res.status == 206) return false;
  if (!is_compressible(header_of(res, "content-type"))) return false;
  if (!header_of(res, "content-encoding").empty() || res.has_header("set-cookie")) return false;
  auto cache = header_of(res, "cache-control");
  return cache.find("private") == std::string_view::npos && cache.find("no-store") == std::string_view::npos;
}

void add_vary(response& res, std::string_view name) {
  for (auto& [n, v] : res.headers) {
    if (core::iequals_ascii(n, "vary")) {
      if (v.find(name) == std::string::npos) v.append(", ").append(name);
      return;
    }
  }
  res.headers.emplace_back("Vary", std::string(name));
}

}  // namespace

void settle_dynamic_answer(std::string_view method, std::string_view accept_encoding, std::string_view if_none_match,
                           response& res) {
  if (res.prebuilt || (method != "GET" && method != "HEAD") || res.body.empty()) return;
  bool compress = worth_compressing(res);
  auto coding = compress ? negotiate_encoding(accept_encoding, true, true) : encoding::identity;
  if (compress) add_vary(res, "Accept-Encoding");
  if (res.status == 200 && !res.has_header("etag")) {
    // Weak: the same answer in another coding is the same content, with a tag of its own.
    const char* suffix = coding == encoding::br ? "-br" : coding == encoding::gzip ? "-gz" : "";
    char tag[48];
    std::snprintf(tag, sizeof tag, "W/\"%zx-%zx%s\"", std::hash<std::string_view>{}(res.body), res.body.size(), suffix);
    res.set("ETag", tag);
    if (if_none_match == tag) {
      res.status = 304;
      res.body.clear();
      return;
    }
  }
  if (coding == encoding::identity) return;
  // Quality 4 and level 6: a few hundred microseconds for a page of results, most of the gain.
  res.body = coding == encoding::br ? brotli_compress(res.body, 4) : gzip_compress(res.body, 6);
  res.set("Content-Encoding", coding == encoding::br ? "br" : "gzip");
}

}  // namespace blog::http
