-- Issue 10: every upload is stored re-encoded with resized copies (480, 960, 1600 px wide, each in
-- the original's format and as WebP), and every upload attempt is counted for the per-account rate.

CREATE TABLE upload_variants (
  sha256        text NOT NULL REFERENCES uploads (sha256) ON DELETE CASCADE,  -- the original's name
  width         integer NOT NULL,  -- nominal width of the URL (480, 960, 1600); the pixels may be fewer
  extension     text NOT NULL,     -- 'jpg', 'png', 'gif' or 'webp'
  content_type  text NOT NULL,
  bytes         bytea NOT NULL,
  size          integer NOT NULL,
  PRIMARY KEY (sha256, width, extension)
);

-- The quota sums what an account has stored.
CREATE INDEX uploads_created_by ON uploads (created_by);

-- One row per upload that reached the image decoder, kept for an hour.
CREATE TABLE upload_attempts (
  id            bigserial PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  attempted_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX upload_attempts_user_time ON upload_attempts (user_id, attempted_at);
