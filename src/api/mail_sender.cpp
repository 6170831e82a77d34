// The outbox's sender: claim a batch, send it on one SMTP connection at the configured pace, record each outcome.
#include "blog/api/mail_sender.hpp"

#include "blog/store/mail_outbox_store.hpp"

#include <pthread.h>
#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <utility>

namespace blog::api {
namespace {

// How long an idle sender sleeps before it looks again without a NOTIFY (one that was missed, a
// retry whose time came).
constexpr auto poll_interval = std::chrono::seconds(2);
constexpr auto gather_pokes = std::chrono::milliseconds(100);
// After this many temporary failures a message is given up (marked failed, the address not suppressed).
constexpr int max_attempts = 8;
constexpr auto longest_retry_wait = std::chrono::hours(6);

unsigned batch_size(const config& cfg) {
  // About a second's worth: small enough that other nodes share a large send, large enough that
  // a connection carries many messages.
  return std::clamp(cfg.mail_rate_per_second == 0 ? 100u : cfg.mail_rate_per_second, 10u, 200u);
}

std::chrono::seconds retry_wait(const config& cfg, int attempts) {
  auto wait = std::chrono::seconds(cfg.mail_retry_s) * (1LL << std::min(attempts, 20));
  return std::min<std::chrono::seconds>(wait, longest_retry_wait);
}

}  // namespace

void enqueue_mail(const config& cfg, store::database& db, const mail::message& m, const std::string& kind) {
  store::enqueue_mail(db, {kind, m.to, mail::format(cfg, m)});
}

mail_sender::mail_sender(const config& cfg, store::database& db) : cfg_(cfg), db_(db) {}

mail_sender::~mail_sender() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  woken_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void mail_sender::add_renderer(const std::string& kind, mail_renderer render, rendering how) {
  renderers_[kind] = {std::move(render), how};
}

void mail_sender::add_source(mail_source source) {
  sources_.push_back(std::move(source));
}

void mail_sender::start() {
  thread_ = std::thread([this] {
    // Readers first: a newsletter to thousands is work that may wait a moment (nice 10, this
    // thread only), a page may not.
    setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10);
    pthread_setname_np(pthread_self(), "blog-mail");  // as top -H and /proc/…/task/*/comm show it
    run();
  });
}

void mail_sender::wake() {
  {
    std::lock_guard lock(mutex_);
    poked_ = true;
  }
  woken_.notify_all();
}

void mail_sender::run() {
  auto pause = poll_interval;
  for (;;) {
    bool sent_some = false;
    try {
      sent_some = send_batch();
      pause = poll_interval;
    } catch (const std::exception& e) {
      // The database is away or refused: wait longer each time, up to a minute.
      spdlog::warn("mail outbox: {}", e.what());
      pause = std::min<std::chrono::seconds>(pause * 2, std::chrono::seconds(60));
    }
    std::unique_lock lock(mutex_);
    if (stopping_) return;
    if (sent_some) continue;
    woken_.wait_for(lock, pause, [this] { return stopping_ || poked_; });
    if (std::exchange(poked_, false) && !stopping_) {
      // Pokes come with the follower's passes (each post published with its newsletter pending),
      // a hundred a second and more while authors write: a short pause gathers them into one look
      // at the outbox (three statements) instead of one look each.
      woken_.wait_for(lock, gather_pokes, [this] { return stopping_; });
      poked_ = false;
    }
    if (stopping_) return;
  }
}

// Waits for this message's slot: at most mail_rate_per_second messages leave per second.
void mail_sender::pace() {
  if (cfg_.mail_rate_per_second == 0) return;
  auto step = std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::seconds(1)) /
              cfg_.mail_rate_per_second;
  auto now = std::chrono::steady_clock::now();
  next_slot_ = std::max(next_slot_, now - step);  // no credit saved up while idle beyond one message
  if (next_slot_ > now) std::this_thread::sleep_for(next_slot_ - now);
  next_slot_ += step;
}

bool mail_sender::send_one(pqxx::connection& c, mail::smtp_session& session, store::claimed_mail& m) {
  if (m.message.empty()) {
    auto found = renderers_.find(m.kind);
    std::optional<mail::message> built;
    if (found != renderers_.end()) built = found->second.render(m);
    if (!built) {
      store::mail_dropped(c, m.id, "nothing to send");
      return true;
    }
    m.message = mail::format(cfg_, *built);
    if (found->second.how == rendering::once) store::mail_rendered(c, m.id, m.message);
  }
  pace();
  auto done = session.deliver(m.recipient, m.message);
  using outcome = mail::delivery::outcome;
  if (done.result == outcome::sent) {
    store::mail_sent(c, m.id);
  } else if (done.result == outcome::permanent) {
    spdlog::warn("{} mail to {} refused for good: {}", m.kind, m.recipient, done.error);
    store::mail_failed(c, m.id, done.error, true);
  } else if (m.attempts + 1 >= max_attempts) {
    spdlog::error("{} mail to {} given up after {} attempts: {}", m.kind, m.recipient, m.attempts + 1, done.error);
    store::mail_failed(c, m.id, done.error, false);
  } else {
    spdlog::warn("{} mail to {} not sent, trying again later: {}", m.kind, m.recipient, done.error);
    store::mail_retry(c, m.id, retry_wait(cfg_, m.attempts), done.error);
    return done.code != 0;  // no reply at all: the server is away
  }
  return true;
}

bool mail_sender::send_batch() {
  // The claim belongs to this pooled connection's backend: the connection is held for the whole
  // batch, so that the claim lasts exactly as long as this node can still record what it sent.
  return db_.with([&](pqxx::connection& c) {
    for (const auto& source : sources_) source(c);
    auto batch = store::claim_mail(c, batch_size(cfg_));
    if (batch.empty()) return false;
    mail::smtp_session session(cfg_);
    std::size_t i = 0;
    auto hand_back_from = [&](std::size_t first) {
      std::vector<std::int64_t> rest;
      for (std::size_t j = first; j < batch.size(); ++j) rest.push_back(batch[j].id);
      store::release_mail(c, rest);
    };
    try {
      for (; i < batch.size(); ++i) {
        if (!send_one(c, session, batch[i])) {
          hand_back_from(i + 1);  // the server is away: the rest would only wait for it too
          return false;
        }
        std::lock_guard lock(mutex_);
        if (stopping_) break;
      }
      hand_back_from(i + 1);
    } catch (...) {
      // Claimed rows must not stay claimed by a connection that goes back to the pool alive.
      try {
        hand_back_from(i);
      } catch (const std::exception& e) {
        spdlog::warn("mail outbox: claimed messages not handed back: {}", e.what());
      }
      throw;
    }
    return true;
  });
}

}  // namespace blog::api
