// SQL of the newsletter's management: the admin's subscriber list and export, each post's mails,
// and a signed-in reader's own subscription by their account's address.
#include "blog/store/newsletter_admin_store.hpp"

#include <pqxx/pqxx>

#include <array>

namespace blog::store {
namespace {

constexpr std::array subscriber_states = {"pending", "active", "unsubscribed", "suppressed"};
constexpr std::array subscriber_languages = {"en", "cs"};

constexpr const char* subscriber_columns =
    "id, email, language, state, "
    "to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), "
    "coalesce(to_char(confirmed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), '')";

newsletter_subscriber subscriber_of(const pqxx::row& r) {
  return {r[0].as<long long>(),   r[1].as<std::string>(), r[2].as<std::string>(),
          r[3].as<std::string>(), r[4].as<std::string>(), r[5].as<std::string>()};
}

// The address substring as a LIKE pattern that matches its characters literally.
std::string contains_pattern(const std::string& text) {
  std::string out = "%";
  for (char c : text) {
    if (c == '%' || c == '_' || c == '\\') out += '\\';
    out += c;
  }
  return out + "%";
}

}  // namespace

subscriber_page list_subscribers(database& db, const subscriber_filter& filter, std::size_t page,
                                 std::size_t page_size) {
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    subscriber_page out;
    // '' matches every state and language; the pattern of '' matches every address.
    const std::string where =
        " WHERE lower(email) LIKE lower($1) AND ($2 = '' OR state = $2) AND ($3 = '' OR language = $3)";
    const auto pattern = contains_pattern(filter.q);
    out.total = tx.exec_params1("SELECT count(*) FROM newsletter_subscribers" + where, pattern, filter.state,
                                filter.language)[0]
                    .as<std::int64_t>();
    for (const auto& r : tx.exec_params(std::string("SELECT ") + subscriber_columns + " FROM newsletter_subscribers" +
                                            where + " ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5",
                                        pattern, filter.state, filter.language, static_cast<long long>(page_size),
                                        static_cast<long long>((page - 1) * page_size)))
      out.subscribers.push_back(subscriber_of(r));
    for (const char* language : subscriber_languages)
      for (const char* state : subscriber_states) out.counts[language][state] = 0;
    for (const auto& r : tx.exec("SELECT language, state, count(*) FROM newsletter_subscribers GROUP BY 1, 2"))
      out.counts[r[0].as<std::string>()][r[1].as<std::string>()] = r[2].as<std::int64_t>();
    return out;
  });
}

std::vector<newsletter_subscriber> all_subscribers(database& db) {
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<newsletter_subscriber> out;
    for (const auto& r :
         tx.exec(std::string("SELECT ") + subscriber_columns + " FROM newsletter_subscribers ORDER BY created_at, id"))
      out.push_back(subscriber_of(r));
    return out;
  });
}

bool delete_subscriber(database& db, long long id) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto rows = tx.exec_params("DELETE FROM newsletter_subscribers WHERE id = $1 RETURNING id", id);
    tx.commit();
    return !rows.empty();
  });
}

namespace {

constexpr const char* mail_count_columns =
    "count(*) FILTER (WHERE state IN ('queued', 'sending')), count(*) FILTER (WHERE state = 'sent'), "
    "count(*) FILTER (WHERE state IN ('failed', 'dropped'))";

post_mail_counts counts_of(const pqxx::row& r, int first) {
  return {r[first].as<std::int64_t>(), r[first + 1].as<std::int64_t>(), r[first + 2].as<std::int64_t>()};
}

}  // namespace

post_mail_counts mail_counts_of_post(database& db, int post_id) {
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    return counts_of(
        tx.exec_params1(std::string("SELECT ") + mail_count_columns + " FROM mail_outbox WHERE post_id = $1", post_id),
        0);
  });
}

std::vector<post_newsletter> recent_post_newsletters(database& db, std::size_t limit) {
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<post_newsletter> out;
    for (const auto& r : tx.exec_params(
             std::string("SELECT p.id, p.title, p.slug, p.language, p.newsletter, "
                         "coalesce(to_char(p.newsletter_sent_at AT TIME ZONE 'UTC', "
                         "'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), ''), m.* "
                         "FROM posts p CROSS JOIN LATERAL (SELECT ") +
                 mail_count_columns +
                 " FROM mail_outbox o WHERE o.post_id = p.id) m "
                 "WHERE p.published AND p.published_at <= now() ORDER BY p.published_at DESC, p.id DESC LIMIT $1",
             static_cast<long long>(limit))) {
      post_newsletter p;
      p.id = r[0].as<int>();
      p.title = r[1].as<std::string>();
      p.slug = r[2].as<std::string>();
      p.language = r[3].as<std::string>();
      p.newsletter = r[4].as<std::string>();
      p.sent_at = r[5].as<std::string>();
      p.mails = counts_of(r, 6);
      out.push_back(std::move(p));
    }
    return out;
  });
}

std::optional<own_subscription> subscription_of(database& db, const std::string& email) {
  return db.with([&](pqxx::connection& c) -> std::optional<own_subscription> {
    pqxx::read_transaction tx(c);
    auto rows =
        tx.exec_params("SELECT state, language FROM newsletter_subscribers WHERE lower(email) = lower($1)", email);
    if (rows.empty()) return std::nullopt;
    return own_subscription{rows[0][0].as<std::string>(), rows[0][1].as<std::string>()};
  });
}

}  // namespace blog::store
