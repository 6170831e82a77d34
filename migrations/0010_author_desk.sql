-- The author's desk: every server save of a post keeps a revision (the store trims each post to
-- its last 20), and the home page's hero speaks each interface language (empty falls back to the
-- other language, then to the site title and description).
CREATE TABLE post_revisions (
  id          bigserial PRIMARY KEY,
  post_id     integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  title       text NOT NULL,
  excerpt     text NOT NULL,
  content     text NOT NULL,
  category    text NOT NULL,
  cover_image text NOT NULL,
  language    text NOT NULL,
  saved_by    integer REFERENCES users (id) ON DELETE SET NULL,
  saved_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX post_revisions_by_post ON post_revisions (post_id, id DESC);

ALTER TABLE site_settings
  ADD COLUMN hero_badge_en       text NOT NULL DEFAULT '',
  ADD COLUMN hero_badge_cs       text NOT NULL DEFAULT '',
  ADD COLUMN hero_title_en       text NOT NULL DEFAULT '',
  ADD COLUMN hero_title_cs       text NOT NULL DEFAULT '',
  ADD COLUMN hero_description_en text NOT NULL DEFAULT '',
  ADD COLUMN hero_description_cs text NOT NULL DEFAULT '';
