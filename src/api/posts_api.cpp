// Reading posts (spec §7): served from the read model, PostgreSQL untouched.
#include "blog/api/guard.hpp"
#include "blog/api/handlers.hpp"
#include "blog/api/json.hpp"
#include "blog/store/posts_store.hpp"

namespace blog::api {
namespace {

struct post_read_services {
  sessions callers;
  readmodel::read_model& posts;
  readmodel::post_pages& post_pages;  // a post's page and whole text
};

readmodel::page_request page_of(const http::request& req) {
  readmodel::page_request page;
  page.language = req.query("language").value_or("en") == "cs" ? "cs" : "en";
  page.limit = page_limit(req, readmodel::default_page_size, readmodel::max_page_size);
  page.cursor = req.query("cursor").value_or("");
  page.accept_encoding = req.header("accept-encoding");
  return page;
}

// GET /api/posts: a page of cards from the snapshot; the default first pages are ready to send.
http::response list_posts(const post_read_services& s, const http::request& req) {
  auto answer = s.posts.current()->list(page_of(req));
  if (answer.ready) return http::response::from_prebuilt(std::move(answer.ready));
  auto res = http::response::json_text(200, std::move(answer.cards_json));
  res.set("Cache-Control", "no-cache");
  if (!answer.next_cursor.empty()) res.set("X-Next-Cursor", answer.next_cursor);
  return res;
}

// The rest of GET /api/posts/{slug}, which blocks: the session (a preview for its author or an
// admin), or a page not in memory, from PostgreSQL.
http::response page_or_preview(const post_read_services& s, const http::request& req, const readmodel::entry& found,
                               bool shared, bool visible, std::int64_t now) {
  const auto& translation = visible ? found.post.translation : std::nullopt;
  auto encoding = req.header("accept-encoding");
  std::optional<posts::viewer> who;
  if (!shared) who = current_viewer(s.callers, req);
  if (!shared && !posts::may_see(found.post, who, now)) throw not_found("Post not found");
  if (shared || (visible && !posts::may_see(*translation, who, now))) {
    auto page = s.post_pages.page(found);
    if (!page) throw not_found("Post not found");
    return http::response::from_prebuilt(page->for_encoding(encoding));
  }
  auto whole = s.post_pages.full_post(found);
  if (!whole) throw not_found("Post not found");
  // Not the shared prebuilt answer: that one may be cached anywhere, a preview nowhere.
  auto res = http::response::json(200, posts::full_json(*whole, who, now));
  res.set("Cache-Control", "private, no-store");
  return res;
}

// GET /api/posts/{slug}: the shared page from the cache when every reader sees it alike; a preview
// for its author or an admin otherwise.
boost::asio::awaitable<http::response> read_post(post_read_services s, const http::request& req) {
  auto snap = s.posts.current();
  const auto* found = snap->by_slug(req.param("slug"));
  const auto now = posts::now_ms();
  const bool visible = found && found->post.visible_at(now);
  // The prebuilt answer names the counterpart only when every reader may see it; its author
  // and admins also see a draft or scheduled one, below.
  const auto& translation = visible ? found->post.translation : std::nullopt;
  const bool shared = visible && (!translation || translation->visible_at(now) || !has_session_cookie(req));
  // The page is compressed once (a client accepting no compression gets it decompressed);
  // one not in the cache comes from PostgreSQL, on the pool.
  auto encoding = req.header("accept-encoding");
  if (shared)
    if (auto page = s.posts.cached_page(*found)) co_return http::response::from_prebuilt(page->for_encoding(encoding));
  if (!found) throw not_found("Post not found");
  co_return co_await req.workers->run([&] { return page_or_preview(s, req, *found, shared, visible, now); });
}

}  // namespace

post_read_handlers post_read_api(api::context& ctx) {
  const post_read_services s{{ctx.cfg, ctx.db, ctx.site}, ctx.posts, *ctx.post_pages};
  return {.list = http::at_once([s](http::request& req) { return list_posts(s, req); }),
          .read = [s](http::request& req) { return read_post(s, req); }};
}

}  // namespace blog::api
