// The site archive through libarchive: a gzip'd POSIX tar (pax) that any tar can open.
#include "blog/import/site_archive.hpp"

#include "blog/domain/auth/rules.hpp"
#include "blog/domain/auth/user.hpp"
#include "blog/domain/categories.hpp"
#include "blog/domain/posts/rules.hpp"
#include "blog/domain/render/post_content.hpp"
#include "blog/domain/render/slug.hpp"
#include "blog/domain/site_settings.hpp"
#include "blog/domain/text.hpp"

#include "blog/core/error.hpp"
#include "blog/core/text.hpp"
#include "blog/store/categories_store.hpp"
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
#include <set>
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
    if (const auto* value = row.if_contains(column)) {
      if (!value->is_string())
        throw invalid("The export's site settings have a " + std::string(column) + " that is not text");
      patch.*field = std::string(value->as_string());
    }
  // PostgreSQL would read "yes", "on" or 1 as true: a switch of ours is written true or false.
  for (const char* column : {"image_on_right", "ai_for_authors", "require_two_factor_for_admins",
                             "require_two_factor_for_authors", "analytics_enabled"})
    if (const auto* value = row.if_contains(column); value && !value->is_bool())
      throw invalid("The export's site settings have a " + std::string(column) + " that is not true or false");
  try {
    domain::apply_settings_patch(domain::site_settings{}, patch);
  } catch (const blog::error& e) {
    std::string why;
    for (const auto& [field, message] : e.fields()) why += (why.empty() ? "" : "; ") + field + ": " + message;
    throw invalid("The export's site settings are not valid here (" + why + "): nothing was imported");
  }
}

// The reasons of a rule's refusal, its fields' messages ("Title is required; Content is required").
std::string reasons_of(const blog::error& e) {
  if (e.fields().empty()) return e.what();
  std::set<std::string> seen;
  std::string out;
  for (const auto& [field, message] : e.fields())
    if (seen.insert(message).second) out += (out.empty() ? "" : "; ") + message;
  return out;
}

// The rows of an export under the rules the blog's own writes meet (a post as the editor saves
// it, a category as an admin adds it, an account as the blog holds one), and what a row names
// (a post's category, a revision's post) in the export: an archive is anyone's file, and a row
// that breaks one refuses the whole before PostgreSQL's constraints would, in words of the rules.
// The lists come in the order the store requires: users, categories, posts, revisions, glossary,
// redirects, uploads.
class archive_rules {
 public:
  // `custom_categories`: the blog's own (it may have some before its first post).
  archive_rules(std::vector<std::string> custom_categories)
      : categories_(domain::merged_category_names(custom_categories)),
        blog_categories_(custom_categories.begin(), custom_categories.end()) {}

  void check(std::string_view list, boost::json::object& row) {
    for (const auto& [field, value] : row) {
      if (!value.is_string()) continue;
      const std::string_view text = value.as_string();
      // PostgreSQL stores no NUL in text (and a message showing the value would end at it).
      if (text.find('\0') != std::string_view::npos)
        throw invalid("The export's content.json has a NUL character in a row of " + std::string(list));
      // Every date of ours is ISO 8601 (PostgreSQL would also take "yesterday" or "epoch").
      if (field.ends_with("_at") && !posts::parse_iso_time(text))
        throw invalid("The export's " + std::string(list) + " has a row whose " + std::string(field) + " \"" +
                      std::string(text) + "\" is not a date and time (ISO 8601)");
    }
    if (list == "users") return check_account(row);
    if (list == "categories") return check_category(row);
    if (list == "posts") return check_post(row);
    if (list == "revisions") return check_revision(row);
    if (list == "glossary") return check_term(row);
    if (list == "redirects") return check_redirect(row);
  }

  // Posts whose author the export's accounts do not have: they are stored without one.
  int posts_without_author() const { return posts_without_author_; }

 private:
  static std::string text(const boost::json::object& row, std::string_view field) {
    const auto* value = row.if_contains(field);
    return value && value->is_string() ? std::string(value->as_string()) : std::string();
  }

  static std::optional<std::int64_t> number(const boost::json::object& row, std::string_view field) {
    const auto* value = row.if_contains(field);
    if (value && value->is_int64()) return value->as_int64();
    return std::nullopt;
  }

  void check_account(const boost::json::object& row) {
    const auto username = text(row, "username");
    const auto refuse = [&](const std::string& reason) {
      throw invalid("The export's account " + username + " is not valid here (" + reason + ")");
    };
    if (!auth::is_valid_username(username))
      refuse("a username has 3 to 50 letters, digits, dots, underscores or hyphens");
    if (!auth::is_valid_email(text(row, "email"))) refuse("its e-mail address is not one");
    if (const auto role = text(row, "role"); role != "user" && role != "admin")
      refuse("role " + role + ": an account is a user or an admin");
    if (const auto status = text(row, "approval_status"); !auth::is_approval_status(status))
      refuse("approval " + status + ": pending, approved or rejected");
    // Two accounts of one id would give the second the first one's posts; of one e-mail or
    // username, the second would become the first.
    if (auto id = number(row, "id"); id && !accounts_.insert(*id).second)
      throw invalid("The export has two accounts with the id " + std::to_string(*id));
    if (!account_names_.insert(core::to_lower_ascii(text(row, "email"))).second ||
        !account_names_.insert(core::to_lower_ascii(username)).second)
      throw invalid("The export has two accounts with the e-mail or username of " + username);
  }

  void check_category(const boost::json::object& row) {
    const auto name = text(row, "name");
    std::string valid;
    try {
      valid = domain::validated_category_name(name);
    } catch (const blog::error& e) {
      throw invalid("The export's category \"" + name + "\" is not valid here (" + reasons_of(e) + ")");
    }
    // A blog never has two categories one reader could not tell apart: the export's own list
    // (or a built-in one) twice is a hand-made file. The blog's own custom ones may match.
    if (auto listed = domain::listed_category(categories_, valid)) {
      if (!blog_categories_.contains(*listed))
        throw invalid("The export's category \"" + name + "\" is the category \"" + *listed + "\" already");
      return;
    }
    categories_.push_back(valid);
  }

  void check_post(boost::json::object& row) {
    const auto id = number(row, "id");
    const auto slug = text(row, "slug");
    const std::string post = slug + " (id " + (id ? std::to_string(*id) : std::string("none")) + ")";
    if (!id) throw invalid("The export's post " + post + " has no id (a number)");
    if (!posts_.insert(*id).second) throw invalid("The export has two posts with the id " + std::to_string(*id));
    if (auto [taken, fresh] = slugs_.emplace(slug, *id); !fresh)
      throw invalid("The export has two posts with the slug " + slug + " (ids " + std::to_string(taken->second) +
                    " and " + std::to_string(*id) + ")");
    posts::post_fields fields;
    for (auto [field, name, label] : {std::tuple{&posts::post_fields::title, "title", "title"},
                                      {&posts::post_fields::slug, "slug", "slug"},
                                      {&posts::post_fields::content, "content", "content"},
                                      {&posts::post_fields::excerpt, "excerpt", "excerpt"},
                                      {&posts::post_fields::category, "category", "category"},
                                      {&posts::post_fields::cover_image, "cover_image", "coverImage"},
                                      {&posts::post_fields::language, "language", "language"},
                                      {&posts::post_fields::published_at, "published_at", "publishedAt"}}) {
      const auto* value = row.if_contains(name);
      if (value && value->is_string())
        fields.*field = std::string(value->as_string());
      else
        fields.problems[label] = std::string(name) + " must be text";
    }
    if (const auto* value = row.if_contains("published"); value && value->is_bool())
      fields.published = value->as_bool();
    else
      fields.problems["published"] = "published must be true or false";
    try {
      // The rules of a new post, and two a new post meets by construction: a title of its own
      // (a new one without is "Untitled Post") and a slug in its own spelling.
      if (domain::trim(fields.title.value_or("")).empty()) fields.problems["title"] = "Title is required";
      if (render::slugify(slug) != slug)
        fields.problems["slug"] = "Slug may contain only lowercase letters, digits and hyphens";
      const auto checked = posts::post_from_create(fields, posts::now_ms(), categories_);
      row["category"] = checked.category;  // in the spelling of the blog's list
      row["content_html"] = checked.content_html;
    } catch (const blog::error& e) {
      throw invalid("The export's post " + post + " is not valid here (" + reasons_of(e) + ")");
    }
    const auto* hidden = row.if_contains("hidden_by_admin");
    if (hidden && hidden->is_bool() && hidden->as_bool() && row.at("published").as_bool())
      throw invalid("The export's post " + post + " is not valid here (hidden by an administrator, yet published)");
    if (const auto newsletter = text(row, "newsletter"); row.contains("newsletter") && newsletter != "none" &&
                                                         newsletter != "pending" && newsletter != "off" &&
                                                         newsletter != "skipped" && newsletter != "sent")
      throw invalid("The export's post " + post + " is not valid here (newsletter " + newsletter +
                    ": none, pending, off, skipped or sent)");
    if (const auto* author = row.if_contains("author_id"); author && !author->is_null() && !author->is_int64())
      throw invalid("The export's post " + post + " is not valid here (author_id must be a number)");
    if (auto author = number(row, "author_id"); author && !accounts_.contains(*author)) ++posts_without_author_;
  }

  void check_revision(const boost::json::object& row) {
    const auto post = number(row, "post_id");
    if (!post || !posts_.contains(*post))
      throw invalid("The export's revision " + std::to_string(number(row, "id").value_or(0)) + " belongs to post " +
                    (post ? std::to_string(*post) : std::string("none")) + ", which the export does not have");
  }

  void check_term(const boost::json::object& row) {
    const auto en = text(row, "en"), cs = text(row, "cs");
    const auto fits = [](const std::string& side) {
      const auto length = core::utf8::length(side);
      return length >= 1 && length <= 200;
    };
    if (!fits(en) || !fits(cs))
      throw invalid("The export's glossary term " + en + " = " + cs +
                    " is not valid here (each side has 1 to 200 characters)");
  }

  void check_redirect(const boost::json::object& row) {
    const auto path = text(row, "path");
    if (!path.starts_with('/'))
      throw invalid("The export's redirect from " + path + " is not valid here (an old address is a path: /…)");
    if (!redirects_.insert(path).second) throw invalid("The export has two redirects from " + path);
    const auto post = number(row, "post_id");
    if (!post || !posts_.contains(*post))
      throw invalid("The export's redirect from " + path + " leads to post " +
                    (post ? std::to_string(*post) : std::string("none")) + ", which the export does not have");
  }

  std::vector<std::string> categories_;    // built-in, the blog's, the export's (merged)
  std::set<std::string> blog_categories_;  // the blog's own custom ones, as they are spelled
  std::set<std::string> account_names_;    // e-mails and usernames, lower case
  std::set<std::string> redirects_;        // paths
  std::set<std::int64_t> accounts_, posts_;
  std::map<std::string, std::int64_t> slugs_;
  int posts_without_author_ = 0;
};

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
  std::set<std::string> entries;
  for (;;) {
    int status = archive_read_next_header(a.get(), &entry);
    if (status == ARCHIVE_EOF) break;
    if (status < ARCHIVE_WARN)
      throw invalid("Not a PayTech Blog export: " + file.string() + " is not a readable .tar.gz (" +
                    archive_error_string(a.get()) + ")");
    std::string name = archive_entry_pathname(entry) ? archive_entry_pathname(entry) : "";
    // An archive unpacked and packed again (`tar -czf site.tar.gz -C folder .`) names "./content.json".
    while (name.starts_with("./")) name.erase(0, 2);
    // tar keeps the last of two entries of one name, another reader the first: neither is sure.
    if (archive_entry_filetype(entry) == AE_IFREG && !entries.insert(name).second)
      throw invalid("Not a PayTech Blog export: " + file.string() + " holds " + name + " twice");
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
  archive_rules rules(store::load_custom_categories(db));
  auto counts = store::restore_site(
      db, *content, [&files](const std::string& name) { return files.read(name); },
      [&rules](std::string_view list, boost::json::object& row) {
        if (list == "siteSettings") return check_settings(row);
        rules.check(list, row);
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
  if (rules.posts_without_author() > 0)
    report.problems.push_back(std::to_string(rules.posts_without_author()) +
                              " post(s) of the export name an author it does not have: imported without one");
  if (counts.users_created > 0)
    report.problems.push_back(std::to_string(counts.users_created) +
                              " account(s) were created without a password: each sets one with \"Forgot password\"");
  return report;
}

}  // namespace blog::import
