// Fuzzes JSON request bodies: api::parse_object and its readers, then the post rules on the object,
// as the create and update handlers call them. Only blog::error may come out: anything else is a 500.
#include "blog/api/json.hpp"
#include "blog/api/post_request.hpp"
#include "blog/core/error.hpp"
#include "blog/core/text.hpp"
#include "blog/domain/posts/post.hpp"
#include "blog/domain/posts/rules.hpp"
#include "blog/http/error_response.hpp"
#include "blog/wire/message.hpp"

#include <boost/json.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using namespace blog;

constexpr std::int64_t fixed_now_ms = 1'750'000'000'000;

posts::post existing_post() {
  posts::post p;
  p.id = 7;
  p.title = "Instant payments in 2025";
  p.slug = "instant-payments-2025";
  p.content = "<p>SEPA Instant <strong>everywhere</strong>.</p>";
  p.category = "Fintech";
  p.published_at_ms = fixed_now_ms - 1000;
  return p;
}

// The categories a post may be filed under: the built-in ones and a custom one.
const std::vector<std::string> categories = {"Fintech", "Regulations", "Open Banking"};

// A post the rules accepted must serialise (a card and the full shape), and its plain-text fields
// hold nothing a page or a feed may not carry.
void serialise(const posts::post& p) {
  for (const auto* text : {&p.title, &p.slug, &p.excerpt, &p.category, &p.cover_image, &p.content_html})
    if (core::utf8::has_forbidden_char(*text)) std::abort();
  (void)boost::json::serialize(posts::card_json(p));
  (void)boost::json::serialize(posts::full_json(p));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  http::request req;
  req.method = "POST";
  req.body.assign(reinterpret_cast<const char*>(data), size);
  req.headers.emplace_back("content-type", "application/json");
  boost::json::object body;
  try {
    body = api::parse_object(req);
  } catch (const blog::error& e) {
    if (blog::http::status_of(e.kind()) >= 500) std::abort();
    return 0;
  }
  for (const char* name : {"title", "slug", "content", "excerpt", "category", "coverImage", "language", "publishedAt",
                           "email", "password", "name", "token", "prompt"}) {
    try {
      (void)api::optional_string(body, name);
    } catch (const blog::error& e) {
      if (blog::http::status_of(e.kind()) >= 500) std::abort();
    }
  }
  // Decoding never throws: a field of the wrong type is one of the rules' problems.
  const auto request = boost::json::value_to<api::post_request>(boost::json::value(body));
  try {
    (void)request.link();
  } catch (const blog::error& e) {
    if (e.kind() != blog::error_kind::invalid || !e.fields().contains("translationOf")) std::abort();
  }
  try {
    serialise(posts::post_from_create(request.fields, fixed_now_ms, categories));
  } catch (const blog::error& e) {
    if (e.kind() != blog::error_kind::invalid || e.fields().empty()) std::abort();
  }
  // Its author and an admin update it, shown and hidden by an admin: an author's update never
  // shows a post an admin has hidden, whatever the body says.
  for (bool hidden : {false, true}) {
    for (const posts::viewer by : {posts::viewer{11, false}, posts::viewer{1, true}}) {
      auto current = existing_post();
      current.author_id = 11;
      current.hidden_by_admin = hidden;
      current.published = !hidden;
      try {
        auto next = posts::post_from_update(current, request.fields, by, categories);
        if (hidden && !by.admin && (next.published || !next.hidden_by_admin)) std::abort();
        serialise(next);
      } catch (const blog::error& e) {
        if (e.kind() != blog::error_kind::invalid || e.fields().empty()) std::abort();
      }
    }
  }
  return 0;
}
