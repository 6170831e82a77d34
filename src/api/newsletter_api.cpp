// The newsletter: subscribing (double opt-in, always the same 202), confirming, unsubscribing (by
// the page's button or RFC 8058's one-click POST), and the mails of a story, rendered when sent.
#include "blog/api/guard.hpp"
#include "blog/api/handlers.hpp"
#include "blog/api/json.hpp"
#include "blog/api/mail_sender.hpp"
#include "blog/api/newsletter_confirmation.hpp"
#include "blog/core/text.hpp"
#include "blog/domain/auth/rules.hpp"
#include "blog/domain/auth/secrets.hpp"
#include "blog/domain/posts/post.hpp"
#include "blog/domain/render/newsletter_mail.hpp"
#include "blog/domain/text.hpp"
#include "blog/store/newsletter_store.hpp"
#include "blog/store/posts_store.hpp"
#include "blog/store/throttle_store.hpp"

#include <chrono>
#include <map>
#include <memory>

namespace blog::api {
namespace {

// Anyone can type anyone's address: calls are throttled per client, and confirmation mails per
// address mailed are capped (request_newsletter_confirmation; past the cap the answer is the same,
// only no mail goes out).
constexpr unsigned subscribes_per_client = 10;
constexpr std::chrono::seconds subscribe_window = std::chrono::hours(1);

constexpr std::string_view subscribe_answer = "Check your inbox: we sent a link to confirm your subscription.";

// The public calls' bodies: {email, language} and {token}; absent text is "" (the language "en").
struct subscribe_body {
  std::string email, language;
};
subscribe_body tag_invoke(boost::json::value_to_tag<subscribe_body>, const boost::json::value& v) {
  const auto& o = v.as_object();
  return {domain::trim(optional_string(o, "email").value_or("")), optional_string(o, "language").value_or("en")};
}
struct token_body {
  std::string token;
};
token_body tag_invoke(boost::json::value_to_tag<token_body>, const boost::json::value& v) {
  return {optional_string(v.as_object(), "token").value_or("")};
}

// POST /api/newsletter/subscribe {email, language}: 202 with the same body for a new, pending,
// active or unsubscribed address, so that the answer tells nobody which addresses subscribe.
http::response subscribe(api::context& ctx, const http::request& req) {
  const auto [email, language] = parse_body<subscribe_body>(req);
  if (email.size() > auth::max_email_length || !auth::is_valid_email(email))
    throw validation_error({{"email", "Please enter a valid email address"}});
  if (language != "en" && language != "cs") throw validation_error({{"language", "Choose English or Czech"}});
  if (auto wait = store::take_attempt(
          ctx.db, {{"newsletter:address:" + req.remote_address, subscribes_per_client, subscribe_window}}))
    throw blog::rate_limited("Too many subscription requests. Please try again later.")
        .with_retry_after(static_cast<unsigned>(wait->count()));
  request_newsletter_confirmation(ctx, email, language);
  auto res = http::response::json(202, {{"message", subscribe_answer}});
  return no_store(res);
}

// POST /api/newsletter/confirm {token}: the confirm page's button. A GET of the page changes
// nothing, since mail scanners open links.
http::response confirm(api::context& ctx, const http::request& req) {
  const auto token = parse_body<token_body>(req).token;
  if (token.empty() || !store::confirm_subscription(ctx.db, auth::token_hash(token)))
    throw blog::invalid("Invalid or expired confirmation link");
  auto res = http::response::json(200, {{"message", "Subscription confirmed"}});
  return no_store(res);
}

// POST /api/newsletter/unsubscribe {token}: the unsubscribe page's button.
http::response unsubscribe(api::context& ctx, const http::request& req) {
  const auto token = parse_body<token_body>(req).token;
  if (token.empty() || !store::unsubscribe(ctx.db, token)) throw blog::invalid("Invalid unsubscribe link");
  auto res = http::response::json(200, {{"message", "You are unsubscribed"}});
  return no_store(res);
}

// POST /newsletter/unsubscribe?token=…: the one-click unsubscribe of RFC 8058, posted by the
// reader's mail client (body "List-Unsubscribe=One-Click") from any site. It unsubscribes at
// once; the same URL opened in a browser (GET) is the page with a button.
http::response one_click_unsubscribe(api::context& ctx, const http::request& req) {
  auto token = req.query("token").value_or("");
  if (token.empty() || !store::unsubscribe(ctx.db, token)) throw blog::invalid("Invalid unsubscribe link");
  auto res = http::response::json(200, {{"message", "You are unsubscribed"}});
  return no_store(res);
}

// POST /api/admin/newsletter/posts/{id}/send: an admin sends a published post that was not sent.
http::response send_post(api::context& ctx, const http::request& req) {
  require_admin({ctx.cfg, ctx.db, ctx.site}, req);
  auto sent = store::send_newsletter_now(ctx.db, id_param(req, "id", "Post not found"));
  switch (sent.outcome) {
    case store::send_outcome::not_found:
      throw not_found("Post not found");
    case store::send_outcome::already_sent:
      throw blog::conflict("This post was already sent by e-mail");
    case store::send_outcome::not_visible:
      throw blog::invalid("Only a published post can be sent by e-mail");
    case store::send_outcome::queued:
      break;
  }
  return http::response::json(202, {{"queued", sent.mails}});
}

// GET /api/posts/id/{id}/newsletter: the editor's switch and whether the post was sent, for its
// author and admins; read from PostgreSQL, since deciding a send does not reload the read model.
http::response post_newsletter(api::context& ctx, const http::request& req) {
  auto user = require_author({ctx.cfg, ctx.db, ctx.site}, req);
  auto found = store::load_posts(ctx.db, {id_param(req, "id", "Post not found")});
  const posts::viewer who{user.id, user.is_admin()};
  if (found.empty() || !posts::may_see(found.front(), who, posts::now_ms())) throw not_found("Post not found");
  const auto& p = found.front();
  if (!posts::may_edit(p, who)) throw forbidden("You can only edit your own posts");
  auto res = http::response::json(
      200, {{"newsletter", p.newsletter},
            {"newsletterSentAt",
             p.newsletter_sent_at_ms ? boost::json::value(posts::iso_time(p.newsletter_sent_at_ms)) : nullptr}});
  return no_store(res);
}

// Builds a story's mail for one subscriber when the sender claims it: nothing once the
// subscriber left or the post is gone or no longer visible. The post is read once per send (a
// post is kept half a minute), not once per mail.
class story_mails {
 public:
  explicit story_mails(api::context& ctx) : ctx_(ctx) {}

  std::optional<mail::message> operator()(const store::claimed_mail& row) {
    if (row.post_id == 0 || row.subscriber_id == 0) return std::nullopt;
    if (row.unsubscribe_token.empty()) return std::nullopt;  // the subscriber left since
    auto post = story(static_cast<int>(row.post_id));
    if (!post || !post->visible_at(posts::now_ms())) return std::nullopt;
    const auto settings = ctx_.site.current()->settings;
    const auto base = ctx_.cfg.effective_public_url();
    const auto unsubscribe_url = base + "/newsletter/unsubscribe?token=" + row.unsubscribe_token;
    auto made = render::render_newsletter_mail(
        {post->title, post->slug, post->excerpt, post->content_html, post->cover_image, post->language},
        {settings.site_title, base, settings.title_color, settings.hero_background_color, settings.subtitle_color},
        row.subscriber_language, unsubscribe_url);
    mail::message m;
    m.to = row.recipient;
    m.subject = std::move(made.subject);
    m.text = std::move(made.text);
    m.html = std::move(made.html);
    m.headers = {{"List-Unsubscribe", "<" + unsubscribe_url + ">, <mailto:" + mail::bare_address(ctx_.cfg.mail_from) +
                                          "?subject=unsubscribe%20" + row.unsubscribe_token + ">"},
                 {"List-Unsubscribe-Post", "List-Unsubscribe=One-Click"},
                 {"List-Id", list_id()},
                 {"Content-Language", row.subscriber_language}};
    // The same on a retry after a crash: a client that got the first one shows one message.
    m.message_id = "newsletter-" + std::to_string(row.id) + "." + std::to_string(row.post_id);
    return m;
  }

 private:
  struct kept {
    std::optional<posts::post> post;
    std::chrono::steady_clock::time_point read_at;
  };

  // RFC 2919: what clients file and filter the newsletter by, under the sender's domain.
  std::string list_id() const { return "<newsletter." + mail::sender_domain(ctx_.cfg) + ">"; }

  std::optional<posts::post> story(int id) {
    auto now = std::chrono::steady_clock::now();
    auto found = kept_.find(id);
    if (found != kept_.end() && now - found->second.read_at < std::chrono::seconds(30)) return found->second.post;
    if (kept_.size() > 16) kept_.clear();
    auto loaded = store::load_posts(ctx_.db, {id});
    kept k{loaded.empty() ? std::nullopt : std::optional<posts::post>(std::move(loaded.front())), now};
    return kept_.insert_or_assign(id, std::move(k)).first->second.post;
  }

  api::context& ctx_;
  std::map<int, kept> kept_;  // used by the sender's one thread only
};

}  // namespace

newsletter_handlers newsletter_api(api::context& ctx) {
  // Stories whose time came are queued by whichever node's sender looks first; their mails are
  // rendered as they are sent, so the outbox keeps no copy of each.
  ctx.mail->add_source([](pqxx::connection& c) { return store::queue_due_newsletters(c) > 0; });
  ctx.mail->add_renderer(store::newsletter_kind, story_mails(ctx), rendering::each_attempt);
  return {
      .subscribe = http::on_workers([&ctx](http::request& req) { return subscribe(ctx, req); }),
      .confirm = http::on_workers([&ctx](http::request& req) { return confirm(ctx, req); }),
      .unsubscribe = http::on_workers([&ctx](http::request& req) { return unsubscribe(ctx, req); }),
      .one_click_unsubscribe = http::on_workers([&ctx](http::request& req) { return one_click_unsubscribe(ctx, req); }),
      // Opened in a browser, the one-click URL is the page whose button unsubscribes.
      .unsubscribe_page = page_handler(ctx),
      .post_newsletter = http::on_workers([&ctx](http::request& req) { return post_newsletter(ctx, req); }),
      .send_post = http::on_workers([&ctx](http::request& req) { return send_post(ctx, req); })};
}

}  // namespace blog::api
