// The mail lane: a thread that runs queued jobs one after another.
#include "blog/mail/outbox.hpp"

#include <spdlog/spdlog.h>

namespace blog::mail {

outbox::outbox(std::size_t capacity, std::chrono::seconds shutdown_grace)
    : capacity_(capacity), grace_(shutdown_grace), thread_([this] { run(); }) {}

outbox::~outbox() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    deadline_ = std::chrono::steady_clock::now() + grace_;
  }
  wake_.notify_all();
  thread_.join();
}

bool outbox::post(std::string what, std::function<void()> job) noexcept {
  try {
    {
      std::lock_guard lock(mutex_);
      if (stopping_ || queue_.size() >= capacity_) {
        spdlog::error("{} dropped: the mail queue is full", what);
        return false;
      }
      queue_.push_back({std::move(what), std::move(job)});
    }
    wake_.notify_one();
    return true;
  } catch (const std::exception& e) {
    spdlog::error("mail job not queued: {}", e.what());
    return false;
  }
}

void outbox::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, nothing left
    if (stopping_ && std::chrono::steady_clock::now() > deadline_) {
      for (const auto& e : queue_) spdlog::error("{} dropped: the server stopped before it was sent", e.what);
      queue_.clear();
      return;
    }
    auto next = std::move(queue_.front());
    queue_.pop_front();
    lock.unlock();
    try {
      next.job();
    } catch (const std::exception& e) {
      spdlog::error("{} failed: {}", next.what, e.what());
    } catch (...) {
      spdlog::error("{} failed", next.what);
    }
    lock.lock();
  }
}

}  // namespace blog::mail
