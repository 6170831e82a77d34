// Ghost's JSON export (versions 2 to 6, with or without the "db" wrapper) read into source posts.
#pragma once

#include "blog/import/source.hpp"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace blog::import {

struct ghost_site {
  std::string version;  // meta.version, "5.75.0"
  std::vector<source_post> posts;
  std::vector<source_author> authors;
  std::map<std::string, int> not_imported;  // "pages", "members", "tags", … → how many
  std::vector<std::string> problems;
};

// The nesting a Ghost export never exceeds (mobiledoc and lexical are strings inside it).
inline constexpr std::size_t ghost_max_depth = 64;

// True when `head` (the first bytes of a file) looks like JSON.
bool looks_like_json(std::string_view head);

// Reads a Ghost export. Posts (type post) become source posts: html, else the lexical document,
// else the mobiledoc one, rendered (ghost_documents.hpp); __GHOST_URL__ replaced by `site_url`
// (made root-relative when it is empty); the primary (first public) tag the category; the
// internal tags #en / #cs the language. Pages, tags, members, and everything secret (passwords,
// API keys, sessions, integrations) are never read beyond counting. Throws blog::error invalid
// when the text is not JSON (saying where), nests deeper than ghost_max_depth (a JSON bomb), is
// not a Ghost export (no meta and data), or is of a version other than 2 to 6. Throws only that,
// and std::bad_alloc.
ghost_site read_ghost(std::string_view json, std::string_view site_url);

}  // namespace blog::import
