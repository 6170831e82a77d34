// What every handler may use: configuration, the database pool, the web app's files, the read model.
#pragma once

#include "blog/api/mail_sender.hpp"
#include "blog/api/view_counter.hpp"
#include "blog/config/config.hpp"
#include "blog/http/static_files.hpp"
#include "blog/metrics/metrics.hpp"
#include "blog/readmodel/change_follower.hpp"
#include "blog/readmodel/page_cache.hpp"
#include "blog/readmodel/post_pages.hpp"
#include "blog/readmodel/read_model.hpp"
#include "blog/readmodel/search_indexer.hpp"
#include "blog/readmodel/site_cache.hpp"
#include "blog/search/index_store.hpp"
#include "blog/store/database.hpp"

#include <functional>
#include <memory>

namespace blog::api {

struct context {
  explicit context(config c);

  config cfg;
  metrics::registry metrics;  // served on cfg.metrics_address; modules register at start-up
  store::database db;
  http::static_files web;
  readmodel::read_model posts;
  readmodel::site_cache site{db};                                    // settings and custom categories, loaded by app
  readmodel::page_cache pages{readmodel::default_page_cache_bytes};  // server-rendered pages, compressed
  std::unique_ptr<search::index_store> search;                       // <data_dir>/index
  std::unique_ptr<readmodel::search_indexer> indexer;
  // Post pages and bodies for readers; before the follower, whose thread feeds them, so that it stops first.
  std::unique_ptr<readmodel::post_pages> post_pages;
  std::unique_ptr<readmodel::change_follower> follower;  // started by app; writers call after_catch_up()
  std::unique_ptr<mail_sender> mail;                     // the outbox's sender: modules add renderers, app starts it
  // Views counted in memory (issue 26): made by app once migrated; last, so it writes its final
  // batch while the database pool is still there.
  std::unique_ptr<view_counter> views;
};

}  // namespace blog::api
