// PostgreSQL's LISTEN/NOTIFY: how nodes tell each other that something changed (a post, the site
// settings, a reindex request) without polling.
#pragma once

#include "blog/store/database.hpp"

#include <chrono>
#include <functional>
#include <memory>
#include <string>

namespace blog::store {

// The channels: a post changed (the payload is empty; read post_changes), the site settings or
// the custom categories changed, the glossary changed, and a search index rebuild asked for by
// blogctl and answered by each blogd node.
inline constexpr const char* post_changes_channel = "post_changes";
inline constexpr const char* site_channel = "blog_site";
inline constexpr const char* glossary_channel = "blog_glossary";
inline constexpr const char* reindex_channel = "blog_reindex";
inline constexpr const char* reindex_started_channel = "blog_reindex_started";
inline constexpr const char* reindex_done_channel = "blog_reindex_done";

// NOTIFY `channel` with `payload`, outside any transaction (heard at once by every listener).
void notify(database& db, const std::string& channel, const std::string& payload);

// A connection of its own that LISTENs on channels. Not thread-safe: subscribe and wait on one
// thread; the callbacks run on it, inside wait().
class listener {
 public:
  // Connects to `url`. Throws when PostgreSQL cannot be reached.
  explicit listener(const std::string& url);
  ~listener();
  listener(const listener&) = delete;
  listener& operator=(const listener&) = delete;

  // Hears `channel` from now on: each notification's payload goes to `fn`.
  void listen(const std::string& channel, std::function<void(const std::string&)> fn);
  // Waits up to `timeout` for notifications and delivers those that came. Throws when the
  // connection is lost.
  void wait(std::chrono::microseconds timeout);

 private:
  struct state;
  std::unique_ptr<state> state_;
};

}  // namespace blog::store
