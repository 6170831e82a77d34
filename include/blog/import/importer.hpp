// blogctl import: a WordPress or Ghost export, checked whole before anything is written under the post rules.
#pragma once

#include "blog/store/database.hpp"

#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace blog::import {

struct import_options {
  std::optional<std::string> author;    // --author: the account (username or e-mail) owning everything
  std::optional<std::string> language;  // --language: for items whose source names none
  bool dry_run = false;                 // --dry-run: the report, nothing written
  // --media-from: where the old site's images are; a URL is also a Ghost export's __GHOST_URL__.
  std::optional<std::string> media_from;
  // Whether images may come from hosts whose address is not public (loopback, private networks,
  // link-local): yes for the operator's blogctl (an old site on the local network), no for a file
  // uploaded through Admin → Import, which must not reach into the server's own network.
  bool private_hosts = true;
  // Told how far the import is (0-100), now and then, also while the file is first read through.
  std::function<void(int percent)> progress;
};

struct skipped_item {
  std::string id;  // the source's id of the item
  std::string reason;
};

struct import_report {
  std::string format;  // "WordPress export (WXR 1.2)"
  int created = 0;
  int updated = 0;
  int unchanged = 0;
  std::vector<skipped_item> skipped;
  int categories_created = 0;
  int pairs_linked = 0;
  int images_stored = 0;
  std::vector<std::string> images_to_fetch;  // a dry run's: "URL" or "URL from where it would come"
  int redirects_added = 0;
  int authors_created = 0;
  std::map<std::string, int> not_imported;     // "pages", "attachments", "comments", "tags", … → how many
  std::map<std::string, int> other_languages;  // language code → items skipped for it
  std::vector<std::string> problems;           // what the operator should know (renamed slugs, removed shortcodes, …)
};

// Imports the export in `file` into `db`, told apart by content: XML is a WordPress export
// (WXR), JSON a Ghost export. The file is read through once without writing, so that a file that
// is not well-formed, truncated, of an unknown format or version, carries entity declarations or
// nests too deep (a JSON bomb) is refused with nothing written: throws blog::error invalid with a message for the
// operator. Also throws blog::error invalid for an --author that is no account, and the database's
// errors. An item the post rules refuse is skipped and reported, and the rest goes on.
import_report run_import(store::database& db, const std::filesystem::path& file, const import_options& options);

// The report as Admin → Import shows it: {format, created, updated, unchanged, skipped: [{id,
// reason}], categoriesCreated, authorsCreated, pairsLinked, imagesStored, redirectsAdded,
// notImported: {what: n}, otherLanguages: {code: n}, problems: [text]}.
std::string report_json(const import_report& report);

// The report as blogctl prints it, one fact a line.
std::string format_report(const import_report& report, bool dry_run);

}  // namespace blog::import
