// Admin → Export: GET /api/admin/export, the whole site as the .tar.gz `blogctl export` writes.
#pragma once

#include "blog/api/context.hpp"
#include "blog/http/router.hpp"

namespace blog::app {

http::handler export_handler(api::context& ctx);

}  // namespace blog::app
