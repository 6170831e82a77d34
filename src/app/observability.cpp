// The node-wide metrics (database pool, change positions and lag) and the /metrics listener.
#include "blog/app/observability.hpp"

#include "blog/api/context.hpp"
#include "blog/api/handlers.hpp"
#include "blog/http/server.hpp"
#include "blog/store/changes_store.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <stdexcept>

namespace blog::app {
namespace {

struct positions {
  metrics::gauge* up = nullptr;
  metrics::gauge* newest = nullptr;
  metrics::gauge* read_model = nullptr;
  metrics::gauge* index = nullptr;
  metrics::gauge* read_model_lag = nullptr;
  metrics::gauge* index_lag = nullptr;
};

positions position_gauges(metrics::registry& m) {
  const std::string seq_help =
      "Position in the post change log: the newest committed in the database, and the "
      "newest applied to this node's read model and search index.";
  const std::string lag_help = "Changes committed in the database and not yet applied on this node.";
  return {&m.make_gauge("blog_database_up", "1 when the last scrape could read the database, else 0."),
          &m.make_gauge("blog_change_seq", seq_help, {{"of", "database"}}),
          &m.make_gauge("blog_change_seq", seq_help, {{"of", "read_model"}}),
          &m.make_gauge("blog_change_seq", seq_help, {{"of", "search_index"}}),
          &m.make_gauge("blog_change_lag", lag_help, {{"of", "read_model"}}),
          &m.make_gauge("blog_change_lag", lag_help, {{"of", "search_index"}})};
}

}  // namespace

void register_node_metrics(api::context& ctx) {
  auto& m = ctx.metrics;
  position_gauges(m);
  auto* db = &ctx.db;
  const std::string pool_help = "PostgreSQL connections of this node's pool: open, and lent out now.";
  m.gauge_from("blog_db_pool_connections", pool_help, {{"state", "open"}},
               [db] { return static_cast<double>(db->stats().open); });
  m.gauge_from("blog_db_pool_connections", pool_help, {{"state", "in_use"}},
               [db] { return static_cast<double>(db->stats().in_use); });
  m.gauge_from("blog_db_pool_size", "The pool's bound (BLOG_DB_POOL_SIZE).", {},
               [size = ctx.cfg.db_pool_size] { return static_cast<double>(size); });
  m.collect("blog_db_errors_total", "Database failures: connecting, waiting for a connection, SQL errors.", "counter",
            [db](metrics::sample_writer& w) {
              w.sample("blog_db_errors_total", {}, static_cast<double>(db->stats().errors));
            });
}

void refresh_positions(api::context& ctx) {
  auto g = position_gauges(ctx.metrics);
  auto read_model = ctx.follower ? ctx.follower->applied_seq() : 0;
  // What the index's documents reflect; the position it stores for a restart may be lower.
  auto index = ctx.indexer ? ctx.indexer->indexed_seq() : 0;
  g.read_model->set(static_cast<double>(read_model));
  g.index->set(static_cast<double>(index));
  try {
    auto newest = store::current_position(ctx.db).last_seq;
    g.up->set(1);
    g.newest->set(static_cast<double>(newest));
    g.read_model_lag->set(static_cast<double>(std::max<std::int64_t>(0, newest - read_model)));
    g.index_lag->set(static_cast<double>(std::max<std::int64_t>(0, newest - index)));
  } catch (const std::exception& e) {
    g.up->set(0);
    spdlog::debug("metrics: cannot read the change log position: {}", e.what());
  }
}

metrics_listener::metrics_listener(api::context& ctx) : routes_(std::make_unique<http::router>()) {
  auto [address, port] = ctx.cfg.metrics_endpoint();
  api::add_metrics_routes(*routes_, ctx.metrics, [&ctx] { refresh_positions(ctx); });
  http::server_options options;
  options.address = address;
  options.port = port;
  options.io_threads = 1;
  options.worker_threads = 1;  // one scrape at a time is plenty
  options.password_threads = 1;
  options.max_connections = 16;
  options.max_body_bytes = 0;
  options.response_headers = {{"X-Content-Type-Options", "nosniff"}};
  server_ = std::make_unique<http::server>(options, *routes_, http::at_once(api::metrics_only));
  try {
    port_ = server_->listen();
  } catch (const std::exception& e) {
    throw std::runtime_error("cannot listen for metrics on " + ctx.cfg.metrics_address + ": " + e.what());
  }
  thread_ = std::thread([this] { server_->run(); });
  spdlog::info("metrics on http://{}:{}/metrics", address, port_);
}

metrics_listener::~metrics_listener() {
  server_->stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace blog::app
