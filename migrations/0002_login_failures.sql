-- Failed sign-ins, kept in PostgreSQL so that throttling holds across every blogd node.
CREATE TABLE login_failures (
  id         bigserial PRIMARY KEY,
  key        text NOT NULL,  -- 'account:<user id or lower-cased name typed>' or 'address:<client address>'
  failed_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key_idx ON login_failures (key, failed_at DESC);
CREATE INDEX login_failures_failed_at_idx ON login_failures (failed_at);
