// Fills an empty glossary from the shipped data file (data/glossary-en-cs.tsv).
#pragma once

#include "blog/store/database.hpp"

#include <cstddef>
#include <filesystem>

namespace blog::store {

// The shipped data file: data/glossary-en-cs.tsv under the working folder when there is one, else
// under the source tree the program was built from. Does not fail (the path may not exist).
std::filesystem::path default_glossary_file();

// When glossary_terms is empty, loads every pair of `file` into it (bumping the version) and
// returns how many; 0 when the table has terms (an admin's list is never overwritten) or the file
// does not exist. Throws std::invalid_argument for a malformed file and on database failure.
std::size_t seed_glossary_if_empty(database& db, const std::filesystem::path& file = default_glossary_file());

}  // namespace blog::store
