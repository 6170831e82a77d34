-- The data model of spec §3 with DESIGN.md's additions: sessions, uploads and the post change log.

CREATE TABLE users (
  id                     serial PRIMARY KEY,
  username               text NOT NULL,
  email                  text NOT NULL,
  password               text NOT NULL,
  role                   text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  approval_status        text NOT NULL DEFAULT 'pending' CHECK (approval_status IN ('pending', 'approved', 'rejected')),
  email_verified         boolean NOT NULL DEFAULT false,
  verification_token     text,
  reset_password_token   text,
  reset_password_expires timestamptz,
  created_at             timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_username_key UNIQUE (username),
  CONSTRAINT users_email_key UNIQUE (email)
);
-- Names and addresses are unique regardless of case, as people type them differently.
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email)) WHERE email <> '';

CREATE TABLE sessions (
  token_hash  bytea PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

CREATE TABLE posts (
  id            serial PRIMARY KEY,
  title         text NOT NULL,
  slug          text NOT NULL,
  content       text NOT NULL,
  content_html  text NOT NULL DEFAULT '',
  excerpt       text NOT NULL DEFAULT '',
  category      text NOT NULL,
  cover_image   text NOT NULL DEFAULT '',
  published     boolean NOT NULL DEFAULT true,
  language      text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'cs')),
  published_at  timestamptz NOT NULL DEFAULT now(),
  author_id     integer REFERENCES users (id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT posts_slug_key UNIQUE (slug)
);
CREATE INDEX posts_published_at_idx ON posts (published_at DESC);

CREATE TABLE custom_categories (
  id          serial PRIMARY KEY,
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  created_by  integer REFERENCES users (id) ON DELETE SET NULL,
  CONSTRAINT custom_categories_name_key UNIQUE (name)
);
CREATE UNIQUE INDEX custom_categories_name_lower_key ON custom_categories (lower(name));

CREATE TABLE site_settings (
  id                     serial PRIMARY KEY,
  site_title             text NOT NULL DEFAULT 'PayTech Blog',
  site_description       text NOT NULL DEFAULT 'Expert insights and analysis on payment technologies, fintech innovations, and industry trends.',
  image_on_right         boolean NOT NULL DEFAULT false,
  hero_background_color  text NOT NULL DEFAULT '#1e293b',
  title_color            text NOT NULL DEFAULT '#4f46e5',
  subtitle_color         text NOT NULL DEFAULT '#f9fafb',
  hero_image             text NOT NULL DEFAULT '/uploads/payments-hero.svg',
  hero_image_width       text NOT NULL DEFAULT '75%',
  hero_image_height      text NOT NULL DEFAULT 'auto',
  updated_at             timestamptz NOT NULL DEFAULT now(),
  updated_by             integer REFERENCES users (id) ON DELETE SET NULL
);
INSERT INTO site_settings DEFAULT VALUES;

-- Uploaded images live here so that every blogd node serves them; the name is their SHA-256.
CREATE TABLE uploads (
  sha256        text PRIMARY KEY,
  content_type  text NOT NULL,
  bytes         bytea NOT NULL,
  size          integer NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  created_by    integer REFERENCES users (id) ON DELETE SET NULL
);

-- Every change to a post is appended here; each node's indexer applies them in seq order.
CREATE TABLE post_changes (
  seq         bigserial PRIMARY KEY,
  post_id     integer NOT NULL,
  changed_at  timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION log_post_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_id integer;
  new_seq bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed_id := OLD.id;
  ELSE
    changed_id := NEW.id;
  END IF;
  INSERT INTO post_changes (post_id) VALUES (changed_id) RETURNING seq INTO new_seq;
  PERFORM pg_notify('post_changes', new_seq::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER posts_change_log
  AFTER INSERT OR UPDATE OR DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION log_post_change();
