// The site archive through libarchive: a gzip'd POSIX tar (pax) that any tar can open.
#include "blog/import/site_archive.hpp"

#include "blog/domain/render/post_content.hpp"
#include "blog/domain/site_settings.hpp"

#include "blog/core/error.hpp"
#include "blog/store/site_archive_store.hpp"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>

namespace blog::import {
namespace {

constexpr std::string_view content_name = "content.json";
// Limits on what an entry may grow to when read (a small archive may unpack to a huge file).
constexpr std::uint64_t content_limit = std::uint64_t{2} << 30;  // 2 GiB of posts
constexpr std::uint64_t file_limit = std::uint64_t{256} << 20;   // an image

using archive_ptr = std::unique_ptr<archive, int (*)(archive*)>;

// An archive's image files, written to a private folder of their own as they are read and read
// back one at a time when stored: a site's images need not fit in memory together. The folder
// goes when the import ends, however it ends. Files are named by number, never by the entry's
// name, which the archive chose.
class spilled_files {
 public:
  spilled_files() {
    auto pattern = (std::filesystem::temp_directory_path() / "blog-site-import-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("cannot make a temporary folder for the archive's files");
    dir_ = pattern;
  }
  spilled_files(const spilled_files&) = delete;
  spilled_files& operator=(const spilled_files&) = delete;
  ~spilled_files() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }

  // A new file for the entry `name` (a later entry of the same name replaces it).
  std::ofstream create(const std::string& name) {
    auto path = dir_ / std::to_string(files_.size());
    files_[name] = path;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write " + path.string());
    return out;
  }

  // A reader of the entry `name` a piece at a time (nothing when it was not read).
  std::optional<store::content_source> open(const std::string& name) const {
    auto found = files_.find(name);
    if (found == files_.end()) return std::nullopt;
    auto in = std::make_shared<std::ifstream>(found->second, std::ios::binary);
    if (!*in) throw std::runtime_error("cannot read " + found->second.string());
    return [in, path = found->second](char* buffer, std::size_t size) -> std::size_t {
      in->read(buffer, static_cast<std::streamsize>(size));
      if (in->bad()) throw std::runtime_error("cannot read " + path.string());
      return static_cast<std::size_t>(in->gcount());
    };
  }

  std::optional<std::string> read(const std::string& name) const {
    auto found = files_.find(name);
    if (found == files_.end()) return std::nullopt;
    std::ifstream in(found->second, std::ios::binary);
    std::string bytes;
    bytes.resize(std::filesystem::file_size(found->second));
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!in) throw std::runtime_error("cannot read " + found->second.string());
    return bytes;
  }

 private:
  std::filesystem::path dir_;
  std::map<std::string, std::filesystem::path> files_;
};

void check(archive* a, int status, const std::string& what) {
  if (status < ARCHIVE_WARN)
    throw std::runtime_error(what + ": " + (archive_error_string(a) ? archive_error_string(a) : "?"));
}

}  // namespace

export_summary write_site_archive(store::database& db, const std::filesystem::path& file) {
  auto partial = file;
  partial += ".partial";
  export_summary summary;
  {
    archive_ptr a(archive_write_new(), archive_write_free);
    check(a.get(), archive_write_add_filter_gzip(a.get()), "gzip");
    check(a.get(), archive_write_set_format_pax_restricted(a.get()), "tar");
    check(a.get(), archive_write_open_filename(a.get(), partial.c_str()), "cannot write " + partial.string());
    auto now = std::time(nullptr);
    auto header = [&](const std::string& name, std::uintmax_t size) {
      std::unique_ptr<archive_entry, void (*)(archive_entry*)> entry(archive_entry_new(), archive_entry_free);
      archive_entry_set_pathname(entry.get(), name.c_str());
      archive_entry_set_size(entry.get(), static_cast<la_int64_t>(size));
      archive_entry_set_filetype(entry.get(), AE_IFREG);
      archive_entry_set_perm(entry.get(), 0644);
      archive_entry_set_mtime(entry.get(), now, 0);
      check(a.get(), archive_write_header(a.get(), entry.get()), "cannot write " + name);
      ++summary.files;
      summary.bytes += size;
    };
    auto data = [&](const std::string& name, const char* bytes, std::size_t size) {
      if (size > 0 && archive_write_data(a.get(), bytes, size) < 0)
        check(a.get(), ARCHIVE_FATAL, "cannot write " + name);
    };
    // content.json goes to a file of its own first, a few hundred rows at a time (a tar entry
    // names its size before its bytes), then into the archive from there: the site's text is
    // never whole in memory.
    {
      auto text = partial;
      text += ".content";
      struct remove_at_end {
        std::filesystem::path path;
        ~remove_at_end() {
          std::error_code ec;
          std::filesystem::remove(path, ec);
        }
      } cleanup{text};
      {
        std::ofstream out(text, std::ios::binary | std::ios::trunc);
        if (!out) throw std::runtime_error("cannot write " + text.string());
        store::write_site_content(db, [&](std::string_view piece) {
          if (!out.write(piece.data(), static_cast<std::streamsize>(piece.size())))
            throw std::runtime_error("cannot write " + text.string());
        });
        out.close();
        if (!out) throw std::runtime_error("cannot write " + text.string());
      }
      const std::string name(content_name);
      header(name, std::filesystem::file_size(text));
      std::ifstream in(text, std::ios::binary);
      char buffer[1 << 16];
      while (in.read(buffer, sizeof buffer) || in.gcount() > 0)
        data(name, buffer, static_cast<std::size_t>(in.gcount()));
    }
    store::for_each_upload_file(db, [&](const std::string& name, const std::string& bytes) {
      header(name, bytes.size());
      data(name, bytes.data(), bytes.size());
    });
    check(a.get(), archive_write_close(a.get()), "cannot finish " + partial.string());
  }
  std::filesystem::rename(partial, file);
  return summary;
}

namespace {

// "uploads/{sha256}" or "uploads/variants/{sha256}-{width}.{extension}": the names content.json
// gives an export's files.
bool is_upload_name(std::string_view name) {
  const auto hex = [](std::string_view text) {
    return text.size() == 64 &&
           std::ranges::all_of(text, [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
  };
  if (!name.starts_with("uploads/")) return false;
  name.remove_prefix(8);
  if (!name.starts_with("variants/")) return hex(name);
  name.remove_prefix(9);
  if (name.size() < 66 || !hex(name.substr(0, 64)) || name[64] != '-') return false;
  name.remove_prefix(65);
  const auto dot = name.find('.');
  return dot != std::string_view::npos && dot > 0 &&
         std::ranges::all_of(name.substr(0, dot), [](char c) { return c >= '0' && c <= '9'; }) &&
         dot + 1 < name.size() && std::ranges::all_of(name.substr(dot + 1), [](char c) {
           return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
         });
}

}  // namespace

namespace {

// The export's site settings under the rules an admin's change meets (colours that are colours,
// an image that is an address, lengths): they go into every page, a colour into its CSS.
void check_settings(const boost::json::object& row) {
  domain::settings_patch patch;
  const std::pair<const char*, std::optional<std::string> domain::settings_patch::*> texts[] = {
      {"site_title", &domain::settings_patch::site_title},
      {"site_description", &domain::settings_patch::site_description},
      {"hero_background_color", &domain::settings_patch::hero_background_color},
      {"title_color", &domain::settings_patch::title_color},
      {"subtitle_color", &domain::settings_patch::subtitle_color},
      {"hero_image", &domain::settings_patch::hero_image},
      {"hero_image_width", &domain::settings_patch::hero_image_width},
      {"hero_image_height", &domain::settings_patch::hero_image_height},
      {"hero_badge_en", &domain::settings_patch::hero_badge_en},
      {"hero_badge_cs", &domain::settings_patch::hero_badge_cs},
      {"hero_title_en", &domain::settings_patch::hero_title_en},
      {"hero_title_cs", &domain::settings_patch::hero_title_cs},
      {"hero_description_en", &domain::settings_patch::hero_description_en},
      {"hero_description_cs", &domain::settings_patch::hero_description_cs},
  };
  for (const auto& [column, field] : texts)
    if (const auto* value = row.if_contains(column); value && !value->is_null()) {
      if (!value->is_string())
        throw invalid("The export's site settings have a " + std::string(column) + " that is not text");
      patch.*field = std::string(value->as_string());
    }
  try {
    domain::apply_settings_patch(domain::site_settings{}, patch);
  } catch (const blog::error& e) {
    std::string why;
    for (const auto& [field, message] : e.fields()) why += (why.empty() ? "" : "; ") + field + ": " + message;
    throw invalid("The export's site settings are not valid here (" + why + "): nothing was imported");
  }
}

}  // namespace

bool looks_like_gzip(std::string_view head) {
  return head.size() >= 2 && static_cast<unsigned char>(head[0]) == 0x1f && static_cast<unsigned char>(head[1]) == 0x8b;
}

import_report import_site_archive(store::database& db, const std::filesystem::path& file,
                                  const import_options& options) {
  archive_ptr a(archive_read_new(), archive_read_free);
  archive_read_support_filter_gzip(a.get());
  archive_read_support_format_tar(a.get());
  if (archive_read_open_filename(a.get(), file.c_str(), 1 << 16) != ARCHIVE_OK)
    throw invalid("Not a PayTech Blog export: " + file.string() + " is not a readable .tar.gz (" +
                  archive_error_string(a.get()) + ")");
  // content.json is kept on disk beside the images, and read from there a row at a time once the
  // images it names are at hand: the site's text is never whole in memory.
  spilled_files files;
  bool has_content = false;
  // Images hardly compress and text some ten times: what unpacks past twenty times the archive
  // (and a floor for small sites) is no export of ours.
  std::uint64_t unpacked = 0;
  const std::uint64_t unpack_bound = (std::uint64_t{256} << 20) + 20 * std::filesystem::file_size(file);
  archive_entry* entry = nullptr;
  for (;;) {
    int status = archive_read_next_header(a.get(), &entry);
    if (status == ARCHIVE_EOF) break;
    if (status < ARCHIVE_WARN)
      throw invalid("Not a PayTech Blog export: " + file.string() + " is not a readable .tar.gz (" +
                    archive_error_string(a.get()) + ")");
    std::string name = archive_entry_pathname(entry) ? archive_entry_pathname(entry) : "";
    // An archive unpacked and packed again (`tar -czf site.tar.gz -C folder .`) names "./content.json".
    while (name.starts_with("./")) name.erase(0, 2);
    // Nothing but the names an export gives its files is unpacked (a dry run too: each image is
    // checked as the import checks it).
    bool wanted = archive_entry_filetype(entry) == AE_IFREG && (name == content_name || is_upload_name(name));
    if (!wanted) {
      archive_read_data_skip(a.get());
      continue;
    }
    const bool is_content = name == content_name;
    auto limit = is_content ? content_limit : file_limit;
    auto spilled = files.create(name);
    std::uint64_t size = 0;
    char buffer[1 << 16];
    for (;;) {
      auto n = archive_read_data(a.get(), buffer, sizeof buffer);
      if (n < 0)
        throw invalid("Not a PayTech Blog export: " + name + " in " + file.string() + " cannot be read (" +
                      archive_error_string(a.get()) + ")");
      if (n == 0) break;
      size += static_cast<std::uint64_t>(n);
      unpacked += static_cast<std::uint64_t>(n);
      if (unpacked > unpack_bound)
        throw invalid("The export unpacks to more than " + std::to_string(unpack_bound >> 20) +
                      " MB, far more than a .tar.gz of its size holds: not a PayTech Blog export (a gzip bomb?)");
      if (size > limit)
        throw invalid("The export's " + name + " is larger than " + std::to_string(limit >> 20) + " MB");
      if (!spilled.write(buffer, n))
        throw std::runtime_error("cannot keep the export's " + name + " in a temporary file");
    }
    spilled.close();
    if (!spilled) throw std::runtime_error("cannot keep the export's " + name + " in a temporary file");
    has_content = has_content || is_content;
  }
  if (!has_content) throw invalid("Not a PayTech Blog export: " + file.string() + " holds no content.json");
  auto content = files.open(std::string(content_name));

  import_report report;
  report.format = "PayTech Blog export (version 1)";
  // A post's HTML is made here again from its text, by the sanitiser, whatever the file says: an
  // export is a file anyone may have written, and content_html is served as it stands.
  auto counts = store::restore_site(
      db, *content, [&files](const std::string& name) { return files.read(name); },
      [](std::string_view list, boost::json::object& row) {
        if (list == "siteSettings") return check_settings(row);
        if (list != "posts") return;
        if (auto* text = row.if_contains("content"); text && text->is_string())
          row["content_html"] = render::render_post_html(text->as_string());
      },
      // A dry run is the import itself, every check and count, in a transaction rolled back.
      options.dry_run ? store::restore_mode::dry_run : store::restore_mode::write);
  report.created = counts.posts;
  report.pairs_linked = counts.translation_pairs;
  report.categories_created = counts.categories;
  report.authors_created = counts.users_created;
  report.images_stored = counts.uploads;
  report.redirects_added = counts.redirects;
  if (counts.users_matched > 0)
    report.problems.push_back(std::to_string(counts.users_matched) +
                              " account(s) of the export already existed here (same e-mail or username) and "
                              "keep their own password");
  if (counts.links_dropped > 0)
    report.problems.push_back(std::to_string(counts.links_dropped) +
                              " translation link(s) of the export not kept: a translation links two posts of "
                              "different languages, each naming the other");
  for (const auto& admin : counts.admins_created)
    report.problems.push_back("Administrator " + admin +
                              " created from the export: whoever holds that address can set its password with "
                              "\"Forgot password\"; delete the account if it is not someone you expect");
  if (counts.users_created > 0)
    report.problems.push_back(std::to_string(counts.users_created) +
                              " account(s) were created without a password: each sets one with \"Forgot password\"");
  return report;
}

}  // namespace blog::import
