// SQL of the durable mail outbox: claims tied to the claiming backend, outcomes committed one by one.
#include "blog/store/mail_outbox_store.hpp"

#include <pqxx/pqxx>

#include <algorithm>

namespace blog::store {
namespace {

// A bigint[] literal: this libpqxx passes no arrays as parameters.
std::string id_array(const std::vector<std::int64_t>& ids) {
  std::string out = "{";
  for (auto id : ids) out += (out.size() > 1 ? "," : "") + std::to_string(id);
  return out + "}";
}

}  // namespace

std::int64_t enqueue_mail(pqxx::transaction_base& tx, const queued_mail& m) {
  auto row =
      tx.exec_params1("INSERT INTO mail_outbox (kind, recipient, message) VALUES ($1, $2, NULLIF($3, '')) RETURNING id",
                      m.kind, m.recipient, m.message);
  // Delivered when the transaction commits, so a sender never wakes before the row is visible.
  tx.exec_params("SELECT pg_notify($1, '')", std::string(mail_channel));
  return row[0].as<std::int64_t>();
}

std::int64_t enqueue_mail(database& db, const queued_mail& m) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    auto id = enqueue_mail(tx, m);
    tx.commit();
    return id;
  });
}

std::vector<claimed_mail> claim_mail(pqxx::connection& c, unsigned limit) {
  pqxx::work tx(c);
  // A claim belongs to a backend (pid and start time): while that backend lives its node is
  // sending the row; once it is gone (the node died and PostgreSQL closed its connection) the
  // row is waiting again. Own-role backends are visible with their start time.
  tx.exec(
      "UPDATE mail_outbox o SET state = 'queued', claimed_pid = NULL, claimed_backend_start = NULL "
      "WHERE o.state = 'sending' AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a "
      "  WHERE a.pid = o.claimed_pid AND (a.backend_start IS NULL OR a.backend_start = o.claimed_backend_start))");
  auto rows = tx.exec_params(
      "WITH due AS ("
      "  SELECT id FROM mail_outbox WHERE state = 'queued' AND next_attempt_at <= now() "
      "  ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED), "
      "me AS (SELECT backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()) "
      "UPDATE mail_outbox o SET state = 'sending', claimed_pid = pg_backend_pid(), "
      "  claimed_backend_start = (SELECT backend_start FROM me) "
      "FROM due WHERE o.id = due.id "
      "RETURNING o.id, o.kind, o.recipient, coalesce(o.message, ''), o.attempts, "
      "  EXISTS (SELECT 1 FROM mail_suppressions s WHERE s.address = lower(o.recipient)), "
      "  coalesce(o.post_id, 0), coalesce(o.subscriber_id, 0), "
      "  coalesce((SELECT n.language FROM newsletter_subscribers n WHERE n.id = o.subscriber_id AND n.state = "
      "'active'), ''), "
      "  coalesce((SELECT n.unsubscribe_token FROM newsletter_subscribers n "
      "            WHERE n.id = o.subscriber_id AND n.state = 'active'), '')",
      static_cast<long long>(limit));
  std::vector<claimed_mail> out;
  std::vector<std::int64_t> suppressed;
  for (const auto& r : rows) {
    if (r[5].as<bool>()) {
      suppressed.push_back(r[0].as<std::int64_t>());
      continue;
    }
    out.push_back({r[0].as<std::int64_t>(), r[1].as<std::string>(), r[2].as<std::string>(), r[3].as<std::string>(),
                   r[4].as<int>(), r[6].as<std::int64_t>(), r[7].as<std::int64_t>(), r[8].as<std::string>(),
                   r[9].as<std::string>()});
  }
  if (!suppressed.empty())
    tx.exec_params(
        "UPDATE mail_outbox SET state = 'dropped', last_error = 'the address is suppressed', claimed_pid = NULL "
        "WHERE id = ANY($1::bigint[])",
        id_array(suppressed));
  tx.commit();
  std::sort(out.begin(), out.end(), [](const claimed_mail& a, const claimed_mail& b) { return a.id < b.id; });
  return out;
}

void mail_rendered(pqxx::connection& c, std::int64_t id, const std::string& message) {
  pqxx::work tx(c);
  tx.exec_params("UPDATE mail_outbox SET message = $2 WHERE id = $1", id, message);
  tx.commit();
}

void mail_sent(pqxx::connection& c, std::int64_t id) {
  pqxx::work tx(c);
  tx.exec_params(
      "UPDATE mail_outbox SET state = 'sent', sent_at = now(), attempts = attempts + 1, claimed_pid = NULL, "
      "last_error = NULL WHERE id = $1",
      id);
  tx.commit();
}

void mail_retry(pqxx::connection& c, std::int64_t id, std::chrono::seconds delay, const std::string& error) {
  pqxx::work tx(c);
  tx.exec_params(
      "UPDATE mail_outbox SET state = 'queued', attempts = attempts + 1, claimed_pid = NULL, "
      "next_attempt_at = now() + make_interval(secs => $2), last_error = $3 WHERE id = $1",
      id, static_cast<long long>(delay.count()), error);
  tx.commit();
}

void mail_failed(pqxx::connection& c, std::int64_t id, const std::string& error, bool suppress) {
  pqxx::work tx(c);
  auto row = tx.exec_params1(
      "UPDATE mail_outbox SET state = 'failed', attempts = attempts + 1, claimed_pid = NULL, last_error = $2 "
      "WHERE id = $1 RETURNING lower(recipient)",
      id, error);
  if (suppress) {
    tx.exec_params("INSERT INTO mail_suppressions (address, reason) VALUES ($1, $2) ON CONFLICT (address) DO NOTHING",
                   row[0].as<std::string>(), error);
    // The newsletter stops too (the admin screen shows the address as suppressed); confirming a
    // new subscription proves the address again and lifts both.
    tx.exec_params(
        "UPDATE newsletter_subscribers SET state = 'suppressed' WHERE lower(email) = $1 AND state IN ('pending', "
        "'active')",
        row[0].as<std::string>());
  }
  tx.commit();
}

void mail_dropped(pqxx::connection& c, std::int64_t id, const std::string& why) {
  pqxx::work tx(c);
  tx.exec_params("UPDATE mail_outbox SET state = 'dropped', claimed_pid = NULL, last_error = $2 WHERE id = $1", id,
                 why);
  tx.commit();
}

void release_mail(pqxx::connection& c, const std::vector<std::int64_t>& ids) {
  if (ids.empty()) return;
  pqxx::work tx(c);
  tx.exec_params(
      "UPDATE mail_outbox SET state = 'queued', claimed_pid = NULL, claimed_backend_start = NULL "
      "WHERE id = ANY($1::bigint[]) AND state = 'sending'",
      id_array(ids));
  tx.commit();
}

bool mail_suppressed(database& db, const std::string& address) {
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    return !tx.exec_params("SELECT 1 FROM mail_suppressions WHERE address = lower($1)", address).empty();
  });
}

void unsuppress_mail(database& db, const std::string& address) {
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    tx.exec_params("DELETE FROM mail_suppressions WHERE address = lower($1)", address);
    tx.commit();
  });
}

mail_counts count_mail(database& db) {
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    auto r = tx.exec1(
        "SELECT count(*) FILTER (WHERE state IN ('queued', 'sending')), count(*) FILTER (WHERE state = 'sent'), "
        "count(*) FILTER (WHERE state IN ('failed', 'dropped')) FROM mail_outbox");
    return mail_counts{r[0].as<long long>(), r[1].as<long long>(), r[2].as<long long>()};
  });
}

}  // namespace blog::store
