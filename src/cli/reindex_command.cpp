// blogctl reindex: rebuilds the search index from PostgreSQL. With blogd running, each node
// rebuilds its own copy while it keeps answering searches; without one, it rebuilds here.
#include "blog/cli/commands.hpp"
#include "blog/readmodel/change_follower.hpp"
#include "blog/readmodel/search_indexer.hpp"

#include <pqxx/pqxx>

#include <chrono>
#include <iostream>

namespace blog::cli {
namespace {

struct waiter : pqxx::notification_receiver {
  waiter(pqxx::connection_base& c, const std::string& channel) : pqxx::notification_receiver(c, channel) {}
  void operator()(const std::string& message, int) override {
    payload = message;
    arrived = true;
  }
  std::string payload;
  bool arrived = false;
};

bool wait_for(pqxx::connection& conn, waiter& w, std::chrono::seconds limit) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  while (!w.arrived && std::chrono::steady_clock::now() < deadline) conn.await_notification(0, 200'000);
  return w.arrived;
}

}  // namespace

int reindex(const arguments& args, const config& cfg) {
  if (!args.empty()) {
    std::cerr << "usage: blogctl reindex\n";
    return 2;
  }
  store::database db(cfg.effective_database_url(), 2, std::chrono::milliseconds(10000));
  require_migrated(db);
  pqxx::connection listen(cfg.effective_database_url());
  waiter started(listen, readmodel::reindex_started_channel);
  waiter done(listen, readmodel::reindex_done_channel);
  readmodel::notify(db, readmodel::reindex_channel, "");
  if (wait_for(listen, started, std::chrono::seconds(3))) {
    std::cout << "blogd is rebuilding its search index; searches keep working meanwhile…\n";
    if (!wait_for(listen, done, std::chrono::seconds(1800))) {
      std::cerr << "blogctl reindex: no answer from blogd within 30 minutes\n";
      return 1;
    }
    std::cout << "Search index " << done.payload << ".\n";
    return done.payload.rfind("failed", 0) == 0 ? 1 : 0;
  }
  // No blogd is listening: rebuild the index in this data folder ourselves.
  readmodel::read_model model;
  search::index_store indexes(cfg.data_dir / "index");
  readmodel::search_indexer indexer(indexes, db);
  readmodel::change_follower follower(db, model, cfg.effective_database_url());
  follower.start();
  auto count = indexer.rebuild(follower);
  follower.stop();
  std::cout << "Search index rebuilt in " << (cfg.data_dir / "index").string() << ": " << count << " posts.\n";
  return 0;
}

}  // namespace blog::cli
