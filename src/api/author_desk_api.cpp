// The author's desk (issue 13): My posts, a post's revisions and the server-rendered preview.
#include "blog/api/guard.hpp"
#include "blog/api/handlers.hpp"
#include "blog/api/json.hpp"
#include "blog/api/post_request.hpp"
#include "blog/domain/paging.hpp"
#include "blog/domain/posts/rules.hpp"
#include "blog/domain/render/page.hpp"
#include "blog/domain/render/post_content.hpp"
#include "blog/readmodel/read_model.hpp"
#include "blog/store/posts_store.hpp"

#include <limits>

namespace blog::api {
namespace {

struct author_desk_services {
  sessions callers;
  store::database& db;
};

// The position after which the page starts (the cursor handed out in X-Next-Cursor). Throws
// blog::error (invalid) 'Invalid cursor'.
std::optional<store::author_cursor> author_cursor_of(const http::request& req) {
  auto text = req.query("cursor").value_or("");
  if (text.empty()) return std::nullopt;
  auto last = domain::parse_keyset_cursor(text);
  if (last.id > std::numeric_limits<int>::max()) throw invalid("Invalid cursor");
  return store::author_cursor{last.ms, static_cast<int>(last.id)};
}

// GET /api/user/posts: the caller's own posts in every state, newest first.
http::response my_posts(const author_desk_services& s, const http::request& req) {
  auto user = require_login(s.callers, req);
  auto limit = page_limit(req, readmodel::default_page_size, readmodel::max_page_size);
  auto found = store::load_author_posts(s.db, user.id, author_cursor_of(req), limit);
  std::string next;
  if (found.size() > limit) {
    found.resize(limit);
    next = domain::keyset_cursor({found.back().created_at_ms, found.back().id});
  }
  auto now = posts::now_ms();
  // The author sees the counterparts they may see, their own drafts included.
  const posts::viewer who{user.id, user.is_admin()};
  boost::json::array list;
  for (const auto& p : found) {
    auto card = posts::card_json(p, who, now);
    card["status"] = posts::status_of(p, now);
    card["hiddenByAdmin"] = p.hidden_by_admin;
    card["createdAt"] = posts::iso_time(p.created_at_ms);
    card["updatedAt"] = posts::iso_time(p.updated_at_ms);
    list.push_back(std::move(card));
  }
  auto res = http::response::json(200, list);
  if (!next.empty()) res.set("X-Next-Cursor", next);
  return no_store(res);
}

// Permission as for editing: a post the caller may not see is not found, one they see but may not
// edit is forbidden.
http::response revisions(const author_desk_services& s, const http::request& req) {
  auto user = require_author(s.callers, req);
  const posts::viewer who{user.id, user.is_admin()};
  auto found = store::load_posts(s.db, {id_param(req, "id", "Post not found")});
  if (found.empty() || !posts::may_see(found.front(), who, posts::now_ms())) throw not_found("Post not found");
  if (!posts::may_edit(found.front(), who)) throw forbidden("You can only edit your own posts");
  boost::json::array list;
  for (const auto& r : store::load_revisions(s.db, found.front().id)) {
    list.push_back({{"id", r.id},
                    {"postId", r.post_id},
                    {"title", r.title},
                    {"excerpt", r.excerpt},
                    {"content", r.content},
                    {"category", r.category},
                    {"coverImage", r.cover_image},
                    {"language", r.language},
                    {"savedBy", r.saved_by_name},
                    {"savedAt", posts::iso_time(r.saved_at_ms)}});
  }
  auto res = http::response::json(200, list);
  return no_store(res);
}

// The article as readers will see it: the same rendering, sanitising and markup as the post page.
// Lenient on purpose: a half-written post (no category yet) can be previewed; an embedded image
// is refused as saving would refuse it.
http::response preview(const author_desk_services& s, const http::request& req) {
  auto user = require_author(s.callers, req);
  // The editor's form, as it would be saved (the same body as POST /api/posts).
  const auto in = parse_body<post_request>(req).fields;
  if (!in.problems.empty()) throw validation_error(in.problems);
  posts::post p;
  p.title = in.title.value_or("");
  p.excerpt = in.excerpt.value_or("");
  p.content = in.content.value_or("");
  p.category = in.category.value_or("");
  p.cover_image = in.cover_image.value_or("");
  p.language = in.language.value_or("en") == "cs" ? "cs" : "en";
  p.published_at_ms = posts::now_ms();
  if (in.published_at && !in.published_at->empty())
    if (auto ms = posts::parse_iso_time(*in.published_at)) p.published_at_ms = *ms;
  p.author_id = user.id;
  p.author_name = user.username;
  p.content_html = render::render_post_html(p.content);
  if (posts::has_embedded_image(p.content_html)) throw validation_error({{"content", posts::embedded_image_message}});
  auto res = http::response::json(200, {{"html", render::render_post_article(p)},
                                        {"contentHtml", p.content_html},
                                        {"readingMinutes", posts::reading_minutes(p)}});
  return no_store(res);
}

}  // namespace

author_desk_handlers author_desk_api(api::context& ctx) {
  const author_desk_services s{{ctx.cfg, ctx.db, ctx.site}, ctx.db};
  return {.own_posts = http::on_workers([s](http::request& req) { return my_posts(s, req); }),
          .revisions = http::on_workers([s](http::request& req) { return revisions(s, req); }),
          .preview = http::on_workers([s](http::request& req) { return preview(s, req); })};
}

}  // namespace blog::api
