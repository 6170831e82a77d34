// One chat completion over libcurl: bounded in time and size, logged without the key.
#include "blog/ai/client.hpp"

#include "blog/ai/generation.hpp"

#include <curl/curl.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <memory>

namespace blog::ai {
namespace {

constexpr std::chrono::milliseconds max_connect_time{5000};
// A long article is a few tens of kilobytes; anything far bigger is not an answer to use.
constexpr std::size_t max_answer_bytes = std::size_t{4} * 1024 * 1024;

struct answer {
  std::string body;
  bool too_big = false;
};

std::size_t collect(char* data, std::size_t size, std::size_t count, void* target) {
  auto* out = static_cast<answer*>(target);
  std::size_t n = size * count;
  if (out->body.size() + n > max_answer_bytes) {
    out->too_big = true;
    return 0;  // libcurl stops the transfer with CURLE_WRITE_ERROR
  }
  out->body.append(data, n);
  return n;
}

struct curl_deleter {
  void operator()(CURL* c) const { curl_easy_cleanup(c); }
};
struct slist_deleter {
  void operator()(curl_slist* l) const { curl_slist_free_all(l); }
};

[[noreturn]] void fail(failure kind, const std::string& what) {
  spdlog::warn("AI generation failed: {}", what);
  throw error(kind, what);
}

struct reply {
  long status = 0;
  std::string body;
};

// POSTs `request` to the endpoint and returns the status and body, whatever the status. Throws
// ai::error when no whole answer came (unreachable, not within `time_limit`, too big).
reply post(const endpoint& ep, const std::string& request, std::chrono::milliseconds time_limit) {
  static const bool curl_ready = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
  if (!curl_ready) fail(failure::unreachable, "libcurl could not be initialised");
  std::unique_ptr<CURL, curl_deleter> curl(curl_easy_init());
  if (!curl) fail(failure::unreachable, "libcurl could not start a transfer");

  std::unique_ptr<curl_slist, slist_deleter> headers;
  auto add_header = [&headers](const std::string& line) {
    curl_slist* grown = curl_slist_append(headers.get(), line.c_str());
    if (grown) {
      (void)headers.release();
      headers.reset(grown);
    }
  };
  add_header("Content-Type: application/json");
  add_header("Accept: application/json");
  add_header("Expect:");  // no 100-continue round trip before the body
  if (!ep.api_key.empty()) add_header("Authorization: Bearer " + ep.api_key);

  answer got;
  char problem[CURL_ERROR_SIZE] = "";
  CURL* c = curl.get();
  curl_easy_setopt(c, CURLOPT_URL, ep.url.c_str());
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(c, CURLOPT_POST, 1L);
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, request.data());
  curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(request.size()));
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(c, CURLOPT_USERAGENT, "PayTech-Blog");
  curl_easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "");
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, collect);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, &got);
  curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, static_cast<long>(time_limit.count()));
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(std::min(ep.connect_limit, time_limit).count()));
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, problem);

  CURLcode rc = curl_easy_perform(c);
  // libcurl's messages name the host and port at most; the URL (which may carry credentials)
  // and the headers are never logged.
  std::string reason = *problem ? problem : curl_easy_strerror(rc);
  if (rc == CURLE_OPERATION_TIMEDOUT)
    fail(failure::timed_out,
         "no answer from the AI service within " + std::to_string(ep.time_limit.count()) + " ms (" + reason + ")");
  if (got.too_big)
    fail(failure::bad_answer, "the AI service's answer exceeds " + std::to_string(max_answer_bytes) + " bytes");
  if (rc != CURLE_OK) fail(failure::unreachable, "the AI service could not be reached: " + reason);

  reply out;
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &out.status);
  out.body = std::move(got.body);
  return out;
}

}  // namespace

std::optional<endpoint> configured_endpoint(const config& cfg) {
  if (cfg.ai_base_url.empty() || cfg.ai_model.empty()) return std::nullopt;
  endpoint ep;
  ep.url = chat_completions_url(cfg.ai_base_url);
  ep.api_key = cfg.ai_api_key;
  ep.model = cfg.ai_model;
  ep.time_limit = std::chrono::milliseconds(std::max(1u, cfg.ai_timeout_ms));
  ep.connect_limit = std::min(ep.time_limit, max_connect_time);
  return ep;
}

std::string complete(const endpoint& ep, std::string_view system, std::string_view user, answer_format format) {
  using clock = std::chrono::steady_clock;
  const auto deadline = clock::now() + ep.time_limit;
  auto got = post(ep, chat_request_body(ep.model, system, user, format), ep.time_limit);
  if (got.status == 400 && format == answer_format::json_object) {
    // JSON mode is an addition to the protocol that older servers refuse; the prompt asks for
    // JSON anyway, and the answer is read leniently.
    spdlog::warn("The AI service refused JSON mode ({}); asking again without it",
                 upstream_error_summary(got.body, ep.api_key));
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now());
    if (left.count() <= 0)
      fail(failure::timed_out, "no answer from the AI service within " + std::to_string(ep.time_limit.count()) + " ms");
    got = post(ep, chat_request_body(ep.model, system, user, answer_format::text), left);
  }
  if (got.status < 200 || got.status > 299)
    fail(failure::upstream_error,
         "the AI service answered " + std::to_string(got.status) + ": " + upstream_error_summary(got.body, ep.api_key));
  auto content = completion_content(got.body);
  if (!content)
    fail(failure::bad_answer, "the AI service answered " + std::to_string(got.status) +
                                  " without a chat completion's content (" + std::to_string(got.body.size()) +
                                  " bytes)");
  return std::move(*content);
}

}  // namespace blog::ai
