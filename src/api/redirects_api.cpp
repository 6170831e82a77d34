// Old addresses of imported posts (issue 23): a 301 to the post's page from whichever node is
// asked (the redirects live in PostgreSQL), and the admin's list and delete.
#include "blog/api/guard.hpp"
#include "blog/api/handlers.hpp"
#include "blog/api/json.hpp"
#include "blog/store/import_store.hpp"

#include <cctype>

namespace blog::api {
namespace {

// The old path a request asks for: WordPress's "/?p=ID" on the home page, else the path itself.
std::optional<std::string> old_path_of(const http::request& req) {
  if (req.path == "/") {
    auto id = req.query("p");
    if (!id || id->empty() || id->size() > 18 ||
        !std::all_of(id->begin(), id->end(), [](unsigned char c) { return std::isdigit(c); }))
      return std::nullopt;
    return "/?p=" + *id;
  }
  if (is_page_path(req.path) || req.path.starts_with("/api/") || req.path.starts_with("/uploads/")) return std::nullopt;
  return req.path;
}

std::optional<store::redirect> find_old(store::database& db, const std::string& path) {
  if (auto found = store::find_redirect(db, path)) return found;
  // WordPress and Ghost end their addresses with '/'; links to them often do not.
  if (path.size() > 1 && path.back() == '/') return store::find_redirect(db, path.substr(0, path.size() - 1));
  return store::find_redirect(db, path + "/");
}

boost::json::object redirect_json(const store::redirect& r) {
  return {{"path", r.path}, {"postId", r.post_id}, {"slug", r.slug}, {"to", "/post/" + r.slug}};
}

// `pages` is the server's fallback, which lives as long as the server.
boost::asio::awaitable<http::response> redirect_or_page(store::database& db, const http::static_files& web,
                                                        const http::handler& pages, http::request& req) {
  if (req.method == "GET" || req.method == "HEAD") {
    auto path = old_path_of(req);
    // The web app's own files never ask the database.
    if (path && !web.find(req.path, "")) {
      if (auto found = co_await req.workers->run([&] { return find_old(db, *path); })) {
        auto res = http::response::text(301, "Moved Permanently: /post/" + found->slug + "\n");
        res.set("Location", "/post/" + found->slug);
        res.set("Cache-Control", "no-cache");
        co_return res;
      }
    }
  }
  co_return co_await pages(req);
}

}  // namespace

http::handler with_redirects(api::context& ctx, http::handler pages) {
  return [&db = ctx.db, pages = std::move(pages), &web = ctx.web](http::request& req) {
    return redirect_or_page(db, web, pages, req);
  };
}

redirect_handlers redirect_api(api::context& ctx) {
  const sessions callers{ctx.cfg, ctx.db, ctx.site};
  auto& db = ctx.db;
  return {// GET /api/admin/redirects: every old address and the post it leads to.
          .list = http::on_workers([callers, &db](http::request& req) {
            require_admin(callers, req);
            boost::json::array all;
            for (const auto& redirect : store::list_redirects(db)) all.push_back(redirect_json(redirect));
            auto res = http::response::json(200, all);
            return no_store(res);
          }),
          // DELETE /api/admin/redirects?path=/old/path/: the old address answers 404 again.
          .remove = http::on_workers([callers, &db](http::request& req) {
            require_admin(callers, req);
            auto path = req.query("path").value_or("");
            if (path.empty() || !store::delete_redirect(db, path)) throw not_found("Redirect not found");
            return http::response::json(200, {{"message", "Redirect deleted"}});
          })};
}

}  // namespace blog::api
