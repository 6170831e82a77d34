// Matches request paths against route patterns segment by segment.
#include "blog/http/router.hpp"

#include <array>

namespace blog::http {
namespace {

std::vector<std::string> split_path(std::string_view path) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= path.size()) {
    auto slash = path.find('/', start);
    if (slash == std::string_view::npos) slash = path.size();
    if (slash > start) parts.emplace_back(path.substr(start, slash - start));
    start = slash + 1;
  }
  return parts;
}

bool is_param(const std::string& segment) {
  return segment.size() > 2 && segment.front() == '{' && segment.back() == '}';
}

// A route of the default body (JSON) and size limit.
route plain_route(std::string method, std::string pattern, handler h, access who) {
  route r;
  r.method = std::move(method);
  r.pattern = std::move(pattern);
  r.who = who;
  r.handle = std::move(h);
  return r;
}

}  // namespace

void router::add(route r) {
  r.index = routes_.size();
  compiled c{r, split_path(r.pattern)};
  compiled_.push_back(std::move(c));
  routes_.push_back(std::move(r));
}

void router::get(std::string pattern, handler h, access who) {
  add(plain_route("GET", std::move(pattern), std::move(h), who));
}
void router::post(std::string pattern, handler h, access who) {
  add(plain_route("POST", std::move(pattern), std::move(h), who));
}
void router::put(std::string pattern, handler h, access who) {
  add(plain_route("PUT", std::move(pattern), std::move(h), who));
}
void router::patch(std::string pattern, handler h, access who) {
  add(plain_route("PATCH", std::move(pattern), std::move(h), who));
}
void router::del(std::string pattern, handler h, access who) {
  add(plain_route("DELETE", std::move(pattern), std::move(h), who));
}

match router::find(request& req) const {
  // The raw path is split before decoding so that an encoded '/' stays inside one parameter.
  // Segments are views into the target: the hot read path allocates nothing here.
  constexpr std::size_t max_segments = 16;
  std::array<std::string_view, max_segments> raw;
  std::size_t count = 0;
  std::string_view path = std::string_view(req.target).substr(0, req.target.find('?'));
  for (std::size_t start = 0; start <= path.size();) {
    auto slash = path.find('/', start);
    if (slash == std::string_view::npos) slash = path.size();
    if (slash > start) {
      if (count == max_segments) return {};
      raw[count++] = path.substr(start, slash - start);
    }
    start = slash + 1;
  }
  std::string_view method = req.method == "HEAD" ? std::string_view("GET") : std::string_view(req.method);

  match result;
  const compiled* best = nullptr;
  std::size_t best_literals = 0;
  for (const auto& c : compiled_) {
    if (c.segments.size() != count) continue;
    std::size_t literals = 0;
    bool same = true;
    for (std::size_t i = 0; i < count && same; ++i) {
      if (is_param(c.segments[i])) continue;
      same = c.segments[i] == raw[i];
      ++literals;
    }
    if (!same) continue;
    if (c.r.method != method) {
      if (result.allow.find(c.r.method) == std::string::npos)
        result.allow += (result.allow.empty() ? "" : ", ") + c.r.method;
      continue;
    }
    // The most literal pattern wins: /api/posts/id/{id} before /api/posts/{slug}/{x}.
    if (!best || literals > best_literals) {
      best = &c;
      best_literals = literals;
    }
  }
  if (!best) return result;
  req.path_params.clear();
  for (std::size_t i = 0; i < count; ++i) {
    const auto& s = best->segments[i];
    if (is_param(s)) req.path_params.emplace_back(s.substr(1, s.size() - 2), percent_decode(raw[i], false));
  }
  result.found = &best->r;
  result.allow.clear();
  return result;
}

}  // namespace blog::http
