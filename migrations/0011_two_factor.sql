-- Two-factor sign-in (authenticator apps) and sessions people can see and end (issue 27).

-- The authenticator key, sealed (auth::seal_secret: encrypted when BLOG_SECRET_KEY is set). The
-- pending one waits for its first code; totp_last_step is the newest step a code was accepted
-- for, so that no code works twice (RFC 6238 §5.2).
ALTER TABLE users ADD COLUMN totp_secret text;
ALTER TABLE users ADD COLUMN totp_pending_secret text;
ALTER TABLE users ADD COLUMN totp_enabled boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN totp_last_step bigint NOT NULL DEFAULT 0;

-- One-time recovery codes, as SHA-256 of the user id and the normalised code; a used one is deleted.
CREATE TABLE recovery_codes (
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash  bytea NOT NULL,
  PRIMARY KEY (user_id, code_hash)
);

-- What the sessions list shows. The id names a session in the API: the token hash never leaves
-- the server.
ALTER TABLE sessions ADD COLUMN id bigserial;
ALTER TABLE sessions ADD CONSTRAINT sessions_id_key UNIQUE (id);
ALTER TABLE sessions ADD COLUMN user_agent text NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN address text NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now();

-- Browsers that signed in to an account before (the SHA-256 of a long-lived random cookie): a
-- sign-in from any other sends the "New sign-in" mail.
CREATE TABLE known_browsers (
  user_id       integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  browser_hash  bytea NOT NULL,
  first_seen    timestamptz NOT NULL DEFAULT now(),
  last_seen     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, browser_hash)
);

-- Site settings: who must use two-factor sign-in.
ALTER TABLE site_settings ADD COLUMN require_two_factor_for_admins boolean NOT NULL DEFAULT false;
ALTER TABLE site_settings ADD COLUMN require_two_factor_for_authors boolean NOT NULL DEFAULT false;
