// The site's tables as JSON rows and back (blogctl export and its import): PostgreSQL turns rows
// into JSON (row_to_json) and JSON into rows (json_populate_recordset), so a column added by a
// later migration travels without a change here.
#include "blog/store/site_archive_store.hpp"

#include "blog/core/error.hpp"
#include "blog/store/notifications.hpp"

#include <boost/json.hpp>
#include <pqxx/pqxx>

#include <algorithm>
#include <set>
#include <string_view>

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

const boost::json::array& array_at(const boost::json::object& content, const char* name) {
  const auto* v = content.if_contains(name);
  if (!v || !v->is_array()) throw invalid(std::string("The export's content.json has no ") + name + " list");
  return v->as_array();
}

// Replaces the account ids in `field` of every row by the ids they have here (null when unknown).
void remap_accounts(boost::json::array& rows, const char* field, const std::map<std::int64_t, int>& accounts) {
  for (auto& row : rows) {
    auto& o = row.as_object();
    auto* v = o.if_contains(field);
    if (!v || !v->is_int64()) continue;
    auto found = accounts.find(v->as_int64());
    if (found == accounts.end())
      *v = nullptr;
    else
      *v = found->second;
  }
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

restore_counts restore_site(database& db, const std::string& content_json, const archive_file_reader& read_file) {
  boost::json::value parsed;
  try {
    parsed = boost::json::parse(content_json);
  } catch (const std::exception& e) {
    throw invalid(std::string("The export's content.json is not JSON: ") + e.what());
  }
  if (!parsed.is_object()) throw invalid("The export's content.json is not a JSON object");
  auto content = parsed.as_object();
  const auto* format = content.if_contains("format");
  if (!format || !format->is_string() || format->as_string() != export_format)
    throw invalid("Not a PayTech Blog export: content.json names no \"paytech-blog\" format");
  const auto* version = content.if_contains("version");
  if (!version || !version->is_int64() || version->as_int64() != export_version)
    throw invalid("Unknown PayTech Blog export version (this blog reads version " + std::to_string(export_version) +
                  ")");
  auto users = array_at(content, "users");
  auto posts = array_at(content, "posts");
  auto revisions = array_at(content, "revisions");
  auto categories = array_at(content, "categories");
  auto glossary = array_at(content, "glossary");
  auto redirects = array_at(content, "redirects");
  auto uploads = array_at(content, "uploads");
  auto variants = array_at(content, "uploadVariants");

  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto existing = tx.exec1("SELECT count(*) FROM posts")[0].as<long long>();
    if (existing > 0)
      throw conflict("A PayTech Blog export is a whole blog: import it into an empty blog (this one has " +
                     std::to_string(existing) + " posts)");
    restore_counts counts;

    // Accounts: the same person already here (by e-mail, else username) keeps their account.
    std::map<std::int64_t, int> accounts;
    for (const auto& row : users) {
      const auto& u = row.as_object();
      auto old_id = u.at("id").as_int64();
      auto email = std::string(u.at("email").as_string());
      auto username = std::string(u.at("username").as_string());
      auto found = tx.exec_params(
          "SELECT id FROM users WHERE lower(email) = lower($1) OR lower(username) = lower($2) "
          "ORDER BY (lower(email) = lower($1)) DESC LIMIT 1",
          email, username);
      if (!found.empty()) {
        accounts[old_id] = found[0][0].as<int>();
        ++counts.users_matched;
        continue;
      }
      accounts[old_id] = tx.exec_params1(
                               "INSERT INTO users (username, email, password, role, approval_status, email_verified, "
                               "created_at) VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz) RETURNING id",
                               username, email, no_password, std::string(u.at("role").as_string()),
                               std::string(u.at("approval_status").as_string()), u.at("email_verified").as_bool(),
                               std::string(u.at("created_at").as_string()))[0]
                             .as<int>();
      ++counts.users_created;
    }

    // Posts keep their ids (links, redirects and revisions name them); translation links are set
    // once every post is in.
    std::vector<std::pair<std::int64_t, std::int64_t>> links;
    for (auto& row : posts) {
      auto& p = row.as_object();
      if (auto* t = p.if_contains("translation_of"); t && t->is_int64()) {
        links.emplace_back(p.at("id").as_int64(), t->as_int64());
        *t = nullptr;
      }
    }
    remap_accounts(posts, "author_id", accounts);
    counts.posts = insert_rows(tx, "posts", posts);
    for (const auto& [id, of] : links) tx.exec_params("UPDATE posts SET translation_of = $2 WHERE id = $1", id, of);
    counts.translation_pairs = static_cast<int>(links.size());
    // Moving a site sends nothing: a post already visible that its old site had not decided yet
    // is never sent on its own here (an admin can still send it); scheduled ones are sent when
    // their time comes, as they would have been there.
    tx.exec(
        "UPDATE posts SET newsletter = 'none' WHERE newsletter IN ('pending', 'off') AND published "
        "AND published_at <= now()");
    tx.exec("SELECT setval(pg_get_serial_sequence('posts', 'id'), coalesce((SELECT max(id) FROM posts), 1))");

    for (auto& row : revisions) row.as_object().erase("id");
    remap_accounts(revisions, "saved_by", accounts);
    counts.revisions = insert_rows(tx, "post_revisions", revisions);

    for (auto& row : categories) row.as_object().erase("id");
    remap_accounts(categories, "created_by", accounts);
    counts.categories = insert_rows(tx, "custom_categories", categories, "ON CONFLICT DO NOTHING");

    for (auto& row : glossary) row.as_object().erase("id");
    counts.glossary_terms = insert_rows(tx, "glossary_terms", glossary, "ON CONFLICT DO NOTHING");
    tx.exec("UPDATE glossary_version SET version = version + 1, updated_at = now()");

    counts.redirects = insert_rows(tx, "redirects", redirects, "ON CONFLICT DO NOTHING");

    remap_accounts(uploads, "created_by", accounts);
    for (const auto& row : uploads) {
      const auto& u = row.as_object();
      auto sha = std::string(u.at("sha256").as_string());
      auto file = read_file("uploads/" + sha);
      if (!file) throw invalid("The export lacks the file uploads/" + sha + " that content.json names");
      pqxx::binarystring blob(file->data(), file->size());
      std::optional<int> owner;
      if (u.at("created_by").is_int64()) owner = static_cast<int>(u.at("created_by").as_int64());
      counts.uploads += static_cast<int>(
          tx.exec_params("INSERT INTO uploads (sha256, content_type, bytes, size, created_at, created_by) "
                         "VALUES ($1, $2, $3, $4, $5::timestamptz, $6) ON CONFLICT (sha256) DO NOTHING",
                         sha, std::string(u.at("content_type").as_string()), blob, static_cast<int>(file->size()),
                         std::string(u.at("created_at").as_string()), owner)
              .affected_rows());
    }
    for (const auto& row : variants) {
      const auto& v = row.as_object();
      auto sha = std::string(v.at("sha256").as_string());
      auto width = static_cast<int>(v.at("width").as_int64());
      auto extension = std::string(v.at("extension").as_string());
      auto file = read_file("uploads/variants/" + sha + "-" + std::to_string(width) + "." + extension);
      if (!file) continue;  // made again from the original when first asked for
      pqxx::binarystring blob(file->data(), file->size());
      tx.exec_params(
          "INSERT INTO upload_variants (sha256, width, extension, content_type, bytes, size) "
          "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
          sha, width, extension, std::string(v.at("content_type").as_string()), blob, static_cast<int>(file->size()));
    }

    // The look of the site: every column but its id and who changed it last.
    if (const auto* s = content.if_contains("siteSettings"); s && s->is_object() && !s->as_object().empty()) {
      auto list = column_list(tx, "site_settings", s->as_object(), {"id", "updated_by"});
      if (!list.empty())
        tx.exec_params("UPDATE site_settings SET (" + list + ") = (SELECT " + list +
                           " FROM json_populate_record(NULL::site_settings, $1::json)) "
                           "WHERE id = (SELECT min(id) FROM site_settings)",
                       boost::json::serialize(s->as_object()));
    }
    tx.exec_params("SELECT pg_notify($1, 'settings')", site_channel);
    tx.exec_params("SELECT pg_notify($1, 'categories')", site_channel);
    tx.exec_params("SELECT pg_notify($1, 'glossary')", glossary_channel);
    tx.commit();
    return counts;
  });
}

}  // namespace blog::store
