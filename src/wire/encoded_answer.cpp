// Brotli and gzip copies of the read model's answers, made once per snapshot entry.
#include "blog/wire/encoded_answer.hpp"

#include "blog/wire/compression.hpp"

namespace blog::http {
namespace {

std::string_view body_of(const prebuilt_response& ready) {
  std::string_view bytes = ready.bytes;
  return bytes.substr(bytes.size() - ready.body_size);
}

}  // namespace

std::shared_ptr<const encoded_answer> encoded_answer::build(std::string_view content_type, std::string_view body,
                                                            std::string_view cache_control, copies kept,
                                                            const header_list& extra) {
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
  answer->br_ = prebuild(200, content_type, brotli_compress(body, 5), cache_control, coded("br"));
  if (kept != copies::brotli)
    answer->gzip_ = prebuild(200, content_type, gzip_compress(body, 6), cache_control, coded("gzip"));
  if (kept == copies::every) {
    auto headers = extra;
    headers.emplace_back("Vary", "Accept-Encoding");
    answer->identity_ = prebuild(200, content_type, body, cache_control, headers);
  }
  return answer;
}

std::shared_ptr<const encoded_answer> encoded_answer::from_brotli(std::string_view content_type,
                                                                  std::string_view brotli,
                                                                  std::string_view cache_control,
                                                                  const header_list& extra) {
  auto answer = std::make_shared<encoded_answer>();
  answer->content_type_ = content_type;
  answer->cache_control_ = cache_control;
  answer->extra_ = extra;
  auto headers = extra;
  headers.emplace_back("Vary", "Accept-Encoding");
  headers.emplace_back("Content-Encoding", "br");
  answer->br_ = prebuild(200, content_type, brotli, cache_control, headers);
  return answer;
}

std::string_view encoded_answer::brotli_body() const {
  return body_of(*br_);
}

std::shared_ptr<const prebuilt_response> encoded_answer::for_encoding(std::string_view accept_encoding) const {
  switch (negotiate_encoding(accept_encoding, true, gzip_ != nullptr)) {
    case encoding::br:
      return br_;
    case encoding::gzip:
      return gzip_;
    case encoding::identity:
      break;
  }
  if (identity_) return identity_;
  auto headers = extra_;
  headers.emplace_back("Vary", "Accept-Encoding");
  return prebuild(200, content_type_, body(), cache_control_, headers);
}

std::string encoded_answer::body() const {
  return brotli_decompress(body_of(*br_));
}

std::size_t encoded_answer::held_bytes() const {
  auto of = [](const auto& ready) { return ready ? ready->bytes.size() + ready->not_modified.size() : 0; };
  return of(br_) + of(gzip_) + of(identity_);
}

}  // namespace blog::http
