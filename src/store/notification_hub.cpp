// The node's LISTEN connection for everything but the change log: handlers per channel, and a
// reconnect that tells them what they may have missed.
#include "blog/store/notification_hub.hpp"

#include "blog/store/notifications.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <utility>

namespace blog::store {

notification_hub::notification_hub(std::string listen_url) : listen_url_(std::move(listen_url)) {}

notification_hub::~notification_hub() {
  stop();
}

void notification_hub::on(std::string channel, std::function<void(const std::string&)> fn) {
  handlers_.emplace_back(std::move(channel), std::move(fn));
}

void notification_hub::on_reconnect(std::function<void()> fn) {
  reconnected_.push_back(std::move(fn));
}

void notification_hub::start() {
  stopping_ = false;
  thread_ = std::thread([this] { run(); });
}

void notification_hub::stop() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
}

void notification_hub::run() {
  bool lost = false;  // the connection failed: say so once, and once when it is back
  while (!stopping_) {
    try {
      listener conn(listen_url_);
      for (const auto& [channel, fn] : handlers_) conn.listen(channel, fn);
      listening_ = true;
      if (std::exchange(lost, false)) spdlog::info("notifications: listening again");
      for (const auto& fn : reconnected_) fn();
      while (!stopping_) conn.wait(std::chrono::milliseconds(250));
    } catch (const std::exception& e) {
      listening_ = false;
      if (stopping_) break;
      if (!lost) spdlog::warn("notifications: {}; listening again in a second", e.what());
      lost = true;
      for (int i = 0; i < 10 && !stopping_; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
  listening_ = false;
}

}  // namespace blog::store
