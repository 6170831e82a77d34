// blogctl doctor: checks a node's configuration, database, migrations, search index, web build
// and AI and mail settings; says what is wrong and what to do; exits 1 when something is.
#include "blog/app/cli/commands.hpp"
#include "blog/search/dictionaries.hpp"
#include "blog/search/index_store.hpp"
#include "blog/store/database.hpp"
#include "blog/store/diagnostics.hpp"
#include "blog/store/migrations.hpp"

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>

namespace blog::cli {
namespace {

// The findings, printed as they come: "ok", "warn" (works, but look at it) or "FAIL".
class report {
 public:
  void ok(const std::string& what) { std::cout << "  ok    " << what << "\n"; }
  void warn(const std::string& what, const std::string& todo) {
    std::cout << "  warn  " << what << "\n        -> " << todo << "\n";
    ++warnings;
  }
  void fail(const std::string& what, const std::string& todo) {
    std::cout << "  FAIL  " << what << "\n        -> " << todo << "\n";
    ++failures;
  }
  void section(const std::string& name) { std::cout << name << "\n"; }
  int failures = 0;
  int warnings = 0;
};

bool starts_with_any(const std::string& text, std::initializer_list<const char*> prefixes) {
  for (const char* p : prefixes)
    if (text.rfind(p, 0) == 0) return true;
  return false;
}

void check_configuration(const config& cfg, report& r) {
  r.section("Configuration");
  if (cfg.public_url.empty()) {
    r.warn("BLOG_PUBLIC_URL is not set: links in feeds, sitemaps and mail say " + cfg.effective_public_url(),
           "set BLOG_PUBLIC_URL to the address readers use, e.g. https://blog.example.com");
  } else if (!starts_with_any(cfg.public_url, {"http://", "https://"})) {
    r.fail("BLOG_PUBLIC_URL '" + cfg.public_url + "' is not an http:// or https:// address",
           "set BLOG_PUBLIC_URL to e.g. https://blog.example.com");
  } else {
    r.ok("public address " + cfg.effective_public_url());
    if (cfg.https() && cfg.cookie_secure == false)
      r.warn("BLOG_COOKIE_SECURE=false on an https site: the session cookie may travel unencrypted",
             "unset BLOG_COOKIE_SECURE (it follows BLOG_PUBLIC_URL)");
    if (!cfg.https())
      r.warn("the public address is not https: passwords and session cookies cross the network in clear",
             "put TLS in front (see docs/operations.md) and set BLOG_PUBLIC_URL to its https:// address");
  }
  if (cfg.trusted_proxies.empty())
    r.ok("no trusted proxies: client addresses are the TCP peers (set BLOG_TRUSTED_PROXIES behind a proxy)");
  else
    r.ok("trusted proxies: " + cfg.trusted_proxies);
  // Two-factor keys are sealed with it (auth/secrets): without it they sit in the database, and in
  // every backup of it, as plain text that lets whoever reads them make the codes.
  if (cfg.secret_key.empty())
    r.warn("BLOG_SECRET_KEY is not set: two-factor sign-in keys are stored unencrypted in the database",
           "set BLOG_SECRET_KEY to the same long random value on every node (e.g. openssl rand -base64 32) and "
           "keep it apart from the database backups");
  else if (cfg.secret_key.size() < 16)
    r.warn("BLOG_SECRET_KEY is shorter than 16 characters: it is easy to guess",
           "use a long random value (e.g. openssl rand -base64 32); after a change, accounts with two-factor "
           "sign-in set it up again (blogctl reset-2fa USER)");
  else
    r.ok("two-factor keys encrypted with BLOG_SECRET_KEY");
  r.ok(cfg.metrics_address.empty() ? std::string("metrics off (BLOG_METRICS_ADDRESS)")
                                   : "metrics on http://" + cfg.metrics_address + "/metrics");

  std::error_code ec;
  std::filesystem::create_directories(cfg.data_dir, ec);
  auto probe = cfg.data_dir / (".doctor-" + std::to_string(::getpid()));
  bool writable = !ec && static_cast<bool>(std::ofstream(probe) << "x");
  std::filesystem::remove(probe, ec);
  if (writable)
    r.ok("data folder " + std::filesystem::absolute(cfg.data_dir).string() + " is writable");
  else
    r.fail("data folder " + std::filesystem::absolute(cfg.data_dir).string() + " cannot be written",
           "create it and give the user running blogd write access, or point BLOG_DATA_DIR elsewhere");
}

// Returns false when the database cannot be used (the checks that need it are then skipped).
bool check_database(store::database& db, report& r) {
  r.section("Database");
  try {
    auto [version, number] = store::read_server_version(db);
    if (number < 130000)
      r.fail("PostgreSQL " + version + " is too old", "use PostgreSQL 13 or newer (15 is what the project tests on)");
    else
      r.ok("PostgreSQL " + version + " reachable");
  } catch (const std::exception& e) {
    r.fail(std::string("the database cannot be reached: ") + e.what(),
           "check BLOG_DATABASE_URL and that PostgreSQL runs and accepts this user");
    return false;
  }
  try {
    auto pending = store::pending_migrations(db);
    std::set<std::string> known;
    for (const auto& m : store::embedded_migrations()) known.insert(m.name);
    std::vector<std::string> unknown;
    for (auto& name : store::applied_migrations(db))
      if (!known.contains(name)) unknown.push_back(std::move(name));
    if (!pending.empty()) {
      std::string names;
      for (const auto& n : pending) names += (names.empty() ? "" : ", ") + n;
      r.fail(std::to_string(pending.size()) + " migration(s) not applied: " + names,
             "run 'blogctl migrate' (blogd also applies them when it starts)");
      return false;
    }
    if (!unknown.empty())
      r.fail("the database has migrations this build does not know (" + unknown.front() + "): it is newer than blogd",
             "deploy the blogd/blogctl release that matches the database");
    else
      r.ok("all " + std::to_string(known.size()) + " migrations applied");
  } catch (const std::exception& e) {
    r.fail(std::string("the migrations cannot be checked: ") + e.what(),
           "restore the migration files this database was made with, or ask for help with the message above");
    return false;
  }
  return true;
}

void check_dictionaries(report& r) {
  r.section("Search dictionaries");
  const search::dictionary_status dict = search::dictionaries();
  if (!dict.czech || !dict.english) {
    r.warn(dict.problem, std::string("install ") + (!dict.czech ? "hunspell-cs " : "") +
                             (!dict.english ? "hunspell-en-us " : "") +
                             "(tools/bootstrap) and restart blogd: it rebuilds its index by itself");
  } else if (!dict.problem.empty()) {
    r.warn(dict.problem, "give blogd a writable temporary folder (TMPDIR) and restart it");
  } else {
    r.ok("dictionaries " + (dict.dir / "cs_CZ.dic").string() + " (hunspell-cs) and " +
         (dict.dir / "en_US.dic").string() + " (hunspell-en-us): Czech words are searched by their lemmas, " +
         "English forms by their base; loaded in " + std::to_string(static_cast<long>(dict.load_ms)) + " ms");
  }
}

void check_index(const config& cfg, store::database& db, report& r) {
  r.section("Search index");
  auto current = cfg.data_dir / "index" / "current";
  if (!std::filesystem::exists(current)) {
    r.warn("no search index under " + (cfg.data_dir / "index").string(),
           "blogd builds it when it starts; or run 'blogctl reindex'");
    return;
  }
  try {
    const auto [documents, published, applied, layout, wanted_layout] = search::read_index_facts(current);
    auto [posts, visible, newest] = store::count_posts(db);
    std::string counts = std::to_string(documents) + " documents (" + std::to_string(published) + " published) for " +
                         std::to_string(posts) + " posts (" + std::to_string(visible) + " published) in the database";
    if (applied < newest) {
      r.warn("the index is " + std::to_string(newest - applied) + " change(s) behind the database (at " +
                 std::to_string(applied) + ", newest " + std::to_string(newest) + "); " + counts,
             "a running blogd catches up within a second; if it stays behind, see 'When a node lags' in "
             "docs/operations.md");
    } else if (static_cast<long long>(documents) != posts || static_cast<long long>(published) != visible) {
      r.fail("the index does not match the database: " + counts, "run 'blogctl reindex'");
    } else if (layout != wanted_layout && !(layout.empty() && documents == 0)) {
      // Its words were analysed another way (a dictionary installed or removed, a new analysis
      // version): searches still answer, but find what the new analysis would not, and miss some.
      // (An index that never held a document has no words to analyse again.)
      r.warn("the index needs a reindex: it was built with analysis " +
                 (layout.empty() ? std::string("(unknown)") : layout) + ", this build analyses with " + wanted_layout +
                 "; " + counts,
             "restart blogd (it builds the new index in the background while the old one answers) or run "
             "'blogctl reindex'");
    } else {
      r.ok("index up to date: " + counts + ", newest change " + std::to_string(newest));
    }
  } catch (const std::exception& e) {
    r.fail("the search index cannot be read: " + std::string(e.what()), "run 'blogctl reindex'");
  }
}

void check_web(const config& cfg, report& r) {
  r.section("Web app");
  auto index = cfg.web_dir / "index.html";
  if (std::filesystem::is_regular_file(index))
    r.ok("web app built in " + std::filesystem::absolute(cfg.web_dir).string());
  else
    r.fail("no web app build: " + std::filesystem::absolute(index).string() + " is missing",
           "run 'tools/bootstrap' (or 'npm ci && npm run build' in web/), or point BLOG_WEB_DIR at the built web/dist");
}

void check_ai_and_mail(const config& cfg, report& r) {
  r.section("AI and mail");
  if (cfg.ai_base_url.empty() && cfg.ai_model.empty()) {
    r.ok("AI off (BLOG_AI_BASE_URL and BLOG_AI_MODEL not set): the editor's generate button answers 503");
  } else if (cfg.ai_base_url.empty() || cfg.ai_model.empty()) {
    r.fail(std::string(cfg.ai_base_url.empty() ? "BLOG_AI_BASE_URL" : "BLOG_AI_MODEL") +
               " is not set, so AI generation is off although the other AI setting is",
           "set both BLOG_AI_BASE_URL and BLOG_AI_MODEL, or neither");
  } else if (!starts_with_any(cfg.ai_base_url, {"http://", "https://"})) {
    r.fail("BLOG_AI_BASE_URL '" + cfg.ai_base_url + "' is not an http(s) address",
           "use e.g. https://api.openai.com/v1 or http://localhost:11434/v1");
  } else {
    r.ok("AI service " + cfg.ai_base_url + ", model " + cfg.ai_model);
    if (cfg.ai_api_key.empty() && cfg.ai_base_url.rfind("https://", 0) == 0)
      r.warn("BLOG_AI_API_KEY is empty for a remote AI service", "set BLOG_AI_API_KEY unless the service needs none");
  }
  if (cfg.smtp_url.empty()) {
    r.warn("no BLOG_SMTP_URL: mail (verification, password reset) is written to files under " +
               (cfg.data_dir / "mail").string() + " and nobody receives it",
           "set BLOG_SMTP_URL, e.g. smtp://mail.example.com:587");
  } else if (!starts_with_any(cfg.smtp_url, {"smtp://", "smtps://"})) {
    r.fail("BLOG_SMTP_URL '" + cfg.smtp_url + "' is not an smtp:// or smtps:// address",
           "use e.g. smtp://user:password@mail.example.com:587");
  } else {
    // Never print the credentials a URL may carry.
    auto scheme_end = cfg.smtp_url.find("://") + 3;
    auto at = cfg.smtp_url.rfind('@');
    std::string host = at == std::string::npos ? cfg.smtp_url.substr(scheme_end) : cfg.smtp_url.substr(at + 1);
    r.ok("mail through " + cfg.smtp_url.substr(0, scheme_end) + host);
  }
  if (cfg.mail_from.find('@') == std::string::npos)
    r.fail("BLOG_MAIL_FROM '" + cfg.mail_from + "' has no email address", "use e.g. PayTech Blog <blog@example.com>");
}

}  // namespace

int doctor(const arguments& args, const config& cfg) {
  if (!args.empty()) {
    std::cerr << "usage: blogctl doctor\n";
    return 2;
  }
  report r;
  check_configuration(cfg, r);
  check_dictionaries(r);
  {
    store::database db(cfg.effective_database_url(), 1, std::chrono::milliseconds(5000));
    if (check_database(db, r)) check_index(cfg, db, r);
  }
  check_web(cfg, r);
  check_ai_and_mail(cfg, r);
  if (r.failures)
    std::cout << "\n" << r.failures << " problem(s) to fix, " << r.warnings << " warning(s).\n";
  else
    std::cout << "\nNo problems" << (r.warnings ? " (" + std::to_string(r.warnings) + " warning(s))" : "") << ".\n";
  return r.failures ? 1 : 0;
}

}  // namespace blog::cli
