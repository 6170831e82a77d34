// The web app's files and pages: index.html for every route of spec §2, 404 for the rest.
#include "blog/api/routes.hpp"

#include <array>

namespace blog::api {
namespace {

// The spec's route table (plus the pages it names without routes). '*' stands for one segment.
constexpr std::array page_patterns = {
    "/",
    "/post/*",
    "/posts/*",
    "/search",
    "/category/*",
    "/auth",
    "/verify-email",
    "/posts/new",
    "/posts/edit/*",
    "/post-editor",
    "/post-editor/*",
    "/admin",
    "/admin/posts",
    "/admin/site-settings",
    "/admin/users",
    "/language-demo",
    "/format-test",
    "/czech-format-test",
    "/profile",
    "/server-error",
    "/unauthorized",
    "/forgot-password",
    "/reset-password",
};

bool matches(std::string_view pattern, std::string_view path) {
  if (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
  while (!pattern.empty() && !path.empty()) {
    auto star = pattern.find('*');
    if (star == std::string_view::npos) return pattern == path;
    if (path.substr(0, star) != pattern.substr(0, star)) return false;
    path.remove_prefix(star);
    pattern.remove_prefix(star + 1);
    auto slash = path.find('/');
    auto segment = path.substr(0, slash);
    if (segment.empty()) return false;
    path.remove_prefix(segment.size());
  }
  return pattern.empty() && path.empty();
}

}  // namespace

bool is_page_path(std::string_view path) {
  for (auto pattern : page_patterns)
    if (matches(pattern, path)) return true;
  return false;
}

http::handler page_handler(app::context& ctx) {
  return [&ctx](http::request& req) {
    if (req.path.rfind("/api/", 0) == 0 || req.path == "/api")
      return http::response::json(404, {{"message", "Not found"}});
    if (req.method != "GET" && req.method != "HEAD") {
      auto res = http::response::json(405, {{"message", "Method not allowed"}});
      res.set("Allow", "GET, HEAD");
      return res;
    }
    if (auto file = ctx.web.find(req.path); file && req.path != "/index.html") return http::response::from_prebuilt(file);
    const std::string* index = ctx.web.content("/index.html");
    if (!index) {
      return http::response::text(503, "The web app is not built yet: run tools/bootstrap (it builds web/dist).\n");
    }
    unsigned status = is_page_path(req.path) ? 200 : 404;
    auto res = http::response::text(status, *index, "text/html; charset=utf-8");
    res.set("Cache-Control", "no-cache");
    return res;
  };
}

}  // namespace blog::api
