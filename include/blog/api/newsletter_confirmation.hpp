// The newsletter's double opt-in mail, shared by every way of subscribing an address not yet proven.
#pragma once

#include "blog/api/context.hpp"

#include <string>

namespace blog::api {

// Records a subscription request of `email` in `language` ("en" or "cs") and queues the mail with
// its confirmation link, unless the address already had its 3 confirmation mails of the last 24
// hours (then nothing is recorded) or is already active. Blocks on PostgreSQL. Returns true when
// a mail was queued.
bool request_newsletter_confirmation(api::context& ctx, const std::string& email, const std::string& language);

}  // namespace blog::api
