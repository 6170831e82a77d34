// Fuzzes the search query builder over a small real index: parsing in both languages with AND and
// OR, running the query, and spelling suggestions. Only Xapian database errors may come out.
#include "document_builder.hpp"
#include "query_builder.hpp"

#include <xapian.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>

#include <unistd.h>

namespace {

using namespace blog::search;

// A few posts in both languages, indexed as the indexer does, with their spelling dictionary.
Xapian::Database& sample_index() {
  static Xapian::Database db = [] {
    auto dir = std::filesystem::temp_directory_path() / ("blog-fuzz-index-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    Xapian::WritableDatabase w(dir.string(), Xapian::DB_CREATE_OR_OVERWRITE);
    document_builder builder;
    const post_doc posts[] = {
        {1, "Instant payments in Europe", "SEPA Instant for everyone", "Banks must offer instant transfers.",
         "Digital Payments", "en", true, 1'700'000'000'000},
        {2, "Bezpečnost plateb kartou", "Jak chránit platby", "Dvoufázové ověření a 3-D Secure chrání platby.",
         "Cybersecurity", "cs", true, 1'700'000'000'000},
        {3, "Open banking regulation", "PSD3 draft", "The regulation changes strong customer authentication.",
         "Regulations", "en", false, 1'700'000'000'000},
        {4, "Kryptoměny a regulace", "MiCA v praxi", "Evropská regulace kryptoměn platí od roku 2024.", "Regulations",
         "cs", true, 1'700'000'000'000},
    };
    for (const auto& p : posts) w.replace_document(static_cast<Xapian::docid>(p.id), builder.build(p));
    std::unordered_map<std::string, std::int64_t> spelling;
    builder.take_spelling(spelling);
    for (const auto& [word, count] : spelling) w.add_spelling(word, static_cast<Xapian::termcount>(count));
    w.commit();
    w.close();
    static const std::filesystem::path to_remove = dir;
    std::atexit([] { std::filesystem::remove_all(to_remove); });
    return Xapian::Database(dir.string());
  }();
  return db;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  static stemmers stem;
  static query_builder builder(sample_index(), stem);
  for (bool czech : {false, true}) {
    for (auto op : {Xapian::Query::OP_AND, Xapian::Query::OP_OR}) {
      auto parsed = builder.parse(text, czech, op);
      if (parsed.query.empty()) continue;
      Xapian::Enquire enquire(sample_index());
      enquire.set_query(parsed.query);
      (void)enquire.get_mset(0, 10);
    }
    (void)builder.suggest(text, czech);
  }
  return 0;
}
