// Builds the application from its configuration and wires every module's routes.
#include "blog/app/app.hpp"

#include "blog/api/routes.hpp"
#include "blog/app/context.hpp"
#include "blog/http/server.hpp"
#include "blog/store/migrations.hpp"

#include <spdlog/spdlog.h>

#include <thread>

namespace blog::app {

context::context(config c)
    : cfg(std::move(c)),
      db(cfg.effective_database_url(), cfg.db_pool_size, std::chrono::milliseconds(cfg.db_wait_ms)),
      web(cfg.web_dir) {}

struct app::impl {
  context ctx;
  http::router routes;
  std::unique_ptr<http::server> server;

  impl(config cfg, bool handle_signals) : ctx(std::move(cfg)) {
    store::migrate(ctx.db);
    if (ctx.web.empty()) spdlog::warn("no web app under {}: run tools/bootstrap to build it", ctx.cfg.web_dir.string());

    api::add_health_routes(routes, ctx);
    api::add_site_settings_routes(routes, ctx);

    http::server_options options;
    options.address = ctx.cfg.http_address;
    options.port = ctx.cfg.http_port;
    options.io_threads = ctx.cfg.io_threads ? ctx.cfg.io_threads : std::max(1u, std::thread::hardware_concurrency());
    options.worker_threads = ctx.cfg.worker_threads;
    options.max_header_bytes = ctx.cfg.max_header_bytes;
    options.max_body_bytes = ctx.cfg.max_body_bytes;
    options.read_timeout = std::chrono::seconds(ctx.cfg.read_timeout_s);
    options.handle_signals = handle_signals;
    server = std::make_unique<http::server>(options, routes, api::page_handler(ctx));
  }
};

app::app(config cfg, bool handle_signals) : impl_(std::make_unique<impl>(std::move(cfg), handle_signals)) {}
app::~app() = default;

std::uint16_t app::listen() {
  auto port = impl_->server->listen();
  impl_->ctx.cfg.http_port = port;
  return port;
}

void app::run() { impl_->server->run(); }
void app::stop() { impl_->server->stop(); }
context& app::ctx() { return impl_->ctx; }

}  // namespace blog::app
