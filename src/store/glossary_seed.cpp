// Fills an empty glossary from the shipped data file, so search and the translator start with it.
#include "blog/store/glossary_seed.hpp"

#include "blog/domain/glossary.hpp"
#include "blog/store/glossary_store.hpp"

#include <pqxx/pqxx>

#include <fstream>
#include <sstream>

#ifndef BLOG_SOURCE_DIR
#define BLOG_SOURCE_DIR "."
#endif

namespace blog::store {

std::filesystem::path default_glossary_file() {
  std::filesystem::path local = "data/glossary-en-cs.tsv";  // not const: returned by move
  std::error_code ignored;
  if (std::filesystem::exists(local, ignored)) return local;
  return std::filesystem::path(BLOG_SOURCE_DIR) / "data" / "glossary-en-cs.tsv";
}

std::size_t seed_glossary_if_empty(database& db, const std::filesystem::path& file) {
  const bool empty = db.with([](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    return !tx.exec1("SELECT EXISTS (SELECT 1 FROM glossary_terms)")[0].as<bool>();
  });
  if (!empty) return 0;
  std::ifstream in(file, std::ios::binary);
  if (!in) return 0;
  std::ostringstream text;
  text << in.rdbuf();
  const auto terms = domain::parse_glossary_tsv(text.str());
  if (terms.empty()) return 0;
  // Two nodes starting at once may both find the table empty: the second replace writes the
  // same list again, which is harmless.
  replace_glossary(db, terms);
  return terms.size();
}

}  // namespace blog::store
