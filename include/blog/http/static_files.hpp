// The built web app's files, read once into memory and served as pre-serialised responses.
#pragma once

#include "blog/wire/compression.hpp"
#include "blog/wire/message.hpp"

#include <filesystem>
#include <map>
#include <memory>
#include <string>

namespace blog::http {

class static_files {
 public:
  // Loads every file under `root` (missing root: serves nothing). Files under assets/ carry a
  // content hash in their name and are cached immutably; everything else is revalidated.
  // A file's build-time compressed copies (`x.br`, `x.gz` beside `x`) become its encoded
  // variants, served by Accept-Encoding with `Vary: Accept-Encoding`, never as files of their own.
  explicit static_files(const std::filesystem::path& root);

  // The file at a URL path ("/assets/app-1a2b.js") in the best encoding `accept_encoding`
  // allows, or nullptr.
  std::shared_ptr<const prebuilt_response> find(std::string_view url_path, std::string_view accept_encoding = {}) const;
  // A file's raw content (e.g. "/index.html"), or nullptr.
  const std::string* content(std::string_view url_path) const;
  bool empty() const { return files_.empty(); }

 private:
  struct entry {
    std::string content;
    std::shared_ptr<const prebuilt_response> identity;
    std::shared_ptr<const prebuilt_response> gzip;  // nullptr: no compressed copy
    std::shared_ptr<const prebuilt_response> br;
  };
  std::map<std::string, entry, std::less<>> files_;
};

std::string_view content_type_for(std::string_view path);

}  // namespace blog::http
