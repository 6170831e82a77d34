// Each module's routes; app.cpp adds them all to one router.
#pragma once

#include "blog/api/context.hpp"
#include "blog/http/router.hpp"
#include "blog/search/index.hpp"

namespace blog::api {

void add_health_routes(http::router& r, api::context& ctx);
void add_site_settings_routes(http::router& r, api::context& ctx);
void add_auth_routes(http::router& r, api::context& ctx);
void add_admin_users_routes(http::router& r, api::context& ctx);
// Two-factor set-up and sessions (issue 27).
void add_account_security_routes(http::router& r, api::context& ctx);
void add_post_read_routes(http::router& r, api::context& ctx);
void add_feed_routes(http::router& r, api::context& ctx);
void add_search_routes(http::router& r, api::context& ctx);
void add_post_write_routes(http::router& r, api::context& ctx);
void add_upload_routes(http::router& r, api::context& ctx);
void add_category_routes(http::router& r, api::context& ctx);
void add_ai_routes(http::router& r, api::context& ctx);
void add_glossary_routes(http::router& r, api::context& ctx);

// Hands search the glossary in the database (store::load_glossary) as its synonyms. Throws on
// database failure.
void reload_search_synonyms(store::database& db, search::index_store& index);
void add_author_desk_routes(http::router& r, api::context& ctx);
void add_analytics_routes(http::router& r, api::context& ctx);

// Counts the request as a reader's view of `path` when the counting rules allow (view_counter.hpp,
// the analyticsEnabled setting, staff reading their own post), with `referrer` as its referrer
// domain. Blocks (a session lookup) only for a post when the request has a session cookie: call
// it on the pool then. Does not fail.
void count_view(api::context& ctx, const http::request& req, std::string_view path, std::string referrer);
// The most viewed visible posts of the last 7 days in `language`, at most `max`, from memory.
std::vector<const readmodel::entry*> popular_entries(api::context& ctx, const readmodel::snapshot& snap,
                                                     std::string_view language, std::size_t max = 4);
// The newsletter: POST /api/newsletter/subscribe, /confirm and /unsubscribe.
void add_newsletter_routes(http::router& r, api::context& ctx);
// Admin → Newsletter (/api/admin/newsletter/...) and the profile's own subscription (/api/user/newsletter).
void add_newsletter_admin_routes(http::router& r, api::context& ctx);

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
// POST /api/admin/import (multipart field "file" → 202 {id}) and GET /api/admin/import/{id}
// ({state, progress, report, error}), admins only; app/import_worker runs the jobs.
void add_import_routes(http::router& r, api::context& ctx);
// GET /api/admin/redirects and DELETE /api/admin/redirects?path=…, admins only.
void add_redirect_routes(http::router& r, api::context& ctx);
// True for paths of the spec's route table, which the web app renders.
bool is_page_path(std::string_view path);

}  // namespace blog::api
