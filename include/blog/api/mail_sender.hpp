// The sending side of the durable mail outbox: a thread per node that claims queued messages in
// PostgreSQL, hands them to SMTP on one connection per batch at the configured rate, and records
// each outcome. Any number of nodes may run one; none sends what another has claimed.
#pragma once

#include "blog/config.hpp"
#include "blog/mail/mail.hpp"
#include "blog/store/database.hpp"
#include "blog/store/mail_outbox_store.hpp"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace blog::api {

// Queues `m` (formatted now, so every retry sends the same Message-ID) in the outbox: durable
// once this returns. `kind` names it in counts and logs ("verification", "new_sign_in", …).
// Blocks on PostgreSQL; throws blog::error 503 when it cannot be reached.
void enqueue_mail(const config& cfg, store::database& db, const mail::message& m, const std::string& kind);

// Builds a message queued without text, when it is about to be sent (e.g. a password reset, whose
// account lookup and token must not happen while the request waits). nullopt: nothing to send.
using mail_renderer = std::function<std::optional<mail::message>(const std::string& recipient)>;

class mail_sender {
 public:
  mail_sender(const config& cfg, store::database& db);
  // Finishes the message in hand, hands the rest of its batch back to the queue, and stops.
  ~mail_sender();
  mail_sender(const mail_sender&) = delete;
  mail_sender& operator=(const mail_sender&) = delete;

  // Registers how messages of `kind` queued without text are built. Before start().
  void add_renderer(const std::string& kind, mail_renderer render);
  // Starts the sending thread.
  void start();
  // Something was queued (NOTIFY): look now rather than at the next poll.
  void wake();

 private:
  void run();
  // Claims and sends one batch; false when there was nothing to send.
  bool send_batch();
  // Sends (or drops) one claimed message and records the outcome; false when the SMTP server
  // did not answer at all.
  bool send_one(pqxx::connection& c, mail::smtp_session& session, store::claimed_mail& m);
  void pace();

  const config& cfg_;
  store::database& db_;
  std::map<std::string, mail_renderer> renderers_;
  std::mutex mutex_;
  std::condition_variable woken_;
  bool stopping_ = false;
  bool poked_ = false;
  std::chrono::steady_clock::time_point next_slot_{};
  std::thread thread_;
};

}  // namespace blog::api
