// An old site's images over libcurl for the import: one reused connection, http(s) only, capped.
#include "blog/import/fetch.hpp"

#include <curl/curl.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <cctype>
#include <cstdint>

namespace blog::import {
namespace {

constexpr std::chrono::milliseconds max_connect_time{5000};

std::string lower(std::string_view text) {
  std::string out(text);
  std::ranges::transform(out, out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

struct body {
  std::string bytes;
  std::size_t cap = 0;
  bool too_big = false;
};

std::size_t collect(char* data, std::size_t size, std::size_t count, void* target) {
  auto* out = static_cast<body*>(target);
  const std::size_t n = size * count;
  if (out->bytes.size() + n > out->cap) {
    out->too_big = true;
    return 0;  // libcurl stops the transfer with CURLE_WRITE_ERROR
  }
  out->bytes.append(data, n);
  return n;
}

bool public_v4(std::uint32_t a) {
  auto in = [a](std::uint32_t net, int bits) { return (a >> (32 - bits)) == (net >> (32 - bits)); };
  return !(in(0x00000000, 8) || in(0x0a000000, 8) || in(0x64400000, 10) || in(0x7f000000, 8) || in(0xa9fe0000, 16) ||
           in(0xac100000, 12) || in(0xc0000000, 24) || in(0xc0000200, 24) || in(0xc0a80000, 16) || in(0xc6120000, 15) ||
           in(0xc6336400, 24) || in(0xcb007100, 24) || in(0xe0000000, 4) || in(0xf0000000, 4));
}

// libcurl's socket opener: refuses a connection to an address that is not public.
curl_socket_t open_public_socket(void* refused, curlsocktype purpose, curl_sockaddr* address) {
  if (purpose != CURLSOCKTYPE_IPCXN || !is_public_address(&address->addr)) {
    *static_cast<bool*>(refused) = true;
    return CURL_SOCKET_BAD;
  }
  return ::socket(address->family, address->socktype, address->protocol);
}

}  // namespace

bool is_public_address(const void* sockaddr) {
  const auto* generic = static_cast<const struct sockaddr*>(sockaddr);
  if (generic->sa_family == AF_INET)
    return public_v4(ntohl(static_cast<const sockaddr_in*>(sockaddr)->sin_addr.s_addr));
  if (generic->sa_family != AF_INET6) return false;
  const auto* b = static_cast<const sockaddr_in6*>(sockaddr)->sin6_addr.s6_addr;
  const bool v4_mapped =
      std::all_of(b, b + 10, [](unsigned char x) { return x == 0; }) && b[10] == 0xff && b[11] == 0xff;
  if (v4_mapped)
    return public_v4(static_cast<std::uint32_t>(b[12]) << 24 | static_cast<std::uint32_t>(b[13]) << 16 |
                     static_cast<std::uint32_t>(b[14]) << 8 | b[15]);
  const bool zero_prefix = std::all_of(b, b + 15, [](unsigned char x) { return x == 0; });
  if (zero_prefix && (b[15] == 0 || b[15] == 1)) return false;  // :: and ::1
  if ((b[0] & 0xfe) == 0xfc) return false;                      // fc00::/7, unique local
  if (b[0] == 0xfe && (b[1] & 0xc0) == 0x80) return false;      // fe80::/10, link-local
  if (b[0] == 0xff) return false;                               // multicast
  return true;
}

std::optional<url_parts> split_url(std::string_view url) {
  std::string scheme;
  for (std::string_view s : {"http://", "https://"})
    if (url.size() > s.size() && lower(url.substr(0, s.size())) == s) scheme = std::string(s);
  if (scheme.empty()) return std::nullopt;
  auto after = url.substr(scheme.size());
  const auto end = after.find_first_of("/?#");
  auto authority = after.substr(0, end);
  // user:password@ before the host would let "trusted.example@other" pass for trusted.example.
  if (authority.empty() || authority.find('@') != std::string_view::npos) return std::nullopt;
  url_parts parts;
  parts.host = lower(authority);
  parts.origin = scheme + parts.host;
  if (end != std::string_view::npos) parts.rest = std::string(after.substr(end, after.find('#') - end));
  return parts;
}

struct image_fetcher::handle {
  CURL* curl = nullptr;
  bool refused = false;  // the last transfer's host had no public address
  ~handle() {
    if (curl) curl_easy_cleanup(curl);
  }
};

image_fetcher::image_fetcher(std::size_t max_bytes, std::chrono::milliseconds time_limit, bool private_hosts)
    : handle_(std::make_unique<handle>()),
      max_bytes_(max_bytes),
      time_limit_(time_limit),
      private_hosts_(private_hosts) {
  static const bool curl_ready = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
  if (curl_ready) handle_->curl = curl_easy_init();
}

image_fetcher::~image_fetcher() = default;

fetched image_fetcher::get(const std::string& url) {
  CURL* c = handle_->curl;
  if (!c) return {std::nullopt, "libcurl could not start a transfer"};
  body got;
  got.cap = max_bytes_;
  char problem[CURL_ERROR_SIZE] = "";
  curl_easy_setopt(c, CURLOPT_URL, url.c_str());
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(c, CURLOPT_HTTPGET, 1L);
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(c, CURLOPT_USERAGENT, "PayTech-Blog-import");
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, collect);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, &got);
  curl_easy_setopt(c, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(max_bytes_));
  curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, static_cast<long>(time_limit_.count()));
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(std::min(max_connect_time, time_limit_).count()));
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, problem);
  handle_->refused = false;
  if (!private_hosts_) {
    curl_easy_setopt(c, CURLOPT_OPENSOCKETFUNCTION, open_public_socket);
    curl_easy_setopt(c, CURLOPT_OPENSOCKETDATA, &handle_->refused);
  }
  const CURLcode rc = curl_easy_perform(c);
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, nullptr);
  if (handle_->refused) return {std::nullopt, "its address is in a private network (not fetched for an uploaded file)"};
  if (got.too_big || rc == CURLE_FILESIZE_EXCEEDED)
    return {std::nullopt, "larger than " + std::to_string(max_bytes_ / (1024 * 1024)) + " MB"};
  if (rc == CURLE_OPERATION_TIMEDOUT) return {std::nullopt, "timed out"};
  if (rc != CURLE_OK) return {std::nullopt, *problem ? std::string(problem) : std::string(curl_easy_strerror(rc))};
  long status = 0;
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
  if (status != 200) {
    auto reason = "answered " + std::to_string(status);
    if (status >= 300 && status < 400) reason += " (redirects are not followed)";
    return {std::nullopt, reason};
  }
  return {std::move(got.bytes), {}};
}

}  // namespace blog::import
