// blogctl seed-demo: writes the demo posts of seed/demo-posts.json (both languages, every category,
// some linked as translations), their shipped SVG covers drawn once and stored as uploads.
#include "blog/app/cli/commands.hpp"
#include "blog/core/crypto.hpp"
#include "blog/core/error.hpp"
#include "blog/domain/posts/post.hpp"
#include "blog/domain/posts/rules.hpp"
#include "blog/domain/render/render.hpp"
#include "blog/media/image.hpp"
#include "blog/store/posts_store.hpp"
#include "blog/store/uploads_store.hpp"
#include "blog/store/user_store.hpp"

#include <boost/json.hpp>

#include <fstream>
#include <iostream>
#include <map>
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

// The demo covers are SVG files shipped with the web app (/covers/*.svg). Uploads, and only they,
// get resized variants and can be downloaded (§2), so each cover is drawn once at 1600 px from the
// repository's own file and goes through the same pipeline as an upload.
class demo_covers {
 public:
  static constexpr int width = 1600;  // the largest variant; the shipped drawings are 16:9

  demo_covers(store::database& db, std::optional<int> admin, const std::filesystem::path& seed_file)
      : db_(db), admin_(admin) {
    // Next to seed/ in a checkout, or the source tree blogctl was built from.
    roots_.push_back(std::filesystem::absolute(seed_file).parent_path().parent_path() / "web" / "public");
    roots_.push_back(std::filesystem::path(BLOG_SOURCE_DIR) / "web" / "public");
  }

  // The /uploads/ URL of the cover, stored on first use; the cover as it is when it is not a
  // shipped SVG, or when there is no administrator to own the upload or no file to draw.
  std::string url_for(const std::string& cover) {
    if (auto known = done_.find(cover); known != done_.end()) return known->second;
    auto url = upload(cover).value_or(cover);
    done_.emplace(cover, url);
    return url;
  }

 private:
  std::optional<std::string> upload(const std::string& cover) {
    const bool shipped = cover.starts_with("/covers/") && cover.ends_with(".svg") &&
                         cover.find("..") == std::string::npos && cover.find('\\') == std::string::npos;
    if (!shipped) return std::nullopt;
    if (!admin_) {
      std::cerr << "No administrator to own the demo covers: " << cover << " stays as it is.\n";
      return std::nullopt;
    }
    for (const auto& root : roots_) {
      std::ifstream in(root / cover.substr(1), std::ios::binary);
      if (!in) continue;
      std::stringstream svg;
      svg << in.rdbuf();
      std::string drawn;
      try {
        drawn = uploads::rasterise_trusted_svg(svg.str(), width);
      } catch (const std::runtime_error& e) {
        // A libvips built without SVG support still gets its demo posts, with the shipped covers.
        std::cerr << "Cannot draw " << cover << " (" << e.what() << "): it stays as it is.\n";
        return std::nullopt;
      }
      auto processed = uploads::process_image(drawn);
      auto sha = core::sha256_hex(processed.original.bytes);
      store::save_upload(db_, sha, processed, *admin_);
      return "/uploads/" + sha + "." + processed.original.extension;
    }
    std::cerr << "Cannot find " << cover << " under web/public: it stays as it is.\n";
    return std::nullopt;
  }

  store::database& db_;
  std::optional<int> admin_;
  std::vector<std::filesystem::path> roots_;
  std::map<std::string, std::string> done_;
};

// The post an item's "translationOf" (the slug of its counterpart, seeded before it) names.
std::optional<int> counterpart_of(store::database& db, const boost::json::object& item) {
  const auto* of = item.if_contains("translationOf");
  if (!of) return std::nullopt;
  const std::string slug(of->as_string());
  auto target = store::post_id_by_slug(db, slug);
  if (!target)
    std::cerr << "No post " << slug << " to link " << std::string_view(item.at("slug").as_string())
              << " to as its translation.\n";
  return target;
}

// Inserts the post and links it to `counterpart`, checked by the post rules as the API checks an
// editor's link, with an administrator's rights, in one transaction.
void insert_linked(store::database& db, posts::post p, int counterpart, const posts::viewer& seeder) {
  store::write_posts(db, [&](store::post_write& w) {
    p.id = w.insert(p);
    posts::check_translation_link(p, w.lock_counterpart(counterpart, p.id), seeder, posts::now_ms());
    w.relink(p.id, std::nullopt, counterpart);
    w.commit();
  });
}

}  // namespace

int seed_demo_posts(store::database& db, const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  std::stringstream text;
  text << in.rdbuf();
  auto items = boost::json::parse(text.str()).as_array();
  auto author = store::first_admin_id(db);
  demo_covers covers(db, author, file);
  const posts::viewer seeder{author.value_or(0), true};
  auto now = posts::now_ms();
  int written = 0;
  for (const auto& item : items) {
    const auto& o = item.as_object();
    posts::post p;
    p.slug = std::string(o.at("slug").as_string());
    // Seeding twice changes nothing, and spends no time on images for posts already there.
    if (store::post_id_by_slug(db, p.slug)) continue;
    p.title = std::string(o.at("title").as_string());
    p.content = std::string(o.at("content").as_string());
    p.content_html = render::render_post_html(p.content);
    p.excerpt = std::string(o.at("excerpt").as_string());
    p.category = std::string(o.at("category").as_string());
    p.cover_image = covers.url_for(std::string(o.at("coverImage").as_string()));
    p.language = std::string(o.at("language").as_string());
    p.published = true;
    p.published_at_ms = now - o.at("daysAgo").to_number<std::int64_t>() * 86'400'000 - std::int64_t{written} * 60'000;
    p.author_id = author;
    auto counterpart = counterpart_of(db, o);
    try {
      try {
        if (counterpart)
          insert_linked(db, p, *counterpart, seeder);
        else
          store::insert_post(db, p);
      } catch (const blog::error& e) {
        if (e.kind() == error_kind::conflict || !counterpart) throw;
        // The counterpart is already linked to another post (an edited blog): this one stands alone.
        std::cerr << "Not linking " << p.slug << " as a translation: " << e.what() << "\n";
        store::insert_post(db, p);
      }
      ++written;
    } catch (const std::exception&) {
      // Written meanwhile by someone else (same slug): theirs stays.
    }
  }
  return written;
}

void seed_demo_if_empty(store::database& db) {
  if (store::any_post(db)) return;
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
