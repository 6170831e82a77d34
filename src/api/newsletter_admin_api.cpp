// The newsletter's management (issue 24): Admin → Newsletter's subscribers, export and posts' mails,
// and a signed-in reader's own subscription on the profile page.
#include "blog/api/guard.hpp"
#include "blog/api/handlers.hpp"
#include "blog/api/json.hpp"
#include "blog/api/newsletter_confirmation.hpp"
#include "blog/domain/auth/secrets.hpp"
#include "blog/store/newsletter_admin_store.hpp"
#include "blog/store/newsletter_store.hpp"

#include <algorithm>
#include <array>
#include <string_view>

namespace blog::api {
namespace {

constexpr std::size_t subscribers_per_page = 20;
constexpr std::size_t recent_posts = 20;
constexpr std::size_t max_query_length = 254;
constexpr std::array subscriber_states = {"pending", "active", "unsubscribed", "suppressed"};

boost::json::value iso_or_null(const std::string& iso) {
  if (iso.empty()) return nullptr;
  return boost::json::value(iso);
}

// A filter value that must be one of `allowed` or empty; 400 naming the field otherwise.
template <std::size_t N>
std::string one_of(const http::request& req, const char* name, const std::array<const char*, N>& allowed,
                   const char* message) {
  auto value = req.query(name).value_or("");
  if (value.empty() || std::find(allowed.begin(), allowed.end(), value) != allowed.end()) return value;
  throw validation_error({{name, message}});
}

// GET /api/admin/newsletter/subscribers?q=&state=&language=&page=
http::response list(api::context& ctx, const http::request& req) {
  require_admin({ctx.cfg, ctx.db, ctx.site}, req);
  store::subscriber_filter filter;
  filter.q = req.query("q").value_or("");
  if (filter.q.size() > max_query_length) throw validation_error({{"q", "Search text is too long"}});
  filter.state = one_of(req, "state", subscriber_states, "Unknown subscriber state");
  filter.language = one_of(req, "language", std::array<const char*, 2>{"en", "cs"}, "Choose English or Czech");
  const auto page = query_number(req, "page", 1, 1, 1'000'000);
  const auto found = store::list_subscribers(ctx.db, filter, page, subscribers_per_page);
  boost::json::array subscribers;
  for (const auto& s : found.subscribers)
    subscribers.push_back({{"id", s.id},
                           {"email", s.email},
                           {"language", s.language},
                           {"state", s.state},
                           {"createdAt", s.created_at},
                           {"confirmedAt", iso_or_null(s.confirmed_at)}});
  boost::json::object counts;
  for (const auto& [language, states] : found.counts) {
    boost::json::object by_state;
    for (const auto& [state, n] : states) by_state[state] = n;
    counts[language] = std::move(by_state);
  }
  auto res = http::response::json(200, {{"subscribers", std::move(subscribers)},
                                        {"total", found.total},
                                        {"page", page},
                                        {"pageSize", subscribers_per_page},
                                        {"counts", std::move(counts)}});
  return no_store(res);
}

// DELETE /api/admin/newsletter/subscribers/{id}: the subscriber and all their data.
http::response remove(api::context& ctx, const http::request& req) {
  require_admin({ctx.cfg, ctx.db, ctx.site}, req);
  const int id = id_param(req, "id", "Subscriber not found");
  if (!store::delete_subscriber(ctx.db, id)) throw blog::not_found("Subscriber not found");
  return http::response::no_content();
}

// One CSV cell: quoted when it must be, and a formula's first character defused with a quote so a
// spreadsheet shows an address such as "=cmd@example.com" as text. Tab and carriage return count
// as such (OWASP's list): some spreadsheets skip them and read the formula after.
std::string csv_cell(const std::string& value) {
  std::string cell = value;
  if (!cell.empty() && std::string_view("=+-@\t\r").find(cell[0]) != std::string_view::npos) cell.insert(0, "'");
  if (cell.find_first_of(",\"\r\n") == std::string::npos) return cell;
  std::string quoted = "\"";
  for (char c : cell) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

// GET /api/admin/newsletter/subscribers.csv: every subscriber, oldest first.
http::response export_csv(api::context& ctx, const http::request& req) {
  require_admin({ctx.cfg, ctx.db, ctx.site}, req);
  std::string csv = "email,language,state,created,confirmed\r\n";
  for (const auto& s : store::all_subscribers(ctx.db))
    csv += csv_cell(s.email) + ',' + csv_cell(s.language) + ',' + csv_cell(s.state) + ',' + csv_cell(s.created_at) +
           ',' + csv_cell(s.confirmed_at) + "\r\n";
  auto res = http::response::text(200, std::move(csv), "text/csv; charset=utf-8");
  res.set("Content-Disposition", "attachment; filename=\"newsletter-subscribers.csv\"");
  return no_store(res);
}

boost::json::object counts_json(const store::post_mail_counts& m) {
  return {{"queued", m.queued}, {"sent", m.sent}, {"failed", m.failed}};
}

// GET /api/admin/newsletter/posts/{id}: the post's newsletter mails by state.
http::response post_mails(api::context& ctx, const http::request& req) {
  require_admin({ctx.cfg, ctx.db, ctx.site}, req);
  const int id = id_param(req, "id", "Post not found");
  auto res = http::response::json(200, counts_json(store::mail_counts_of_post(ctx.db, id)));
  return no_store(res);
}

// GET /api/admin/newsletter/posts: the latest visible posts with their newsletter state and mails.
http::response posts(api::context& ctx, const http::request& req) {
  require_admin({ctx.cfg, ctx.db, ctx.site}, req);
  boost::json::array out;
  for (const auto& p : store::recent_post_newsletters(ctx.db, recent_posts)) {
    auto o = counts_json(p.mails);
    o["id"] = p.id;
    o["title"] = p.title;
    o["slug"] = p.slug;
    o["language"] = p.language;
    o["newsletter"] = p.newsletter;
    o["newsletterSentAt"] = iso_or_null(p.sent_at);
    out.push_back(std::move(o));
  }
  auto res = http::response::json(200, out);
  return no_store(res);
}

boost::json::object own_json(api::context& ctx, const std::string& email) {
  auto found = email.empty() ? std::nullopt : store::subscription_of(ctx.db, email);
  if (!found) return {{"state", "none"}, {"language", nullptr}};
  return {{"state", found->state}, {"language", found->language}};
}

// GET /api/user/newsletter: the subscription of the account's address.
http::response own(api::context& ctx, const http::request& req) {
  auto user = require_login({ctx.cfg, ctx.db, ctx.site}, req);
  auto res = http::response::json(200, own_json(ctx, user.email));
  return no_store(res);
}

// POST /api/user/newsletter's body: {language}, "en" when absent.
struct language_body {
  std::string language;
};
language_body tag_invoke(boost::json::value_to_tag<language_body>, const boost::json::value& v) {
  return {optional_string(v.as_object(), "language").value_or("en")};
}

// POST /api/user/newsletter {language}: a verified address is proven, so it is active at once;
// any other goes through the same confirmation mail as the public subscribe call.
http::response subscribe_own(api::context& ctx, const http::request& req) {
  auto user = require_login({ctx.cfg, ctx.db, ctx.site}, req);
  const auto language = parse_body<language_body>(req).language;
  if (language != "en" && language != "cs") throw validation_error({{"language", "Choose English or Czech"}});
  if (user.email.empty()) throw blog::invalid("Your account has no email address");
  if (user.email_verified) {
    store::activate_subscription(ctx.db, user.email, language, auth::new_token());
    auto res = http::response::json(200, own_json(ctx, user.email));
    return no_store(res);
  }
  request_newsletter_confirmation(ctx, user.email, language);
  auto answer = own_json(ctx, user.email);
  answer["message"] = "Check your inbox: we sent a link to confirm your subscription.";
  auto res = http::response::json(202, answer);
  return no_store(res);
}

// DELETE /api/user/newsletter: unsubscribes the account's address at once.
http::response unsubscribe_own(api::context& ctx, const http::request& req) {
  auto user = require_login({ctx.cfg, ctx.db, ctx.site}, req);
  if (!user.email.empty()) store::unsubscribe_address(ctx.db, user.email);
  auto res = http::response::json(200, own_json(ctx, user.email));
  return no_store(res);
}

}  // namespace

newsletter_admin_handlers newsletter_admin_api(api::context& ctx) {
  auto* c = &ctx;
  return {.subscribers = http::on_workers([c](http::request& req) { return list(*c, req); }),
          .subscribers_csv = http::on_workers([c](http::request& req) { return export_csv(*c, req); }),
          .remove_subscriber = http::on_workers([c](http::request& req) { return remove(*c, req); }),
          .posts = http::on_workers([c](http::request& req) { return posts(*c, req); }),
          .post_mails = http::on_workers([c](http::request& req) { return post_mails(*c, req); }),
          .own = http::on_workers([c](http::request& req) { return own(*c, req); }),
          .subscribe_own = http::on_workers([c](http::request& req) { return subscribe_own(*c, req); }),
          .unsubscribe_own = http::on_workers([c](http::request& req) { return unsubscribe_own(*c, req); })};
}

}  // namespace blog::api
