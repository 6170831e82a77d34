// blogctl create-admin: creates an approved, email-verified administrator, or promotes an account.
#include "blog/app/cli/commands.hpp"
#include "blog/core/error.hpp"
#include "blog/domain/auth/rules.hpp"
#include "blog/domain/auth/secrets.hpp"
#include "blog/store/migrations.hpp"
#include "blog/store/user_store.hpp"

#include <termios.h>
#include <unistd.h>

#include <iostream>
#include <stdexcept>

namespace blog::cli {
namespace {

struct admin_arguments {
  std::string username;
  std::string email;
  bool password_stdin = false;
};

admin_arguments parse(const arguments& args) {
  admin_arguments out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string_view arg = args[i];
    auto eq = arg.find('=');
    std::string_view name = arg.substr(0, eq);
    if (name == "--password-stdin" && eq == std::string_view::npos) {
      out.password_stdin = true;
      continue;
    }
    if (name != "--username" && name != "--email") throw std::invalid_argument("unknown option '" + args[i] + "'");
    std::string value;
    if (eq != std::string_view::npos) {
      value = std::string(arg.substr(eq + 1));
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      throw std::invalid_argument("option '" + std::string(name) + "' needs a value");
    }
    (name == "--username" ? out.username : out.email) = value;
  }
  if (out.username.empty() || out.email.empty()) throw std::invalid_argument("--username and --email are required");
  return out;
}

std::string read_line(std::istream& in) {
  std::string line;
  if (!std::getline(in, line)) throw std::runtime_error("no password on standard input");
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

// Reads a line from the terminal without showing it.
std::string prompt_hidden(const char* prompt) {
  std::cerr << prompt << std::flush;
  termios saved{};
  tcgetattr(STDIN_FILENO, &saved);
  termios quiet = saved;
  quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
  tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
  std::string line;
  bool got = static_cast<bool>(std::getline(std::cin, line));
  tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
  std::cerr << "\n";
  if (!got) throw std::runtime_error("no password given");
  return line;
}

std::string read_password(bool from_stdin) {
  if (from_stdin) return read_line(std::cin);
  if (!isatty(STDIN_FILENO))
    throw std::runtime_error("standard input is not a terminal: pass --password-stdin and the password on it");
  auto password = prompt_hidden("Password: ");
  if (prompt_hidden("Repeat the password: ") != password) throw std::runtime_error("the passwords don't match");
  return password;
}

}  // namespace

void require_migrated(store::database& db) {
  if (!store::pending_migrations(db).empty())
    throw std::runtime_error("the database has pending migrations: run 'blogctl migrate' first");
}

int create_admin(const arguments& args, const config& cfg) {
  auto options = parse(args);
  if (!auth::is_valid_username(options.username))
    throw std::invalid_argument("the username must be 3 to 50 letters, digits, dots, underscores or hyphens");
  if (!auth::is_valid_email(options.email))
    throw std::invalid_argument("'" + options.email + "' is not an email address");
  auto password = read_password(options.password_stdin);
  if (auto problems = auth::check_new_password(password, password); !problems.empty())
    throw std::invalid_argument(problems.begin()->second);

  store::database db(cfg.effective_database_url(), 1, std::chrono::milliseconds(10000));
  require_migrated(db);
  store::new_user admin;
  admin.username = options.username;
  admin.email = options.email;
  admin.password_hash = auth::hash_password(password);
  try {
    if (store::upsert_admin(db, admin) == store::admin_outcome::created) {
      std::cout << "Created the administrator account '" << admin.username << "'.\n";
    } else {
      std::cout << "The account '" << admin.username
                << "' is now an approved administrator with the given email address and password.\n";
    }
  } catch (const blog::error& e) {
    if (e.kind() != blog::error_kind::conflict) throw;
    throw std::runtime_error("the email address " + admin.email + " belongs to another account");
  }
  return 0;
}

}  // namespace blog::cli
