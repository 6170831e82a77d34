// A node's ear for the other nodes: one connection of its own that LISTENs on the channels a node
// reacts to (site settings, glossary, mail, reindex) and calls each channel's handlers on its own
// thread, reconnecting when PostgreSQL goes away. The change log has its follower; this is the rest.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace blog::store {

class notification_hub {
 public:
  explicit notification_hub(std::string listen_url);
  ~notification_hub();
  notification_hub(const notification_hub&) = delete;
  notification_hub& operator=(const notification_hub&) = delete;

  // Calls fn(payload) on the hub's thread for every NOTIFY on `channel` (keep it quick).
  // Call before start().
  void on(std::string channel, std::function<void(const std::string&)> fn);
  // Calls fn on the hub's thread each time it starts to listen: after losing its connection
  // (PostgreSQL restarted) notifications sent meanwhile were lost, and at the first LISTEN what
  // was read before start() may have changed already; either way, what they announce must be
  // read again. Call before start().
  void on_reconnect(std::function<void()> fn);
  // Connects and listens on a thread of its own, from now until stop().
  void start();
  void stop();
  // True while the hub's connection listens (from its first LISTEN until it is lost).
  bool listening() const { return listening_.load(); }

 private:
  void run();

  std::string listen_url_;
  std::vector<std::pair<std::string, std::function<void(const std::string&)>>> handlers_;
  std::vector<std::function<void()>> reconnected_;
  std::atomic<bool> stopping_{false};
  std::atomic<bool> listening_{false};
  std::thread thread_;
};

}  // namespace blog::store
