// Outgoing mail: over SMTP when configured, otherwise as .eml files a local user can open.
#pragma once

#include "blog/config/config.hpp"

#include <filesystem>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace blog::mail {

struct message {
  std::string to;       // a bare address
  std::string subject;  // UTF-8
  std::string text;     // UTF-8 plain text, lines separated by '\n'
  // When not empty, the message is multipart/alternative: `text`, then this HTML (both UTF-8,
  // quoted-printable, so no line is ever too long for SMTP).
  std::string html;
  // More header fields, e.g. List-Unsubscribe (ASCII values; CR and LF are removed).
  std::vector<std::pair<std::string, std::string>> headers;
  // The Message-ID's left part; empty: a random one. A message rendered again for a retry keeps
  // its ID when the caller derives this from something stable (the outbox row).
  std::string message_id;
};

class error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What handing one message over did: taken, refused for now (SMTP 4xx, or no connection: try
// again later), or refused for good (5xx: this address will not take mail).
struct delivery {
  enum class outcome { sent, temporary, permanent };
  outcome result = outcome::sent;
  long code = 0;      // the server's last reply code, 0 when it gave none
  std::string error;  // empty when sent
};

// One SMTP connection used for message after message: libcurl keeps it open between transfers of
// one handle, so a batch pays for one connect and greeting. Without cfg.smtp_url, each message is
// written to <data_dir>/mail instead. Blocks (worker threads only); not thread-safe.
class smtp_session {
 public:
  explicit smtp_session(const config& cfg);
  ~smtp_session();
  smtp_session(const smtp_session&) = delete;
  smtp_session& operator=(const smtp_session&) = delete;

  // Sends `text` (RFC 5322, as from format()) to `recipient`. Never throws.
  delivery deliver(const std::string& recipient, const std::string& text);

 private:
  const config& cfg_;
  void* curl_ = nullptr;
};

// With cfg.smtp_url set, sends over SMTP with libcurl (cfg.mail_from as sender, 20 s time limit);
// otherwise writes one file <data_dir>/mail/<UTC timestamp>-<random>.eml and logs its path.
// Blocks (worker pool only). Throws mail::error naming what failed, without the message text.
void send(const config& cfg, const message& m);

// "Name <addr@host>" → "addr@host"; a bare address stays as it is.
std::string bare_address(std::string_view mailbox);
// The domain of the From address (BLOG_MAIL_FROM), "localhost" when it has none: what Message-IDs
// and the newsletter's List-Id are made under.
std::string sender_domain(const config& cfg);

// The message as RFC 5322 text with CRLF line ends: headers (the subject encoded per RFC 2047
// when it is not ASCII), a blank line and the body in UTF-8 (8bit), or with m.html the two
// parts of a multipart/alternative body, each quoted-printable.
std::string format(const config& cfg, const message& m);

}  // namespace blog::mail
