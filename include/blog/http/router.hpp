// Routes as data: method + path pattern ("/api/posts/{slug}") → handler, with 404 and 405 + Allow.
#pragma once

#include "blog/http/message.hpp"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace blog::http {

using handler = std::function<response(request&)>;

// Where a handler runs: `io` for handlers that never block (the in-memory read path),
// `pool` for anything touching PostgreSQL, libcurl or a Xapian write, `password` for argon2id
// work: its own small, low-priority, bounded pool, so a flood of it never delays a page (when
// its queue is full the server answers 503 with Retry-After at once).
enum class runs_on { io, pool, password };

// Who may call a route. The server checks it from the session before it reads the body, so a
// large body is only ever read for a caller the route accepts (author: approved or admin).
enum class access { anyone, signed_in, author, admin };

// The body a route takes. A `json` route refuses a body or Content-Type other than
// application/json with 415; `multipart` wants multipart/form-data; `form` takes an HTML form's
// body (application/x-www-form-urlencoded or multipart/form-data); `none` refuses any body.
enum class body_kind { json, multipart, form, none };

struct route {
  std::string method;
  std::string pattern;
  handler handle;
  runs_on where = runs_on::pool;
  std::size_t max_body = 0;    // 0: the server's default limit
  std::string body_too_large;  // message of the 413 for this route ("" = the default)
  access who = access::anyone;
  body_kind body = body_kind::json;
  // A state change any site may ask for, not only this one's pages: the one-click unsubscribe
  // (RFC 8058), which mail providers post on the reader's behalf. Its URL carries its credential.
  bool any_site = false;
  std::size_t index = 0;  // its place in the router, set by router::add (metrics by route)
};

// True for the methods whose routes change state: everything but GET (and HEAD, which matches GET).
inline bool changes_state(const route& r) {
  return r.method != "GET";
}

struct match {
  const route* found = nullptr;
  std::string allow;  // when the path matched but the method did not: "GET, PATCH"
};

class router {
 public:
  void add(route r);
  void get(std::string pattern, handler h, runs_on where = runs_on::pool, access who = access::anyone);
  void post(std::string pattern, handler h, runs_on where = runs_on::pool, access who = access::anyone);
  void put(std::string pattern, handler h, runs_on where = runs_on::pool, access who = access::anyone);
  void patch(std::string pattern, handler h, runs_on where = runs_on::pool, access who = access::anyone);
  void del(std::string pattern, handler h, runs_on where = runs_on::pool, access who = access::anyone);

  // Finds the route for a request and fills its path parameters. HEAD matches GET.
  match find(request& req) const;
  const std::vector<route>& routes() const { return routes_; }
  // Replaces every route's handler with wrap(route), e.g. to apply one policy to all routes.
  void wrap_all(const std::function<handler(const route&)>& wrap);

 private:
  struct compiled {
    route r;
    std::vector<std::string> segments;  // "{name}" marks a parameter
  };
  std::vector<compiled> compiled_;
  std::vector<route> routes_;
};

}  // namespace blog::http
