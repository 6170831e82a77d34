// SQL of newsletter subscriptions: the request (subscriber, link and mail in one transaction), its
// confirmation, a signed-in reader's own subscription, and leaving.
#include "blog/store/newsletter_store.hpp"
#include "blog/store/prepared.hpp"

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

namespace {

// The subscriber `id` is active in `language`: its owner proved the address, which works again
// (its suppression lifted), and links not yet used have nothing left to do.
void make_active(pqxx::work& tx, long long id, const std::string& language) {
  auto address = tx.exec_params1(
                       "UPDATE newsletter_subscribers SET state = 'active', language = $2, confirmed_at = now(), "
                       "unsubscribed_at = NULL WHERE id = $1 RETURNING lower(email)",
                       id, language)[0]
                     .as<std::string>();
  tx.exec_params("DELETE FROM mail_suppressions WHERE address = $1", address);
  tx.exec_params("DELETE FROM newsletter_confirmations WHERE subscriber_id = $1 AND used_at IS NULL", id);
}

// Unsubscribes the subscribers `which` selects ($1 is `value`): a suppressed address stays
// suppressed, and links not yet used must not bring it back on their own.
bool leave(pqxx::work& tx, const std::string& which, const std::string& value) {
  auto rows = tx.exec_params(
      "UPDATE newsletter_subscribers SET state = CASE WHEN state = 'suppressed' THEN state ELSE 'unsubscribed' END, "
      "unsubscribed_at = coalesce(unsubscribed_at, now()) WHERE " +
          which + " RETURNING id",
      value);
  for (const auto& row : rows)
    tx.exec_params("DELETE FROM newsletter_confirmations WHERE subscriber_id = $1", row[0].as<long long>());
  return !rows.empty();
}

}  // namespace

bool confirm_subscription(database& db, const std::string& token_hash) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto link = tx.exec_params(
        "UPDATE newsletter_confirmations SET used_at = now() "
        "WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING subscriber_id, language",
        token_hash);
    if (link.empty()) return false;
    make_active(tx, link[0][0].as<long long>(), link[0][1].as<std::string>());
    tx.commit();
    return true;
  });
}

void activate_subscription(database& db, const std::string& email, const std::string& language,
                           const std::string& unsubscribe_token) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto id = tx.exec_params1(
                    "INSERT INTO newsletter_subscribers (email, language, unsubscribe_token) VALUES ($1, $2, $3) "
                    "ON CONFLICT (lower(email)) DO UPDATE SET email = newsletter_subscribers.email RETURNING id",
                    email, language, unsubscribe_token)[0]
                  .as<long long>();
    make_active(tx, id, language);
    tx.commit();
  });
}

bool unsubscribe(database& db, const std::string& unsubscribe_token) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    bool found = leave(tx, "unsubscribe_token = $1", unsubscribe_token);
    tx.commit();
    return found;
  });
}

bool unsubscribe_address(database& db, const std::string& email) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    bool found = leave(tx, "lower(email) = lower($1)", email);
    tx.commit();
    return found;
  });
}

namespace {

// Queues post_id's mail to every active subscriber who should read it and has not had this story:
// a subscriber of its language; for an English post, also Czech subscribers while it has no
// visible Czech translation (Czech readers read both); nobody who got the post or its translation
// already. Returns the number queued.
long long queue_story_mails(pqxx::work& tx, int post_id) {
  auto queued = exec_prepared(
      tx,
      "INSERT INTO mail_outbox (kind, recipient, post_id, subscriber_id) "
      "SELECT $2, s.email, p.id, s.id FROM posts p JOIN newsletter_subscribers s ON s.state = 'active' "
      "WHERE p.id = $1 "
      "  AND (s.language = p.language OR (p.language = 'en' AND s.language = 'cs' AND NOT EXISTS ("
      "    SELECT 1 FROM posts t WHERE t.id = p.translation_of AND t.published AND t.published_at <= now()))) "
      "  AND NOT EXISTS (SELECT 1 FROM mail_outbox o WHERE o.subscriber_id = s.id "
      "    AND o.post_id IN (p.id, p.translation_of)) "
      "ORDER BY s.id ON CONFLICT DO NOTHING",
      post_id, std::string(newsletter_kind));
  if (queued.affected_rows() > 0) tx.exec_params("SELECT pg_notify($1, '')", std::string(mail_channel));
  return static_cast<long long>(queued.affected_rows());
}

}  // namespace

int queue_due_newsletters(pqxx::connection& c) {
  pqxx::work tx(c);
  // A post is visible once published (never while hidden: hidden implies unpublished) and its
  // time came; a scheduled one is picked up by the first sender that looks after that time.
  auto decided = exec_prepared(
      tx,
      "WITH due AS (SELECT id FROM posts WHERE newsletter IN ('pending', 'off') AND published "
      "  AND published_at <= now() ORDER BY published_at, id LIMIT 10 FOR UPDATE SKIP LOCKED) "
      "UPDATE posts p SET newsletter = CASE WHEN p.newsletter = 'pending' THEN 'sent' ELSE 'skipped' END, "
      "  newsletter_sent_at = CASE WHEN p.newsletter = 'pending' THEN now() END "
      "FROM due WHERE p.id = due.id RETURNING p.id, p.newsletter");
  int sent = 0;
  for (const auto& row : decided) {
    if (row[1].as<std::string>() != "sent") continue;
    queue_story_mails(tx, row[0].as<int>());
    ++sent;
  }
  tx.commit();
  return sent;
}

send_result send_newsletter_now(database& db, int post_id) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto sent = tx.exec_params(
        "UPDATE posts SET newsletter = 'sent', newsletter_sent_at = now() "
        "WHERE id = $1 AND newsletter <> 'sent' AND published AND published_at <= now() RETURNING id",
        post_id);
    if (sent.empty()) {
      auto why = tx.exec_params("SELECT newsletter = 'sent' FROM posts WHERE id = $1", post_id);
      if (why.empty()) return send_result{send_outcome::not_found};
      return send_result{why[0][0].as<bool>() ? send_outcome::already_sent : send_outcome::not_visible};
    }
    auto mails = queue_story_mails(tx, post_id);
    tx.commit();
    return send_result{send_outcome::queued, mails};
  });
}

}  // namespace blog::store
