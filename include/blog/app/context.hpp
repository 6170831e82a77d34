// What every handler may use: configuration, the database pool and the web app's files.
#pragma once

#include "blog/config.hpp"
#include "blog/http/static_files.hpp"
#include "blog/store/database.hpp"

#include <functional>

namespace blog::app {

struct context {
  explicit context(config c);

  config cfg;
  store::database db;
  http::static_files web;
};

}  // namespace blog::app
