// Integration test support: databases, in-process servers, and a libcurl client.
#include "support/harness.hpp"

#include "blog/core/logging.hpp"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <pqxx/pqxx>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>

namespace blog::test {
namespace {

std::string cluster_url(const std::string& db) {
  const char* dir = std::getenv("BLOG_TEST_PG_DIR");
  if (!dir || !*dir) throw std::runtime_error("BLOG_TEST_PG_DIR is not set: run the tests through ctest");
  return "postgresql:///" + db + "?host=" + std::string(dir) + "/run&user=blog";
}

std::size_t collect_body(char* data, std::size_t size, std::size_t count, void* target) {
  static_cast<std::string*>(target)->append(data, size * count);
  return size * count;
}

std::size_t collect_header(char* data, std::size_t size, std::size_t count, void* target) {
  std::string line(data, size * count);
  auto colon = line.find(':');
  if (colon != std::string::npos) {
    std::string name = line.substr(0, colon);
    for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string value = line.substr(colon + 1);
    while (!value.empty() && (value.front() == ' ')) value.erase(0, 1);
    while (!value.empty() && (value.back() == '\r' || value.back() == '\n')) value.pop_back();
    static_cast<std::multimap<std::string, std::string>*>(target)->emplace(name, value);
  }
  return size * count;
}

}  // namespace

config node_config(const std::string& database_url, const std::filesystem::path& data_dir) {
  config cfg;
  cfg.http_address = "127.0.0.1";
  cfg.http_port = 0;
  cfg.database_url = database_url;
  cfg.data_dir = data_dir;
  cfg.io_threads = 1;
  cfg.worker_threads = 2;
  cfg.log_level = "warn";
  return cfg;
}

std::filesystem::path demo_posts_file() {
  const char* source = std::getenv("BLOG_SOURCE_DIR");
  return std::filesystem::path(source ? source : ".") / "seed" / "demo-posts.json";
}

boost::json::array demo_posts() {
  std::ifstream in(demo_posts_file());
  std::stringstream text;
  text << in.rdbuf();
  return boost::json::parse(text.str()).as_array();
}

std::string create_database(const std::string& prefix) {
  static std::atomic<int> counter{0};
  std::string name = prefix + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
  for (auto& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  pqxx::connection admin(cluster_url("postgres"));
  pqxx::nontransaction tx(admin);
  tx.exec("DROP DATABASE IF EXISTS " + tx.quote_name(name));
  tx.exec("CREATE DATABASE " + tx.quote_name(name));
  return cluster_url(name);
}

temp_dir::temp_dir() {
  std::random_device rd;
  path = std::filesystem::temp_directory_path() / ("blog-test-" + std::to_string(rd()));
  std::filesystem::create_directories(path);
}

temp_dir::~temp_dir() {
  std::error_code ec;
  std::filesystem::remove_all(path, ec);
}

namespace {

// Runs shell commands with tools/lib.sh's functions loaded.
void with_lib(const std::string& commands) {
  const char* source = std::getenv("BLOG_SOURCE_DIR");
  if (!source) throw std::runtime_error("BLOG_SOURCE_DIR is not set: run the tests through ctest");
  auto line = "bash -c '. \"" + std::string(source) + "/tools/lib.sh\" && " + commands + "' >/dev/null";
  if (std::system(line.c_str()) != 0) throw std::runtime_error("failed: " + line);
}

}  // namespace

private_cluster::private_cluster() : dir_((parent_.path / "pg").string()) {
  with_lib("pg_init " + dir_ + " fast && chmod 711 " + dir_ + " && pg_start " + dir_ + " && pg_create_db " + dir_ +
           " blog");
}

private_cluster::~private_cluster() {
  try {
    with_lib("pg_stop " + dir_);
  } catch (const std::exception&) {
  }
}

std::string private_cluster::url() const {
  return "postgresql:///blog?host=" + dir_ + "/run&user=blog";
}

void private_cluster::stop() {
  with_lib("pg_stop " + dir_);
}

void private_cluster::start() {
  with_lib("pg_start " + dir_);
}

test_server::test_server(const std::string& name, const std::function<void(config&)>& tweak) {
  database_url_ = create_database(name);
  config cfg;
  cfg.http_address = "127.0.0.1";
  cfg.http_port = 0;
  cfg.database_url = database_url_;
  cfg.data_dir = data_.path;
  const char* source = std::getenv("BLOG_SOURCE_DIR");
  cfg.web_dir = std::filesystem::path(source ? source : ".") / "web" / "dist";
  cfg.io_threads = 2;
  cfg.worker_threads = 4;
  cfg.log_level = "warn";
  if (tweak) tweak(cfg);
  database_url_ = cfg.database_url;  // tweak may point the server at another cluster
  setup_logging(cfg.log_level);
  app_ = std::make_unique<app::app>(cfg);
  port_ = app_->listen();
  if (cfg.public_url.empty()) app_->ctx().cfg.public_url = "http://127.0.0.1:" + std::to_string(port_);
  thread_ = std::thread([this] { app_->run(); });
}

test_server::~test_server() {
  app_->stop();
  if (thread_.joinable()) thread_.join();
}

std::string test_server::url(const std::string& path) const {
  return "http://127.0.0.1:" + std::to_string(port_) + path;
}

void test_server::sql(const std::string& statement) {
  pqxx::connection c(database_url_);
  pqxx::work tx(c);
  tx.exec(statement);
  tx.commit();
}

boost::json::value http_response::json() const {
  return boost::json::parse(body);
}

std::string http_response::header(const std::string& lower_name) const {
  auto it = headers.find(lower_name);
  return it == headers.end() ? std::string() : it->second;
}

http_client::http_client(std::string base_url) : base_(std::move(base_url)), curl_(curl_easy_init()) {
  curl_easy_setopt(static_cast<CURL*>(curl_), CURLOPT_COOKIEFILE, "");
}

http_client::~http_client() {
  curl_easy_cleanup(static_cast<CURL*>(curl_));
}

http_response http_client::get(const std::string& path, const std::map<std::string, std::string>& headers) {
  return request("GET", path, "", headers);
}
http_response http_client::post(const std::string& path, const std::string& body,
                                const std::map<std::string, std::string>& headers) {
  return request("POST", path, body, headers);
}
http_response http_client::put(const std::string& path, const std::string& body,
                               const std::map<std::string, std::string>& headers) {
  return request("PUT", path, body, headers);
}
http_response http_client::patch(const std::string& path, const std::string& body,
                                 const std::map<std::string, std::string>& headers) {
  return request("PATCH", path, body, headers);
}
http_response http_client::del(const std::string& path, const std::map<std::string, std::string>& headers) {
  return request("DELETE", path, "", headers);
}

http_response http_client::request(const std::string& method, const std::string& path, const std::string& body,
                                   std::map<std::string, std::string> headers) {
  auto* curl = static_cast<CURL*>(curl_);
  http_response out;
  std::string url = base_ + path;
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method.c_str());
  curl_easy_setopt(curl, CURLOPT_NOBODY, method == "HEAD" ? 1L : 0L);
  curl_easy_setopt(curl, CURLOPT_HTTPGET, method == "GET" ? 1L : 0L);
  if (method != "GET" && method != "HEAD") {
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.data());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
    if (!headers.count("Content-Type")) headers["Content-Type"] = "application/json";
    if (!headers.count("Origin")) headers["Origin"] = base_;
  }
  headers.emplace("Expect", "");
  curl_slist* list = nullptr;
  for (const auto& [name, value] : headers) {
    std::string line = value.empty() ? name + ";" : name + ": " + value;
    if (name == "Origin" && value == "-") continue;  // "-" sends no Origin at all
    list = curl_slist_append(list, line.c_str());
  }
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect_body);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &out.body);
  curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, collect_header);
  curl_easy_setopt(curl, CURLOPT_HEADERDATA, &out.headers);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT, 60L);
  CURLcode rc = curl_easy_perform(curl);
  curl_slist_free_all(list);
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, nullptr);
  if (rc != CURLE_OK) throw std::runtime_error(std::string("HTTP request failed: ") + curl_easy_strerror(rc));
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &out.status);
  return out;
}

std::string raw_exchange(std::uint16_t port, const std::string& bytes, int timeout_ms) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    throw std::runtime_error("connect failed");
  }
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    auto n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;
    sent += static_cast<std::size_t>(n);
  }
  std::string reply;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  char buffer[65536];
  while (std::chrono::steady_clock::now() < deadline) {
    pollfd p{fd, POLLIN, 0};
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (::poll(&p, 1, static_cast<int>(std::max<long>(1, left.count()))) <= 0) break;
    auto n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) break;
    reply.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return reply;
}

std::string json_body(std::initializer_list<std::pair<const char*, std::string>> fields) {
  boost::json::object o;
  for (const auto& [name, value] : fields) o[name] = value;
  return boost::json::serialize(o);
}

std::string unique(const std::string& stem) {
  static std::atomic<int> counter{0};
  return stem + std::to_string(counter++);
}

std::string shell_quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

blogctl_result blogctl(const std::string& database_url, const std::string& arguments, const std::string& input) {
  const char* blogd = std::getenv("BLOG_BLOGD");
  if (!blogd) throw std::runtime_error("BLOG_BLOGD is not set: run the tests through ctest");
  const auto program = std::filesystem::path(blogd).parent_path() / "blogctl";
  temp_dir dir;
  std::ofstream(dir.path / "in") << input;
  const std::string command = "BLOG_DATABASE_URL=" + shell_quoted(database_url) + " " + shell_quoted(program) + " " +
                              arguments + " < " + shell_quoted(dir.path / "in") + " > " +
                              shell_quoted(dir.path / "out") + " 2>&1";
  const int status = std::system(command.c_str());
  std::ifstream out(dir.path / "out");
  std::stringstream text;
  text << out.rdbuf();
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text.str()};
}

std::string png_bytes() {
  return std::string(
      "\x89PNG\r\n\x1A\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1F\x15\xC4\x89"
      "\0\0\0\nIDATx\x9C\x63\0\x01\0\0\x05\0\x01\x0D\x0A\x2D\xB4\0\0\0\0IEND\xAE\x42\x60\x82",
      67);
}

http_response upload_image(http_client& client, const std::string& bytes, const std::string& filename,
                           const std::string& declared_type) {
  const std::string boundary = "----blogtestboundary";
  std::string body = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"image\"; filename=\"" + filename +
                     "\"\r\nContent-Type: " + declared_type + "\r\n\r\n" + bytes + "\r\n--" + boundary + "--\r\n";
  return client.post("/api/upload", body, {{"Content-Type", "multipart/form-data; boundary=" + boundary}});
}

}  // namespace blog::test
