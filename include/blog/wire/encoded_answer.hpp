// Pre-serialised answers compressed once, when the snapshot entry is built, and served as they
// are by Accept-Encoding; the rare client that accepts no compression gets them decompressed.
#pragma once

#include "blog/wire/message.hpp"

#include <memory>
#include <string>
#include <string_view>

namespace blog::http {

// One answer in several codings, each a complete response with `Vary: Accept-Encoding` and an
// ETag of its own. Every answer keeps brotli (the smallest; what browsers ask for over HTTPS);
// `copies` says which others.
class encoded_answer {
 public:
  // The copies an answer keeps: brotli always; gzip too for the pages browsers read over plain
  // HTTP (they ask for no brotli there); the plain body too for the hottest answers.
  enum class copies { brotli, brotli_and_gzip, every };

  // Compresses `body` now. `content_type` and `cache_control` must be string literals (they are
  // kept as views). Throws std::runtime_error when compression fails.
  static std::shared_ptr<const encoded_answer> build(std::string_view content_type, std::string_view body,
                                                     std::string_view cache_control, copies kept,
                                                     const header_list& extra = {});

  // An answer kept as brotli only, from bytes compressed before (a page read back from disk).
  static std::shared_ptr<const encoded_answer> from_brotli(std::string_view content_type, std::string_view brotli,
                                                           std::string_view cache_control,
                                                           const header_list& extra = {});

  // The copy for a client's Accept-Encoding: brotli, else gzip when kept, else the plain body
  // (decompressed now when not kept; its ETag is the plain body's either way).
  std::shared_ptr<const prebuilt_response> for_encoding(std::string_view accept_encoding) const;
  // The plain body, decompressed now.
  std::string body() const;
  // The brotli copy's body, as sent.
  std::string_view brotli_body() const;
  // Bytes held: both copies with their headers.
  std::size_t held_bytes() const;

 private:
  std::shared_ptr<const prebuilt_response> br_;
  std::shared_ptr<const prebuilt_response> gzip_;      // nullptr: not kept
  std::shared_ptr<const prebuilt_response> identity_;  // nullptr: not kept
  std::string_view content_type_;
  std::string_view cache_control_;
  header_list extra_;
};

}  // namespace blog::http
