// POST /api/ai/generate (admins): a markdown text from the configured OpenAI-compatible service.
// POST /api/ai/translate (admins; approved authors when the site allows): a post in the other language.
#include "blog/ai/client.hpp"
#include "blog/ai/generation.hpp"
#include "blog/ai/rate_limiter.hpp"
#include "blog/ai/translation.hpp"
#include "blog/api/guard.hpp"
#include "blog/api/handlers.hpp"
#include "blog/api/json.hpp"
#include "blog/store/glossary_store.hpp"
#include "blog/store/site_settings_store.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <memory>

namespace blog::api {
namespace {

// POST /api/ai/translate's body, as it came: a field of another type counts as missing, so the
// rules' own message names it (ai::read_translation_request).
struct translate_body {
  std::optional<std::int64_t> post_id;
  std::optional<std::string> target_language;
};

translate_body tag_invoke(boost::json::value_to_tag<translate_body>, const boost::json::value& v) {
  const auto& o = v.as_object();
  translate_body body;
  if (const auto* id = o.if_contains("postId"); id && id->is_int64()) body.post_id = id->as_int64();
  if (const auto* target = o.if_contains("targetLanguage"); target && target->is_string())
    body.target_language = std::string(target->as_string());
  return body;
}

// POST /api/ai/generate's body: {prompt, language}, each nullopt when absent.
struct generate_body {
  std::optional<std::string> prompt, language;
};

generate_body tag_invoke(boost::json::value_to_tag<generate_body>, const boost::json::value& v) {
  const auto& o = v.as_object();
  return {optional_string(o, "prompt"), optional_string(o, "language")};
}

constexpr const char* not_configured =
    "The AI assistant is not configured. Set BLOG_AI_BASE_URL, BLOG_AI_MODEL and, if the service needs one, "
    "BLOG_AI_API_KEY, then restart blogd.";
constexpr const char* upstream_error_message = "The AI service returned an error. Please try again.";
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
      return upstream_failed(timed_out);
    case ai::failure::unreachable:
      return upstream_failed(unreachable);
    case ai::failure::upstream_error:
    case ai::failure::bad_answer:
      break;
  }
  return upstream_failed(upstream_error_message);
}

struct ai_services {
  sessions callers;
  const config& cfg;  // the AI service's address, model and key
  store::database& db;
  readmodel::read_model& posts;
  readmodel::post_pages& post_pages;  // a post's page and whole text
  std::shared_ptr<ai_limits> limits;
  metrics::counter& calls;
  metrics::counter& failures;
};

// POST /api/ai/generate: a draft in markdown from the admin's prompt.
http::response generate(const ai_services& s, const http::request& req) {
  auto admin = require_admin(s.callers, req);
  auto endpoint = ai::configured_endpoint(s.cfg);
  if (!endpoint) throw unavailable(not_configured);
  const auto body = parse_body<generate_body>(req);
  auto ask = ai::read_generation_request(body.prompt, body.language);

  auto slot = s.limits->in_flight.try_enter();
  if (!slot) throw unavailable(busy).with_retry_after(5);
  if (auto refused = s.limits->per_admin.try_acquire(admin.id))
    throw rate_limited(refused->daily ? too_many_today : too_many)
        .with_retry_after(static_cast<unsigned>(refused->retry_after.count()));

  std::string content;
  auto started = std::chrono::steady_clock::now();
  s.calls.add();
  try {
    content = ai::complete(*endpoint, ai::system_prompt(ask.target), ask.prompt);
  } catch (const ai::error& e) {
    s.failures.add();
    throw to_api_error(e);
  }
  auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
  spdlog::info("AI generation for user {}: {} bytes in {} ms", admin.id, content.size(), took.count());
  auto res = http::response::json(200, {{"content", content}});
  return no_store(res);
}

// POST /api/ai/translate: the post's title, excerpt and text in the other language. The same limits
// as generation (one count per user for both): who, how often, how many at once, how long. The
// glossary goes with every request, in full.
http::response translate(const ai_services& s, const http::request& req) {
  auto user = require_author(s.callers, req);
  if (!user.is_admin() && !store::load_site_settings(s.db).ai_for_authors)
    throw forbidden("The AI assistant is available to admins only");
  auto endpoint = ai::configured_endpoint(s.cfg);
  if (!endpoint) throw unavailable(not_configured);
  const auto body = parse_body<translate_body>(req);
  auto ask = ai::read_translation_request(body.post_id, body.target_language);
  auto snap = s.posts.current();
  const auto* found = snap->by_id(ask.post_id);
  if (!found || !posts::may_see(found->post, posts::viewer{user.id, user.is_admin()}, posts::now_ms()))
    throw not_found("Post not found");
  // The read model holds no bodies: the text to translate comes whole (cache or PostgreSQL).
  auto whole = s.post_pages.full_post(*found);
  if (!whole) throw not_found("Post not found");
  const auto& post = *whole;
  if (post.language == ask.target) {
    const char* message = "The post is already in that language";
    throw invalid(message, {{"targetLanguage", message}});
  }

  auto slot = s.limits->in_flight.try_enter();
  if (!slot) throw unavailable(busy).with_retry_after(5);
  if (auto refused = s.limits->per_admin.try_acquire(user.id))
    throw rate_limited(refused->daily ? too_many_today : too_many)
        .with_retry_after(static_cast<unsigned>(refused->retry_after.count()));

  auto system = ai::translation_system_prompt(post.language, ask.target, store::load_glossary(s.db));
  std::optional<ai::translation> translated;
  auto started = std::chrono::steady_clock::now();
  try {
    translated = ai::parse_translation(
        ai::complete(*endpoint, system, ai::translation_user_message(post), ai::answer_format::json_object));
  } catch (const ai::error& e) {
    throw to_api_error(e);
  }
  auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
  if (!translated) {
    spdlog::warn("AI translation of post {} for user {}: the answer was not a translation", post.id, user.id);
    throw upstream_failed(upstream_error_message);
  }
  spdlog::info("AI translation of post {} to {} for user {}: {} bytes in {} ms", post.id, ask.target, user.id,
               translated->content.size(), took.count());
  auto res = http::response::json(
      200, {{"title", translated->title}, {"excerpt", translated->excerpt}, {"content", translated->content}});
  return no_store(res);
}

}  // namespace

ai_handlers ai_api(api::context& ctx) {
  const ai_services s{{ctx.cfg, ctx.db, ctx.site},
                      ctx.cfg,
                      ctx.db,
                      ctx.posts,
                      *ctx.post_pages,
                      std::make_shared<ai_limits>(ctx.cfg.worker_threads),
                      ctx.metrics.make_counter("blog_ai_calls_total", "Requests sent to the AI service."),
                      ctx.metrics.make_counter("blog_ai_failures_total",
                                               "AI requests that failed (unreachable, timed out, bad answer).")};
  return {.generate = http::on_workers([s](http::request& req) { return generate(s, req); }),
          .translate = http::on_workers([s](http::request& req) { return translate(s, req); })};
}

}  // namespace blog::api
