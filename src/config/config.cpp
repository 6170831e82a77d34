// Parses blogd's configuration from BLOG_* environment variables and --flags.
#include "blog/config/config.hpp"

#include "blog/core/address_set.hpp"

#include <cstdlib>
#include <functional>
#include <stdexcept>
#include <string_view>

namespace blog {
namespace {

struct option {
  std::string_view env;
  std::string_view flag;
  std::string_view help;
  std::function<void(config&, const std::string&)> set;
};

unsigned parse_unsigned(std::string_view name, const std::string& value, unsigned max) {
  try {
    std::size_t used = 0;
    unsigned long parsed = std::stoul(value, &used);
    if (used == value.size() && parsed <= max) return static_cast<unsigned>(parsed);
  } catch (const std::exception&) {
  }
  throw std::invalid_argument(std::string(name) + ": not a whole number up to " + std::to_string(max) + ": '" + value +
                              "'");
}

bool parse_bool(std::string_view name, const std::string& value) {
  if (value == "1" || value == "true" || value == "yes" || value == "on") return true;
  if (value == "0" || value == "false" || value == "no" || value == "off") return false;
  throw std::invalid_argument(std::string(name) + ": not true or false: '" + value + "'");
}

const std::vector<option>& options() {
  static const std::vector<option> all = {
      {"BLOG_HTTP_ADDRESS", "--http-address", "address to listen on (0.0.0.0)",
       [](config& c, const std::string& v) { c.http_address = v; }},
      {"BLOG_HTTP_PORT", "--http-port", "port to listen on (8080; 0 picks a free one)",
       [](config& c, const std::string& v) {
         c.http_port = static_cast<std::uint16_t>(parse_unsigned("BLOG_HTTP_PORT", v, 65535));
       }},
      {"BLOG_DATABASE_URL", "--database-url", "libpq URL (default: the private cluster under var/pg)",
       [](config& c, const std::string& v) { c.database_url = v; }},
      {"BLOG_DATA_DIR", "--data-dir", "index, mail outbox, private cluster (var)",
       [](config& c, const std::string& v) { c.data_dir = v; }},
      {"BLOG_WEB_DIR", "--web-dir", "the built web app (web/dist)",
       [](config& c, const std::string& v) { c.web_dir = v; }},
      {"BLOG_PUBLIC_URL", "--public-url", "public address for canonical links, feeds and mail",
       [](config& c, const std::string& v) { c.public_url = v; }},
      {"BLOG_COOKIE_SECURE", "--cookie-secure",
       "true: the session cookie is Secure and named __Host-sid; false: plain 'sid'\n"
       "      (default: true exactly when BLOG_PUBLIC_URL is https)",
       [](config& c, const std::string& v) { c.cookie_secure = parse_bool("BLOG_COOKIE_SECURE", v); }},
      {"BLOG_TRUSTED_PROXIES", "--trusted-proxies",
       "reverse proxies (addresses or CIDRs, v4/v6, comma-separated) whose X-Forwarded-For and\n"
       "      X-Forwarded-Proto are believed (none)",
       [](config& c, const std::string& v) {
         address_set::parse(v);  // refuses a bad entry at start-up
         c.trusted_proxies = v;
       }},
      {"BLOG_AI_BASE_URL", "--ai-base-url",
       "OpenAI-compatible API base URL, e.g. https://api.openai.com/v1 or\n"
       "      http://localhost:11434/v1 (Ollama); /chat/completions is appended to it as given",
       [](config& c, const std::string& v) { c.ai_base_url = v; }},
      {"BLOG_AI_API_KEY", "--ai-api-key", "API key for the AI service, sent as a Bearer token (none when empty)",
       [](config& c, const std::string& v) { c.ai_api_key = v; }},
      {"BLOG_SECRET_KEY", "--secret-key",
       "key that encrypts secrets the database keeps for the server (authenticator apps' keys);\n"
       "      without it a database dump alone gives them away (none)",
       [](config& c, const std::string& v) { c.secret_key = v; }},
      {"BLOG_AI_MODEL", "--ai-model", "model name for the AI service",
       [](config& c, const std::string& v) { c.ai_model = v; }},
      {"BLOG_AI_TIMEOUT_MS", "--ai-timeout-ms", "time limit of one AI request in milliseconds (60000)",
       [](config& c, const std::string& v) {
         c.ai_timeout_ms = std::max(1u, parse_unsigned("BLOG_AI_TIMEOUT_MS", v, 600000));
       }},
      {"BLOG_SMTP_URL", "--smtp-url", "smtp:// URL for outgoing mail (default: files in var/mail)",
       [](config& c, const std::string& v) { c.smtp_url = v; }},
      {"BLOG_MAIL_FROM", "--mail-from", "sender address of outgoing mail",
       [](config& c, const std::string& v) { c.mail_from = v; }},
      {"BLOG_MAIL_RATE_PER_SECOND", "--mail-rate-per-second",
       "messages each node hands to the SMTP server per second; 0: no limit (100)",
       [](config& c, const std::string& v) {
         c.mail_rate_per_second = parse_unsigned("BLOG_MAIL_RATE_PER_SECOND", v, 100000);
       }},
      {"BLOG_MAIL_RETRY_SECONDS", "--mail-retry-seconds",
       "first wait before a message refused for now (SMTP 4xx) is tried again; doubles each time (60)",
       [](config& c, const std::string& v) {
         c.mail_retry_s = std::max(1u, parse_unsigned("BLOG_MAIL_RETRY_SECONDS", v, 86400));
       }},
      {"BLOG_LOG_LEVEL", "--log-level", "trace, debug, info, warn, error (info)",
       [](config& c, const std::string& v) { c.log_level = v; }},
      {"BLOG_LOG_FORMAT", "--log-format", "text, or json: one JSON object per line for log shippers (text)",
       [](config& c, const std::string& v) {
         if (v != "text" && v != "json")
           throw std::invalid_argument("BLOG_LOG_FORMAT: 'text' or 'json', not '" + v + "'");
         c.log_format = v;
       }},
      {"BLOG_METRICS_ADDRESS", "--metrics-address",
       "host:port serving GET /metrics (Prometheus), e.g. 127.0.0.1:9100 (off); loopback only\n"
       "      unless BLOG_METRICS_PUBLIC is set",
       [](config& c, const std::string& v) { c.metrics_address = v; }},
      {"BLOG_METRICS_PUBLIC", "--metrics-public", "true: allow a BLOG_METRICS_ADDRESS that is not loopback (false)",
       [](config& c, const std::string& v) { c.metrics_public = parse_bool("BLOG_METRICS_PUBLIC", v); }},
      {"BLOG_IO_THREADS", "--io-threads", "I/O threads (0: one per core)",
       [](config& c, const std::string& v) { c.io_threads = parse_unsigned("BLOG_IO_THREADS", v, 256); }},
      {"BLOG_REALTIME_IO", "--realtime-io",
       "true: while the cores are busy, the I/O threads run at the lowest real-time priority, so readers\n"
       "      are answered ahead of imports and writes; needs CAP_SYS_NICE or RLIMIT_RTPRIO >= 1 (true)",
       [](config& c, const std::string& v) { c.realtime_io = parse_bool("BLOG_REALTIME_IO", v); }},
      {"BLOG_WORKER_THREADS", "--worker-threads", "threads for blocking work (8)",
       [](config& c, const std::string& v) {
         c.worker_threads = std::max(1u, parse_unsigned("BLOG_WORKER_THREADS", v, 1024));
       }},
      {"BLOG_PASSWORD_THREADS", "--password-threads",
       "low-priority threads for password hashing (0: half the cores, at least 1)",
       [](config& c, const std::string& v) { c.password_threads = parse_unsigned("BLOG_PASSWORD_THREADS", v, 256); }},
      {"BLOG_PASSWORD_QUEUE", "--password-queue", "password requests that may wait; more get 503 (32)",
       [](config& c, const std::string& v) { c.password_queue = parse_unsigned("BLOG_PASSWORD_QUEUE", v, 100000); }},
      {"BLOG_MAX_CONNECTIONS", "--max-connections", "open connections in total; more are closed (2048)",
       [](config& c, const std::string& v) {
         c.max_connections = std::max(1u, parse_unsigned("BLOG_MAX_CONNECTIONS", v, 1000000));
       }},
      {"BLOG_MAX_CONNECTIONS_PER_ADDRESS", "--max-connections-per-address",
       "open connections per client address, trusted proxies exempt (64)",
       [](config& c, const std::string& v) {
         c.max_connections_per_address = std::max(1u, parse_unsigned("BLOG_MAX_CONNECTIONS_PER_ADDRESS", v, 1000000));
       }},
      {"BLOG_MAX_BODY_BYTES_IN_FLIGHT", "--max-body-bytes-in-flight",
       "request body bytes being read at once, all connections together; past it 503 (67108864)",
       [](config& c, const std::string& v) {
         c.max_body_bytes_in_flight = std::max(1u, parse_unsigned("BLOG_MAX_BODY_BYTES_IN_FLIGHT", v, 4294967295u));
       }},
      {"BLOG_HEADER_TIMEOUT_S", "--header-timeout-s", "seconds a request's header may take to arrive (10)",
       [](config& c, const std::string& v) {
         c.header_timeout_s = std::max(1u, parse_unsigned("BLOG_HEADER_TIMEOUT_S", v, 3600));
       }},
      {"BLOG_BODY_TIMEOUT_S", "--body-timeout-s", "seconds a request body may take to arrive (60)",
       [](config& c, const std::string& v) {
         c.body_timeout_s = std::max(1u, parse_unsigned("BLOG_BODY_TIMEOUT_S", v, 3600));
       }},
      {"BLOG_IDLE_TIMEOUT_S", "--idle-timeout-s", "seconds an idle keep-alive connection stays open (5)",
       [](config& c, const std::string& v) {
         c.idle_timeout_s = std::max(1u, parse_unsigned("BLOG_IDLE_TIMEOUT_S", v, 3600));
       }},
      {"BLOG_PAGE_CACHE_BYTES", "--page-cache-bytes",
       "bytes of compressed post pages kept in memory; the rest come from PostgreSQL, or from disk while it "
       "is away (50331648)",
       [](config& c, const std::string& v) {
         c.page_cache_bytes = parse_unsigned("BLOG_PAGE_CACHE_BYTES", v, 4294967295u);
       }},
      {"BLOG_DB_POOL_SIZE", "--db-pool-size", "PostgreSQL connections (8)",
       [](config& c, const std::string& v) {
         c.db_pool_size = std::max(1u, parse_unsigned("BLOG_DB_POOL_SIZE", v, 1024));
       }},
      {"BLOG_UPLOAD_RATE_PER_HOUR", "--upload-rate-per-hour", "image uploads per account per hour (60; 0: no limit)",
       [](config& c, const std::string& v) {
         c.upload_rate_per_hour = parse_unsigned("BLOG_UPLOAD_RATE_PER_HOUR", v, 1000000);
       }},
      {"BLOG_UPLOAD_QUOTA_MB", "--upload-quota-mb", "megabytes of images an account may store (500; 0: no limit)",
       [](config& c, const std::string& v) { c.upload_quota_mb = parse_unsigned("BLOG_UPLOAD_QUOTA_MB", v, 1000000); }},
      {"BLOG_ANALYTICS_FLUSH_MS", "--analytics-flush-ms", "how often counted views are written, in ms (5000)",
       [](config& c, const std::string& v) {
         c.analytics_flush_ms = std::max(10u, parse_unsigned("BLOG_ANALYTICS_FLUSH_MS", v, 86400000));
       }},
  };
  return all;
}

}  // namespace

std::string config::effective_database_url() const {
  if (!database_url.empty()) return database_url;
  auto socket_dir = std::filesystem::absolute(data_dir / "pg" / "run").lexically_normal();
  return "postgresql:///blog?host=" + socket_dir.string() + "&user=blog";
}

std::string config::effective_public_url() const {
  if (!public_url.empty()) {
    std::string url = public_url;
    while (!url.empty() && url.back() == '/') url.pop_back();
    return url;
  }
  return "http://localhost:" + std::to_string(http_port);
}

bool config::https() const {
  return effective_public_url().starts_with("https://");
}

bool config::effective_cookie_secure() const {
  return cookie_secure.value_or(https());
}

std::pair<std::string, std::uint16_t> config::metrics_endpoint() const {
  std::string_view text = metrics_address;
  auto colon = text.rfind(':');
  if (colon == std::string_view::npos || colon == 0)
    throw std::invalid_argument("BLOG_METRICS_ADDRESS: not host:port: '" + metrics_address + "'");
  std::string host(text.substr(0, colon));
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  if (host == "localhost") host = "127.0.0.1";
  boost::system::error_code ec;
  boost::asio::ip::make_address(host, ec);
  if (ec)
    throw std::invalid_argument("BLOG_METRICS_ADDRESS: '" + host +
                                "' is not an IP address (use e.g. 127.0.0.1:9100 or [::1]:9100)");
  auto port =
      static_cast<std::uint16_t>(parse_unsigned("BLOG_METRICS_ADDRESS", std::string(text.substr(colon + 1)), 65535));
  return {host, port};
}

config load_config(const std::vector<std::string>& args) {
  config c;
  for (const auto& opt : options()) {
    if (const char* value = std::getenv(std::string(opt.env).c_str()); value && *value) opt.set(c, value);
  }
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string_view arg = args[i];
    std::string value;
    auto eq = arg.find('=');
    std::string_view name = arg.substr(0, eq);
    const option* found = nullptr;
    for (const auto& opt : options())
      if (opt.flag == name) found = &opt;
    if (!found) throw std::invalid_argument("unknown option '" + std::string(arg) + "'");
    if (eq != std::string_view::npos) {
      value = std::string(arg.substr(eq + 1));
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      throw std::invalid_argument("option '" + std::string(name) + "' needs a value");
    }
    found->set(c, value);
  }
  if (!c.metrics_address.empty()) {
    // Refused at start-up, not discovered later: the metrics tell a lot about the site.
    auto [host, port] = c.metrics_endpoint();
    if (!boost::asio::ip::make_address(host).is_loopback() && !c.metrics_public)
      throw std::invalid_argument("BLOG_METRICS_ADDRESS: " + host +
                                  " is not a loopback address; the metrics would be reachable from other machines."
                                  " Use 127.0.0.1:PORT, or set BLOG_METRICS_PUBLIC=1 if a firewall guards it");
  }
  return c;
}

std::string config_usage() {
  std::string text = "Configuration (environment variable or flag):\n";
  for (const auto& opt : options()) {
    text += "  " + std::string(opt.flag) + " / " + std::string(opt.env) + "\n      " + std::string(opt.help) + "\n";
  }
  return text;
}

}  // namespace blog
