// The route table: every route blogd answers, with who may call it and the body it takes.
#pragma once

#include "blog/api/context.hpp"
#include "blog/http/router.hpp"

namespace blog::app {

// Makes every module's handlers from `ctx` (which adds the mails' renderers to ctx.mail: start the
// sender after this) and returns the router of them all. What no route matches goes to the server's
// fallback (api::with_redirects around api::page_handler).
http::router route_table(api::context& ctx);

}  // namespace blog::app
