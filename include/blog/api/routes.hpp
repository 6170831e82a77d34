// Each module's routes; app.cpp adds them all to one router.
#pragma once

#include "blog/app/context.hpp"
#include "blog/http/router.hpp"

namespace blog::api {

void add_health_routes(http::router& r, app::context& ctx);
void add_site_settings_routes(http::router& r, app::context& ctx);
void add_auth_routes(http::router& r, app::context& ctx);
void add_admin_users_routes(http::router& r, app::context& ctx);
void add_post_read_routes(http::router& r, app::context& ctx);
void add_feed_routes(http::router& r, app::context& ctx);
void add_search_routes(http::router& r, app::context& ctx);
void add_post_write_routes(http::router& r, app::context& ctx);
void add_upload_routes(http::router& r, app::context& ctx);
void add_category_routes(http::router& r, app::context& ctx);
void add_ai_routes(http::router& r, app::context& ctx);
void add_glossary_routes(http::router& r, app::context& ctx);

// Hands search the glossary in the database (store::load_glossary) as its synonyms. Throws on
// database failure.
void reload_search_synonyms(app::context& ctx);
void add_author_desk_routes(http::router& r, app::context& ctx);

// Answers what no route matched: files of the web app, index.html for the pages of the spec's
// route table, the same page with 404 for anything else, and JSON 404 under /api.
http::handler page_handler(app::context& ctx);
// True for paths of the spec's route table, which the web app renders.
bool is_page_path(std::string_view path);

}  // namespace blog::api
