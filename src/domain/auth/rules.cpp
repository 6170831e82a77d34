// Field checks of the sign-in, registration and password forms, with the spec's messages.
#include "blog/domain/auth/rules.hpp"

#include "blog/core/text.hpp"
#include "blog/domain/text.hpp"

namespace blog::auth {
namespace {

bool is_username_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
}

void check_password(field_errors& errors, std::string_view password, std::string_view confirm) {
  if (password.empty()) {
    errors["password"] = "Password is required";
  } else if (core::utf8::length(password) < min_password_length) {
    errors["password"] = "Password must be at least " + std::to_string(min_password_length) + " characters";
  } else if (password.size() > max_password_length) {
    errors["password"] = "Password must be at most " + std::to_string(max_password_length) + " characters";
  }
  if (confirm != password) errors["confirmPassword"] = "Passwords don't match";
}

}  // namespace

bool is_valid_username(std::string_view username) {
  if (username.size() < min_username_length || username.size() > max_username_length) return false;
  for (char c : username)
    if (!is_username_char(c)) return false;
  return true;
}

bool is_valid_email(std::string_view email) {
  if (email.empty() || email.size() > max_email_length) return false;
  if (core::utf8::has_forbidden_char(email)) return false;  // C1 controls pass the ASCII checks below
  auto at = email.rfind('@');
  if (at == std::string_view::npos || at == 0 || at + 1 == email.size()) return false;
  auto local = email.substr(0, at);
  auto domain_part = email.substr(at + 1);
  if (local.find('@') != std::string_view::npos) return false;
  for (char c : email) {
    auto u = static_cast<unsigned char>(c);
    if (u <= ' ' || u == 0x7f || c == '<' || c == '>' || c == '(' || c == ')' || c == ',' || c == ';' || c == ':' ||
        c == '\\' || c == '"' || c == '[' || c == ']')
      return false;
  }
  auto dot = domain_part.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == domain_part.size()) return false;
  if (domain_part.find("..") != std::string_view::npos || local.front() == '.' || local.back() == '.' ||
      local.find("..") != std::string_view::npos || domain_part.front() == '-' || domain_part.front() == '.')
    return false;
  return true;
}

field_errors check_registration(const registration& form) {
  field_errors errors;
  if (form.username.empty()) {
    errors["username"] = "Username is required";
  } else if (form.username.size() < min_username_length || form.username.size() > max_username_length) {
    errors["username"] = "Username must be 3 to 50 characters";
  } else if (!is_valid_username(form.username)) {
    errors["username"] = "Username may contain only letters, digits, dots, underscores and hyphens";
  }
  if (form.email.empty()) {
    errors["email"] = "Email is required";
  } else if (!is_valid_email(form.email)) {
    errors["email"] = "Please enter a valid email address";
  }
  check_password(errors, form.password, form.confirm_password);
  return errors;
}

field_errors check_login(std::string_view login, std::string_view password, const std::string& login_field) {
  field_errors errors;
  if (domain::trim(login).empty()) errors[login_field] = "Username/Email is required";
  if (password.empty()) errors["password"] = "Password is required";
  return errors;
}

field_errors check_new_password(std::string_view password, std::string_view confirm) {
  field_errors errors;
  check_password(errors, password, confirm);
  return errors;
}

std::chrono::seconds delay_after(const delay_policy& policy, unsigned failures) {
  if (failures <= policy.free_failures) return std::chrono::seconds(0);
  auto doublings = std::min(failures - policy.free_failures - 1, 30u);
  auto delay = policy.first_delay.count() * (1LL << doublings);
  return std::chrono::seconds(std::min<long long>(delay, policy.max_delay.count()));
}

}  // namespace blog::auth
