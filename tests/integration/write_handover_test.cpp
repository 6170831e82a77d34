// A writer hands its committed rows to its node's follower instead of the follower reading them
// back: a write answered 2xx is at once in the writing node's list, page and search, and a handed
// row never overwrites a newer change of the same post that another node committed meanwhile.
#include "support/harness.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include <chrono>
#include <future>
#include <thread>

using blog::test::http_client;
using blog::test::test_server;

namespace {

std::string json(const boost::json::object& o) {
  return boost::json::serialize(o);
}

std::unique_ptr<http_client> admin_client(test_server& server, const std::string& name) {
  auto client = std::make_unique<http_client>(server.url());
  const std::string password = "handover-1";
  client->post("/api/register", json({{"username", name},
                                      {"email", name + "@example.com"},
                                      {"password", password},
                                      {"confirmPassword", password}}));
  server.sql("UPDATE users SET approval_status = 'approved', role = 'admin' WHERE username = '" + name + "'");
  return client;
}

// The title the list shows for the post, "" when it is not listed.
std::string listed_title(http_client& client, const std::string& slug) {
  auto body = client.get("/api/posts?language=en").json();
  for (const auto& p : body.as_array())
    if (p.at("slug").as_string() == slug) return std::string(p.at("title").as_string());
  return "";
}

bool found_by_search(http_client& client, const std::string& word, const std::string& slug) {
  auto body = client.get("/api/search?language=en&limit=50&q=" + word).json();
  for (const auto& r : body.at("results").as_array())
    if (r.at("slug").as_string() == slug) return true;
  return false;
}

std::string title_of(http_client& client, const std::string& slug) {
  auto res = client.get("/api/posts/" + slug);
  return res.status == 200 ? std::string(res.json().at("title").as_string()) : std::string();
}

}  // namespace

TEST(WriteHandover, AWriteAnsweredIsAtOnceInTheWritingNodesListPageAndSearch) {
  test_server server("handover_ryw");
  auto admin = admin_client(server, "ho_admin");
  for (int i = 0; i < 5; ++i) {
    const auto n = std::to_string(i);
    const auto slug = "handed-" + n;
    auto created = admin->post("/api/posts", json({{"title", "Handed " + n},
                                                   {"slug", slug},
                                                   {"content", "<p>Quokkaword" + n + " in the body</p>"},
                                                   {"excerpt", "Handed post"},
                                                   {"category", "Fintech"},
                                                   {"language", "en"}}));
    ASSERT_EQ(created.status, 201) << created.body;
    const auto id = std::to_string(created.json().at("id").as_int64());
    // No wait, no retry: the answer came after the read model and the index had the post.
    EXPECT_EQ(listed_title(*admin, slug), "Handed " + n);
    EXPECT_EQ(title_of(*admin, slug), "Handed " + n);
    EXPECT_TRUE(found_by_search(*admin, "quokkaword" + n, slug));

    auto updated = admin->put("/api/posts/id/" + id, json({{"title", "Renamed " + n},
                                                           {"content", "<p>Wombatword" + n + " now</p>"},
                                                           {"category", "Fintech"},
                                                           {"language", "en"}}));
    ASSERT_EQ(updated.status, 200) << updated.body;
    EXPECT_EQ(listed_title(*admin, slug), "Renamed " + n);
    EXPECT_EQ(title_of(*admin, slug), "Renamed " + n);
    EXPECT_TRUE(found_by_search(*admin, "wombatword" + n, slug));
    EXPECT_FALSE(found_by_search(*admin, "quokkaword" + n, slug));

    auto hidden = admin->patch("/api/admin/posts/" + id + "/toggle-published");
    ASSERT_EQ(hidden.status, 200) << hidden.body;
    EXPECT_EQ(listed_title(*admin, slug), "") << "unpublished: out of the list at once";
    EXPECT_FALSE(found_by_search(*admin, "wombatword" + n, slug));
  }
}

TEST(WriteHandover, AHandedRowDoesNotOverwriteANewerChangeFromAnotherNode) {
  test_server a("handover_race_a");
  const auto shared_db = a.database_url();
  test_server b("handover_race_b", [&](blog::config& c) { c.database_url = shared_db; });
  auto on_a = admin_client(a, "ho_race_a");
  auto on_b = admin_client(b, "ho_race_b");
  auto created = on_a->post("/api/posts", json({{"title", "Original"},
                                                {"slug", "raced"},
                                                {"content", "<p>Raced body</p>"},
                                                {"excerpt", "Raced"},
                                                {"category", "Fintech"},
                                                {"language", "en"}}));
  ASSERT_EQ(created.status, 201) << created.body;
  const auto id = std::to_string(created.json().at("id").as_int64());
  auto edit = [&](http_client& client, const std::string& title) {
    return client.put(
        "/api/posts/id/" + id,
        json({{"title", title}, {"content", "<p>Raced body</p>"}, {"category", "Fintech"}, {"language", "en"}}));
  };

  // Node a's follower is held while a's writer commits and hands over its row, and b then commits
  // a later change of the same post: a's next pass reads both changes, and b's is the newer.
  std::promise<void> entered, release;
  auto released = release.get_future().share();
  std::thread holder([&] {
    a.ctx().follower->run_exclusive([&](blog::readmodel::applied_position) {
      entered.set_value();
      released.wait();
    });
  });
  entered.get_future().wait();
  auto from_a = std::async(std::launch::async, [&] { return edit(*on_a, "From node a"); });
  // a's write is committed (its answer waits for the follower); b's comes after it (the row's lock).
  bool committed = false;
  for (int i = 0; i < 100 && !committed; ++i) {
    committed = title_of(*on_b, "raced") == "From node a";
    if (!committed) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_TRUE(committed) << "node b saw node a's write";
  auto from_b = edit(*on_b, "From node b");
  ASSERT_EQ(from_b.status, 200) << from_b.body;
  release.set_value();
  holder.join();
  ASSERT_EQ(from_a.get().status, 200);

  // a answered after a pass that read both changes: it shows b's, the newest, not its own row.
  EXPECT_EQ(title_of(*on_a, "raced"), "From node b");
  EXPECT_EQ(listed_title(*on_a, "raced"), "From node b");
  EXPECT_EQ(title_of(*on_b, "raced"), "From node b");
}

TEST(WriteHandover, ConcurrentWritesOnASingleWorkerAnswerAndAreReadAtOnce) {
  // One worker thread for everything blocking: writers waiting for the follower hold none of it
  // (the pass runs as a job on that same worker), so writes more numerous than the workers neither
  // wait in line one pass each nor deadlock.
  test_server server("handover_one_worker", [](blog::config& c) { c.worker_threads = 1; });
  constexpr int writers = 6;
  constexpr int each = 4;
  auto word = [](int w, int i) { return std::to_string(w * each + i); };  // one word per post
  std::vector<std::unique_ptr<http_client>> clients;
  for (int w = 0; w < writers; ++w) clients.push_back(admin_client(server, "ho_one_" + std::to_string(w)));
  std::vector<std::future<std::vector<std::string>>> done;
  for (int w = 0; w < writers; ++w)
    done.push_back(std::async(std::launch::async, [&, w] {
      std::vector<std::string> problems;
      for (int i = 0; i < each; ++i) {
        const auto n = std::to_string(w) + "-" + std::to_string(i);
        auto created = clients[w]->post("/api/posts", json({{"title", "Single worker " + n},
                                                            {"slug", "single-worker-" + n},
                                                            {"content", "<p>Numbatword" + word(w, i) + "</p>"},
                                                            {"category", "Fintech"},
                                                            {"language", "en"}}));
        if (created.status != 201) {
          problems.push_back(n + ": " + std::to_string(created.status) + " " + created.body);
          continue;
        }
        if (title_of(*clients[w], "single-worker-" + n) != "Single worker " + n) problems.push_back(n + ": no page");
      }
      return problems;
    }));
  for (auto& d : done) EXPECT_EQ(d.get(), std::vector<std::string>{});
  // Each is in the index too (the list's first page holds only the newest few).
  for (int w = 0; w < writers; ++w)
    for (int i = 0; i < each; ++i) {
      const auto n = std::to_string(w) + "-" + std::to_string(i);
      EXPECT_TRUE(found_by_search(*clients[0], "numbatword" + word(w, i), "single-worker-" + n)) << n;
    }
}
