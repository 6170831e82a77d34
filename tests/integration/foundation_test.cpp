// The walking skeleton over real HTTP and a real PostgreSQL: migrations, settings, limits, pages, shutdown.
#include "support/harness.hpp"

#include "blog/store/migrations.hpp"
#include "blog/store/prepared.hpp"

#include <gtest/gtest.h>
#include <pqxx/pqxx>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <sys/wait.h>
#include <unistd.h>
#include <csignal>

using blog::test::http_client;
using blog::test::test_server;

namespace {

test_server& shared_server() {
  static test_server server("foundation", [](blog::config& c) { c.header_timeout_s = 1; });
  return server;
}

}  // namespace

TEST(Migrations, ApplyToAnEmptyDatabaseOnceEach) {
  auto& server = shared_server();
  pqxx::connection c(server.database_url());
  pqxx::read_transaction tx(c);
  EXPECT_EQ(tx.exec("SELECT count(*) FROM schema_migrations")[0][0].as<int>(),
            static_cast<int>(blog::store::embedded_migrations().size()));
  for (const char* table :
       {"users", "posts", "custom_categories", "site_settings", "sessions", "uploads", "post_changes"})
    EXPECT_TRUE(tx.exec_params("SELECT to_regclass($1) IS NOT NULL", table)[0][0].as<bool>()) << table;
  EXPECT_EQ(tx.exec("SELECT count(*) FROM site_settings")[0][0].as<int>(), 1);
}

TEST(Migrations, SecondRunAppliesNothing) {
  blog::store::database db(shared_server().database_url(), 1, std::chrono::seconds(5));
  EXPECT_TRUE(blog::store::migrate(db).empty());
  EXPECT_TRUE(blog::store::pending_migrations(db).empty());
}

TEST(Migrations, ChangedFileStopsStartWithAClearMessage) {
  blog::store::database db(blog::test::create_database("changed"), 1, std::chrono::seconds(5));
  auto all = blog::store::embedded_migrations();
  blog::store::migrate(db, all);
  all.front().sql += "\n-- edited afterwards\n";
  try {
    blog::store::migrate(db, all);
    FAIL() << "a changed migration was accepted";
  } catch (const blog::store::migration_error& e) {
    EXPECT_NE(std::string(e.what()).find("was changed after it was applied"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(all.front().name), std::string::npos);
  }
}

TEST(Pool, APreparedStatementIsPreparedOncePerConnectionAndAfterASchemaChangeOnAFreshOne) {
  blog::store::database db(blog::test::create_database("prepared"), 1, std::chrono::seconds(5));
  db.with([](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec("CREATE TABLE shape (a int)");
    tx.exec("INSERT INTO shape VALUES (7)");
    tx.commit();
  });
  const std::string sql = "SELECT * FROM shape WHERE a > $1";
  auto read = [&] {
    return db.with([&](pqxx::connection& c) {
      pqxx::nontransaction tx(c);
      auto rows = blog::store::exec_prepared(tx, sql, 0);
      return std::pair{rows.columns(), rows[0][0].as<int>()};
    });
  };
  auto prepared_here = [&] {
    return db.with([&](pqxx::connection& c) {
      pqxx::nontransaction tx(c);
      return tx
          .exec_params1("SELECT count(*) FROM pg_prepared_statements WHERE name = $1",
                        blog::store::statement_name(sql))[0]
          .as<int>();
    });
  };
  EXPECT_EQ(read(), std::pair(pqxx::row::size_type{1}, 7));
  EXPECT_EQ(read(), std::pair(pqxx::row::size_type{1}, 7));
  EXPECT_EQ(prepared_here(), 1) << "one pooled connection, the statement prepared on it once";
  // Another node's migration changes the table under the prepared statement: that call fails
  // (PostgreSQL: "cached plan must not change result type"), its connection is dropped, and the
  // next call prepares the statement afresh on a new one.
  pqxx::connection other(db.url());
  pqxx::nontransaction(other).exec("ALTER TABLE shape ADD COLUMN b int DEFAULT 2");
  EXPECT_THROW(read(), pqxx::sql_error);
  EXPECT_EQ(read(), std::pair(pqxx::row::size_type{2}, 7));
}

TEST(Migrations, PostChangesAreLoggedAndNotified) {
  auto& server = shared_server();
  pqxx::connection listener(server.database_url());
  struct receiver : pqxx::notification_receiver {
    using pqxx::notification_receiver::notification_receiver;
    int count = 0;
    void operator()(const std::string&, int) override { ++count; }
  } on_change(listener, "post_changes");
  server.sql("INSERT INTO posts (title, slug, content, category) VALUES ('T', 'notify-test', 'c', 'Fintech')");
  listener.await_notification(5, 0);
  EXPECT_EQ(on_change.count, 1);
  server.sql("DELETE FROM posts WHERE slug = 'notify-test'");
  pqxx::connection c(server.database_url());
  pqxx::read_transaction tx(c);
  EXPECT_EQ(tx.exec("SELECT count(*) FROM post_changes")[0][0].as<int>(), 2);
}

TEST(SiteSettings, DefaultsComeBackOverHttp) {
  http_client client(shared_server().url());
  auto res = client.get("/api/site-settings");
  ASSERT_EQ(res.status, 200);
  auto body = res.json().as_object();
  EXPECT_EQ(body.at("siteTitle").as_string(), "PayTech Blog");
  EXPECT_EQ(body.at("siteDescription").as_string(),
            "Expert insights and analysis on payment technologies, fintech innovations, and industry trends.");
  EXPECT_EQ(body.at("heroBackgroundColor").as_string(), "#1e293b");
  EXPECT_EQ(body.at("titleColor").as_string(), "#4f46e5");
  EXPECT_EQ(body.at("subtitleColor").as_string(), "#f9fafb");
  EXPECT_EQ(body.at("heroImage").as_string(), "/uploads/payments-hero.svg");
  EXPECT_EQ(body.at("heroImageWidth").as_string(), "75%");
  EXPECT_EQ(body.at("heroImageHeight").as_string(), "auto");
  EXPECT_EQ(body.at("imageOnRight").as_bool(), false);
  EXPECT_NE(res.header("content-type").find("application/json"), std::string::npos);
}

TEST(Server, HealthAndReadiness) {
  http_client client(shared_server().url());
  EXPECT_EQ(client.get("/healthz").status, 200);
  auto ready = client.get("/readyz");
  EXPECT_EQ(ready.status, 200);
  EXPECT_EQ(ready.json().at("status").as_string(), "ready");
}

TEST(Server, OversizedBodyGets413WithJsonMessage) {
  http_client client(shared_server().url());
  std::string big(2 * 1024 * 1024, 'x');
  auto res = client.post("/api/login", big);
  EXPECT_EQ(res.status, 413);
  EXPECT_TRUE(res.json().as_object().contains("message"));
}

// A client that sends a large body without waiting (no Expect: 100-continue): the server answers
// at once and reads the rest without keeping it, so that closing does not reset the connection
// under the answer while the client is still sending.
TEST(Server, A413ReachesAClientStillSendingALargeBody) {
  http_client client(shared_server().url());
  auto res = client.post("/api/login", std::string(std::size_t{12} * 1024 * 1024, 'x'));
  EXPECT_EQ(res.status, 413);
  EXPECT_TRUE(res.json().as_object().contains("message"));
}

TEST(Server, OversizedHeadersAreRefused) {
  std::string request = "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(20000, 'a') + "\r\n\r\n";
  auto reply = blog::test::raw_exchange(shared_server().port(), request);
  EXPECT_EQ(reply.rfind("HTTP/1.1 431", 0), 0u) << reply.substr(0, 80);
}

TEST(Server, UnknownApiPathIsJson404AndWrongMethodIs405WithAllow) {
  http_client client(shared_server().url());
  auto missing = client.get("/api/no-such-thing");
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(missing.json().at("message").as_string(), "Not found");
  auto wrong = client.request("DELETE", "/api/site-settings", "", {});
  EXPECT_EQ(wrong.status, 405);
  EXPECT_NE(wrong.header("allow").find("GET"), std::string::npos);
}

TEST(Server, KeepAliveServesSeveralRequestsOnOneConnection) {
  std::string two =
      "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
  auto reply = blog::test::raw_exchange(shared_server().port(), two);
  std::size_t first = reply.find("HTTP/1.1 200");
  ASSERT_NE(first, std::string::npos);
  EXPECT_NE(reply.find("HTTP/1.1 200", first + 1), std::string::npos) << reply;
}

TEST(Server, SlowClientIsCutOffByTheReadTimeout) {
  auto started = std::chrono::steady_clock::now();
  auto reply = blog::test::raw_exchange(shared_server().port(), "GET /healthz HTTP/1.1\r\nHost: x\r\n", 5000);
  auto waited = std::chrono::steady_clock::now() - started;
  EXPECT_EQ(reply.find("200"), std::string::npos);
  EXPECT_LT(waited, std::chrono::milliseconds(4000));
}

TEST(Pages, RoutesOfTheSpecServeTheAppAndOtherPathsGet404) {
  http_client client(shared_server().url());
  auto home = client.get("/");
  if (home.status == 503) GTEST_SKIP() << "web/dist is not built";
  EXPECT_EQ(home.status, 200);
  EXPECT_NE(home.body.find("<div id=\"root\""), std::string::npos);
  EXPECT_EQ(client.get("/search?q=karty").status, 200);
  EXPECT_EQ(client.get("/category/Fintech").status, 200);
  EXPECT_EQ(client.get("/post/no-such-post").status, 404);  // a missing post is a 404 page too
  EXPECT_EQ(client.get("/admin/site-settings").status, 200);
  EXPECT_EQ(client.get("/language-demo").status, 200);
  auto missing = client.get("/no-such-page");
  EXPECT_EQ(missing.status, 404);
  EXPECT_NE(missing.body.find("<div id=\"root\""), std::string::npos);
  auto hero = client.get("/uploads/payments-hero.svg");
  EXPECT_EQ(hero.status, 200);
  EXPECT_EQ(hero.header("content-type"), "image/svg+xml");
}

TEST(Shutdown, SigtermFinishesTheRequestInFlight) {
  const char* blogd = std::getenv("BLOG_BLOGD");
  ASSERT_NE(blogd, nullptr);
  auto db = blog::test::create_database("shutdown");
  blog::test::temp_dir data;
  // Picks a port by binding to 0 and releasing it just before blogd starts.
  int probe = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::bind(probe, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  socklen_t len = sizeof addr;
  ::getsockname(probe, reinterpret_cast<sockaddr*>(&addr), &len);
  auto port = ntohs(addr.sin_port);
  ::close(probe);

  pid_t child = fork();
  if (child == 0) {
    setenv("BLOG_DATABASE_URL", db.c_str(), 1);
    setenv("BLOG_HTTP_PORT", std::to_string(port).c_str(), 1);
    setenv("BLOG_HTTP_ADDRESS", "127.0.0.1", 1);
    setenv("BLOG_DATA_DIR", data.path.c_str(), 1);
    setenv("BLOG_LOG_LEVEL", "warn", 1);
    execl(blogd, blogd, nullptr);
    _exit(127);
  }
  http_client client("http://127.0.0.1:" + std::to_string(port));
  bool up = false;
  for (int i = 0; i < 100 && !up; ++i) {
    try {
      up = client.get("/healthz").status == 200;
    } catch (const std::exception&) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
  ASSERT_TRUE(up);

  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  std::string head = "GET /api/site-settings HTTP/1.1\r\nHost: x\r\n";
  ASSERT_GT(::send(fd, head.data(), head.size(), 0), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  ::kill(child, SIGTERM);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  ASSERT_GT(::send(fd, "\r\n", 2, MSG_NOSIGNAL), 0);
  std::string reply;
  char buffer[4096];
  for (;;) {
    auto n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) break;
    reply.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  EXPECT_EQ(reply.rfind("HTTP/1.1 200", 0), 0u) << reply;
  EXPECT_NE(reply.find("PayTech Blog"), std::string::npos);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}
