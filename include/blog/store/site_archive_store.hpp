// The whole site as rows and files, for `blogctl export` and for reading such an export back into
// an empty blog (docs/export-format.md). Never secrets: no password hashes, two-factor keys,
// tokens, sessions, mail, logs or visitor data.
#pragma once

#include "blog/store/database.hpp"
#include "blog/store/site_content.hpp"

#include <boost/json/value.hpp>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace blog::store {

// content.json: {format, version, exportedAt, siteSettings, users, categories, posts, revisions,
// glossary, redirects, uploads, uploadVariants}, each a table's rows keyed by column name.
std::string site_content_json(database& db);
// The same text handed to `write` a piece at a time (a few hundred rows at most in each), in order:
// the export writes it to disk without holding it whole.
void write_site_content(database& db, const std::function<void(std::string_view)>& write);

// Calls `each(name, bytes)` for every stored image and variant: "uploads/{sha256}" and
// "uploads/variants/{sha256}-{width}.{extension}", the names content.json gives them.
void for_each_upload_file(database& db, const std::function<void(const std::string&, const std::string&)>& each);

struct restore_counts {
  int posts = 0;
  int translation_pairs = 0;
  int links_dropped = 0;  // translation links not both ways or within one language
  int users_created = 0;
  int users_matched = 0;  // accounts that already existed (same e-mail or username)
  int revisions = 0;
  int categories = 0;
  int glossary_terms = 0;
  int redirects = 0;
  int uploads = 0;
  std::vector<std::string> admins_created;  // "username <e-mail>" of each administrator created
};

// Called with each row of a list before it is stored ("posts", "users", …), and with the site
// settings ("siteSettings", by column name), to rebuild what the layers above derive (a post's
// sanitised HTML) rather than take it from the file, or to refuse what their rules refuse (throw).
using archive_row_check = std::function<void(std::string_view list, boost::json::object& row)>;

// The bytes of an archive's file by its name ("uploads/…"), nullopt when the archive has none;
// read when needed, so that the archive's images are never all in memory at once.
using archive_file_reader = std::function<std::optional<std::string>(const std::string& name)>;

// Writes the content.json `read` gives (as write_site_content wrote it: its lists in that order)
// and its files (read_file) into this blog in one transaction, a few hundred rows at a time as
// they are read: posts keep their ids, slugs, dates and translation links; accounts are matched
// by e-mail or username, else created without a usable password; every node hears of the
// settings, categories and glossary. Throws blog::error conflict when the blog has posts already,
// invalid when the content is not such an export, and the database's errors (nothing written).
// With restore_mode::dry_run it checks and counts all the same, and rolls the transaction back.
enum class restore_mode { write, dry_run };
restore_counts restore_site(database& db, const content_source& read, const archive_file_reader& read_file,
                            const archive_row_check& check = {}, restore_mode mode = restore_mode::write);

}  // namespace blog::store
