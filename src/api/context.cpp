// The services handlers use, made from the configuration (app wires and starts them).
#include "blog/api/context.hpp"

namespace blog::api {

context::context(config c)
    : cfg(std::move(c)),
      db(cfg.effective_database_url(), cfg.db_pool_size, std::chrono::milliseconds(cfg.db_wait_ms)),
      web(cfg.web_dir),
      posts(cfg.page_cache_bytes),
      search(std::make_unique<search::index_store>(cfg.data_dir / "index")),
      indexer(std::make_unique<readmodel::search_indexer>(*search, db)),
      post_pages(std::make_unique<readmodel::post_pages>(db, posts)),
      follower(std::make_unique<readmodel::change_follower>(db, posts, cfg.effective_database_url())),
      mail(std::make_unique<mail_sender>(cfg, db)) {}

}  // namespace blog::api
