// The account mails (verification, password reset, new sign-in): English text with the Czech text below.
#pragma once

#include "blog/domain/auth/user.hpp"
#include "blog/mail/mail.hpp"

#include <string>

namespace blog::auth {

// `public_url` without a trailing slash; the link is {public_url}/verify-email?token=…
mail::message verification_mail(const user& to, const std::string& public_url, const std::string& token);
// The link is {public_url}/reset-password?token=…
mail::message password_reset_mail(const user& to, const std::string& public_url, const std::string& token);

// What the new sign-in mail tells.
struct sign_in_notice {
  std::string when;  // e.g. "2026-11-25 16:45 UTC"
  std::string browser;
  std::string system;
  std::string address;
};
// "New sign-in to {site_name}", linking to {public_url}/profile/sessions.
mail::message new_sign_in_mail(const user& to, const std::string& public_url, const std::string& site_name,
                               const sign_in_notice& notice);

}  // namespace blog::auth
