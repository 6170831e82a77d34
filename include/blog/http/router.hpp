// Routes as data: method + path pattern ("/api/posts/{slug}") → handler, with 404 and 405 + Allow.
#pragma once

#include "blog/http/workers.hpp"
#include "blog/wire/compression.hpp"
#include "blog/wire/message.hpp"

#include <boost/asio/awaitable.hpp>

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace blog::http {

// A handler runs on an I/O thread and says where it blocks: `co_await req.workers->run(fn)` for
// PostgreSQL, libcurl, libvips or a Xapian write, `co_await req.passwords->run(fn)` for argon2id
// (a small, low-priority, bounded pool: when it is full the server answers 503 with Retry-After
// at once). One that never blocks (the in-memory read path) just co_returns its answer.
using handler = std::function<boost::asio::awaitable<response>(request&)>;

namespace detail {

template <class Fn>
boost::asio::awaitable<response> answer_now(Fn fn, request& req) {
  co_return fn(req);
}

template <class Fn>
boost::asio::awaitable<response> answer_on(lane* request::*pool, Fn fn, request& req) {
  co_return co_await (req.*pool)->run([&] {
    auto res = fn(req);
    // Tagged and compressed on the thread that made the answer, not on an I/O thread.
    settle_dynamic_answer(req.method, req.header("accept-encoding"), req.header("if-none-match"), res);
    return res;
  });
}

}  // namespace detail

// A handler of a plain function that never blocks: it answers on the I/O thread.
template <class Fn>
handler at_once(Fn fn) {
  return [fn = std::move(fn)](request& req) { return detail::answer_now(fn, req); };
}

// A handler of a plain function that blocks from its first line to its last (a PostgreSQL
// transaction, a libcurl call): all of it runs on the workers.
template <class Fn>
handler on_workers(Fn fn) {
  return [fn = std::move(fn)](request& req) { return detail::answer_on(&request::workers, fn, req); };
}

// The same on the password pool, for a function whose work is mostly argon2id.
template <class Fn>
handler on_passwords(Fn fn) {
  return [fn = std::move(fn)](request& req) { return detail::answer_on(&request::passwords, fn, req); };
}

// Who may call a route. The server checks it from the session before it reads the body, so a
// large body is only ever read for a caller the route accepts (author: approved or admin).
enum class access { anyone, signed_in, author, admin };

// The body a route takes. A `json` route refuses a body or Content-Type other than
// application/json with 415; `multipart` wants multipart/form-data; `form` takes an HTML form's
// body (application/x-www-form-urlencoded or multipart/form-data); `none` refuses any body.
enum class body_kind { json, multipart, form, none };

// One line of the route table (app/routes.cpp): who may call which method on which path, with
// what body, answered by which handler.
struct route {
  std::string method;
  std::string pattern;  // "/api/posts/{slug}": a {name} segment is a path parameter
  access who = access::anyone;
  body_kind body = body_kind::json;
  handler handle;
  std::size_t max_body = 0;    // 0: the server's default limit
  std::string body_too_large;  // message of the 413 for this route ("" = the default)
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
  void get(std::string pattern, handler h, access who = access::anyone);
  void post(std::string pattern, handler h, access who = access::anyone);
  void put(std::string pattern, handler h, access who = access::anyone);
  void patch(std::string pattern, handler h, access who = access::anyone);
  void del(std::string pattern, handler h, access who = access::anyone);

  // Finds the route for a request and fills its path parameters. HEAD matches GET.
  match find(request& req) const;
  const std::vector<route>& routes() const { return routes_; }

 private:
  struct compiled {
    route r;
    std::vector<std::string> segments;  // "{name}" marks a parameter
  };
  std::vector<compiled> compiled_;
  std::vector<route> routes_;
};

}  // namespace blog::http
