-- Throttles of the account calls and growing delays after failed sign-ins, kept in PostgreSQL so
-- that every blogd node behind a load balancer counts the same attempts.

-- One row per counted attempt of a throttled call (register, forgot-password, reset-password),
-- keyed '<call>:address:<client address>' or '<call>:email:<lower-cased address>'.
CREATE TABLE auth_attempts (
  id   bigserial PRIMARY KEY,
  key  text NOT NULL,
  at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_attempts_key_idx ON auth_attempts (key, at DESC);
CREATE INDEX auth_attempts_at_idx ON auth_attempts (at);

-- Failed sign-ins per (account, client address) pair: the pair waits longer after each failure,
-- instead of the account being locked for everyone. A correct sign-in removes the pair's row.
CREATE TABLE login_delays (
  account_key      text NOT NULL,  -- 'id:<user id>' or 'name:<lower-cased name typed>' for unknown accounts
  address          text NOT NULL,
  failures         integer NOT NULL,
  last_failure_at  timestamptz NOT NULL DEFAULT now(),
  blocked_until    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_key, address)
);
-- The per-address ceiling counts the accounts an address failed on recently.
CREATE INDEX login_delays_address_idx ON login_delays (address, last_failure_at DESC);
CREATE INDEX login_delays_last_failure_at_idx ON login_delays (last_failure_at);

-- reset-password looks its token up before any hashing: that lookup must stay cheap.
CREATE INDEX users_reset_password_token_idx ON users (reset_password_token) WHERE reset_password_token IS NOT NULL;

-- Replaced by login_delays: its per-account count locked an account for everyone.
DROP TABLE login_failures;
