// SQL for two-factor sign-in: the sealed authenticator key, the last step a code was accepted for,
// recovery code hashes, and the browsers an account signed in from. Every function blocks on
// PostgreSQL (worker pool only) and throws blog::error 503 when the database cannot be reached.
#pragma once

#include "blog/store/database.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace blog::store {

struct totp_state {
  bool enabled = false;
  std::string secret;          // sealed (auth::seal_secret); "" when none
  std::string pending_secret;  // sealed; "" when no setup is waiting for its first code
};

totp_state load_totp(store::database& db, int user_id);
// Starts (or restarts) a setup: the pending key replaces any earlier pending one.
void set_pending_totp(store::database& db, int user_id, const std::string& sealed_secret);
// Turns two-factor on with the pending key, `step` as its first used step and these recovery
// code hashes (hex), and ends every other session of the account but `keep_session_hash`; all
// in one transaction. false when no setup was pending or it is on already.
bool enable_totp(store::database& db, int user_id, std::int64_t step, const std::vector<std::string>& recovery_hashes,
                 const std::string& keep_session_hash);
// Records `step` as used when it is newer than every step used before; false when it is not
// (the code was used already, or an older one was): atomic across nodes.
bool use_totp_step(store::database& db, int user_id, std::int64_t step);
// Deletes the recovery code with this hash (hex); false when the account has no such unused code.
bool use_recovery_code(store::database& db, int user_id, const std::string& code_hash);
std::size_t recovery_codes_left(store::database& db, int user_id);
// Turns two-factor off: forgets the key, any pending one and the recovery codes.
void disable_totp(store::database& db, int user_id);
// Notes that the browser with this hash (hex) signed in to the account; true when it never had before.
bool remember_browser(store::database& db, int user_id, const std::string& browser_hash);

}  // namespace blog::store
