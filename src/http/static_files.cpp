// Loads the built web app into memory with content types and cache rules.
#include "blog/http/static_files.hpp"
#include "blog/core/text.hpp"

#include <fstream>
#include <sstream>

namespace blog::http {

std::string_view content_type_for(std::string_view path) {
  auto dot = path.rfind('.');
  auto ext = dot == std::string_view::npos ? std::string_view{} : path.substr(dot + 1);
  if (ext == "html") return "text/html; charset=utf-8";
  if (ext == "js" || ext == "mjs") return "text/javascript; charset=utf-8";
  if (ext == "css") return "text/css; charset=utf-8";
  if (ext == "json" || ext == "map") return "application/json; charset=utf-8";
  if (ext == "svg") return "image/svg+xml";
  if (ext == "png") return "image/png";
  if (ext == "jpg" || ext == "jpeg") return "image/jpeg";
  if (ext == "gif") return "image/gif";
  if (ext == "webp") return "image/webp";
  if (ext == "ico") return "image/x-icon";
  if (ext == "woff2") return "font/woff2";
  if (ext == "woff") return "font/woff";
  if (ext == "txt") return "text/plain; charset=utf-8";
  if (ext == "xml") return "application/xml; charset=utf-8";
  return "application/octet-stream";
}

namespace {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream data;
  data << in.rdbuf();
  return data.str();
}

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

}  // namespace

static_files::static_files(const std::filesystem::path& root) {
  std::error_code ec;
  if (!std::filesystem::is_directory(root, ec)) return;
  std::map<std::string, std::filesystem::path> plain, gz, br;
  for (auto it = std::filesystem::recursive_directory_iterator(root, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    // Hidden files (the build's stamp, Vite's manifest under .vite/) are not part of the site.
    if (it->path().filename().string().starts_with('.')) {
      if (it->is_directory()) it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file()) continue;
    std::string url = "/" + std::filesystem::relative(it->path(), root).generic_string();
    if (ends_with(url, ".gz"))
      gz.emplace(url.substr(0, url.size() - 3), it->path());
    else if (ends_with(url, ".br"))
      br.emplace(url.substr(0, url.size() - 3), it->path());
    else
      plain.emplace(std::move(url), it->path());
  }
  // A compressed copy without its original is served as the file it is.
  for (auto* copies : {&gz, &br})
    for (const auto& [url, path] : *copies)
      if (!plain.contains(url)) plain.emplace(url + (copies == &gz ? ".gz" : ".br"), path);

  for (auto& [url, path] : plain) {
    bool hashed = url.rfind("/assets/", 0) == 0;
    auto cache = hashed ? "public, max-age=31536000, immutable" : "no-cache";
    auto type = content_type_for(url);
    auto gz_it = gz.find(url);
    auto br_it = br.find(url);
    bool varies = gz_it != gz.end() || br_it != br.end();
    // nosniff and the other security headers are added by the server to every answer.
    header_list common;
    if (varies) common.emplace_back("Vary", "Accept-Encoding");
    // Each encoding has its own ETag: prebuild hashes the bytes it sends.
    auto variant = [&](const std::filesystem::path& file, std::string_view coding) {
      auto headers = common;
      headers.emplace_back("Content-Encoding", std::string(coding));
      return prebuild(200, type, read_file(file), cache, headers);
    };
    entry e;
    e.content = read_file(path);
    e.identity = prebuild(200, type, e.content, cache, common);
    if (gz_it != gz.end()) e.gzip = variant(gz_it->second, "gzip");
    if (br_it != br.end()) e.br = variant(br_it->second, "br");
    files_.emplace(url, std::move(e));
  }
}

std::shared_ptr<const prebuilt_response> static_files::find(std::string_view url_path,
                                                            std::string_view accept_encoding) const {
  auto it = files_.find(url_path);
  if (it == files_.end()) return nullptr;
  const auto& e = it->second;
  switch (negotiate_encoding(accept_encoding, e.br != nullptr, e.gzip != nullptr)) {
    case encoding::br:
      return e.br;
    case encoding::gzip:
      return e.gzip;
    case encoding::identity:
      break;
  }
  return e.identity;
}

const std::string* static_files::content(std::string_view url_path) const {
  auto it = files_.find(url_path);
  return it == files_.end() ? nullptr : &it->second.content;
}

}  // namespace blog::http
