// Each module's handlers, made once from the context; app/routes.cpp puts them in the route table
// (method, path, access, body). A module knows where its handlers block, the table who may call them.
#pragma once

#include "blog/api/context.hpp"
#include "blog/http/router.hpp"
#include "blog/media/image.hpp"
#include "blog/search/index.hpp"

namespace blog::api {

// GET /healthz (the process answers) and GET /readyz (ready for traffic).
struct health_handlers {
  http::handler alive, ready;
};
health_handlers health_api(api::context& ctx);

// GET and PATCH /api/site-settings.
struct site_settings_handlers {
  http::handler read, update;
};
site_settings_handlers site_settings_api(api::context& ctx);

// Accounts: register, sign in and out, the current account, e-mail verification and passwords.
// Adds the password-reset mail's renderer to ctx.mail.
struct auth_handlers {
  http::handler register_account, login, logout, current_account, verify_email, forgot_password, reset_password,
      change_password;
};
auth_handlers auth_api(api::context& ctx);

// Admin → Users: the list and approvals.
struct admin_users_handlers {
  http::handler list, set_approval;
};
admin_users_handlers admin_users_api(api::context& ctx);

// Two-factor set-up and sessions (issue 27).
struct account_security_handlers {
  http::handler setup_two_factor, enable_two_factor, disable_two_factor, list_sessions, end_session, end_other_sessions,
      end_sessions_of_user;
};
account_security_handlers account_security_api(api::context& ctx);

// Reading posts: the list and one post, from memory.
struct post_read_handlers {
  http::handler list, read;
};
post_read_handlers post_read_api(api::context& ctx);

// robots.txt, sitemap.xml and rss.xml.
struct feed_handlers {
  http::handler robots, sitemap, rss;
};
feed_handlers feed_api(api::context& ctx);

// GET /api/search, the admin's search statistics and a post's related posts.
struct search_handlers {
  http::handler search, stats, related;
};
search_handlers search_api(api::context& ctx);

// Writing posts: create, update by id or slug, and the admin's post management.
struct post_write_handlers {
  http::handler create, update_by_id, update_by_slug, admin_list, update_date, toggle_published, remove;
};
post_write_handlers post_write_api(api::context& ctx);

// POST /api/upload and GET /uploads/{file}.
// Room for the multipart envelope around a 5 MB file; a bigger body is refused unread.
inline constexpr std::size_t max_upload_body = uploads::max_image_bytes + std::size_t{64} * 1024;
struct upload_handlers {
  http::handler upload, serve;
};
upload_handlers upload_api(api::context& ctx);

// The category list, one category's posts, and a new custom category.
struct category_handlers {
  http::handler list, posts, create;
};
category_handlers category_api(api::context& ctx);

// The AI assistant: generate a draft, translate a post.
struct ai_handlers {
  http::handler generate, translate;
};
ai_handlers ai_api(api::context& ctx);

// Admin → Glossary: read and replace.
struct glossary_handlers {
  http::handler read, replace;
};
glossary_handlers glossary_api(api::context& ctx);

// The author's desk: own posts, a post's revisions, the preview.
struct author_desk_handlers {
  http::handler own_posts, revisions, preview;
};
author_desk_handlers author_desk_api(api::context& ctx);

// Cookie-free analytics: the reader's beacon, the admin's report, authors' view counts, popular posts.
struct analytics_handlers {
  http::handler beacon, report, post_views, one_post_views, popular;
};
analytics_handlers analytics_api(api::context& ctx);

// The newsletter: subscribe, confirm, unsubscribe (also RFC 8058's one click, and its page), a
// post's newsletter state and the admin's send. Adds the story mails' source and renderer to ctx.mail.
struct newsletter_handlers {
  http::handler subscribe, confirm, unsubscribe, one_click_unsubscribe, unsubscribe_page, post_newsletter, send_post;
};
newsletter_handlers newsletter_api(api::context& ctx);

// Admin → Newsletter (/api/admin/newsletter/...) and the profile's own subscription (/api/user/newsletter).
struct newsletter_admin_handlers {
  http::handler subscribers, subscribers_csv, remove_subscriber, posts, post_mails, own, subscribe_own, unsubscribe_own;
};
newsletter_admin_handlers newsletter_admin_api(api::context& ctx);

// Admin → Redirects: the old addresses of imported posts, listed and deleted.
struct redirect_handlers {
  http::handler list, remove;
};
redirect_handlers redirect_api(api::context& ctx);

// Admin → Import: start one (multipart field "file" → 202 {id}) and follow it ({state, progress,
// report, error}); app/import_worker runs the jobs.
// Room for the multipart envelope around a 200 MB export.
inline constexpr std::size_t max_import_body = std::size_t{200} * 1024 * 1024 + std::size_t{64} * 1024;
inline constexpr const char* import_too_large = "The export is larger than 200 MB";
struct import_handlers {
  http::handler start, status;
};
import_handlers import_api(api::context& ctx);

// Hands search the glossary in the database (store::load_glossary) as its synonyms. Throws on
// database failure.
void reload_search_synonyms(store::database& db, search::index_store& index);

// Counts the request as a reader's view of `path` when the counting rules allow (view_counter.hpp,
// the analyticsEnabled setting, staff reading their own post), with `referrer` as its referrer
// domain. Blocks (a session lookup) only for a post when the request has a session cookie: call
// it on the pool then. Does not fail.
void count_view(api::context& ctx, const http::request& req, std::string_view path, std::string referrer);
// The most viewed visible posts of the last 7 days in `language`, at most `max`, from memory.
std::vector<const readmodel::entry*> popular_entries(api::context& ctx, const readmodel::snapshot& snap,
                                                     std::string_view language, std::size_t max = 4);

// The operator's metrics listener: GET /metrics (calling `refresh` first), and metrics_only's
// 404 for every other path.
void add_metrics_routes(http::router& r, metrics::registry& registry, std::function<void()> refresh);
http::response metrics_only(const http::request& req);

// The six built-in categories, then custom ones, without case-insensitive duplicates.
std::vector<std::string> category_names(store::database& db, const readmodel::site_cache& site);

// A page of search hits (GET /api/search); `snap` keeps the posts alive.
struct search_page {
  std::shared_ptr<const readmodel::snapshot> snap;
  std::vector<std::pair<const posts::post*, std::string>> hits;  // the post and its snippet HTML
  std::uint64_t total = 0;                                       // the index's estimate
  std::string suggestion;
  std::string query;
  std::string next_cursor;                                 // "" on the last page
  std::vector<search::facet_count> categories, languages;  // the facets of every match
  std::size_t hidden_by_language = 0;
};
// Ranked hits for the trimmed `text` among the posts readers of `language` ("en" or "cs") see, in
// `category` when not blank, with the glossary's synonyms; a story in both languages appears once.
// A blank text finds nothing. Throws blog::error (invalid) when the text is too long.
search_page search_posts(readmodel::read_model& posts, const search::index_store& index, std::string_view text,
                         const std::string& language, std::size_t limit, std::size_t offset,
                         std::string_view category = {});
// The answer of GET /api/search: results (cards with their snippet), nextCursor, total, suggestion, query,
// facets and hiddenByLanguage.
boost::json::object search_json(const search_page& page);

// GET /api/posts/{slug}/related's answer for `post`: a JSON array of up to three cards of visible
// posts like it, in its language (the index's similarity); their entries are added to shown_entries when given.
std::string related_cards(const search::index_store& index, const readmodel::snapshot& snap, const posts::post& post,
                          std::vector<const readmodel::entry*>* shown_entries = nullptr);

// A page of one category's visible posts, newest first (GET /api/categories/{category}).
struct category_page {
  std::shared_ptr<const readmodel::snapshot> snap;
  std::vector<const readmodel::entry*> posts;
  std::string next_cursor;  // "" on the last page
};
category_page category_posts(readmodel::read_model& posts, const search::index_store& index, std::string_view category,
                             const std::string& language, std::size_t limit, std::size_t offset);

// Answers what no route matched: files of the web app, index.html for the pages of the spec's
// route table, the same page with 404 for anything else, and JSON 404 under /api.
http::handler page_handler(api::context& ctx);
// `pages` behind the old addresses of imported posts: a GET or HEAD of one (a path, or WordPress's
// /?p=ID) answers 301 to the post's page, read from PostgreSQL so every node agrees. Throws what
// the database throws (blog::error unavailable).
http::handler with_redirects(api::context& ctx, http::handler pages);
// True for paths of the spec's route table, which the web app renders.
bool is_page_path(std::string_view path);

}  // namespace blog::api
