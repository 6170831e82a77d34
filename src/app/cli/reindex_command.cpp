// blogctl reindex: rebuilds the search index from PostgreSQL. With blogd running, each node
// rebuilds its own copy while it keeps answering searches; without one, it rebuilds here.
#include "blog/app/cli/commands.hpp"
#include "blog/readmodel/change_follower.hpp"
#include "blog/readmodel/search_indexer.hpp"
#include "blog/store/notifications.hpp"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>
#include <set>
#include <vector>

namespace blog::cli {
namespace {

// Waits on `listen` until `enough()` or `limit` passes; true when enough.
template <typename Fn>
bool wait_until(store::listener& listen, Fn enough, std::chrono::milliseconds limit) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  while (!enough() && std::chrono::steady_clock::now() < deadline) listen.wait(std::chrono::milliseconds(200));
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
  store::listener listen(cfg.effective_database_url());
  std::vector<std::string> started, done;  // every node's reports, in the order they came
  listen.listen(store::reindex_started_channel, [&](const std::string& node) { started.push_back(node); });
  listen.listen(store::reindex_done_channel, [&](const std::string& report) { done.push_back(report); });
  store::notify(db, store::reindex_channel, "");
  // Every node hears the request at once; the ones that answer within a moment of the first are
  // the nodes there are.
  if (wait_until(
          listen, [&] { return !started.empty(); }, std::chrono::seconds(3))) {
    wait_until(
        listen, [] { return false; }, std::chrono::milliseconds(1500));
    std::set<std::string> nodes(started.begin(), started.end());
    std::cout << nodes.size() << (nodes.size() == 1 ? " blogd node is" : " blogd nodes are")
              << " rebuilding the search index; searches keep working meanwhile…\n";
    std::map<std::string, std::string> outcomes;  // node → "rebuilt N posts" or "failed: …"
    auto all_done = [&] {
      for (const auto& payload : done) {
        auto tab = payload.find('\t');
        if (tab != std::string::npos) outcomes[payload.substr(0, tab)] = payload.substr(tab + 1);
      }
      done.clear();
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
