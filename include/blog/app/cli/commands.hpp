// blogctl's commands: each takes its own arguments and the shared configuration, returns an exit code.
#pragma once

#include "blog/config/config.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace blog::store {
class database;
}

namespace blog::cli {

using arguments = std::vector<std::string>;

struct command {
  const char* name;
  const char* summary;
  const char* usage;
  int (*run)(const arguments& args, const config& cfg);
};

// Every command, in the order `blogctl --help` lists them.
const std::vector<command>& all_commands();

int migrate(const arguments& args, const config& cfg);
int create_admin(const arguments& args, const config& cfg);
int first_run(const arguments& args, const config& cfg);
int seed_demo(const arguments& args, const config& cfg);
int reindex(const arguments& args, const config& cfg);
int doctor(const arguments& args, const config& cfg);
int analytics(const arguments& args, const config& cfg);
int import_file(const arguments& args, const config& cfg);
int export_file(const arguments& args, const config& cfg);
int reset_two_factor(const arguments& args, const config& cfg);

// Writes the demo posts of `file` (skipping slugs that exist); returns how many were written. Their
// shipped SVG covers (/covers/*.svg) are drawn once and stored as uploads of the first administrator,
// with every variant; without an administrator, or without SVG support in libvips, they stay as they
// are. An item's "translationOf" (the slug of a post in the other language, seeded before it) links
// the two as translations under the post rules; a link they refuse (the counterpart already linked
// elsewhere) is left out and said on stderr. Throws std::runtime_error when the file cannot be read,
// and the database's errors.
int seed_demo_posts(store::database& db, const std::filesystem::path& file);
// On a database without posts, writes the demo posts and says so.
void seed_demo_if_empty(store::database& db);

// Throws std::runtime_error asking for 'blogctl migrate' when migrations are pending.
void require_migrated(store::database& db);

}  // namespace blog::cli
