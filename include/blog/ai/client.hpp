// The outbound call to an OpenAI-compatible chat-completions service, over libcurl.
#pragma once

#include "blog/ai/generation.hpp"
#include "blog/config/config.hpp"

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace blog::ai {

struct endpoint {
  std::string url;      // …/chat/completions
  std::string api_key;  // empty: no Authorization header (local Ollama, llama.cpp)
  std::string model;
  std::chrono::milliseconds time_limit{60000};
  std::chrono::milliseconds connect_limit{5000};
};

// The endpoint of cfg (ai_base_url, ai_api_key, ai_model, ai_timeout_ms; connecting gets at
// most 5 s of the time limit), or nullopt when the base URL or the model is empty.
std::optional<endpoint> configured_endpoint(const config& cfg);

enum class failure {
  unreachable,     // no connection, or it broke before an answer
  timed_out,       // no complete answer within the time limit
  upstream_error,  // a status other than 2xx
  bad_answer,      // 2xx without a chat completion's content (not JSON, no choices, empty text)
};

// Why a call failed, for the handler to map and the log to show; never carries the key.
class error : public std::runtime_error {
 public:
  error(failure kind, const std::string& what) : std::runtime_error(what), kind_(kind) {}
  failure kind() const { return kind_; }

 private:
  failure kind_;
};

// Sends one chat completion (a system and a user message) and returns the answer's content
// (see completion_content). With answer_format::json_object it asks for JSON mode; a service that
// refuses that with 400 (older servers do) is asked once more without it, within the same time
// limit. Blocks up to ep.time_limit: worker pool only. Throws ai::error, after logging the
// failure with the upstream status and error text (the key masked, never the Authorization
// header).
std::string complete(const endpoint& ep, std::string_view system, std::string_view user,
                     answer_format format = answer_format::text);

}  // namespace blog::ai
