// The read model follows the change log exactly: a change committed late (after a later one was
// applied) is neither missed nor applied twice, a rolled-back change leaves no gap behind, a
// change still uncommitted while a node loads its posts arrives once it commits, and the search
// index never stores a position a restart would resume from past a change not yet applied.
#include "support/harness.hpp"

#include "blog/search/index_store.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>
#include <pqxx/pqxx>

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <thread>

using blog::test::http_client;
using blog::test::test_server;

namespace {

std::string json(const boost::json::object& o) {
  return boost::json::serialize(o);
}

std::unique_ptr<http_client> admin_client(test_server& server) {
  auto client = std::make_unique<http_client>(server.url());
  const std::string password = "read-model-1";
  client->post("/api/register", json({{"username", "rm_admin"},
                                      {"email", "rm_admin@example.com"},
                                      {"password", password},
                                      {"confirmPassword", password}}));
  server.sql("UPDATE users SET approval_status = 'approved', role = 'admin' WHERE username = 'rm_admin'");
  return client;
}

// How many times each post id reached the follower's sinks (the read model and the index).
struct application_counter {
  std::mutex mutex;
  std::map<int, int> times;

  void attach(blog::readmodel::change_follower& follower) {
    follower.add_sink([this](const blog::readmodel::change_batch& batch) {
      std::lock_guard lock(mutex);
      for (int id : batch.changed) ++times[id];
    });
  }
  int of(int id) {
    std::lock_guard lock(mutex);
    return times.count(id) ? times[id] : 0;
  }
};

// Inserts a post in `tx` (left open) and returns its id.
int insert_post(pqxx::work& tx, const std::string& slug, const std::string& word) {
  return tx
      .exec_params1(
          "INSERT INTO posts (title, slug, content, content_html, excerpt, category, language) "
          "VALUES ($1, $2, $3, $4, $5, 'Fintech', 'en') RETURNING id",
          "Post " + word, slug, "About " + word, "<p>About " + word + "</p>", "About " + word)[0]
      .as<int>();
}

int post_id_of(http_client& client, const std::string& slug) {
  auto res = client.get("/api/posts/" + slug);
  if (res.status != 200) return 0;
  return static_cast<int>(res.json().at("id").as_int64());
}

bool indexed(blog::app::app& node, int id) {
  auto ids = node.ctx().search->current()->all_ids();
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

bool found_by_search(http_client& client, const std::string& word, const std::string& slug) {
  auto body = client.get("/api/search?language=cs&limit=50&q=" + word).json();
  for (const auto& r : body.at("results").as_array())
    if (r.at("slug").as_string() == slug) return true;
  return false;
}

}  // namespace

TEST(ReadModel, AChangeCommittedLateAfterALaterOneIsAppliedOnceAndNotMissed) {
  test_server server("read_model_late");
  auto admin = admin_client(server);
  application_counter counter;
  counter.attach(*server.ctx().follower);

  // The slow transaction takes its seq first, then a quick post commits a later seq.
  pqxx::connection slow_conn(server.database_url());
  pqxx::work slow(slow_conn);
  int slow_id = insert_post(slow, "late-slowpoke", "slowpokeword");
  auto quick = admin->post(
      "/api/posts",
      json({{"title", "Quick quickword"}, {"content", "<p>quick</p>"}, {"category", "Fintech"}, {"language", "en"}}));
  ASSERT_EQ(quick.status, 201) << quick.body;
  int quick_id = static_cast<int>(quick.json().at("id").as_int64());
  EXPECT_FALSE(server.ctx().follower->gaps().empty()) << "the slow transaction's seq is known to be missing";

  // Longer than any window of recent changes a follower might re-read; it passes once a second.
  std::this_thread::sleep_for(std::chrono::seconds(12));
  slow.commit();
  for (int i = 0; i < 40 && post_id_of(*admin, "late-slowpoke") == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));

  EXPECT_EQ(post_id_of(*admin, "late-slowpoke"), slow_id) << "the late commit reached the read model";
  // The index takes the change in its own commit, a moment later on a busy machine.
  bool indexed = false;
  for (int i = 0; i < 50 && !(indexed = found_by_search(*admin, "slowpokeword", "late-slowpoke")); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_TRUE(indexed) << "and the search index";
  // A few more passes of the follower must not apply either change again.
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  EXPECT_EQ(counter.of(quick_id), 1);
  EXPECT_EQ(counter.of(slow_id), 1);
  EXPECT_TRUE(server.ctx().follower->gaps().empty());
  EXPECT_EQ(server.ctx().follower->applied_seq(), server.ctx().follower->newest_seq());
}

TEST(ReadModel, ARolledBackChangeLeavesNoGapBehind) {
  test_server server("read_model_rollback");
  auto admin = admin_client(server);
  auto before = server.ctx().follower->applied_seq();
  {
    pqxx::connection conn(server.database_url());
    pqxx::work doomed(conn);
    insert_post(doomed, "never-committed", "doomedword");
    auto quick = admin->post(
        "/api/posts",
        json({{"title", "Survivor"}, {"content", "<p>stays</p>"}, {"category", "Fintech"}, {"language", "en"}}));
    ASSERT_EQ(quick.status, 201) << quick.body;
    EXPECT_EQ(server.ctx().follower->gaps().size(), 1U);
    // The index and a restart may resume only from below the open change.
    EXPECT_EQ(server.ctx().follower->applied_seq(), before);
    doomed.abort();
  }
  // A gap settles once the cluster's oldest open transaction is younger than it; tests of other
  // binaries share the cluster, so that can take a moment.
  for (int i = 0; i < 300; ++i) {
    server.ctx().follower->catch_up();
    if (server.ctx().follower->gaps().empty()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_TRUE(server.ctx().follower->gaps().empty());
  EXPECT_EQ(server.ctx().follower->applied_seq(), server.ctx().follower->newest_seq());
  EXPECT_EQ(admin->get("/api/posts/never-committed").status, 404);
  EXPECT_EQ(admin->get("/api/posts/survivor").status, 200);
}

TEST(ReadModel, AChangeUncommittedWhileANodeLoadsArrivesOnceWhenItCommits) {
  test_server first("read_model_start");
  auto admin = admin_client(first);

  // Open while the second node starts, with a later change already committed above it.
  pqxx::connection conn(first.database_url());
  pqxx::work open(conn);
  int open_id = insert_post(open, "open-at-start", "openword");
  auto later = admin->post(
      "/api/posts",
      json({{"title", "Committed first"}, {"content", "<p>first</p>"}, {"category", "Fintech"}, {"language", "en"}}));
  ASSERT_EQ(later.status, 201) << later.body;

  blog::test::temp_dir data;
  blog::app::app second(blog::test::node_config(first.database_url(), data.path));
  application_counter counter;
  counter.attach(*second.ctx().follower);
  ASSERT_EQ(second.ctx().posts.current()->by_slug("open-at-start"), nullptr);

  open.commit();
  second.ctx().follower->catch_up();
  const auto* arrived = second.ctx().posts.current()->by_slug("open-at-start");
  ASSERT_NE(arrived, nullptr);
  EXPECT_EQ(arrived->post.id, open_id);
  for (int i = 0; i < 3; ++i) second.ctx().follower->catch_up();
  EXPECT_EQ(counter.of(open_id), 1);
  EXPECT_TRUE(second.ctx().follower->gaps().empty());
}

TEST(ReadModel, AGapHeldByATransactionNewerThanEveryFinishedOneIsAwaitedUntilItCommits) {
  test_server server("read_model_horizon");
  auto& follower = *server.ctx().follower;
  // The transaction that commits first took its xid first; the slow one's xid is then above every
  // finished transaction's, so a snapshot's xmax (one past the newest finished) does not cover it.
  pqxx::connection quick_conn(server.database_url());
  pqxx::connection slow_conn(server.database_url());
  pqxx::work quick(quick_conn);
  quick.exec("SELECT pg_current_xact_id()");
  pqxx::work slow(slow_conn);
  int slow_id = insert_post(slow, "horizon-slow", "horizonslowword");
  insert_post(quick, "horizon-quick", "horizonquickword");
  quick.commit();
  follower.catch_up();
  ASSERT_EQ(follower.gaps().size(), 1U) << "the slow transaction's seq is missing below the quick one's";
  // Passes of the follower while the slow transaction is open, with it the oldest one running.
  for (int i = 0; i < 5; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    follower.catch_up();
  }
  EXPECT_EQ(follower.gaps().size(), 1U) << "a gap whose transaction is still open is not taken as rolled back";
  slow.commit();
  follower.catch_up();
  const auto* arrived = server.ctx().posts.current()->by_slug("horizon-slow");
  ASSERT_NE(arrived, nullptr) << "the slow transaction's post reached the read model";
  EXPECT_EQ(arrived->post.id, slow_id);
  EXPECT_TRUE(follower.gaps().empty());
  EXPECT_EQ(follower.applied_seq(), follower.newest_seq());
}

TEST(ReadModel, AChangeOpenAtAStartAndCommittedAfterTheNodeStopsIsIndexedByTheNextStart) {
  test_server first("read_model_second_start");
  auto admin = admin_client(first);
  blog::test::temp_dir data;
  auto cfg = blog::test::node_config(first.database_url(), data.path);
  { blog::app::app built(cfg); }  // the node's index, at the current position

  // Open while the node starts again, with a later change committed above it.
  pqxx::connection conn(first.database_url());
  pqxx::work open(conn);
  int open_id = insert_post(open, "open-across-starts", "acrossword");
  auto later = admin->post(
      "/api/posts",
      json(
          {{"title", "Committed above it"}, {"content", "<p>above</p>"}, {"category", "Fintech"}, {"language", "en"}}));
  ASSERT_EQ(later.status, 201) << later.body;
  int later_id = static_cast<int>(later.json().at("id").as_int64());
  {
    blog::app::app restarted(cfg);
    EXPECT_TRUE(restarted.ctx().follower->applied().load_pending);
    EXPECT_TRUE(indexed(restarted, later_id));
    EXPECT_FALSE(indexed(restarted, open_id));
  }  // stopped (or killed) before the open transaction commits: its index keeps its last commit

  open.commit();
  blog::app::app again(cfg);
  EXPECT_NE(again.ctx().posts.current()->by_slug("open-across-starts"), nullptr);
  EXPECT_TRUE(indexed(again, open_id)) << "the late commit below the stored position was replayed";
  EXPECT_TRUE(indexed(again, later_id));
}
