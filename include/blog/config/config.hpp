// blogd's configuration: environment variables, each also a --flag, with the defaults of DESIGN.md.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace blog {

struct config {
  std::string http_address = "0.0.0.0";
  std::uint16_t http_port = 8080;
  std::string database_url;  // empty: the private cluster under <data_dir>/pg
  std::filesystem::path data_dir = "var";
  std::filesystem::path web_dir = "web/dist";
  std::string public_url;  // empty: http://localhost:<port>
  // Set: the session cookie is Secure (and named __Host-sid) or not, as given. Unset: it is
  // whenever the public URL is https.
  std::optional<bool> cookie_secure;
  std::string ai_base_url;
  std::string ai_api_key;
  std::string ai_model;
  // Encrypts the secrets PostgreSQL keeps for the server (two-factor keys); empty: stored unencrypted.
  std::string secret_key;
  unsigned ai_timeout_ms = 60000;  // whole AI request; connecting has at most 5 s of it
  std::string smtp_url;
  std::string mail_from = "PayTech Blog <no-reply@localhost>";
  unsigned mail_rate_per_second = 100;  // messages handed to SMTP per second by each node; 0: no limit
  unsigned mail_retry_s = 60;           // first wait after a temporary (4xx) failure; doubles each time
  std::string log_level = "info";
  std::string log_format = "text";  // "json": one JSON object per line
  // host:port of the metrics listener (GET /metrics); empty: off. Loopback only unless
  // metrics_public: the figures are for the operator, never for the public port.
  std::string metrics_address;
  bool metrics_public = false;
  unsigned io_threads = 0;        // 0: one per core
  bool realtime_io = true;        // I/O threads at SCHED_RR 1 while the machine is busy, where permitted
  unsigned worker_threads = 8;    // blocking work: PostgreSQL, libcurl, Xapian writes
  unsigned password_threads = 0;  // argon2id, at low priority; 0: max(1, cores / 2)
  unsigned password_queue = 32;   // password work waiting past those threads; more answers 503
  unsigned db_pool_size = 8;
  unsigned db_wait_ms = 5000;  // waiting for a pooled connection past this answers 503
  std::size_t max_header_bytes = std::size_t{16} * 1024;
  std::size_t max_body_bytes = std::size_t{1024} * 1024;
  std::size_t max_body_bytes_in_flight = std::size_t{64} * 1024 * 1024;  // all bodies being read at once
  std::size_t page_cache_bytes = std::size_t{48} << 20;                  // compressed post pages kept in memory
  unsigned max_connections = 2048;
  unsigned max_connections_per_address = 64;
  unsigned header_timeout_s = 10;  // from a request's first byte to the end of its header
  unsigned body_timeout_s = 60;    // reading one body (5 MB on a slow phone), writing one answer
  unsigned idle_timeout_s = 5;     // an idle keep-alive connection
  std::string trusted_proxies;     // addresses/CIDRs whose X-Forwarded-For is believed

  // Uploads per account (issue 10): attempts in any hour and stored megabytes; 0 is no limit.
  unsigned upload_rate_per_hour = 60;
  unsigned upload_quota_mb = 500;

  // How often a node writes the views it counted (issue 26); a clean stop writes them too.
  unsigned analytics_flush_ms = 5000;

  // The database URL to use: the configured one, or the private cluster's socket.
  std::string effective_database_url() const;
  std::string effective_public_url() const;
  // True when the public URL is https.
  bool https() const;
  // cookie_secure when set, else https().
  bool effective_cookie_secure() const;
  // metrics_address as address and port ("localhost" is 127.0.0.1, "[::1]:9100" is IPv6).
  // Throws std::invalid_argument when it is not host:port with a numeric address.
  std::pair<std::string, std::uint16_t> metrics_endpoint() const;
};

// Reads BLOG_* variables, then overrides them with --flags (e.g. --http-port=9000 or
// --http-port 9000). Throws std::invalid_argument naming the bad flag or value.
config load_config(const std::vector<std::string>& args);

// Usage text listing every variable and flag.
std::string config_usage();

}  // namespace blog
