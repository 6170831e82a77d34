// Content codings: brotli and gzip in one call each, and the compression of the answers that are
// made per request (search, category pages, feeds, server-rendered pages of a search).
#pragma once

#include "blog/wire/message.hpp"

#include <string>
#include <string_view>

namespace blog::http {

// A content coding a client accepts, in the order of our preference.
enum class encoding { br, gzip, identity };

// The best coding that `accept_encoding` (the header's value) allows among `available`
// (br > gzip > identity). Honours q=0 and "*"; identity when nothing else is acceptable.
encoding negotiate_encoding(std::string_view accept_encoding, bool br_available, bool gzip_available);

// Brotli (quality 0-11) and gzip (level 1-9) in one call each. Throw std::runtime_error when the
// library fails (out of memory).
std::string brotli_compress(std::string_view data, int quality);
std::string gzip_compress(std::string_view data, int level);
// The bytes a brotli stream decodes to. Throws std::runtime_error on a corrupt stream.
std::string brotli_decompress(std::string_view data);

// True for the text types worth compressing (HTML, JSON, XML, CSS, scripts, SVG, plain text).
bool is_compressible(std::string_view content_type);

// Settles a GET or HEAD answer made per request, on the thread that made it: a weak ETag over the
// plain body (an If-None-Match that names it gets 304 and no body), then, for a text answer of
// 512 bytes or more that `accept_encoding` allows, the body in brotli (quality 4) or gzip
// (level 6), with `Vary: Accept-Encoding` and the coding in the ETag. Answers meant for one
// person (Cache-Control private or no-store, or setting a cookie) stay plain: a secret and a
// reflected input compressed together would leak through the length (BREACH).
void settle_dynamic_answer(std::string_view method, std::string_view accept_encoding, std::string_view if_none_match,
                           response& res);

}  // namespace blog::http
