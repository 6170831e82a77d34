// Reads and replaces the fintech glossary.
#pragma once

#include "blog/domain/glossary.hpp"
#include "blog/store/database.hpp"

#include <cstdint>
#include <vector>

namespace blog::store {

// Every pair, ordered by English term. Throws on database failure.
std::vector<domain::glossary_term> load_glossary(database& db);
// The version bumped by each replace (0 before the first). Throws on database failure.
std::int64_t glossary_version(database& db);
// Replaces the whole list in one transaction and bumps the version; duplicates are dropped.
void replace_glossary(database& db, const std::vector<domain::glossary_term>& terms);

}  // namespace blog::store
