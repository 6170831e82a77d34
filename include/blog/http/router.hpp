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
// `pool` for anything touching PostgreSQL, argon2id, libcurl or a Xapian write.
enum class runs_on { io, pool };

struct route {
  std::string method;
  std::string pattern;
  handler handle;
  runs_on where = runs_on::pool;
  std::size_t max_body = 0;         // 0: the server's default limit
  std::string body_too_large;       // message of the 413 for this route ("" = the default)
};

struct match {
  const route* found = nullptr;
  std::string allow;  // when the path matched but the method did not: "GET, PATCH"
};

class router {
 public:
  void add(route r);
  void get(std::string pattern, handler h, runs_on where = runs_on::pool);
  void post(std::string pattern, handler h, runs_on where = runs_on::pool);
  void put(std::string pattern, handler h, runs_on where = runs_on::pool);
  void patch(std::string pattern, handler h, runs_on where = runs_on::pool);
  void del(std::string pattern, handler h, runs_on where = runs_on::pool);

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
