-- Imports (issue 23): each imported source item remembers the post it became, so that running the
-- same export again changes nothing and a newer one updates what changed; and the old addresses
-- of imported posts answer with a redirect to their new page on every node.
CREATE TABLE import_items (
  source        text NOT NULL,
  source_id     text NOT NULL,
  post_id       integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  content_hash  text NOT NULL,
  imported_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (source, source_id)
);
CREATE INDEX import_items_post_id_idx ON import_items (post_id);

CREATE TABLE redirects (
  path        text PRIMARY KEY,
  post_id     integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX redirects_post_id_idx ON redirects (post_id);

-- Admin → Import: each uploaded file is a job any node may run. At most one runs at a time (the
-- unique index); a running job whose node stops beating is queued again, and running it again
-- resumes it (an import is idempotent).
CREATE TABLE import_jobs (
  id            bigserial PRIMARY KEY,
  state         text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  file_name     text NOT NULL DEFAULT '',
  file          bytea,
  progress      integer NOT NULL DEFAULT 0,
  report        text,
  error         text,
  created_by    integer REFERENCES users (id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  heartbeat_at  timestamptz,
  finished_at   timestamptz
);
CREATE UNIQUE INDEX import_jobs_one_running ON import_jobs ((true)) WHERE state = 'running';
