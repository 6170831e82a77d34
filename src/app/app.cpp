// Builds the application from its configuration and wires every module's routes.
#include "blog/app/app.hpp"

#include "blog/api/context.hpp"
#include "blog/api/guard.hpp"
#include "blog/api/handlers.hpp"
#include "blog/app/import_worker.hpp"
#include "blog/app/observability.hpp"
#include "blog/app/routes.hpp"
#include "blog/http/server.hpp"
#include "blog/search/dictionaries.hpp"
#include "blog/store/glossary_seed.hpp"
#include "blog/store/mail_outbox_store.hpp"
#include "blog/store/migrations.hpp"
#include "blog/store/notification_hub.hpp"
#include "blog/store/notifications.hpp"

#include <spdlog/spdlog.h>

#include <unistd.h>

#include <atomic>
#include <thread>

namespace blog::app {
namespace {

// The web app's policy: its own scripts only (the build has no inline script), no plugins, no
// <base>, never framed; images may come from anywhere over https (covers linked in posts).
constexpr std::string_view app_content_security_policy =
    "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
    "form-action 'self'; img-src 'self' data: https:; style-src 'self' 'unsafe-inline'";

// How `blogctl reindex` names this node in its report: host, process and data folder.
std::string describe_node(const config& cfg) {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
  return std::string(host[0] ? host : "localhost") + ":" + std::to_string(::getpid()) + " (" +
         std::filesystem::absolute(cfg.data_dir).lexically_normal().string() + ")";
}

}  // namespace

struct app::impl {
  api::context ctx;
  // What other nodes announce (settings, glossary, mail, reindex); the change log has ctx.follower.
  std::unique_ptr<store::notification_hub> notifications =
      std::make_unique<store::notification_hub>(ctx.cfg.effective_database_url());
  http::router routes;
  std::unique_ptr<http::server> server;
  std::unique_ptr<metrics_listener> metrics_out;
  std::unique_ptr<import_worker> imports;  // Admin → Import's jobs  // on cfg.metrics_address, once listening
  std::atomic<bool> rebuilding{false};
  std::thread rebuild_thread;
  const std::string node_name = describe_node(ctx.cfg);

  impl(config cfg, bool handle_signals) : ctx(std::move(cfg)) {
    store::migrate(ctx.db);
    // The index loaded the Czech dictionary when the context opened it; without one search still
    // works (light stemmer), so a missing dictionary is said loudly but does not stop the node.
    if (const search::dictionary_status dict = search::dictionaries(); dict.problem.empty()) {
      spdlog::info("search: dictionaries cs_CZ and en_US under {} loaded in {:.0f} ms", dict.dir.string(),
                   dict.load_ms);
    } else {
      spdlog::warn("search: {}", dict.problem);
    }
    if (auto loaded = store::seed_glossary_if_empty(ctx.db)) spdlog::info("loaded {} glossary terms", loaded);
    ctx.site.reload();
    ctx.views = std::make_unique<api::view_counter>(ctx.db, std::chrono::milliseconds(ctx.cfg.analytics_flush_ms));
    // A node that misses a reload keeps showing the older settings: say so, try again on the next NOTIFY.
    auto reload_site = [this] {
      try {
        ctx.site.reload();
      } catch (const std::exception& e) {
        spdlog::warn("site settings: cannot reload: {}", e.what());
      }
    };
    notifications->on(store::site_channel, [reload_site](const std::string&) { reload_site(); });
    notifications->on_reconnect(reload_site);
    // The glossary feeds search's synonyms: read at start, and again when any node changes it.
    auto reload_synonyms = [this] {
      try {
        api::reload_search_synonyms(ctx.db, *ctx.search);
      } catch (const std::exception& e) {
        spdlog::warn("search synonyms not reloaded: {}", e.what());
      }
    };
    reload_synonyms();
    notifications->on(store::glossary_channel, [reload_synonyms](const std::string&) { reload_synonyms(); });
    notifications->on_reconnect(reload_synonyms);
    ctx.follower->add_sink([this](const readmodel::change_batch& batch) { ctx.post_pages->apply(batch); });
    // Mail queued by any node wakes every node's sender; the first to claim a message sends it.
    notifications->on(store::mail_channel, [this](const std::string&) { ctx.mail->wake(); });
    // A post published now with its newsletter pending: its mails are queued at once, not at the next poll.
    ctx.follower->add_sink([this](const readmodel::change_batch& batch) {
      const auto now = posts::now_ms();
      for (const auto& p : batch.loaded)
        if (p.newsletter == "pending" && p.visible_at(now)) return ctx.mail->wake();
    });
    ctx.follower->add_sink([this](const readmodel::change_batch& batch) { ctx.indexer->apply(batch); });
    notifications->on(store::reindex_channel, [this](const std::string&) { start_rebuild(true); });
    ctx.follower->every_second([this](readmodel::applied_position applied) { ctx.indexer->retry(applied); });
    // Reading times kept across restarts: a start reads the posts' summaries, not their bodies.
    ctx.follower->keep_reading_minutes_in(ctx.cfg.data_dir / "reading-minutes");
    // Every published post's page on disk too: posts outside the memory cache answer while PostgreSQL is away.
    ctx.post_pages->keep_on_disk(ctx.cfg.data_dir / "post-pages");
    notifications->start();
    ctx.follower->start([this](readmodel::applied_position applied) { ctx.indexer->resume(applied); });
    // An index of another analysis (a dictionary installed or removed, a new analysis version)
    // answers and takes writes as it is while its replacement is built beside it.
    if (auto index = ctx.search->current(); index->stale_analysis()) {
      spdlog::warn(
          "search index under {} was built with another analysis than {}: it answers while a new one is "
          "built in the background",
          index->dir().string(), search::dictionaries().analysis);
      start_rebuild(false);
    }
    ctx.post_pages->start();
    if (ctx.web.empty()) spdlog::warn("no web app under {}: run tools/bootstrap to build it", ctx.cfg.web_dir.string());

    routes = route_table(ctx);
    ctx.mail->start();  // after the routes: their modules add the renderers of their mails

    http::server_options options;
    // Every route's rules (same-site for state changes, access before the body) are checked by
    // the server from the matched route, whatever the path's spelling.
    api::install_guard(options, {ctx.cfg, ctx.db, ctx.site});
    options.address = ctx.cfg.http_address;
    options.port = ctx.cfg.http_port;
    options.io_threads = ctx.cfg.io_threads ? ctx.cfg.io_threads : std::max(1u, std::thread::hardware_concurrency());
    options.realtime_io = ctx.cfg.realtime_io;
    options.worker_threads = ctx.cfg.worker_threads;
    options.password_threads =
        ctx.cfg.password_threads ? ctx.cfg.password_threads : std::max(1u, std::thread::hardware_concurrency() / 2);
    options.password_queue = ctx.cfg.password_queue;
    options.max_header_bytes = ctx.cfg.max_header_bytes;
    options.max_body_bytes = ctx.cfg.max_body_bytes;
    options.max_body_bytes_in_flight = ctx.cfg.max_body_bytes_in_flight;
    options.max_connections = ctx.cfg.max_connections;
    options.max_connections_per_address = ctx.cfg.max_connections_per_address;
    options.header_timeout = std::chrono::seconds(ctx.cfg.header_timeout_s);
    options.body_timeout = std::chrono::seconds(ctx.cfg.body_timeout_s);
    options.idle_timeout = std::chrono::seconds(ctx.cfg.idle_timeout_s);
    options.trusted_proxies = http::address_set::parse(ctx.cfg.trusted_proxies);
    options.response_headers = {{"X-Content-Type-Options", "nosniff"},
                                {"Referrer-Policy", "strict-origin-when-cross-origin"},
                                {"X-Frame-Options", "DENY"}};
    if (ctx.cfg.https())
      options.response_headers.emplace_back("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    options.html_policy = std::string(app_content_security_policy);
    options.handle_signals = handle_signals;
    register_node_metrics(ctx);
    options.metrics = &ctx.metrics;
    server = std::make_unique<http::server>(options, routes, api::with_redirects(ctx, api::page_handler(ctx)));
    // A write's wait for its node's follower holds no thread: the passes run as jobs on the workers.
    ctx.follower->run_passes_on([this](std::function<void()> job) { server->post_blocking(std::move(job)); });
    imports = std::make_unique<import_worker>(ctx.db, ctx.cfg.data_dir / "imports");
  }

  ~impl() {
    // First: a reindex NOTIFY heard now would start a rebuild thread nobody joins.
    notifications.reset();
    imports.reset();
    if (rebuild_thread.joinable()) rebuild_thread.join();
  }

  // `blogctl reindex` asks every node (NOTIFY) to rebuild its own index copy while it keeps
  // answering searches from the current one (asked); a node also starts one by itself when its
  // index was built with another analysis (no blogctl waits for that one to start).
  void start_rebuild(bool asked) {
    // A node already rebuilding says so too: its running rebuild is the one blogctl waits for.
    if (asked) store::notify(ctx.db, store::reindex_started_channel, node_name);
    if (rebuilding.exchange(true)) return;
    if (rebuild_thread.joinable()) rebuild_thread.join();
    rebuild_thread = std::thread([this] {
      std::string outcome;
      try {
        auto count = ctx.indexer->rebuild(*ctx.follower);
        outcome = "rebuilt " + std::to_string(count) + " posts";
        spdlog::info("search index {}", outcome);
      } catch (const std::exception& e) {
        outcome = std::string("failed: ") + e.what();
        spdlog::error("search index rebuild {}", outcome);
      }
      // Told even when the node started it by itself: a blogctl reindex run meanwhile waits for it.
      // A rebuild a node starts by itself at start-up must not end it when PostgreSQL is away.
      try {
        store::notify(ctx.db, store::reindex_done_channel, node_name + "\t" + outcome);
      } catch (const std::exception& e) {
        spdlog::warn("search index rebuild: blogctl not told ({})", e.what());
      }
      rebuilding = false;
    });
  }
};

app::app(config cfg, bool handle_signals) : impl_(std::make_unique<impl>(std::move(cfg), handle_signals)) {}
app::~app() = default;

std::uint16_t app::listen() {
  auto port = impl_->server->listen();
  impl_->ctx.cfg.http_port = port;
  if (!impl_->ctx.cfg.metrics_address.empty()) impl_->metrics_out = std::make_unique<metrics_listener>(impl_->ctx);
  return port;
}

void app::run() {
  impl_->server->run();
  // A clean stop loses no view: the last batch is written before run() returns.
  try {
    impl_->ctx.views->flush();
  } catch (const std::exception& e) {
    spdlog::warn("view counts not written at stop: {}", e.what());
  }
  impl_->metrics_out.reset();
}
void app::stop() {
  impl_->server->stop();
}
std::uint16_t app::metrics_port() const {
  return impl_->metrics_out ? impl_->metrics_out->port() : 0;
}
api::context& app::ctx() {
  return impl_->ctx;
}

}  // namespace blog::app
