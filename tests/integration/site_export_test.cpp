// blogctl export and its import back (issue 23), as the built binary against real databases: a
// blog with posts in both languages, a translation pair, a revision, a custom category, changed
// settings, a glossary term, an image and a redirect goes out as one .tar.gz and comes back into
// an empty blog as the same site, read through the same HTTP API; what such an import refuses; and
// that a moved site sends no story again; a site of many megabytes of images, sent from disk; and
// content.json read back a row at a time; export files a killed server left, swept at start.
#include "blog/store/site_archive_store.hpp"
#include "support/harness.hpp"

#include "blog/core/crypto.hpp"
#include "support/sql.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

using blog::test::blogctl;
using blog::test::http_client;
using blog::test::json_body;
using blog::test::shell_quoted;
using blog::test::test_server;

namespace {

std::string body_of(const boost::json::object& o) {
  return boost::json::serialize(o);
}

// An admin signed in on `server`, made through SQL and the sign-in API.
std::unique_ptr<http_client> admin_on(test_server& server, const std::string& name) {
  auto client = std::make_unique<http_client>(server.url());
  auto res = client->post("/api/register", json_body({{"username", name},
                                                      {"email", name + "@paytech.local"},
                                                      {"password", "long enough password"},
                                                      {"confirmPassword", "long enough password"}}));
  EXPECT_EQ(res.status, 201) << res.body;
  server.sql("UPDATE users SET role = 'admin', approval_status = 'approved' WHERE username = '" + name + "'");
  return client;
}

int create_post(http_client& client, const boost::json::object& body) {
  auto res = client.post("/api/posts", body_of(body));
  EXPECT_EQ(res.status, 201) << res.body;
  return res.status == 201 ? static_cast<int>(res.json().at("id").as_int64()) : 0;
}

// What a reader and an admin see of a site, as the API gives it.
struct site_view {
  boost::json::value posts, drafts, categories, settings, glossary;
  std::map<std::string, boost::json::value> post_pages;  // slug → GET /api/posts/{slug}
  std::map<int, boost::json::value> revisions;           // id → GET /api/posts/{id}/revisions
};

site_view view_of(test_server& server, http_client& admin) {
  server.ctx().follower->catch_up();
  site_view v;
  http_client reader(server.url());
  v.posts = boost::json::array{reader.get("/api/posts?limit=50&language=en").json(),
                               reader.get("/api/posts?limit=50&language=cs").json()};
  v.drafts = admin.get("/api/user/posts").json();
  v.categories = reader.get("/api/categories").json();
  auto settings = reader.get("/api/site-settings").json().as_object();
  settings.erase("updatedBy");  // who changed them last is an account of the other blog
  v.settings = settings;
  v.glossary = admin.get("/api/admin/glossary").json();
  for (const auto& language : {"en", "cs"}) {
    auto list = reader.get(std::string("/api/posts?limit=50&language=") + language).json();
    for (const auto& card : list.as_array()) {
      auto slug = std::string(card.at("slug").as_string());
      v.post_pages[slug] = reader.get("/api/posts/" + slug).json();
      auto id = static_cast<int>(card.at("id").as_int64());
      v.revisions[id] = admin.get("/api/posts/" + std::to_string(id) + "/revisions").json();
    }
  }
  return v;
}

// `archive` unpacked, its content.json changed by `edit`, and packed again beside it as an
// operator would (its names start with "./"); the new archive's path.
std::filesystem::path repacked(const std::filesystem::path& archive,
                               const std::function<void(boost::json::object&)>& edit) {
  const auto tree = archive.parent_path() / (archive.stem().string() + "-tree");
  std::filesystem::create_directories(tree);
  EXPECT_EQ(std::system(("tar -xzf " + shell_quoted(archive.string()) + " -C " + shell_quoted(tree.string())).c_str()),
            0);
  std::ifstream content_in(tree / "content.json");
  auto content =
      boost::json::parse(std::string((std::istreambuf_iterator<char>(content_in)), std::istreambuf_iterator<char>()))
          .as_object();
  content_in.close();
  edit(content);
  std::ofstream(tree / "content.json", std::ios::trunc) << boost::json::serialize(content);
  auto out = archive.parent_path() / ("edited-" + archive.filename().string());
  EXPECT_EQ(
      std::system(("tar -czf " + shell_quoted(out.string()) + " -C " + shell_quoted(tree.string()) + " .").c_str()), 0);
  return out;
}

}  // namespace

TEST(SiteExport, TheWholeSiteGoesOutAndComesBackTheSame) {
  test_server source("export_source");
  auto admin = admin_on(source, "chief");

  auto upload = blog::test::upload_image(*admin, blog::test::png_bytes());
  ASSERT_EQ(upload.status, 201) << upload.body;
  auto image = std::string(upload.json().at("url").as_string());
  ASSERT_EQ(admin->post("/api/categories", json_body({{"name", "Open Finance"}})).status, 201);
  auto en = create_post(*admin, {{"title", "Instant payments in Europe"},
                                 {"content", "<p>Settlement in seconds.</p><img src=\"" + image + "\" alt=\"x\">"},
                                 {"excerpt", "Why SEPA Inst matters"},
                                 {"category", "Open Finance"},
                                 {"coverImage", image},
                                 {"language", "en"},
                                 {"published", true}});
  create_post(*admin, {{"title", "Okamžité platby v Evropě"},
                       {"content", "<p>Vypořádání během sekund. Účet a účtů.</p>"},
                       {"category", "Open Finance"},
                       {"language", "cs"},
                       {"published", true},
                       {"translationOf", en}});
  create_post(*admin, {{"title", "A draft nobody reads yet"},
                       {"content", "<p>Unfinished.</p>"},
                       {"category", "Fintech"},
                       {"language", "en"},
                       {"published", false}});
  // A second save leaves a revision behind.
  ASSERT_EQ(admin
                ->put("/api/posts/id/" + std::to_string(en),
                      body_of({{"title", "Instant payments in Europe, revised"},
                               {"content", "<p>Settlement in seconds, everywhere.</p>"},
                               {"category", "Open Finance"},
                               {"language", "en"},
                               {"published", true}}))
                .status,
            200);
  ASSERT_EQ(admin
                ->patch("/api/site-settings", body_of({{"siteTitle", "Payments Weekly"},
                                                       {"heroTitleCs", "Platby každý týden"},
                                                       {"titleColor", "#123456"},
                                                       {"aiForAuthors", true}}))
                .status,
            200);
  auto glossary = admin->get("/api/admin/glossary").json().as_object();
  glossary["terms"].as_array().push_back(boost::json::object{{"en", "instant payment"}, {"cs", "okamžitá platba"}});
  // A term of the glossary every blog starts with, deleted here: it stays deleted after the move.
  glossary["terms"].as_array().erase(glossary["terms"].as_array().begin());
  ASSERT_EQ(admin->put("/api/admin/glossary", body_of(glossary)).status, 200);
  source.sql("INSERT INTO redirects (path, post_id) VALUES ('/2024/03/instant-payments/', " + std::to_string(en) + ")");

  blog::test::temp_dir dir;
  auto archive = dir.path / "site.tar.gz";
  auto out = blogctl(source.database_url(), "export " + shell_quoted(archive.string()));
  ASSERT_EQ(out.exit_code, 0) << out.output;
  EXPECT_NE(out.output.find("content.json and"), std::string::npos) << out.output;
  // Any tar reads it: content.json and the image.
  auto listing = dir.path / "listing";
  ASSERT_EQ(
      std::system(("tar -tzf " + shell_quoted(archive.string()) + " > " + shell_quoted(listing.string())).c_str()), 0);
  std::ifstream list_in(listing);
  std::string names((std::istreambuf_iterator<char>(list_in)), std::istreambuf_iterator<char>());
  EXPECT_NE(names.find("content.json"), std::string::npos) << names;
  EXPECT_NE(names.find("uploads/" + image.substr(9, 64)), std::string::npos) << names;

  // Never a secret: no password hash travels.
  auto content_file = dir.path / "content.json";
  ASSERT_EQ(std::system(("tar -xzOf " + shell_quoted(archive.string()) + " content.json > " +
                         shell_quoted(content_file.string()))
                            .c_str()),
            0);
  std::ifstream content_in(content_file);
  std::string content((std::istreambuf_iterator<char>(content_in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(content.find("$argon2"), std::string::npos);
  EXPECT_EQ(content.find("\"password\":"), std::string::npos);
  EXPECT_EQ(content.find("totp"), std::string::npos);

  // Admin → Export gives the same archive over HTTP, to admins only.
  http_client visitor(source.url());
  EXPECT_EQ(visitor.get("/api/admin/export").status, 401);
  http_client author(source.url());
  ASSERT_EQ(author
                .post("/api/register", json_body({{"username", "writer"},
                                                  {"email", "writer@paytech.local"},
                                                  {"password", "long enough password"},
                                                  {"confirmPassword", "long enough password"}}))
                .status,
            201);
  source.sql("UPDATE users SET approval_status = 'approved' WHERE username = 'writer'");
  EXPECT_EQ(author.get("/api/admin/export").status, 403);
  auto download = admin->get("/api/admin/export");
  ASSERT_EQ(download.status, 200);
  EXPECT_EQ(download.header("content-type"), "application/gzip");
  EXPECT_NE(download.header("content-disposition").find("attachment; filename=\"paytech-blog-"), std::string::npos);
  ASSERT_GT(download.body.size(), 2u);
  EXPECT_EQ(download.body.substr(0, 2), "\x1f\x8b");
  auto downloaded = dir.path / "download.tar.gz";
  std::ofstream(downloaded, std::ios::binary) << download.body;
  EXPECT_EQ(std::system(("tar -tzf " + shell_quoted(downloaded.string()) + " content.json > /dev/null").c_str()), 0);
  source.sql("DELETE FROM users WHERE username = 'writer'");

  // An empty blog whose administrator (made first, as blogctl create-admin does) is the same person.
  test_server target("export_target");
  auto target_admin = admin_on(target, "chief");
  // A dry run is the import with every check and count, rolled back: the same report, nothing written.
  auto dry = blogctl(target.database_url(), "import " + shell_quoted(archive.string()) + " --dry-run");
  ASSERT_EQ(dry.exit_code, 0) << dry.output;
  EXPECT_EQ(blog::test::query_value(target.database_url(), "SELECT count(*) FROM posts"), "0");
  EXPECT_EQ(blog::test::query_value(target.database_url(), "SELECT count(*) FROM users"), "1");
  EXPECT_EQ(blog::test::query_value(target.database_url(), "SELECT count(*) FROM uploads"), "0");
  auto in = blogctl(target.database_url(), "import " + shell_quoted(archive.string()));
  ASSERT_EQ(in.exit_code, 0) << in.output;
  const auto counts = [](std::string report) {
    report.erase(0, report.find("\n  posts created"));
    if (const auto line = report.find("  images to fetch: 0\n"); line != std::string::npos) report.erase(line, 21);
    return report;
  };
  EXPECT_EQ(counts(dry.output), counts(in.output)) << dry.output << "\n---\n" << in.output;
  EXPECT_NE(in.output.find("PayTech Blog export"), std::string::npos) << in.output;
  EXPECT_NE(in.output.find("translation pairs linked: 1\n"), std::string::npos) << in.output;  // one pair, once
  target.ctx().site.reload();

  auto before = view_of(source, *admin);
  auto after = view_of(target, *target_admin);
  EXPECT_EQ(before.posts, after.posts);
  EXPECT_EQ(before.drafts, after.drafts);
  EXPECT_EQ(before.post_pages.size(), 2u);
  EXPECT_EQ(before.post_pages, after.post_pages);
  EXPECT_EQ(before.revisions, after.revisions);
  EXPECT_EQ(before.categories, after.categories);
  EXPECT_EQ(before.settings, after.settings);
  EXPECT_EQ(before.glossary, after.glossary);
  EXPECT_EQ(after.settings.at("siteTitle"), "Payments Weekly");
  EXPECT_FALSE(after.post_pages.begin()->second.at("translations").as_array().empty());

  // The image, byte for byte, and the old address.
  http_client reader_before(source.url()), reader_after(target.url());
  auto image_before = reader_before.get(image), image_after = reader_after.get(image);
  ASSERT_EQ(image_after.status, 200);
  EXPECT_EQ(image_before.body, image_after.body);
  auto moved = reader_after.get("/2024/03/instant-payments/");
  EXPECT_EQ(moved.status, 301);
  // The target's index has the posts: search finds the Czech one by another form of a word.
  auto found = reader_after.get("/api/search?q=%C3%BA%C4%8Dtem&language=cs").json();
  EXPECT_FALSE(found.at("results").as_array().empty()) << found;

  // A blog with posts refuses a whole-site import; nothing changes.
  for (const char* options : {"", " --dry-run"}) {
    auto again = blogctl(target.database_url(), "import " + shell_quoted(archive.string()) + options);
    EXPECT_EQ(again.exit_code, 1) << options << again.output;
    EXPECT_NE(again.output.find("import it into an empty blog"), std::string::npos) << options << again.output;
  }
  EXPECT_EQ(view_of(target, *target_admin).posts, after.posts);
}

TEST(SiteExport, WhatIsNotAnExportIsRefusedClearly) {
  test_server server("export_refusals");
  blog::test::temp_dir dir;
  // A gzip'd text, and a tar without content.json.
  auto not_tar = dir.path / "notes.gz";
  ASSERT_EQ(std::system(("echo hello | gzip > " + shell_quoted(not_tar.string())).c_str()), 0);
  auto run = blogctl(server.database_url(), "import " + shell_quoted(not_tar.string()));
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("Not a PayTech Blog export"), std::string::npos) << run.output;

  std::filesystem::create_directories(dir.path / "tree" / "uploads");
  std::ofstream(dir.path / "tree" / "uploads" / "x") << "x";
  auto no_content = dir.path / "empty.tar.gz";
  ASSERT_EQ(std::system(("tar -czf " + shell_quoted(no_content.string()) + " -C " +
                         shell_quoted((dir.path / "tree").string()) + " uploads")
                            .c_str()),
            0);
  run = blogctl(server.database_url(), "import " + shell_quoted(no_content.string()));
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("holds no content.json"), std::string::npos) << run.output;

  // content.json that is not JSON, read with --dry-run too.
  std::ofstream(dir.path / "tree" / "content.json") << "{not json";
  auto broken = dir.path / "broken.tar.gz";
  ASSERT_EQ(std::system(("tar -czf " + shell_quoted(broken.string()) + " -C " +
                         shell_quoted((dir.path / "tree").string()) + " content.json")
                            .c_str()),
            0);
  for (const char* options : {"", " --dry-run"}) {
    run = blogctl(server.database_url(), "import " + shell_quoted(broken.string()) + options);
    EXPECT_EQ(run.exit_code, 1) << options << run.output;
    EXPECT_NE(run.output.find("content.json is not"), std::string::npos) << run.output;
  }

  // content.json of another program.
  std::ofstream(dir.path / "tree" / "content.json") << R"({"format":"something-else","version":1})";
  auto other = dir.path / "other.tar.gz";
  ASSERT_EQ(std::system(("tar -czf " + shell_quoted(other.string()) + " -C " +
                         shell_quoted((dir.path / "tree").string()) + " content.json")
                            .c_str()),
            0);
  run = blogctl(server.database_url(), "import " + shell_quoted(other.string()));
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("Not a PayTech Blog export"), std::string::npos) << run.output;

  // A gzip bomb: 300 MB of zeros (sparse files) packed into a few hundred kilobytes, under an
  // upload's name, refused before it fills the disk.
  const auto bomb_tree = dir.path / "bomb";
  std::filesystem::create_directories(bomb_tree / "uploads");
  std::filesystem::copy_file(dir.path / "tree" / "content.json", bomb_tree / "content.json");
  for (char name : {'a', 'b', 'c'}) {  // each under an image's own limit of 256 MB
    const auto zeros = bomb_tree / "uploads" / std::string(64, name);
    std::ofstream(zeros).close();
    std::filesystem::resize_file(zeros, std::uintmax_t{100} << 20);
  }
  auto bomb = dir.path / "bomb.tar.gz";
  ASSERT_EQ(std::system(("tar -czf " + shell_quoted(bomb.string()) + " -C " + shell_quoted(bomb_tree.string()) +
                         " uploads content.json")
                            .c_str()),
            0);
  run = blogctl(server.database_url(), "import " + shell_quoted(bomb.string()));
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("a gzip bomb?"), std::string::npos) << run.output;
}

// An export is a file anyone may have written: the HTML served is made again from the post's text
// by the sanitiser, and each administrator account it creates is named in the report.
TEST(SiteExport, AnArchivesHtmlIsMadeAgainByTheSanitiserAndEachAdministratorItCreatesIsNamed) {
  test_server source("export_hostile_source");
  auto admin = admin_on(source, "owner");
  create_post(*admin, {{"title", "Handed over"},
                       {"content", "<p>Plain text.</p>"},
                       {"category", "Fintech"},
                       {"language", "en"},
                       {"published", true}});
  blog::test::temp_dir dir;
  auto archive = dir.path / "site.tar.gz";
  ASSERT_EQ(blogctl(source.database_url(), "export " + shell_quoted(archive.string())).exit_code, 0);
  auto hostile = repacked(archive, [](boost::json::object& content) {
    for (auto& post : content.at("posts").as_array())
      post.as_object()["content_html"] = "<p>Plain text.</p><script>alert(1)</script><iframe src=\"//evil\"></iframe>";
    auto users = content.at("users").as_array();
    auto helper = users.front().as_object();
    helper["id"] = 9999;
    helper["username"] = "helper";
    helper["email"] = "attacker@evil.example";
    helper["role"] = "admin";
    content["users"].as_array().push_back(helper);
  });

  test_server target("export_hostile_target");
  auto in = blogctl(target.database_url(), "import " + shell_quoted(hostile.string()));
  ASSERT_EQ(in.exit_code, 0) << in.output;
  target.ctx().follower->catch_up();
  http_client reader(target.url());
  auto page = reader.get("/api/posts/handed-over");
  ASSERT_EQ(page.status, 200) << page.body;
  const std::string html(page.json().at("contentHtml").as_string());
  EXPECT_EQ(html, "<p>Plain text.</p>");
  EXPECT_EQ(reader.get("/post/handed-over").body.find("evil"), std::string::npos);
  EXPECT_NE(in.output.find("Administrator helper <attacker@evil.example> created from the export"), std::string::npos)
      << in.output;

  // Translation links are kept as the post rules have them: both ways, across the two languages.
  auto linked = repacked(archive, [](boost::json::object& content) {
    auto& posts = content["posts"].as_array();
    auto second = posts.front().as_object();
    second["id"] = 900;
    second["slug"] = "second-english";
    second["translation_of"] = posts.front().as_object().at("id");  // one way, and English to English
    posts.push_back(second);
  });
  test_server fourth("export_hostile_links");
  auto links = blogctl(fourth.database_url(), "import " + shell_quoted(linked.string()));
  ASSERT_EQ(links.exit_code, 0) << links.output;
  EXPECT_NE(links.output.find("1 translation link(s) of the export not kept"), std::string::npos) << links.output;
  EXPECT_EQ(
      blog::test::query_value(fourth.database_url(), "SELECT count(*) FROM posts WHERE translation_of IS NOT NULL"),
      "0");

  // Settings go into every page, a colour into its CSS: they meet the rules an admin's change does.
  auto styled = repacked(archive, [](boost::json::object& content) {
    content["siteSettings"].as_object()["hero_background_color"] = "red;}</style><script>alert(1)</script>";
  });
  test_server third("export_hostile_settings");
  auto refused = blogctl(third.database_url(), "import " + shell_quoted(styled.string()));
  EXPECT_EQ(refused.exit_code, 1) << refused.output;
  EXPECT_NE(refused.output.find("site settings are not valid here (heroBackgroundColor: Must be a valid hex color"),
            std::string::npos)
      << refused.output;
  EXPECT_EQ(blog::test::query_value(third.database_url(), "SELECT count(*) FROM posts"), "0");
}

// An archive's images are anyone's bytes: each must be what its name says (its SHA-256) and an
// image by its bytes. HTML named as an image was stored, with the type the archive claimed.
TEST(SiteExport, AnArchivesImagesMustBeTheFilesTheirNamesSayAndImages) {
  test_server source("export_images_source");
  auto admin = admin_on(source, "owner");
  auto upload = blog::test::upload_image(*admin, blog::test::png_bytes());
  ASSERT_EQ(upload.status, 201) << upload.body;
  const auto sha = std::string(upload.json().at("url").as_string()).substr(9, 64);
  blog::test::temp_dir dir;
  auto archive = dir.path / "site.tar.gz";
  ASSERT_EQ(blogctl(source.database_url(), "export " + shell_quoted(archive.string())).exit_code, 0);
  const auto tree = dir.path / "site.tar-tree";  // where repacked() unpacks it
  const std::string html = "<html><script>alert(1)</script></html>";

  auto swapped = repacked(archive, [&](boost::json::object&) {
    std::ofstream(tree / "uploads" / sha, std::ios::binary | std::ios::trunc) << html;
  });
  test_server target("export_images_target");
  for (const char* options : {" --dry-run", ""}) {
    auto run = blogctl(target.database_url(), "import " + shell_quoted(swapped.string()) + options);
    EXPECT_EQ(run.exit_code, 1) << options << run.output;
    EXPECT_NE(run.output.find("The export's uploads/" + sha +
                              " is not the file content.json names (its bytes have another SHA-256)"),
              std::string::npos)
        << options << run.output;
  }

  const auto html_sha = blog::core::sha256_hex(html);
  auto renamed = repacked(archive, [&](boost::json::object& content) {
    std::ofstream(tree / "uploads" / html_sha, std::ios::binary) << html;
    auto row = content.at("uploads").as_array().front().as_object();
    row["sha256"] = html_sha;
    row["size"] = html.size();
    content["uploads"].as_array().push_back(row);
  });
  auto run = blogctl(target.database_url(), "import " + shell_quoted(renamed.string()));
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("The export's uploads/" + html_sha + " is not an image (JPEG, PNG, GIF, WEBP)"),
            std::string::npos)
      << run.output;
  EXPECT_EQ(blog::test::query_value(target.database_url(), "SELECT count(*) FROM uploads"), "0");
}

// An archive is anyone's file: each row meets the rules the blog's own writes meet, what it names
// is in the export, and a row that breaks one is refused in the rules' words (not PostgreSQL's),
// dry run and real run alike, with nothing written.
TEST(SiteExport, AnArchivesRowsMeetTheBlogsRulesOrNothingIsImported) {
  test_server source("export_rules_source");
  auto admin = admin_on(source, "keeper");
  ASSERT_EQ(admin->post("/api/categories", json_body({{"name", "Účty a platby"}})).status, 201);
  const auto en = create_post(*admin, {{"title", "Accounts and payments"},
                                       {"content", "<p>Two accounts.</p>"},
                                       {"category", "Účty a platby"},
                                       {"language", "en"},
                                       {"published", true}});
  create_post(*admin, {{"title", "Second story"},
                       {"content", "<p>Another.</p>"},
                       {"category", "Fintech"},
                       {"language", "en"},
                       {"published", true}});
  blog::test::temp_dir dir;
  auto archive = dir.path / "site.tar.gz";
  ASSERT_EQ(blogctl(source.database_url(), "export " + shell_quoted(archive.string())).exit_code, 0);
  const auto first_post = [](boost::json::object& content) -> boost::json::object& {
    return content.at("posts").as_array().front().as_object();
  };
  const auto post_named = [&](boost::json::object& content) {
    auto& post = first_post(content);
    return std::string(post.at("slug").as_string()) + " (id " + std::to_string(post.at("id").as_int64()) + ")";
  };

  test_server target("export_rules_target");
  const auto refused = [&](const std::function<void(boost::json::object&)>& edit, const std::string& expected) {
    std::string named;
    auto edited = repacked(archive, [&](boost::json::object& content) {
      named = post_named(content);
      edit(content);
    });
    for (const char* options : {" --dry-run", ""}) {
      auto run = blogctl(target.database_url(), "import " + shell_quoted(edited.string()) + options);
      auto want = expected;
      if (auto at = want.find("{post}"); at != std::string::npos) want.replace(at, 6, named);
      EXPECT_EQ(run.exit_code, 1) << options << run.output;
      EXPECT_NE(run.output.find(want), std::string::npos) << options << "\nwanted: " << want << "\n" << run.output;
      EXPECT_EQ(run.output.find("ERROR"), std::string::npos) << run.output;
    }
    EXPECT_EQ(blog::test::query_value(target.database_url(), "SELECT count(*) FROM posts"), "0");
  };
  refused([&](auto& c) { first_post(c)["category"] = "x"; },
          "The export's post {post} is not valid here (Please choose a category from the list)");
  refused([&](auto& c) { first_post(c)["language"] = "de"; },
          "The export's post {post} is not valid here (Language must be en or cs)");
  refused([&](auto& c) { first_post(c)["title"] = "  "; },
          "The export's post {post} is not valid here (Title is required)");
  refused([&](auto& c) { first_post(c)["slug"] = "Has Spaces"; },
          "The export's post Has Spaces (id " + std::to_string(en) +
              ") is not valid here (Slug may contain only lowercase letters, digits and hyphens)");
  refused(
      [&](auto& c) {
        auto& posts = c.at("posts").as_array();
        posts[1].as_object()["slug"] = posts[0].as_object()["slug"];
      },
      "The export has two posts with the slug accounts-and-payments (ids ");
  refused([&](auto& c) { first_post(c)["published_at"] = "someday"; },
          "The export's posts has a row whose published_at \"someday\" is not a date and time (ISO 8601)");
  refused(
      [&](auto& c) {
        first_post(c)["hidden_by_admin"] = true;
        first_post(c)["published"] = true;
      },
      "The export's post {post} is not valid here (hidden by an administrator, yet published)");
  refused(
      [&](auto& c) {
        c.at("redirects").as_array().push_back(boost::json::object{{"path", "/old/"}, {"post_id", 999}});
      },
      "The export's redirect from /old/ leads to post 999, which the export does not have");
  refused(
      [&](auto& c) {
        auto& revisions = c.at("revisions").as_array();
        auto revision = revisions.empty() ? boost::json::object{{"id", 77}} : revisions.front().as_object();
        revision["post_id"] = 999;
        revisions.push_back(revision);
      },
      " belongs to post 999, which the export does not have");
  refused([&](auto& c) { c.at("users").as_array().front().as_object()["role"] = "superadmin"; },
          "The export's account keeper is not valid here (role superadmin: an account is a user or an admin)");
  refused([&](auto& c) { c.at("categories").as_array().front().as_object()["name"] = "AI"; },
          "The export's category \"AI\" is not valid here (Category name must be at least 3 characters)");
  refused([&](auto& c) { c.at("siteSettings").as_object()["ai_for_authors"] = "yes"; },
          "The export's site settings have a ai_for_authors that is not true or false");
  refused([&](auto& c) { c.at("users").as_array().front().as_object().erase("email_verified"); },
          "The export's content.json has a row of users without a field this blog writes, or with one of another "
          "type");
  refused([&](auto& c) { first_post(c)["created_at"] = "the day before yesterday"; },
          "The export's posts has a row whose created_at \"the day before yesterday\" is not a date and time "
          "(ISO 8601)");
  refused([&](auto& c) { c.at("categories").as_array().front().as_object()["created_at"] = "yesterday"; },
          "The export's categories has a row whose created_at \"yesterday\" is not a date and time (ISO 8601)");
  refused([&](auto& c) { first_post(c)["id"] = std::int64_t{1} << 40; },
          "The export's content.json holds what this blog cannot store (");
  refused([&](auto& c) { first_post(c)["content"] = std::string("<p>a\0b</p>", 10); },
          "The export's content.json has a NUL character in a row of posts");
  refused([&](auto& c) { first_post(c)["author_id"] = "1"; },
          "The export's post {post} is not valid here (author_id must be a number)");
  refused([&](auto& c) { c.at("categories").as_array().front().as_object()["created_by"] = "1"; },
          "The export's content.json has a row of categories without a field this blog writes, or with one of "
          "another type");
  refused(
      [&](auto& c) {
        auto& users = c.at("users").as_array();
        auto twin = users.front().as_object();
        twin["username"] = "intruder";
        twin["email"] = "intruder@paytech.local";
        users.push_back(twin);
      },
      "The export has two accounts with the id ");
  refused(
      [&](auto& c) {
        auto& users = c.at("users").as_array();
        auto twin = users.front().as_object();
        twin["id"] = 4242;
        twin["username"] = "intruder";
        users.push_back(twin);
      },
      "The export has two accounts with the e-mail or username of intruder");
  refused([&](auto& c) { c.at("siteSettings").as_object()["analytics_enabled"] = nullptr; },
          "The export's site settings have a analytics_enabled that is not true or false");
  refused(
      [&](auto& c) {
        c.at("categories").as_array().push_back(c.at("categories").as_array().front());
        c.at("categories").as_array().back().as_object()["name"] = "fintech";
      },
      "The export's category \"fintech\" is the category \"Fintech\" already");
  refused(
      [&](auto& c) {
        for (int i = 0; i < 2; ++i)
          c.at("redirects")
              .as_array()
              .push_back(boost::json::object{{"path", "/twice/"}, {"post_id", first_post(c).at("id")}});
      },
      "The export has two redirects from /twice/");

  // content.json twice in one archive (two files, not one linked): tar keeps the last, another
  // reader the first.
  const auto tree = dir.path / "site.tar-tree";
  std::filesystem::create_directories(dir.path / "other");
  std::filesystem::copy_file(tree / "content.json", dir.path / "other" / "content.json");
  auto twice = dir.path / "twice.tar.gz";
  ASSERT_EQ(std::system(("tar -czf " + shell_quoted(twice.string()) + " -C " + shell_quoted(tree.string()) +
                         " content.json -C " + shell_quoted((dir.path / "other").string()) + " content.json")
                            .c_str()),
            0);
  auto run = blogctl(target.database_url(), "import " + shell_quoted(twice.string()));
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find(" holds content.json twice"), std::string::npos) << run.output;

  // An author the export's accounts do not have: the post comes in without one, and the report says so.
  // The blog's own category of the same name in other letters is the one the post is filed under.
  auto target_admin = admin_on(target, "newowner");
  ASSERT_EQ(target_admin->post("/api/categories", json_body({{"name", "ÚČTY A PLATBY"}})).status, 201);
  auto orphaned = repacked(archive, [&](boost::json::object& c) { first_post(c)["author_id"] = 777; });
  run = blogctl(target.database_url(), "import " + shell_quoted(orphaned.string()));
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("1 post(s) of the export name an author it does not have: imported without one"),
            std::string::npos)
      << run.output;
  EXPECT_EQ(
      blog::test::query_value(
          target.database_url(),
          "SELECT coalesce(author_id::text, 'none') || ' ' || category FROM posts WHERE id = " + std::to_string(en)),
      "none ÚČTY A PLATBY");
  EXPECT_EQ(blog::test::query_value(target.database_url(), "SELECT count(*) FROM custom_categories"), "1");
}

// A site moved with its archive sends no story on the new server that the old one had left
// undecided (the archive was made in the moment between a post going public and its send);
// a post still scheduled keeps its send for when its time comes, as it would have had there.
TEST(SiteExport, AMovedSiteSendsNoStoryItsOldSiteHadNotDecided) {
  test_server source("export_newsletter_source");
  auto admin = admin_on(source, "mover");
  create_post(*admin, {{"title", "Public before the move"},
                       {"content", "<p>Already read by many.</p>"},
                       {"category", "Fintech"},
                       {"language", "en"},
                       {"published", true}});
  create_post(*admin, {{"title", "Due after the move"},
                       {"content", "<p>Not yet.</p>"},
                       {"category", "Fintech"},
                       {"language", "en"},
                       {"published", true},
                       {"publishedAt", "2099-01-01T08:00:00Z"}});
  blog::test::temp_dir dir;
  auto archive = dir.path / "site.tar.gz";
  ASSERT_EQ(blogctl(source.database_url(), "export " + shell_quoted(archive.string())).exit_code, 0);

  // The archive as it is when made just before the old site's sender decided the public post,
  // unpacked and packed again as an operator would (its names start with "./").
  auto undecided = repacked(archive, [](boost::json::object& content) {
    for (auto& post : content.at("posts").as_array()) post.as_object()["newsletter"] = "pending";
  });

  test_server target("export_newsletter_target");
  admin_on(target, "mover");
  target.sql(
      "INSERT INTO newsletter_subscribers (email, language, state, unsubscribe_token) "
      "VALUES ('follower@example.com', 'en', 'active', 'moved-site')");
  auto in = blogctl(target.database_url(), "import " + shell_quoted(undecided.string()));
  ASSERT_EQ(in.exit_code, 0) << in.output;
  // The sender looks every 2 s; give it two looks.
  std::this_thread::sleep_for(std::chrono::milliseconds(4500));
  EXPECT_EQ(
      blog::test::query_value(target.database_url(), "SELECT count(*) FROM mail_outbox WHERE post_id IS NOT NULL"),
      "0");
  EXPECT_EQ(blog::test::query_value(target.database_url(),
                                    "SELECT newsletter FROM posts WHERE title = 'Public before the move'"),
            "none");
  EXPECT_EQ(
      blog::test::query_value(target.database_url(), "SELECT newsletter FROM posts WHERE title = 'Due after the move'"),
      "pending");
}

TEST(SiteExport, ALargeSiteGoesOutFromDiskWholeAndComesBackWithEveryImage) {
  test_server source("export_large_source");
  auto admin = admin_on(source, "chief");
  // 48 files of 512 KB of random bytes after PNG's signature (an import takes only images), which
  // gzip cannot shrink: an archive of over 24 MB, sent from a file on disk and read back through
  // files on disk, never whole in memory.
  source.sql(
      "INSERT INTO uploads (sha256, content_type, bytes, size) "
      "SELECT encode(sha256(b), 'hex'), 'image/png', b, length(b) FROM ("
      " SELECT decode('89504e470d0a1a0a', 'hex') || decode(string_agg(md5(random()::text || g::text), ''), 'hex') AS b "
      " FROM generate_series(1, 48) i CROSS JOIN generate_series(1, 32768) g GROUP BY i) files");
  const std::string fingerprint =
      "SELECT count(*) || ' ' || md5(string_agg(sha256 || md5(bytes), '' ORDER BY sha256)) "
      "FROM uploads";
  const auto before = blog::test::query_value(source.database_url(), fingerprint);
  ASSERT_TRUE(before.starts_with("48 ")) << before;

  auto download = admin->get("/api/admin/export");
  ASSERT_EQ(download.status, 200);
  EXPECT_EQ(download.header("content-length"), std::to_string(download.body.size()));
  EXPECT_GT(download.body.size(), std::size_t{24} << 20);
  // Sent and removed: no copy stays in the data folder.
  const auto exports = source.ctx().cfg.data_dir / "exports";
  EXPECT_TRUE(!std::filesystem::exists(exports) || std::filesystem::is_empty(exports));

  blog::test::temp_dir dir;
  auto archive = dir.path / "site.tar.gz";
  std::ofstream(archive, std::ios::binary) << download.body;
  test_server target("export_large_target");
  auto target_admin = admin_on(target, "chief");
  auto in = blogctl(target.database_url(), "import " + shell_quoted(archive.string()));
  ASSERT_EQ(in.exit_code, 0) << in.output;
  EXPECT_EQ(blog::test::query_value(target.database_url(), fingerprint), before);
}

TEST(SiteExport, ContentJsonIsWrittenAFewHundredRowsAtATime) {
  test_server source("export_pieces");
  // 1,000 posts of 8 KB of text each (and their revisions): content.json of over 15 MB.
  source.sql(
      "INSERT INTO posts (title, slug, content, content_html, excerpt, category, language, published) "
      "SELECT 'Post ' || g, 'post-' || g, repeat('word ', 1600), '', 'x', 'Fintech', 'en', true "
      "FROM generate_series(1, 1000) g");
  source.sql(
      "INSERT INTO post_revisions (post_id, title, excerpt, content, category, cover_image, language) "
      "SELECT id, title, excerpt, content, category, cover_image, language FROM posts");
  std::string whole;
  std::size_t pieces = 0, largest = 0;
  blog::store::write_site_content(source.ctx().db, [&](std::string_view piece) {
    ++pieces;
    largest = std::max(largest, piece.size());
    whole += piece;
  });
  EXPECT_GT(whole.size(), std::size_t{15} << 20);
  // No piece holds more than a few hundred posts: the export never has the whole text at once.
  EXPECT_LT(largest, std::size_t{2} << 20);
  EXPECT_GT(pieces, 10U);
  auto parsed = boost::json::parse(whole).as_object();
  ASSERT_EQ(parsed.at("posts").as_array().size(), 1000U);
  EXPECT_EQ(parsed.at("revisions").as_array().size(), 1000U);
  EXPECT_EQ(parsed.at("posts").as_array()[999].at("slug").as_string(), "post-1000");
  EXPECT_EQ(parsed.at("format").as_string(), "paytech-blog");
}

TEST(SiteExport, ContentJsonIsReadARowAtATime) {
  test_server source("export_read_rows");
  // 1,000 posts of 8 KB of text each: content.json of over 8 MB.
  source.sql(
      "INSERT INTO posts (title, slug, content, content_html, excerpt, category, language, published) "
      "SELECT 'Post ' || g, 'post-' || g, repeat('word ', 1600), '', 'x', 'Fintech', 'en', true "
      "FROM generate_series(1, 1000) g");
  const auto whole = blog::store::site_content_json(source.ctx().db);
  ASSERT_GT(whole.size(), std::size_t{8} << 20);
  // Handed over 64 KB at a time; each post is handed on as soon as its last byte is read, one at
  // a time: never the whole list, never the whole file.
  std::size_t fed = 0;
  blog::store::content_source read = [&](char* buffer, std::size_t size) {
    auto n = std::min({size, std::size_t{1} << 16, whole.size() - fed});
    std::copy_n(whole.data() + fed, n, buffer);
    fed += n;
    return n;
  };
  std::vector<std::string> fields, lists;
  std::vector<std::size_t> fed_at_post;
  std::string last_slug;
  blog::store::read_site_content(
      read, {.field = [&](std::string_view name, boost::json::value) { fields.emplace_back(name); },
             .list = [&](std::string_view name) { lists.emplace_back(name); },
             .row =
                 [&](std::string_view list, boost::json::value row) {
                   if (list != "posts") return;
                   fed_at_post.push_back(fed);
                   last_slug = std::string(row.at("slug").as_string());
                 }});
  EXPECT_EQ(fields, (std::vector<std::string>{"format", "version", "exportedAt", "siteSettings"}));
  EXPECT_EQ(lists, (std::vector<std::string>{"users", "categories", "posts", "revisions", "glossary", "redirects",
                                             "uploads", "uploadVariants"}));
  ASSERT_EQ(fed_at_post.size(), 1000U);
  EXPECT_EQ(last_slug, "post-1000");
  // The first post is handed on after the first pieces, not after the whole file; and posts come
  // as the file is read: no more than a piece (64 KB, 8 posts of 8 KB) read between two of them.
  EXPECT_LE(fed_at_post.front(), std::size_t{1} << 17);
  for (std::size_t i = 1; i < fed_at_post.size(); ++i)
    ASSERT_LE(fed_at_post[i] - fed_at_post[i - 1], std::size_t{1} << 16) << "post " << i;
  EXPECT_EQ(fed, whole.size());
}

TEST(SiteExport, AContentJsonCutShortIsRefusedAfterManyRowsAndNothingIsWritten) {
  test_server source("export_cut_source");
  source.sql(
      "INSERT INTO posts (title, slug, content, content_html, excerpt, category, language, published) "
      "SELECT 'Post ' || g, 'post-' || g, repeat('word ', 200), '', 'x', 'Fintech', 'en', true "
      "FROM generate_series(1, 1000) g");
  auto whole = blog::store::site_content_json(source.ctx().db);
  // Cut in the middle of the revisions' list, after every post: the posts were read and written
  // in batches before the cut is found, in the one transaction the refusal undoes.
  blog::test::temp_dir dir;
  std::filesystem::create_directories(dir.path / "tree");
  std::ofstream(dir.path / "tree" / "content.json", std::ios::binary)
      << whole.substr(0, whole.find("\"revisions\"") + 20);
  auto cut = dir.path / "cut.tar.gz";
  ASSERT_EQ(std::system(("tar -czf " + shell_quoted(cut.string()) + " -C " +
                         shell_quoted((dir.path / "tree").string()) + " content.json")
                            .c_str()),
            0);
  test_server target("export_cut_target");
  for (const char* options : {" --dry-run", ""}) {
    auto run = blogctl(target.database_url(), "import " + shell_quoted(cut.string()) + options);
    EXPECT_EQ(run.exit_code, 1) << options << run.output;
    EXPECT_NE(run.output.find("The export's content.json is not JSON (at byte"), std::string::npos) << run.output;
  }
  EXPECT_EQ(blog::test::query_value(target.database_url(), "SELECT count(*) FROM posts"), "0");
  EXPECT_EQ(blog::test::query_value(target.database_url(), "SELECT count(*) FROM redirects"), "0");

  // Lists in another order than the export's (posts before the accounts they name) are refused
  // by name, before anything is written.
  auto parsed = boost::json::parse(whole).as_object();
  boost::json::object reordered{{"format", parsed.at("format")},
                                {"version", parsed.at("version")},
                                {"posts", boost::json::array{}},
                                {"users", parsed.at("users")}};
  std::ofstream(dir.path / "tree" / "content.json", std::ios::binary) << boost::json::serialize(reordered);
  auto out_of_order = dir.path / "order.tar.gz";
  ASSERT_EQ(std::system(("tar -czf " + shell_quoted(out_of_order.string()) + " -C " +
                         shell_quoted((dir.path / "tree").string()) + " content.json")
                            .c_str()),
            0);
  auto run = blogctl(target.database_url(), "import " + shell_quoted(out_of_order.string()));
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("has no users list before its posts"), std::string::npos) << run.output;
  EXPECT_EQ(blog::test::query_value(target.database_url(), "SELECT count(*) FROM posts"), "0");
}

// Admin → Export's files under the data folder's exports/ that a node killed while writing or
// sending one (kill -9) left behind are removed when a server starts on that folder: those of a
// process that is gone, and any older than an hour; a live process's recent one is left.
TEST(SiteExport, ExportFilesAStoppedServerLeftAreSweptAtStart) {
  blog::test::temp_dir data;
  const auto exports = data.path / "exports";
  std::filesystem::create_directories(exports);
  // A process id that is certainly gone: a child that has exited and been waited for.
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ASSERT_GT(child, 0);
  ASSERT_EQ(::waitpid(child, nullptr, 0), child);
  const auto gone = std::to_string(child), alive = std::to_string(::getppid());
  auto touch = [&](const std::string& name) { std::ofstream(exports / name) << "part of an archive"; };
  for (const auto& name : {"export-" + gone + "-1.tar.gz", "export-" + gone + "-2.tar.gz.partial",
                           "export-" + gone + "-2.tar.gz.partial.content", "export-" + alive + "-7.tar.gz",
                           "export-" + alive + "-8.tar.gz", std::string("notes.txt")})
    touch(name);
  std::filesystem::last_write_time(exports / ("export-" + alive + "-7.tar.gz"),
                                   std::filesystem::file_time_type::clock::now() - std::chrono::hours(2));

  test_server server("export_sweep", [&](blog::config& cfg) { cfg.data_dir = data.path; });
  std::set<std::string> left;
  for (const auto& entry : std::filesystem::directory_iterator(exports)) left.insert(entry.path().filename().string());
  EXPECT_EQ(left, (std::set<std::string>{"export-" + alive + "-8.tar.gz", std::string("notes.txt")}));

  // The folder still serves exports.
  auto admin = admin_on(server, "chief");
  EXPECT_EQ(admin->get("/api/admin/export").status, 200);
}
