// The account mails (verification, password reset): English text with the Czech text below.
#pragma once

#include "blog/auth/user.hpp"
#include "blog/mail/mail.hpp"

#include <string>

namespace blog::auth {

// `public_url` without a trailing slash; the link is {public_url}/verify-email?token=…
mail::message verification_mail(const user& to, const std::string& public_url, const std::string& token);
// The link is {public_url}/reset-password?token=…
mail::message password_reset_mail(const user& to, const std::string& public_url, const std::string& token);

}  // namespace blog::auth
