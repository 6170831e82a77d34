// A node whose index was built with another analysis (here: before en_US was installed) rebuilds it in the
// background: the old index answers meanwhile, writes made during the rebuild reach the new one.
#include "support/harness.hpp"

#include "blog/search/dictionaries.hpp"
#include "blog/search/index_store.hpp"

#include <gtest/gtest.h>
#include <pqxx/pqxx>

#include <chrono>
#include <thread>

namespace {

namespace fs = std::filesystem;

std::vector<std::int64_t> found(blog::app::app& node, const std::string& text, const std::string& language) {
  blog::search::query q;
  q.text = text;
  q.language = language;
  q.now_ms = blog::posts::now_ms();
  q.limit = 20;
  std::vector<std::int64_t> ids;
  for (const auto& h : node.ctx().search->current()->search(q).hits) ids.push_back(h.id);
  return ids;
}

std::int64_t post_id(const std::string& url, const std::string& slug) {
  pqxx::connection c(url);
  pqxx::read_transaction tx(c);
  return tx.exec_params("SELECT id FROM posts WHERE slug = $1", slug)[0][0].as<std::int64_t>();
}

// Brings the node's index to a stored position above 0 (see search_consistency_test: transactions
// open in the cluster at its start keep it from storing one until they end).
void settle(blog::app::app& node, const std::function<void(const std::string&)>& sql) {
  node.ctx().follower->catch_up();
  for (int i = 0; i < 300 && node.ctx().follower->applied().load_pending; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    node.ctx().follower->catch_up();
  }
  sql("UPDATE posts SET excerpt = 'settled' WHERE slug = 'happier'");
  node.ctx().follower->catch_up();
}

TEST(SearchReanalysis, AnIndexOfAnotherAnalysisAnswersWhileANewOneIsBuiltBesideIt) {
  auto db = blog::test::create_database("reanalysis");
  blog::test::temp_dir data;
  auto cfg = blog::test::node_config(db, data.path);
  auto sql = [&](const std::string& statement) {
    pqxx::connection c(db);
    pqxx::work tx(c);
    tx.exec(statement);
    tx.commit();
  };

  // The index as a node wrote it before en_US was installed: Snowball alone for English.
  blog::test::temp_dir czech_only;
  for (const char* name : {"cs_CZ.aff", "cs_CZ.dic"})
    fs::create_symlink(fs::path(blog::search::default_dictionary_dir) / name, czech_only.path / name);
  ASSERT_FALSE(blog::search::use_dictionaries(czech_only.path).english);
  std::int64_t happier = 0;
  {
    blog::app::app before(cfg);  // migrates the new database
    // Enough posts that the rebuild takes a while: the old index must answer during it.
    sql("INSERT INTO posts (title, slug, content, content_html, category, language, published_at) VALUES "
        "('Customers', 'happier', 'happier customers', '<p>Happier customers pay on time.</p>', 'Fintech', 'en', "
        "now() - interval '1 minute'), "
        "('Účet', 'ucet', 'platba z účtu', '<p>Platba z účtu.</p>', 'Fintech', 'cs', now() - interval '1 minute')");
    sql("INSERT INTO posts (title, slug, content, content_html, category, language, published_at) "
        "SELECT 'Výplň ' || n, 'filler-' || n, 'text', '<p>' || repeat('Obec platí za bankomat a certifikát ' || n "
        "|| '. ', 40) || '</p>', 'Fintech', 'cs', now() - interval '1 minute' FROM generate_series(1, 4000) AS n");
    happier = post_id(db, "happier");
    settle(before, sql);
    ASSERT_GT(before.ctx().search->current()->last_seq(), 0);
    EXPECT_TRUE(found(before, "happy", "en").empty());  // "happier" is not "happy" to Snowball
  }

  ASSERT_TRUE(blog::search::use_dictionaries(blog::search::default_dictionary_dir).english);
  blog::app::app node(cfg);
  // Started without rebuilding first: the old index answers, by its old analysis.
  const auto old_index = node.ctx().search->current();
  EXPECT_TRUE(old_index->stale_analysis());
  EXPECT_EQ(found(node, "účtu", "cs"), std::vector<std::int64_t>{post_id(db, "ucet")});
  EXPECT_TRUE(found(node, "happy", "en").empty());

  // A write while the rebuild runs.
  sql("INSERT INTO posts (title, slug, content, content_html, category, language, published_at) VALUES "
      "('Latecomer', 'latecomer', 'latecomer', '<p>The happiest latecomer.</p>', 'Fintech', 'en', "
      "now() - interval '1 minute')");
  node.ctx().follower->catch_up();
  const std::int64_t latecomer = post_id(db, "latecomer");
  EXPECT_EQ(found(node, "latecomer", "en"), std::vector<std::int64_t>{latecomer});
  EXPECT_EQ(node.ctx().search->current(), old_index) << "the rebuild ended before the write: make it longer";

  // The new index replaces it and has the write of the meantime.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(3);
  while (std::chrono::steady_clock::now() < deadline &&
         (node.ctx().search->current() == old_index || found(node, "latecomer", "en").empty())) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  const auto fresh = node.ctx().search->current();
  ASSERT_NE(fresh, old_index) << "no rebuild within 3 minutes";
  EXPECT_FALSE(fresh->stale_analysis());
  EXPECT_EQ(found(node, "latecomer", "en"), std::vector<std::int64_t>{latecomer});
  auto happy = found(node, "happy", "en");  // en_US: "happier" and "happiest" are forms of "happy"
  std::sort(happy.begin(), happy.end());
  EXPECT_EQ(happy, (std::vector<std::int64_t>{happier, latecomer}));
  EXPECT_EQ(found(node, "účtu", "cs"), std::vector<std::int64_t>{post_id(db, "ucet")});
}

}  // namespace
