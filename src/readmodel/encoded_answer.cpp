// Brotli and gzip copies of the read model's answers, made once per snapshot entry.
#include "blog/readmodel/encoded_answer.hpp"

#include "blog/http/static_files.hpp"

#include <brotli/decode.h>
#include <brotli/encode.h>
#include <zlib.h>

#include <stdexcept>

namespace blog::readmodel {
namespace {

std::string_view body_of(const http::prebuilt_response& ready) {
  std::string_view bytes = ready.bytes;
  return bytes.substr(bytes.size() - ready.body_size);
}

}  // namespace

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

std::shared_ptr<const encoded_answer> encoded_answer::build(std::string_view content_type, std::string_view body,
                                                            std::string_view cache_control, bool hot,
                                                            const http::header_list& extra) {
  auto answer = std::make_shared<encoded_answer>();
  answer->content_type_ = content_type;
  answer->cache_control_ = cache_control;
  answer->extra_ = extra;
  auto coded = [&](const char* coding) {
    auto headers = extra;
    headers.emplace_back("Vary", "Accept-Encoding");
    headers.emplace_back("Content-Encoding", coding);
    return headers;
  };
  // Quality 5: a third of the text's size, at a fraction of a millisecond per post (11 is ~50x
  // slower for a few percent less), so that a write and a start-up stay quick.
  answer->br_ = http::prebuild(200, content_type, brotli_compress(body, 5), cache_control, coded("br"));
  if (hot) {
    answer->gzip_ = http::prebuild(200, content_type, gzip_compress(body, 6), cache_control, coded("gzip"));
    auto headers = extra;
    headers.emplace_back("Vary", "Accept-Encoding");
    answer->identity_ = http::prebuild(200, content_type, body, cache_control, headers);
  }
  return answer;
}

std::shared_ptr<const http::prebuilt_response> encoded_answer::for_encoding(std::string_view accept_encoding) const {
  switch (http::negotiate_encoding(accept_encoding, true, gzip_ != nullptr)) {
    case http::encoding::br:
      return br_;
    case http::encoding::gzip:
      return gzip_;
    case http::encoding::identity:
      break;
  }
  if (identity_) return identity_;
  auto headers = extra_;
  headers.emplace_back("Vary", "Accept-Encoding");
  return http::prebuild(200, content_type_, body(), cache_control_, headers);
}

std::string encoded_answer::body() const {
  return brotli_decompress(body_of(*br_));
}

std::size_t encoded_answer::held_bytes() const {
  auto of = [](const auto& ready) { return ready ? ready->bytes.size() + ready->not_modified.size() : 0; };
  return of(br_) + of(gzip_) + of(identity_);
}

}  // namespace blog::readmodel
