// SQL of newsletter subscriptions: the request (subscriber, link and mail in one transaction) and its confirmation.
#include "blog/store/newsletter_store.hpp"

#include <pqxx/pqxx>

namespace blog::store {

bool request_subscription(database& db, const std::string& email, const std::string& language,
                          const std::string& token_hash, const std::string& unsubscribe_token,
                          const queued_mail& confirmation) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto row = tx.exec_params1(
        "INSERT INTO newsletter_subscribers (email, language, unsubscribe_token) VALUES ($1, $2, $3) "
        "ON CONFLICT (lower(email)) DO UPDATE SET email = newsletter_subscribers.email "
        "RETURNING id, state",
        email, language, unsubscribe_token);
    if (row[1].as<std::string>() == "active") return false;
    tx.exec_params(
        "INSERT INTO newsletter_confirmations (token_hash, subscriber_id, language, expires_at) "
        "VALUES ($1, $2, $3, now() + make_interval(secs => $4))",
        token_hash, row[0].as<long long>(), language,
        static_cast<long long>(std::chrono::seconds(newsletter_link_lifetime).count()));
    tx.exec("DELETE FROM newsletter_confirmations WHERE expires_at < now() - interval '1 day'");
    enqueue_mail(tx, confirmation);
    tx.commit();
    return true;
  });
}

bool confirm_subscription(database& db, const std::string& token_hash) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto link = tx.exec_params(
        "UPDATE newsletter_confirmations SET used_at = now() "
        "WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING subscriber_id, language",
        token_hash);
    if (link.empty()) return false;
    auto who = tx.exec_params1(
        "UPDATE newsletter_subscribers SET state = 'active', language = $2, confirmed_at = now(), "
        "unsubscribed_at = NULL WHERE id = $1 RETURNING lower(email)",
        link[0][0].as<long long>(), link[0][1].as<std::string>());
    // The person just read mail at this address: it works again.
    tx.exec_params("DELETE FROM mail_suppressions WHERE address = $1", who[0].as<std::string>());
    tx.commit();
    return true;
  });
}

bool unsubscribe(database& db, const std::string& unsubscribe_token) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto rows = tx.exec_params(
        "UPDATE newsletter_subscribers SET state = CASE WHEN state = 'suppressed' THEN state ELSE 'unsubscribed' END, "
        "unsubscribed_at = coalesce(unsubscribed_at, now()) WHERE unsubscribe_token = $1 RETURNING id",
        unsubscribe_token);
    if (rows.empty()) return false;
    // Links not yet used must not bring the address back on their own.
    tx.exec_params("DELETE FROM newsletter_confirmations WHERE subscriber_id = $1", rows[0][0].as<long long>());
    tx.commit();
    return true;
  });
}

}  // namespace blog::store
