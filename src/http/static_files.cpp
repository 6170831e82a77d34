// Loads the built web app into memory with content types and cache rules.
#include "blog/http/static_files.hpp"

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

static_files::static_files(const std::filesystem::path& root) {
  std::error_code ec;
  if (!std::filesystem::is_directory(root, ec)) return;
  for (auto it = std::filesystem::recursive_directory_iterator(root, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file()) continue;
    std::ifstream in(it->path(), std::ios::binary);
    std::ostringstream data;
    data << in.rdbuf();
    std::string url = "/" + std::filesystem::relative(it->path(), root).generic_string();
    bool hashed = url.rfind("/assets/", 0) == 0;
    entry e;
    e.content = data.str();
    e.ready = prebuild(200, content_type_for(url), e.content,
                       hashed ? "public, max-age=31536000, immutable" : "no-cache");
    files_.emplace(std::move(url), std::move(e));
  }
}

std::shared_ptr<const prebuilt_response> static_files::find(std::string_view url_path) const {
  auto it = files_.find(url_path);
  return it == files_.end() ? nullptr : it->second.ready;
}

const std::string* static_files::content(std::string_view url_path) const {
  auto it = files_.find(url_path);
  return it == files_.end() ? nullptr : &it->second.content;
}

}  // namespace blog::http
