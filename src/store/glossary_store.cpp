// SQL for the glossary.
#include "blog/store/glossary_store.hpp"

#include "blog/store/notifications.hpp"

#include <pqxx/pqxx>

namespace blog::store {

std::vector<domain::glossary_term> load_glossary(database& db) {
  return db.with([](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<domain::glossary_term> terms;
    for (const auto& r : tx.exec("SELECT en, cs FROM glossary_terms ORDER BY lower(en), lower(cs)"))
      terms.push_back({r[0].as<std::string>(), r[1].as<std::string>()});
    return terms;
  });
}

std::int64_t glossary_version(database& db) {
  return db.with([](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    return tx.exec1("SELECT version FROM glossary_version")[0].as<std::int64_t>();
  });
}

void replace_glossary(database& db, const std::vector<domain::glossary_term>& terms) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec("DELETE FROM glossary_terms");
    for (const auto& t : terms)
      tx.exec_params("INSERT INTO glossary_terms (en, cs) VALUES ($1, $2) ON CONFLICT DO NOTHING", t.en, t.cs);
    tx.exec("UPDATE glossary_version SET version = version + 1, updated_at = now()");
    // Heard by every node at commit: their searches take the new list (app).
    tx.exec_params("SELECT pg_notify($1, 'glossary')", glossary_channel);
    tx.commit();
  });
}

}  // namespace blog::store
