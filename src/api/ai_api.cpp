// POST /api/ai/generate (admins): a markdown text from the configured OpenAI-compatible service.
#include "blog/ai/client.hpp"
#include "blog/ai/generation.hpp"
#include "blog/ai/rate_limiter.hpp"
#include "blog/api/guard.hpp"
#include "blog/api/json.hpp"
#include "blog/api/routes.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <memory>

namespace blog::api {
namespace {

constexpr const char* not_configured =
    "The AI assistant is not configured. Set BLOG_AI_BASE_URL, BLOG_AI_MODEL and, if the service needs one, "
    "BLOG_AI_API_KEY, then restart blogd.";
constexpr const char* upstream_failed = "The AI service returned an error. Please try again.";
constexpr const char* unreachable = "The AI service could not be reached. Please try again.";
constexpr const char* timed_out = "The AI service did not answer in time. Please try again.";
constexpr const char* too_many = "Too many generation requests. Please wait a minute and try again.";
constexpr const char* too_many_today = "Too many generation requests today. Please try again later.";
constexpr const char* busy = "The AI assistant is busy. Please try again in a moment.";

// This node's counts (see rate_limiter.hpp); they live as long as the routes.
struct ai_limits {
  explicit ai_limits(unsigned worker_threads) : in_flight(std::max(1u, worker_threads / 2)) {}
  ai::rate_limiter per_admin;
  ai::concurrency_limit in_flight;  // half the worker pool at most, so the database keeps the rest
};

error to_api_error(const ai::error& e) {
  switch (e.kind()) {
    case ai::failure::timed_out:
      return error(502, timed_out);
    case ai::failure::unreachable:
      return error(502, unreachable);
    case ai::failure::upstream_error:
    case ai::failure::bad_answer:
      break;
  }
  return error(502, upstream_failed);
}

}  // namespace

void add_ai_routes(http::router& r, app::context& ctx) {
  auto limits = std::make_shared<ai_limits>(ctx.cfg.worker_threads);
  auto& calls = ctx.metrics.make_counter("blog_ai_calls_total", "Requests sent to the AI service.");
  auto& failures = ctx.metrics.make_counter("blog_ai_failures_total",
                                            "AI requests that failed (unreachable, timed out, bad answer).");
  r.post(
      "/api/ai/generate",
      [&ctx, limits, &calls, &failures](http::request& req) {
        auto admin = require_admin(ctx, req);
        auto endpoint = ai::configured_endpoint(ctx.cfg);
        if (!endpoint) throw error(503, not_configured);
        auto body = parse_object(req);
        auto ask = ai::read_generation_request(optional_string(body, "prompt"), optional_string(body, "language"));

        auto slot = limits->in_flight.try_enter();
        if (!slot) throw error(503, busy).with_retry_after(5);
        if (auto refused = limits->per_admin.try_acquire(admin.id))
          throw error(429, refused->daily ? too_many_today : too_many)
              .with_retry_after(static_cast<unsigned>(refused->retry_after.count()));

        std::string content;
        auto started = std::chrono::steady_clock::now();
        calls.add();
        try {
          content = ai::complete(*endpoint, ai::system_prompt(ask.target), ask.prompt);
        } catch (const ai::error& e) {
          failures.add();
          throw to_api_error(e);
        }
        auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
        spdlog::info("AI generation for user {}: {} bytes in {} ms", admin.id, content.size(), took.count());
        auto res = http::response::json(200, {{"content", content}});
        return no_store(res);
      },
      http::runs_on::pool, http::access::admin);
}

}  // namespace blog::api
