// Integration test support: a fresh database in the throw-away cluster, blogd in process on port 0,
// and an HTTP client with its own cookie jar.
#pragma once

#include "blog/api/context.hpp"
#include "blog/app/app.hpp"
#include "blog/config/config.hpp"

#include <boost/json.hpp>

#include <filesystem>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <thread>

namespace blog::test {

// Creates an empty database named after `prefix` in the cluster of BLOG_TEST_PG_DIR and returns
// its URL. Fails the test (throws) when the cluster is not there.
std::string create_database(const std::string& prefix);

// The configuration of a node of the test's own (an app::app in this process, not serving HTTP
// unless run) on `database_url`, keeping its data (index, pages) in `data_dir`.
config node_config(const std::string& database_url, const std::filesystem::path& data_dir);

// The shipped demo posts' file (seed/demo-posts.json of the source tree), and its posts.
std::filesystem::path demo_posts_file();
boost::json::array demo_posts();

// A fresh temporary folder, removed with the object.
struct temp_dir {
  temp_dir();
  ~temp_dir();
  std::filesystem::path path;
};

// A PostgreSQL cluster of the calling test alone (tools/lib.sh's pg_init, "fast"), with one
// database "blog": for tests that stop and start the server, which the shared cluster cannot.
// Its folder is traversable (711), so a process without CAP_DAC_OVERRIDE reaches its socket.
// Throws when the cluster cannot be made or started.
class private_cluster {
 public:
  private_cluster();
  ~private_cluster();
  std::string url() const;
  void stop();   // pg_ctl stop -m fast, waiting
  void start();  // pg_ctl start, waiting

 private:
  temp_dir parent_;
  std::string dir_;
};

// A blogd in this process on 127.0.0.1 and a free port, on its own fresh database.
class test_server {
 public:
  // `tweak` may change the configuration before the app starts (AI URL, SMTP, …).
  explicit test_server(const std::string& name, const std::function<void(config&)>& tweak = {});
  ~test_server();

  std::string url(const std::string& path = "") const;
  std::uint16_t port() const { return port_; }
  // The metrics listener's port (BLOG_METRICS_ADDRESS), 0 when off.
  std::uint16_t metrics_port() const { return app_->metrics_port(); }
  api::context& ctx() { return app_->ctx(); }
  const std::string& database_url() const { return database_url_; }
  // Runs SQL directly against the server's database (test set-up and checks).
  void sql(const std::string& statement);

 private:
  temp_dir data_;
  std::string database_url_;
  std::unique_ptr<app::app> app_;
  std::thread thread_;
  std::uint16_t port_ = 0;
};

struct http_response {
  long status = 0;
  std::string body;
  std::multimap<std::string, std::string> headers;  // names in lower case

  boost::json::value json() const;
  std::string header(const std::string& lower_name) const;
};

// An HTTP client with a cookie jar, like one browser. Sends Origin: <base> on requests that
// change state, as a browser on the site does.
class http_client {
 public:
  explicit http_client(std::string base_url);
  ~http_client();
  http_client(const http_client&) = delete;
  http_client& operator=(const http_client&) = delete;

  http_response get(const std::string& path, const std::map<std::string, std::string>& headers = {});
  http_response post(const std::string& path, const std::string& body = "{}",
                     const std::map<std::string, std::string>& headers = {});
  http_response put(const std::string& path, const std::string& body,
                    const std::map<std::string, std::string>& headers = {});
  http_response patch(const std::string& path, const std::string& body = "{}",
                      const std::map<std::string, std::string>& headers = {});
  http_response del(const std::string& path, const std::map<std::string, std::string>& headers = {});
  http_response request(const std::string& method, const std::string& path, const std::string& body,
                        std::map<std::string, std::string> headers);

  const std::string& base() const { return base_; }

 private:
  std::string base_;
  void* curl_;
};

// Sends raw bytes on a new TCP connection and returns everything read until the server closes
// or `timeout_ms` passes.
std::string raw_exchange(std::uint16_t port, const std::string& bytes, int timeout_ms = 3000);

// A JSON object of string fields, serialised: {"username": "...", ...}.
std::string json_body(std::initializer_list<std::pair<const char*, std::string>> fields);

// stem followed by a number no other call in this process got: names that never clash.
std::string unique(const std::string& stem);

// What a blogctl run printed (stdout and stderr together) and how it ended.
struct blogctl_result {
  int exit_code = -1;
  std::string output;
};

// Runs the built blogctl (beside BLOG_BLOGD) with `arguments` (shell words, quoted by the caller)
// on `database_url`, feeding `input` on standard input.
blogctl_result blogctl(const std::string& database_url, const std::string& arguments, const std::string& input = "");
// `text` as one single-quoted shell word.
std::string shell_quoted(const std::string& text);

// A real 1×1 PNG: uploads are decoded, so a signature alone is not enough.
std::string png_bytes();

// POST /api/upload of `bytes` in the multipart field 'image', named `filename`, declared as `declared_type`.
http_response upload_image(http_client& client, const std::string& bytes, const std::string& filename = "image.png",
                           const std::string& declared_type = "image/png");

}  // namespace blog::test
