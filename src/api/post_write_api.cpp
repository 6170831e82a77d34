// Writing posts (spec §7): create, update by id or slug, and the admin's post management.
// Every write answers once the change is in the read model and the search index (read-your-writes):
// its transaction runs on the workers, then it hands its committed rows to this node's follower
// (which does not read them back) and waits for the follower's pass holding no thread.
#include "blog/api/guard.hpp"
#include "blog/api/handlers.hpp"
#include "blog/api/json.hpp"
#include "blog/api/post_request.hpp"
#include "blog/domain/categories.hpp"
#include "blog/domain/posts/rules.hpp"
#include "blog/domain/text.hpp"
#include "blog/store/posts_store.hpp"

#include <boost/asio/associated_executor.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>

#include <algorithm>
#include <memory>

namespace blog::api {
namespace {

namespace asio = boost::asio;

struct post_write_services {
  sessions callers;
  store::database& db;
  readmodel::read_model& posts;
  readmodel::change_follower& follower;  // after_catch_up(): the write is in the read model and the index
  const readmodel::site_cache& site;     // the custom categories a post may be filed under
};

// The names a post may be filed under, when it asks for `wanted`. This node's list, which NOTIFY
// keeps current, answers when it has the name; one it lacks (a category created on another node
// a moment ago) is looked up in PostgreSQL before the write is refused.
std::vector<std::string> categories_for(const post_write_services& s, const std::optional<std::string>& wanted) {
  auto kept = domain::merged_category_names(s.site.current()->custom_categories);
  if (!wanted || domain::listed_category(kept, domain::trim(*wanted))) return kept;
  return category_names(s.db, s.site);
}

// A write's answer, and the rows it committed, for the follower.
struct written_answer {
  http::response answer;
  std::vector<store::written_post> rows;
};

// Resumes the caller once this node's follower has applied everything committed before the call
// (rows handed over, not read back), or throws the pass's failure. No thread waits meanwhile: the
// pass runs on the workers for every writer waiting, and each is resumed on its own executor.
asio::awaitable<void> caught_up(readmodel::change_follower& follower, std::vector<store::written_post> rows) {
  co_await asio::async_initiate<decltype(asio::use_awaitable), void(std::exception_ptr)>(
      [&follower, &rows](auto handler) {
        auto shared = std::make_shared<decltype(handler)>(std::move(handler));
        follower.after_catch_up(std::move(rows), [shared](std::exception_ptr failed) {
          auto executor = asio::get_associated_executor(*shared);
          asio::post(executor, [shared, failed] { std::move (*shared)(failed); });
        });
      },
      asio::use_awaitable);
}

// A handler of a write: fn (the transaction) on the workers, then the wait for the follower.
template <class Fn>
asio::awaitable<http::response> write_then_catch_up(readmodel::change_follower& follower, Fn fn, http::request& req) {
  auto done = co_await req.workers->run([&] {
    auto written = fn(req);
    settle_dynamic_answer(req.method, req.header("accept-encoding"), req.header("if-none-match"), written.answer);
    return written;
  });
  co_await caught_up(follower, std::move(done.rows));
  co_return std::move(done.answer);
}

template <class Fn>
http::handler writing(readmodel::change_follower& follower, Fn fn) {
  return [&follower, fn = std::move(fn)](http::request& req) { return write_then_catch_up(follower, fn, req); };
}

// Moves the post's link from old_target to target (nullopt: unlinked) in the write's transaction,
// after checking the new counterpart against the caller's rights (404/403/400 as the rules say).
void relink(store::post_write& w, const posts::post& p, std::optional<int> old_target, std::optional<int> target,
            const posts::viewer& who) {
  if (target == old_target) return;
  if (target) posts::check_translation_link(p, w.lock_counterpart(*target, p.id), who, posts::now_ms());
  w.relink(p.id, old_target, target);
}

// Permission first, then existence: a visitor who may not write learns nothing about posts. The
// post is read, decided on and written in one transaction (store::post_write), so the decision
// follows the database, not this node's read model, which may lag. A post the caller may not see
// answers 404, exactly as one that does not exist; one they see but did not write, 403.
// PUT /api/posts/id/{id} and PUT /api/posts/{slug}: the author's (or an admin's) edit.
written_answer update(const post_write_services& s, const http::request& req, const store::post_key& key) {
  auto user = require_author(s.callers, req);
  const auto body = parse_body<post_request>(req);
  const posts::viewer who{user.id, user.is_admin()};
  const auto link = body.link();
  const auto categories = categories_for(s, body.fields.category);
  std::vector<store::written_post> written;
  auto changed = store::write_posts(s.db, [&](store::post_write& w) -> std::optional<posts::post> {
    auto p = w.lock(key);
    if (!p) return std::nullopt;
    const auto now = posts::now_ms();
    if (!posts::may_see(*p, who, now)) throw not_found("Post not found");
    if (!posts::may_edit(*p, who)) throw forbidden("You can only edit your own posts");
    const auto old_target = p->translation ? std::optional<int>(p->translation->id) : std::nullopt;
    *p = posts::post_from_update(*p, body.fields, who, categories);
    // A linked post cannot move into its counterpart's language (unless the link changes too).
    if (!link && p->translation && p->translation->language == p->language) {
      const char* message = "A translation must be in the other language: unlink it first";
      throw invalid(message, {{"language", message}});
    }
    w.update(*p, user.id);
    if (link) relink(w, *p, old_target, *link > 0 ? std::optional<int>(*link) : std::nullopt, who);
    written = w.written(p->id);
    w.commit();
    return p;
  });
  if (!changed) throw not_found("Post not found");
  return {http::response::json(200, {{"id", changed->id}, {"slug", changed->slug}}), std::move(written)};
}

written_answer update_by_id(const post_write_services& s, const http::request& req) {
  return update(s, req, {id_param(req, "id", "Post not found"), {}});
}

written_answer update_by_slug(const post_write_services& s, const http::request& req) {
  return update(s, req, {0, req.param("slug")});
}

// An admin's change of one post, decided and written in one transaction (store::post_write).
written_answer admin_change(const post_write_services& s, const http::request& req,
                            const std::function<boost::json::object(posts::post&)>& change) {
  require_admin(s.callers, req);
  boost::json::object reply;
  std::vector<store::written_post> written;
  auto changed = store::write_posts(s.db, [&](store::post_write& w) -> std::optional<posts::post> {
    auto p = w.lock({id_param(req, "id", "Post not found"), {}});
    if (!p) return std::nullopt;
    reply = change(*p);
    w.update(*p);
    written = w.written(p->id);
    w.commit();
    return p;
  });
  if (!changed) throw not_found("Post not found");
  reply["post"] = posts::card_json(*changed);
  return {http::response::json(200, reply), std::move(written)};
}

// POST /api/posts: a new post by an approved author or an admin.
written_answer create_post(const post_write_services& s, const http::request& req) {
  auto user = require_author(s.callers, req);
  const auto body = parse_body<post_request>(req);
  auto post = posts::post_from_create(body.fields, posts::now_ms(), categories_for(s, body.fields.category));
  post.author_id = user.id;
  const auto link = body.link();  // null on create: nothing to unlink
  auto written = store::write_posts(s.db, [&](store::post_write& w) {
    post.id = w.insert(post);
    if (link && *link > 0) relink(w, post, std::nullopt, *link, posts::viewer{user.id, user.is_admin()});
    auto rows = w.written(post.id);
    w.commit();
    return rows;
  });
  return {http::response::json(201, {{"id", post.id}, {"slug", post.slug}}), std::move(written)};
}

// GET /api/admin/posts: every post in every state, newest first.
http::response admin_posts(const post_write_services& s, const http::request& req) {
  auto admin = require_admin(s.callers, req);
  const auto who = std::optional<posts::viewer>(posts::viewer{admin.id, true});
  const auto now = posts::now_ms();
  auto snap = s.posts.current();
  std::vector<const readmodel::entry*> all;
  for (const auto& [id, e] : snap->entries()) all.push_back(e.get());
  std::sort(all.begin(), all.end(), [](const auto* a, const auto* b) {
    return a->post.published_at_ms != b->post.published_at_ms ? a->post.published_at_ms > b->post.published_at_ms
                                                              : a->post.id > b->post.id;
  });
  std::string body = "[";
  // The shared card names only a visible counterpart; admins see drafts and scheduled ones too.
  for (std::size_t i = 0; i < all.size(); ++i)
    body += (i ? "," : "") + (all[i]->post.translation && !all[i]->post.translation->visible_at(now)
                                  ? boost::json::serialize(posts::card_json(all[i]->post, who, now))
                                  : all[i]->card());
  body += "]";
  auto res = http::response::json_text(200, std::move(body));
  return no_store(res);
}

// PATCH /api/admin/posts/{id}/update-date's body: {publishedAt}, an ISO 8601 time.
struct date_body {
  std::string published_at;
};
date_body tag_invoke(boost::json::value_to_tag<date_body>, const boost::json::value& v) {
  return {optional_string(v.as_object(), "publishedAt").value_or("")};
}

written_answer update_date(const post_write_services& s, const http::request& req) {
  const auto body = parse_body<date_body>(req);
  return admin_change(s, req, [&](posts::post& p) {
    auto when = posts::parse_iso_time(body.published_at);
    if (!when) throw validation_error({{"publishedAt", "Please pick a valid date and time"}});
    p.published_at_ms = *when;
    return boost::json::object{{"message", "Date updated"}};
  });
}

written_answer toggle_published(const post_write_services& s, const http::request& req) {
  return admin_change(s, req, [](posts::post& p) {
    posts::toggle_published(p);
    return boost::json::object{
        {"published", p.published},
        {"message", p.published ? "Post published successfully" : "Post unpublished successfully"}};
  });
}

written_answer delete_post(const post_write_services& s, const http::request& req) {
  require_admin(s.callers, req);
  if (!store::delete_post(s.db, id_param(req, "id", "Post not found"))) throw not_found("Post not found");
  return {http::response::json(200, {{"message", "Post deleted"}}), {}};
}

}  // namespace

post_write_handlers post_write_api(api::context& ctx) {
  const post_write_services s{{ctx.cfg, ctx.db, ctx.site}, ctx.db, ctx.posts, *ctx.follower, ctx.site};
  auto& f = *ctx.follower;
  return {.create = writing(f, [s](const http::request& req) { return create_post(s, req); }),
          .update_by_id = writing(f, [s](const http::request& req) { return update_by_id(s, req); }),
          .update_by_slug = writing(f, [s](const http::request& req) { return update_by_slug(s, req); }),
          .admin_list = http::on_workers([s](http::request& req) { return admin_posts(s, req); }),
          .update_date = writing(f, [s](const http::request& req) { return update_date(s, req); }),
          .toggle_published = writing(f, [s](const http::request& req) { return toggle_published(s, req); }),
          .remove = writing(f, [s](const http::request& req) { return delete_post(s, req); })};
}

}  // namespace blog::api
