// PayTech Blog's own export: the whole site as one .tar.gz (content.json and uploads/, see
// docs/export-format.md), written by `blogctl export` and Admin → Export, read back by `blogctl import`.
#pragma once

#include "blog/import/importer.hpp"
#include "blog/store/database.hpp"

#include <filesystem>
#include <string_view>

namespace blog::import {

struct export_summary {
  int files = 0;  // content.json and every image file
  std::uintmax_t bytes = 0;
};

// Writes the site in `db` to `file` (replaced; written beside it and renamed, so a failed export
// leaves no half archive). Throws std::runtime_error when the file cannot be written, and the
// database's errors.
export_summary write_site_archive(store::database& db, const std::filesystem::path& file);

// True when `head`, a file's first bytes, starts a gzip stream.
bool looks_like_gzip(std::string_view head);

// Reads an archive write_site_archive wrote into `db`, which must have no posts. Throws
// blog::error invalid for a file that is not such an archive (or holds an entry over its limit),
// conflict for a blog with posts; nothing is written then. --dry-run reads and checks only.
import_report import_site_archive(store::database& db, const std::filesystem::path& file,
                                  const import_options& options);

}  // namespace blog::import
