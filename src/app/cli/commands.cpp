// The table of blogctl commands.
#include "blog/app/cli/commands.hpp"

namespace blog::cli {

const std::vector<command>& all_commands() {
  static const std::vector<command> all = {
      {"migrate", "apply pending database migrations", "blogctl migrate", &migrate},
      {"create-admin", "create an approved administrator, or promote an existing account",
       "blogctl create-admin --username NAME --email ADDRESS [--password-stdin]\n\n"
       "Asks for the password on the terminal without showing it; with --password-stdin reads one line\n"
       "from standard input instead. An existing account of that username becomes an approved,\n"
       "email-verified administrator with this email address and password.",
       &create_admin},
      {"first-run", "on an empty database, create the 'admin' account and print its password once",
       "blogctl first-run [--no-demo]", &first_run},
      {"seed-demo", "write the demo posts (English and Czech, every category); existing slugs are skipped",
       "blogctl seed-demo [--file seed/demo-posts.json]", &seed_demo},
      {"reindex", "rebuild the search index from PostgreSQL (blogd keeps answering searches meanwhile)",
       "blogctl reindex\n\nWith blogd running, every node rebuilds its own index copy and swaps it in; without\n"
       "blogd, the index under BLOG_DATA_DIR/index is rebuilt here.",
       &reindex},
      {"doctor", "check this node: configuration, database, migrations, search index, web build, AI and mail",
       "blogctl doctor\n\nPrints each check with what to do about a problem; exits 1 when something must be fixed\n"
       "(warnings alone exit 0). Run it with the node's own BLOG_* settings.",
       &doctor},
      {"analytics", "delete every stored view count and visitor hash",
       "blogctl analytics purge\n\nDeletes the daily and monthly view counts, the referrers and languages, the day's "
       "salt\n"
       "and visitor hashes. Running nodes keep counting from then on (turn analyticsEnabled off to stop).",
       &analytics},
      {"import", "import a WordPress (Polylang) or Ghost export: posts, translations, categories, authors",
       "blogctl import FILE [--author NAME] [--language en|cs] [--media-from DIR|URL] [--dry-run]\n\n"
       "Reads a WordPress export (WXR 1.0-1.2) or a Ghost export (JSON, 2-6) and prints a report.\n"
       "--author gives everything to one account; --language is the language of items whose export\n"
       "names none; --media-from DIR is a copy of the old site's wp-content/uploads (or Ghost's\n"
       "content/images): every image the posts use is stored as an upload from there; --media-from\n"
       "URL is the old Ghost site's address (__GHOST_URL__); --dry-run writes nothing.\n"
       "Importing the same file again changes nothing; a newer export updates what changed.\n"
       "It runs at nice 10 (lower CPU priority), in a session of its own (Linux shares the CPU by\n"
       "session first), so a running blogd's readers come first; Ctrl-C still stops it.\n"
       "A PayTech Blog export (blogctl export) is read back whole into an empty blog.",
       &import_file},
      {"export", "write the whole site to one .tar.gz: posts, translations, settings, glossary, images",
       "blogctl export FILE\n\nWrites content.json (see docs/export-format.md) and uploads/ into FILE, a .tar.gz\n"
       "any tar opens. Accounts travel without passwords or two-factor keys. blogctl import FILE\n"
       "reads it back into an empty blog.",
       &export_file},
      {"reset-2fa", "turn two-factor sign-in off for an account whose authenticator is lost",
       "blogctl reset-2fa USER\n\nUSER is the username or email address. Its authenticator key and recovery codes are\n"
       "forgotten and every session of the account ends; the password alone signs in again.",
       &reset_two_factor},
  };
  return all;
}

}  // namespace blog::cli
