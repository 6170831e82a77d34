// Everything blogd logs while a test binary runs, for tests that prove a secret (an API key, a
// password) never reaches the log.
#pragma once

#include <spdlog/sinks/base_sink.h>

#include <memory>
#include <mutex>
#include <string>

namespace blog::test {

class captured_log : public spdlog::sinks::base_sink<std::mutex> {
 public:
  std::string text() {
    std::lock_guard lock(mutex_);
    return text_;
  }

 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override {
    text_.append(msg.payload.data(), msg.payload.size());
    text_ += '\n';
  }
  void flush_() override {}

 private:
  std::string text_;
};

// The capture, added to the default logger's sinks at the first call.
std::shared_ptr<captured_log>& log_sink();

}  // namespace blog::test
