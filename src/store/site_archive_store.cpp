// The site's tables as JSON rows and back (blogctl export and its import): PostgreSQL turns rows
// into JSON (row_to_json) and JSON into rows (json_populate_recordset), so a column added by a
// later migration travels without a change here.
#include "blog/store/site_archive_store.hpp"

#include "blog/core/crypto.hpp"
#include "blog/core/error.hpp"
#include "blog/core/text.hpp"
#include "blog/media/image.hpp"
#include "blog/store/notifications.hpp"

#include <boost/json.hpp>
#include <pqxx/pqxx>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace blog::store {
namespace {

constexpr const char* export_format = "paytech-blog";
constexpr int export_version = 1;
// An account a restore creates: no usable password ("!" is no argon2 hash); "forgot password" sets one.
constexpr const char* no_password = "!";

std::set<std::string> columns_of(pqxx::transaction_base& tx, const std::string& table) {
  std::set<std::string> out;
  for (const auto& r :
       tx.exec_params("SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND "
                      "table_name = $1",
                      table))
    out.insert(r[0].as<std::string>());
  return out;
}

// The quoted, comma-separated names of the keys of `row` that are columns of `table`, but `skip`.
std::string column_list(pqxx::transaction_base& tx, const std::string& table, const boost::json::object& row,
                        std::initializer_list<std::string_view> skip = {}) {
  auto known = columns_of(tx, table);
  std::string list;
  for (const auto& [key, value] : row) {
    std::string name(key);
    if (!known.contains(name) || std::find(skip.begin(), skip.end(), name) != skip.end()) continue;
    if (!list.empty()) list += ", ";
    list += tx.quote_name(name);
  }
  return list;
}

// Inserts `rows` into `table`: the columns the rows carry that the table has (the first row's
// keys), built by PostgreSQL from the JSON. `tail` ends the statement (e.g. ON CONFLICT DO NOTHING).
int insert_rows(pqxx::work& tx, const std::string& table, const boost::json::array& rows,
                const std::string& tail = "") {
  if (rows.empty()) return 0;
  auto list = column_list(tx, table, rows.front().as_object());
  if (list.empty()) return 0;
  auto done = tx.exec_params("INSERT INTO " + tx.quote_name(table) + " (" + list + ") SELECT " + list +
                                 " FROM json_populate_recordset(NULL::" + tx.quote_name(table) + ", $1::json) " + tail,
                             boost::json::serialize(rows));
  return static_cast<int>(done.affected_rows());
}

}  // namespace

void write_site_content(database& db, const std::function<void(std::string_view)>& write) {
  db.with([&](pqxx::connection& c) {
    // One snapshot for every table: the rows are read in many statements.
    pqxx::transaction<pqxx::repeatable_read, pqxx::read_only> tx(c);
    auto settings =
        tx.exec1("SELECT coalesce((SELECT row_to_json(s) FROM site_settings s ORDER BY id LIMIT 1), '{}'::json)")[0]
            .as<std::string>();
    write("{\"format\":\"" + std::string(export_format) + "\",\"version\":" + std::to_string(export_version) +
          ",\"exportedAt\":" + tx.exec1("SELECT to_json(now())")[0].as<std::string>() +
          ",\"siteSettings\":" + settings);
    const std::pair<const char*, std::pair<std::string, std::string>> tables[] = {
        {"users", {"SELECT id, username, email, role, approval_status, email_verified, created_at FROM users", "id"}},
        {"categories", {"SELECT * FROM custom_categories", "id"}},
        {"posts", {"SELECT * FROM posts", "id"}},
        {"revisions", {"SELECT * FROM post_revisions", "id"}},
        {"glossary", {"SELECT * FROM glossary_terms", "id"}},
        {"redirects", {"SELECT * FROM redirects", "path"}},
        {"uploads", {"SELECT sha256, content_type, size, created_at, created_by FROM uploads", "sha256"}},
        {"uploadVariants",
         {"SELECT sha256, width, extension, content_type, size FROM upload_variants", "sha256, width, extension"}},
    };
    // Each table's rows through a cursor, a few hundred at a time: the posts of a large blog (their
    // content twice, and every revision's) are never all in memory.
    for (const auto& [name, query] : tables) {
      write(",\"" + std::string(name) + "\":[");
      tx.exec("DECLARE site_rows NO SCROLL CURSOR FOR SELECT row_to_json(r)::text FROM (" + query.first + " ORDER BY " +
              query.second + ") r");
      bool first = true;
      for (;;) {
        auto rows = tx.exec("FETCH 200 FROM site_rows");
        if (rows.empty()) break;
        std::string piece;
        for (const auto& row : rows) {
          if (!first) piece += ',';
          first = false;
          piece.append(row[0].c_str(), row[0].size());
        }
        write(piece);
      }
      tx.exec("CLOSE site_rows");
      write("]");
    }
    write("}");
  });
}

std::string site_content_json(database& db) {
  std::string out;
  write_site_content(db, [&out](std::string_view piece) { out += piece; });
  return out;
}

void for_each_upload_file(database& db, const std::function<void(const std::string&, const std::string&)>& each) {
  // One image at a time: a blog's images need not fit in memory together.
  auto names = db.with([](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<std::tuple<std::string, int, std::string>> out;
    for (const auto& r : tx.exec("SELECT sha256, 0, '' FROM uploads UNION ALL "
                                 "SELECT sha256, width, extension FROM upload_variants ORDER BY 1, 2, 3"))
      out.emplace_back(r[0].as<std::string>(), r[1].as<int>(), r[2].as<std::string>());
    return out;
  });
  for (const auto& [sha, width, extension] : names) {
    auto bytes = db.with([&, &sha = sha, width = width, &extension = extension](pqxx::connection& c) {
      pqxx::read_transaction tx(c);
      auto rows = width == 0 ? tx.exec_params("SELECT bytes FROM uploads WHERE sha256 = $1", sha)
                             : tx.exec_params(
                                   "SELECT bytes FROM upload_variants WHERE sha256 = $1 AND width = $2 AND "
                                   "extension = $3",
                                   sha, width, extension);
      return rows.empty() ? std::string() : pqxx::binarystring(rows[0][0]).str();
    });
    each(width == 0 ? "uploads/" + sha : "uploads/variants/" + sha + "-" + std::to_string(width) + "." + extension,
         bytes);
  }
}

namespace {

// Rows of one table gathered and inserted a few hundred at a time (by PostgreSQL from their JSON,
// the columns the first row of each insert carries that the table has).
class row_batch {
 public:
  static constexpr std::size_t size = 200;

  row_batch(pqxx::work& tx, std::string table, std::string tail = "")
      : tx_(tx), table_(std::move(table)), tail_(std::move(tail)) {}

  void add(boost::json::object row) {
    rows_.emplace_back(std::move(row));
    if (rows_.size() >= size) flush();
  }

  // Inserts what is gathered; the count of rows inserted in all.
  int flush() {
    if (!rows_.empty()) {
      inserted_ += insert_rows(tx_, table_, rows_, tail_);
      rows_.clear();
    }
    return inserted_;
  }

 private:
  pqxx::work& tx_;
  std::string table_;
  std::string tail_;
  boost::json::array rows_;
  int inserted_ = 0;
};

}  // namespace

restore_counts restore_site(database& db, const content_source& read, const archive_file_reader& read_file,
                            const archive_row_check& check, restore_mode mode) {
  const auto restore = [&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto existing = tx.exec1("SELECT count(*) FROM posts")[0].as<long long>();
    if (existing > 0)
      throw conflict("A PayTech Blog export is a whole blog: import it into an empty blog (this one has " +
                     std::to_string(existing) + " posts)");
    restore_counts counts;
    bool format_seen = false, version_seen = false;
    std::optional<boost::json::object> settings;
    std::size_t next_list = 0;  // site_lists before this one have begun
    std::map<std::int64_t, int> accounts;
    std::vector<std::pair<std::int64_t, std::int64_t>> links;
    row_batch posts(tx, "posts"), revisions(tx, "post_revisions"),
        categories(tx, "custom_categories", "ON CONFLICT DO NOTHING"),
        glossary(tx, "glossary_terms", "ON CONFLICT DO NOTHING"), redirects(tx, "redirects", "ON CONFLICT DO NOTHING");
    auto remap = [&accounts](boost::json::object& row, const char* field) {
      auto* v = row.if_contains(field);
      if (!v || v->is_null()) return;
      // An account named otherwise ("1") would be taken by PostgreSQL as the new blog's account 1.
      if (!v->is_int64()) throw std::invalid_argument(field);
      auto found = accounts.find(v->as_int64());
      if (found == accounts.end())
        *v = nullptr;
      else
        *v = found->second;
    };

    // A row of a list, checked, into its table.
    auto restore_row = [&](std::string_view list, boost::json::object& row) {
      if (list == "users") {
        // Accounts: the same person already here (by e-mail, else username) keeps their account.
        auto old_id = row.at("id").as_int64();
        auto email = std::string(row.at("email").as_string());
        auto username = std::string(row.at("username").as_string());
        auto found = tx.exec_params(
            "SELECT id FROM users WHERE lower(email) = lower($1) OR lower(username) = lower($2) "
            "ORDER BY (lower(email) = lower($1)) DESC LIMIT 1",
            email, username);
        if (!found.empty()) {
          accounts[old_id] = found[0][0].as<int>();
          ++counts.users_matched;
          return;
        }
        accounts[old_id] = tx.exec_params1(
                                 "INSERT INTO users (username, email, password, role, approval_status, email_verified, "
                                 "created_at) VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz) RETURNING id",
                                 username, email, no_password, std::string(row.at("role").as_string()),
                                 std::string(row.at("approval_status").as_string()), row.at("email_verified").as_bool(),
                                 std::string(row.at("created_at").as_string()))[0]
                               .as<int>();
        ++counts.users_created;
        if (row.at("role").as_string() == "admin") counts.admins_created.push_back(username + " <" + email + ">");
      } else if (list == "categories") {
        row.erase("id");
        remap(row, "created_by");
        categories.add(std::move(row));
      } else if (list == "posts") {
        // Posts keep their ids (links, redirects and revisions name them); translation
        // links are set once every post is in.
        if (auto* t = row.if_contains("translation_of"); t && t->is_int64()) {
          links.emplace_back(row.at("id").as_int64(), t->as_int64());
          *t = nullptr;
        }
        remap(row, "author_id");
        posts.add(std::move(row));
      } else if (list == "revisions") {
        // Revisions keep their ids too (the blog has none: it has no posts), so
        // that a dry run before, whose rolled-back rows took numbers of the
        // sequence, leaves the site the same.
        remap(row, "saved_by");
        revisions.add(std::move(row));
      } else if (list == "glossary") {
        row.erase("id");
        glossary.add(std::move(row));
      } else if (list == "redirects") {
        redirects.add(std::move(row));
      } else if (list == "uploads") {
        remap(row, "created_by");
        auto sha = std::string(row.at("sha256").as_string());
        auto file = read_file("uploads/" + sha);
        if (!file) throw invalid("The export lacks the file uploads/" + sha + " that content.json names");
        // An archive is anyone's file: its name must be its bytes' hash (a later
        // upload of those bytes is this one), and the bytes an image, of the type
        // they are rather than the one the row claims.
        if (core::sha256_hex(*file) != sha)
          throw invalid("The export's uploads/" + sha +
                        " is not the file content.json names (its "
                        "bytes have another SHA-256)");
        const auto type = uploads::detect_image(*file);
        if (!type) throw invalid("The export's uploads/" + sha + " is not an image (JPEG, PNG, GIF, WEBP)");
        row["content_type"] = type->content_type;
        pqxx::binarystring blob(file->data(), file->size());
        std::optional<int> owner;
        if (row.at("created_by").is_int64()) owner = static_cast<int>(row.at("created_by").as_int64());
        counts.uploads += static_cast<int>(
            tx.exec_params("INSERT INTO uploads (sha256, content_type, bytes, size, created_at, created_by) "
                           "VALUES ($1, $2, $3, $4, $5::timestamptz, $6) ON CONFLICT (sha256) DO NOTHING",
                           sha, std::string(row.at("content_type").as_string()), blob, static_cast<int>(file->size()),
                           std::string(row.at("created_at").as_string()), owner)
                .affected_rows());
      } else if (list == "uploadVariants") {
        auto sha = std::string(row.at("sha256").as_string());
        auto width = static_cast<int>(row.at("width").as_int64());
        auto extension = std::string(row.at("extension").as_string());
        auto file = read_file("uploads/variants/" + sha + "-" + std::to_string(width) + "." + extension);
        // made again from the original when first asked for
        if (!file) return;
        const auto type = uploads::detect_image(*file);
        if (!type) return;
        row["content_type"] = type->content_type;
        pqxx::binarystring blob(file->data(), file->size());
        tx.exec_params(
            "INSERT INTO upload_variants (sha256, width, extension, content_type, bytes, size) "
            "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
            sha, width, extension, std::string(row.at("content_type").as_string()), blob,
            static_cast<int>(file->size()));
      }
    };

    read_site_content(
        read, {.field =
                   [&](std::string_view name, boost::json::value value) {
                     if (name == "format") {
                       if (!value.is_string() || value.as_string() != export_format)
                         throw invalid("Not a PayTech Blog export: content.json names no \"paytech-blog\" format");
                       format_seen = true;
                     } else if (name == "version") {
                       if (!value.is_int64() || value.as_int64() != export_version)
                         throw invalid("Unknown PayTech Blog export version (this blog reads version " +
                                       std::to_string(export_version) + ")");
                       version_seen = true;
                     } else if (name == "siteSettings" && value.is_object()) {
                       settings = std::move(value.as_object());
                       if (check) check("siteSettings", *settings);
                     } else if (is_site_list(name)) {
                       throw invalid("The export's content.json has no " + std::string(name) + " list");
                     }
                   },
               .list =
                   [&](std::string_view name) {
                     // The lists are written after the format and version, in site_lists' order.
                     if (!format_seen)
                       throw invalid("Not a PayTech Blog export: content.json names no \"paytech-blog\" format");
                     if (!version_seen)
                       throw invalid("Unknown PayTech Blog export version (this blog reads version " +
                                     std::to_string(export_version) + ")");
                     auto at = static_cast<std::size_t>(std::find(site_lists.begin(), site_lists.end(), name) -
                                                        site_lists.begin());
                     if (at < next_list)
                       throw invalid("The export's content.json has its " + std::string(name) +
                                     " list out of order (or twice): " + std::string(site_lists[next_list - 1]) +
                                     " came before it");
                     if (at > next_list)
                       throw invalid("The export's content.json has no " + std::string(site_lists[next_list]) +
                                     " list before its " + std::string(name));
                     next_list = at + 1;
                     // The export's glossary is the site's: it replaces the one this blog started with
                     // (not content of its own: the blog has no post), edits and deletions included.
                     if (name == "glossary") tx.exec("DELETE FROM glossary_terms");
                     // What a list needs of the lists before it is in the database before its first row.
                     categories.flush();
                     posts.flush();
                     revisions.flush();
                     glossary.flush();
                     redirects.flush();
                   },
               .row =
                   [&](std::string_view list, boost::json::value value) {
                     if (!value.is_object())
                       throw invalid("The export's content.json has a row of " + std::string(list) +
                                     " that is not an object");
                     auto& row = value.as_object();
                     if (check) check(list, row);
                     // A field missing or of another type than the export writes (the row's at()
                     // and as_…() throw) refuses the archive in words, not in Boost's.
                     const auto malformed = [&list] {
                       return invalid("The export's content.json has a row of " + std::string(list) +
                                      " without a field this blog writes, or with one of another type");
                     };
                     try {
                       restore_row(list, row);
                     } catch (const std::out_of_range&) {
                       throw malformed();
                     } catch (const std::invalid_argument&) {
                       throw malformed();
                     } catch (const boost::system::system_error&) {
                       throw malformed();
                     }
                   }});
    if (!format_seen) throw invalid("Not a PayTech Blog export: content.json names no \"paytech-blog\" format");
    if (next_list < site_lists.size())
      throw invalid("The export's content.json has no " + std::string(site_lists[next_list]) + " list");

    counts.categories = categories.flush();
    counts.posts = posts.flush();
    counts.revisions = revisions.flush();
    counts.glossary_terms = glossary.flush();
    counts.redirects = redirects.flush();
    // A link is kept as the post rules have them: both ways, between two posts of different
    // languages (each post names the other); an archive may say anything.
    std::map<std::int64_t, std::int64_t> link_of(links.begin(), links.end());
    std::map<std::int64_t, std::string> language_of;
    if (!links.empty()) {
      std::string ids = "{";
      for (const auto& [id, of] : links) ids += std::to_string(id) + "," + std::to_string(of) + ",";
      ids.back() = '}';
      for (const auto& row : tx.exec_params("SELECT id, language FROM posts WHERE id = ANY($1::bigint[])", ids))
        language_of[row[0].as<std::int64_t>()] = row[1].as<std::string>();
    }
    for (const auto& [id, of] : links) {
      const auto back = link_of.find(of);
      const auto mine = language_of.find(id), theirs = language_of.find(of);
      const bool kept = id != of && back != link_of.end() && back->second == id && mine != language_of.end() &&
                        theirs != language_of.end() && mine->second != theirs->second;
      if (!kept) {
        ++counts.links_dropped;
        continue;
      }
      tx.exec_params("UPDATE posts SET translation_of = $2 WHERE id = $1", id, of);
      if (id < of) ++counts.translation_pairs;
    }
    // Moving a site sends nothing: a post already visible that its old site had not decided yet
    // is never sent on its own here (an admin can still send it); scheduled ones are sent when
    // their time comes, as they would have been there.
    tx.exec(
        "UPDATE posts SET newsletter = 'none' WHERE newsletter IN ('pending', 'off') AND published "
        "AND published_at <= now()");
    tx.exec("SELECT setval(pg_get_serial_sequence('posts', 'id'), coalesce((SELECT max(id) FROM posts), 1))");
    tx.exec(
        "SELECT setval(pg_get_serial_sequence('post_revisions', 'id'), "
        "coalesce((SELECT max(id) FROM post_revisions), 1))");
    tx.exec("UPDATE glossary_version SET version = version + 1, updated_at = now()");

    // The look of the site: every column but its id and who changed it last.
    if (settings && !settings->empty()) {
      auto list = column_list(tx, "site_settings", *settings, {"id", "updated_by"});
      if (!list.empty())
        tx.exec_params("UPDATE site_settings SET (" + list + ") = (SELECT " + list +
                           " FROM json_populate_record(NULL::site_settings, $1::json)) "
                           "WHERE id = (SELECT min(id) FROM site_settings)",
                       boost::json::serialize(*settings));
    }
    tx.exec_params("SELECT pg_notify($1, 'settings')", site_channel);
    tx.exec_params("SELECT pg_notify($1, 'categories')", site_channel);
    tx.exec_params("SELECT pg_notify($1, 'glossary')", glossary_channel);
    if (mode == restore_mode::write) tx.commit();  // else rolled back as `tx` ends, its notices unsent
    return counts;
  };
  return db.with([&](pqxx::connection& c) {
    // What the rules above let through and PostgreSQL still refuses (a date that is none, a
    // number out of range) is the file's fault too: said as such, nothing written.
    const auto refuse = [](const std::exception& e) {
      std::string what = e.what();
      if (what.starts_with("ERROR:")) what.erase(0, 6);
      what = std::string(core::trim_ows(std::string_view(what).substr(0, what.find('\n'))));
      return invalid("The export's content.json holds what this blog cannot store (" + what + ")");
    };
    try {
      return restore(c);
    } catch (const pqxx::integrity_constraint_violation& e) {
      throw refuse(e);
    } catch (const pqxx::data_exception& e) {
      throw refuse(e);
    }
  });
}

}  // namespace blog::store
