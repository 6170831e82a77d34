// The sending side of the durable mail outbox: a thread per node that claims queued messages in
// PostgreSQL, hands them to SMTP on one connection per batch at the configured rate, and records
// each outcome. Any number of nodes may run one; none sends what another has claimed.
#pragma once

#include "blog/config/config.hpp"
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
#include <vector>

namespace blog::api {

// Queues `m` (formatted now, so every retry sends the same Message-ID) in the outbox: durable
// once this returns. `kind` names it in counts and logs ("verification", "new_sign_in", …).
// Blocks on PostgreSQL; throws blog::error 503 when it cannot be reached.
void enqueue_mail(const config& cfg, store::database& db, const mail::message& m, const std::string& kind);

// Builds a message queued without text, when it is about to be sent (e.g. a password reset, whose
// account lookup and token must not happen while the request waits). nullopt: nothing to send.
using mail_renderer = std::function<std::optional<mail::message>(const store::claimed_mail& row)>;

// Whether a rendered message is written back to its outbox row before it is sent: `once` for a
// message whose making has effects (a reset token), so that a retry sends the very same one;
// `each_attempt` for one that can be made again alike (a newsletter, whose Message-ID comes from
// its row), so the outbox does not keep a copy of every newsletter.
enum class rendering { once, each_attempt };

// Work that queues mail, done before each claim (e.g. the newsletter of a post whose time came).
// Called on the sender's thread with its connection; returns true when it queued something.
using mail_source = std::function<bool(pqxx::connection& c)>;

class mail_sender {
 public:
  mail_sender(const config& cfg, store::database& db);
  // Finishes the message in hand, hands the rest of its batch back to the queue, and stops.
  ~mail_sender();
  mail_sender(const mail_sender&) = delete;
  mail_sender& operator=(const mail_sender&) = delete;

  // Registers how messages of `kind` queued without text are built. Before start().
  void add_renderer(const std::string& kind, mail_renderer render, rendering how = rendering::once);
  // Adds work done before each claim. Before start().
  void add_source(mail_source source);
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
  struct renderer {
    mail_renderer render;
    rendering how = rendering::once;
  };
  std::map<std::string, renderer> renderers_;
  std::vector<mail_source> sources_;
  std::mutex mutex_;
  std::condition_variable woken_;
  bool stopping_ = false;
  bool poked_ = false;
  std::chrono::steady_clock::time_point next_slot_{};
  std::thread thread_;
};

}  // namespace blog::api
