// Outgoing mail: over SMTP when configured, otherwise as .eml files a local user can open.
#pragma once

#include "blog/config.hpp"

#include <filesystem>
#include <stdexcept>
#include <string>

namespace blog::mail {

struct message {
  std::string to;       // a bare address
  std::string subject;  // UTF-8
  std::string text;     // UTF-8 plain text, lines separated by '\n'
};

class error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// With cfg.smtp_url set, sends over SMTP with libcurl (cfg.mail_from as sender, 20 s time limit);
// otherwise writes one file <data_dir>/mail/<UTC timestamp>-<random>.eml and logs its path.
// Blocks (worker pool only). Throws mail::error naming what failed, without the message text.
void send(const config& cfg, const message& m);

// The message as RFC 5322 text with CRLF line ends: headers (the subject encoded per RFC 2047
// when it is not ASCII), a blank line and the body in UTF-8.
std::string format(const config& cfg, const message& m);

}  // namespace blog::mail
