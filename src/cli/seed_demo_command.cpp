// blogctl seed-demo: writes the demo posts of seed/demo-posts.json (both languages, every category).
#include "blog/cli/commands.hpp"
#include "blog/posts/post.hpp"
#include "blog/render/render.hpp"
#include "blog/store/posts_store.hpp"

#include <boost/json.hpp>
#include <pqxx/pqxx>

#include <fstream>
#include <iostream>
#include <sstream>

#ifndef BLOG_SOURCE_DIR
#define BLOG_SOURCE_DIR "."
#endif

namespace blog::cli {
namespace {

std::filesystem::path default_seed_file() {
  std::filesystem::path local = "seed/demo-posts.json";
  if (std::filesystem::exists(local)) return local;
  return std::filesystem::path(BLOG_SOURCE_DIR) / "seed" / "demo-posts.json";
}

std::optional<int> first_admin(store::database& db) {
  return db.with([](pqxx::connection& c) -> std::optional<int> {
    pqxx::read_transaction tx(c);
    auto rows = tx.exec("SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1");
    if (rows.empty()) return std::nullopt;
    return rows[0][0].as<int>();
  });
}

}  // namespace

int seed_demo_posts(store::database& db, const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  std::stringstream text;
  text << in.rdbuf();
  auto items = boost::json::parse(text.str()).as_array();
  auto author = first_admin(db);
  auto now = posts::now_ms();
  int written = 0;
  for (const auto& item : items) {
    const auto& o = item.as_object();
    posts::post p;
    p.title = std::string(o.at("title").as_string());
    p.slug = std::string(o.at("slug").as_string());
    p.content = std::string(o.at("content").as_string());
    p.content_html = render::render_post_html(p.content);
    p.excerpt = std::string(o.at("excerpt").as_string());
    p.category = std::string(o.at("category").as_string());
    p.cover_image = std::string(o.at("coverImage").as_string());
    p.language = std::string(o.at("language").as_string());
    p.published = true;
    p.published_at_ms = now - o.at("daysAgo").to_number<std::int64_t>() * 86'400'000 - written * 60'000;
    p.author_id = author;
    try {
      store::insert_post(db, p);
      ++written;
    } catch (const std::exception&) {
      // Already there (same slug): seeding twice changes nothing.
    }
  }
  return written;
}

void seed_demo_if_empty(store::database& db) {
  bool empty = db.with([](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    return tx.exec("SELECT NOT EXISTS (SELECT 1 FROM posts)")[0][0].as<bool>();
  });
  if (!empty) return;
  auto written = seed_demo_posts(db, default_seed_file());
  std::cout << "Wrote " << written << " demo posts in English and Czech.\n";
}

int seed_demo(const arguments& args, const config& cfg) {
  std::filesystem::path file = default_seed_file();
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--file" && i + 1 < args.size()) {
      file = args[++i];
    } else {
      std::cerr << "usage: blogctl seed-demo [--file seed/demo-posts.json]\n";
      return 2;
    }
  }
  store::database db(cfg.effective_database_url(), 1, std::chrono::milliseconds(10000));
  auto written = seed_demo_posts(db, file);
  std::cout << "Wrote " << written << " demo posts.\n";
  return 0;
}

}  // namespace blog::cli
