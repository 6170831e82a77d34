// blogctl reindex: rebuilds the search index from PostgreSQL. With blogd running, each node
// rebuilds its own copy while it keeps answering searches; without one, it rebuilds here.
#include "blog/cli/commands.hpp"
#include "blog/readmodel/change_follower.hpp"
#include "blog/readmodel/search_indexer.hpp"

#include <pqxx/pqxx>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>
#include <set>
#include <vector>

namespace blog::cli {
namespace {

// Every node's report on one channel: the payloads in the order they came.
struct collector : pqxx::notification_receiver {
  collector(pqxx::connection_base& c, const std::string& channel) : pqxx::notification_receiver(c, channel) {}
  void operator()(const std::string& message, int) override { payloads.push_back(message); }
  std::vector<std::string> payloads;
};

// Waits on `conn` until `enough()` or `limit` passes; true when enough.
template <typename Fn>
bool wait_until(pqxx::connection& conn, Fn enough, std::chrono::milliseconds limit) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  while (!enough() && std::chrono::steady_clock::now() < deadline) conn.await_notification(0, 200'000);
  return enough();
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
  collector started(listen, readmodel::reindex_started_channel);
  collector done(listen, readmodel::reindex_done_channel);
  readmodel::notify(db, readmodel::reindex_channel, "");
  // Every node hears the request at once; the ones that answer within a moment of the first are
  // the nodes there are.
  if (wait_until(
          listen, [&] { return !started.payloads.empty(); }, std::chrono::seconds(3))) {
    wait_until(
        listen, [] { return false; }, std::chrono::milliseconds(1500));
    std::set<std::string> nodes(started.payloads.begin(), started.payloads.end());
    std::cout << nodes.size() << (nodes.size() == 1 ? " blogd node is" : " blogd nodes are")
              << " rebuilding the search index; searches keep working meanwhile…\n";
    std::map<std::string, std::string> outcomes;  // node → "rebuilt N posts" or "failed: …"
    auto all_done = [&] {
      for (const auto& payload : done.payloads) {
        auto tab = payload.find('\t');
        if (tab != std::string::npos) outcomes[payload.substr(0, tab)] = payload.substr(tab + 1);
      }
      done.payloads.clear();
      return std::ranges::all_of(nodes, [&](const auto& n) { return outcomes.contains(n); });
    };
    bool finished = wait_until(listen, all_done, std::chrono::minutes(30));
    int failed = 0;
    for (const auto& node : nodes) {
      auto found = outcomes.find(node);
      if (found == outcomes.end()) {
        std::cerr << node << ": no answer within 30 minutes\n";
        ++failed;
      } else {
        std::cout << node << ": search index " << found->second << ".\n";
        if (found->second.rfind("failed", 0) == 0) ++failed;
      }
    }
    if (finished && failed == 0) std::cout << "Search index rebuilt on every node.\n";
    return failed == 0 ? 0 : 1;
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
