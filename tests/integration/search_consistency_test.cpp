// The index follows PostgreSQL: after a burst of concurrent random writes, after kill -9 of blogd in
// the middle of writes, and after a stop during which thousands of changes arrived, index and
// database hold the same posts.
#include "support/harness.hpp"

#include "blog/search/index_store.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>
#include <pqxx/pqxx>

#include <sys/wait.h>
#include <unistd.h>
#include <chrono>
#include <csignal>
#include <random>
#include <set>
#include <thread>

using blog::test::http_client;
using blog::test::test_server;

namespace {

std::string json(const boost::json::object& o) {
  return boost::json::serialize(o);
}

std::set<std::int64_t> database_ids(const std::string& url) {
  pqxx::connection c(url);
  pqxx::read_transaction tx(c);
  std::set<std::int64_t> ids;
  for (const auto& row : tx.exec("SELECT id FROM posts")) ids.insert(row[0].as<std::int64_t>());
  return ids;
}

// Visible posts whose title carries `token`, as the database sees them.
std::set<std::string> visible_with(const std::string& url, const std::string& token) {
  pqxx::connection c(url);
  pqxx::read_transaction tx(c);
  std::set<std::string> slugs;
  for (const auto& row : tx.exec_params(
           "SELECT slug FROM posts WHERE published AND published_at <= now() AND title LIKE '%' || $1 || '%'", token))
    slugs.insert(row[0].as<std::string>());
  return slugs;
}

std::set<std::string> searched(http_client& client, const std::string& token) {
  auto body = client.get("/api/search?language=cs&limit=50&q=" + token).json();
  std::set<std::string> slugs;
  for (const auto& r : body.at("results").as_array()) slugs.emplace(r.at("slug").as_string());
  return slugs;
}

std::unique_ptr<http_client> admin_client(const std::string& base, const std::function<void(const std::string&)>& sql) {
  auto client = std::make_unique<http_client>(base);
  const std::string password = "consistency-1";
  auto res = client->post("/api/register", json({{"username", "c_admin"},
                                                 {"email", "c_admin@example.com"},
                                                 {"password", password},
                                                 {"confirmPassword", password}}));
  if (res.status == 409) {
    res = client->post("/api/login", json({{"username", "c_admin"}, {"password", password}}));
  }
  sql("UPDATE users SET approval_status = 'approved', role = 'admin' WHERE username = 'c_admin'");
  return client;
}

}  // namespace

TEST(SearchConsistency, BurstOfRandomWritesLeavesIndexAndDatabaseEqual) {
  test_server server("consistency");
  auto admin = admin_client(server.url(), [&](const std::string& s) { server.sql(s); });
  std::atomic<int> next{0};
  auto worker = [&](unsigned seed) {
    http_client client(server.url());
    client.post("/api/login", json({{"username", "c_admin"}, {"password", "consistency-1"}}));
    std::mt19937 rng(seed);
    std::vector<std::int64_t> mine;
    for (int i = 0; i < 25; ++i) {
      int action = mine.empty() ? 0 : static_cast<int>(rng() % 4);
      if (action == 0) {
        int n = next++;
        auto res = client.post("/api/posts", json({{"title", "Burstword item " + std::to_string(n)},
                                                   {"content", "<p>platební karty a burstword</p>"},
                                                   {"category", "Fintech"},
                                                   {"language", n % 2 ? "cs" : "en"}}));
        if (res.status == 201) mine.push_back(res.json().at("id").as_int64());
      } else {
        auto id = std::to_string(mine[rng() % mine.size()]);
        if (action == 1) client.put("/api/posts/id/" + id, json({{"excerpt", "changed " + std::to_string(i)}}));
        if (action == 2) client.patch("/api/admin/posts/" + id + "/toggle-published");
        if (action == 3) {
          client.del("/api/admin/posts/" + id);
          mine.erase(std::remove(mine.begin(), mine.end(), std::stoll(id)), mine.end());
        }
      }
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < 4; ++t) threads.emplace_back(worker, 17 + t);
  for (auto& t : threads) t.join();

  auto index_ids = server.ctx().search->current()->all_ids();
  auto db_ids = database_ids(server.database_url());
  EXPECT_EQ(std::set<std::int64_t>(index_ids.begin(), index_ids.end()), db_ids);
  http_client reader(server.url());
  EXPECT_EQ(searched(reader, "burstword"), visible_with(server.database_url(), "Burstword"));
}

TEST(SearchConsistency, RestartAfterKillNineCatchesUpWithoutLostOrStaleDocuments) {
  const char* blogd = std::getenv("BLOG_BLOGD");
  ASSERT_NE(blogd, nullptr);
  auto db = blog::test::create_database("killnine");
  blog::test::temp_dir data;
  auto port = std::to_string(20000 + (::getpid() % 20000));
  auto start = [&] {
    pid_t child = fork();
    if (child == 0) {
      setenv("BLOG_DATABASE_URL", db.c_str(), 1);
      setenv("BLOG_HTTP_PORT", port.c_str(), 1);
      setenv("BLOG_HTTP_ADDRESS", "127.0.0.1", 1);
      setenv("BLOG_DATA_DIR", data.path.c_str(), 1);
      setenv("BLOG_LOG_LEVEL", "warn", 1);
      execl(blogd, blogd, nullptr);
      _exit(127);
    }
    return child;
  };
  auto base = "http://127.0.0.1:" + port;
  auto wait_ready = [&] {
    http_client probe(base);
    for (int i = 0; i < 100; ++i) {
      try {
        if (probe.get("/readyz").status == 200) return true;
      } catch (const std::exception&) {
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return false;
  };
  auto sql = [&](const std::string& statement) {
    pqxx::connection c(db);
    pqxx::work tx(c);
    tx.exec(statement);
    tx.commit();
  };

  pid_t child = start();
  ASSERT_TRUE(wait_ready());
  auto admin = admin_client(base, sql);
  for (int i = 0; i < 10; ++i)
    admin->post("/api/posts", json({{"title", "Killword before " + std::to_string(i)},
                                    {"content", "killword text"},
                                    {"category", "Fintech"},
                                    {"language", "en"}}));
  // Kill it in the middle of a stream of writes.
  std::thread writer([&] {
    http_client client(base);
    // On a busy machine the kill can land during the sign-in already (password hashing is slow):
    // a failed request of any kind ends the writer, never the test process.
    try {
      client.post("/api/login", json({{"username", "c_admin"}, {"password", "consistency-1"}}));
      for (int i = 0; i < 30; ++i)
        client.post("/api/posts", json({{"title", "Killword during " + std::to_string(i)},
                                        {"content", "killword"},
                                        {"category", "Fintech"},
                                        {"language", "cs"}}));
    } catch (const std::exception&) {
    }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ::kill(child, SIGKILL);
  int status = 0;
  waitpid(child, &status, 0);
  writer.join();

  // While it is down, the database changes behind its back.
  sql("UPDATE posts SET published = false WHERE title = 'Killword before 0'");
  sql("DELETE FROM posts WHERE title = 'Killword before 1'");
  sql("INSERT INTO posts (title, slug, content, content_html, category, language, published_at) VALUES "
      "('Killword while down', 'killword-while-down', 'killword', '<p>killword</p>', 'Fintech', 'en', now() - interval "
      "'1 minute')");

  child = start();
  ASSERT_TRUE(wait_ready());
  http_client reader(base);
  EXPECT_EQ(searched(reader, "killword"), visible_with(db, "Killword"));
  ::kill(child, SIGTERM);
  waitpid(child, &status, 0);
}

TEST(SearchConsistency, ANodeStoppedWhileThousandsOfChangesArrivedIndexesEveryOneAtItsNextStart) {
  auto db = blog::test::create_database("catchup");
  blog::test::temp_dir data;
  auto cfg = blog::test::node_config(db, data.path);
  auto sql = [&](const std::string& statement) {
    pqxx::connection c(db);
    pqxx::work tx(c);
    tx.exec(statement);
    tx.commit();
  };
  {
    // The index holds a position in the change log when the node stops.
    blog::app::app first(cfg);
    sql("INSERT INTO posts (title, slug, content, content_html, category, language, published_at) VALUES "
        "('Catchword before', 'catchword-before', 'catchword', '<p>catchword</p>', 'Fintech', 'en', now() - "
        "interval '1 minute')");
    first.ctx().follower->catch_up();
    // Transactions open anywhere in the cluster when the node started (other tests') may still
    // commit changes below its position; until they have ended the index stores none.
    for (int i = 0; i < 300 && first.ctx().follower->applied().load_pending; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      first.ctx().follower->catch_up();
    }
    sql("UPDATE posts SET title = 'Catchword before, stored' WHERE slug = 'catchword-before'");
    first.ctx().follower->catch_up();
    ASSERT_GT(first.ctx().search->current()->last_seq(), 0);
  }

  // While it is down: more changes than one catch-up batch, a post of the first batch changed again
  // in the last, and the post it had indexed deleted.
  sql("INSERT INTO posts (title, slug, content, content_html, category, language, published_at) "
      "SELECT 'Catchword ' || n, 'catchword-' || n, 'catchword text ' || n, '<p>catchword text ' || n || '</p>', "
      "'Fintech', CASE WHEN n % 2 = 0 THEN 'cs' ELSE 'en' END, now() - interval '1 minute' "
      "FROM generate_series(1, 2500) AS n");
  sql("UPDATE posts SET published = false WHERE slug = 'catchword-7'");
  sql("UPDATE posts SET title = 'Catchword retitled latecomer' WHERE slug = 'catchword-8'");
  sql("DELETE FROM posts WHERE slug = 'catchword-before'");

  blog::app::app second(cfg);
  auto index = second.ctx().search->current();
  auto index_ids = index->all_ids();
  EXPECT_EQ(std::set<std::int64_t>(index_ids.begin(), index_ids.end()), database_ids(db));
  pqxx::connection c(db);
  pqxx::read_transaction tx(c);
  EXPECT_EQ(second.ctx().indexer->indexed_seq(), tx.exec("SELECT max(seq) FROM post_changes")[0][0].as<std::int64_t>());
  EXPECT_LE(index->last_seq(), second.ctx().indexer->indexed_seq());
  blog::search::query everyone;
  everyone.text = "catchword";
  everyone.language = "cs";
  everyone.now_ms = blog::posts::now_ms();
  EXPECT_EQ(index->search(everyone).total_estimate, 2499U);  // all but the unpublished one
  blog::search::query retitled = everyone;
  retitled.text = "latecomer";
  auto found = index->search(retitled);
  ASSERT_EQ(found.hits.size(), 1U);
  EXPECT_EQ(found.hits.front().id, tx.exec("SELECT id FROM posts WHERE slug = 'catchword-8'")[0][0].as<std::int64_t>());
}
