-- Cookie-free view counts (issue 26): views per UTC day by post, referrer domain and language,
-- unique visitors per day, and monthly totals once a day is older than 90. No address, user agent
-- or account is stored: a visitor is sha256(daily salt, hash of address and user agent), kept only
-- while its day lasts; the salt is shared by every node here and deleted with its day.
CREATE TABLE analytics_days (
  day DATE PRIMARY KEY,
  views BIGINT NOT NULL DEFAULT 0 CHECK (views >= 0),
  visitors BIGINT NOT NULL DEFAULT 0 CHECK (visitors >= 0)
);
CREATE TABLE analytics_post_days (
  day DATE NOT NULL,
  post_id INT NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  views BIGINT NOT NULL DEFAULT 0 CHECK (views >= 0),
  PRIMARY KEY (day, post_id)
);
CREATE INDEX analytics_post_days_post ON analytics_post_days (post_id, day);
CREATE TABLE analytics_referrer_days (
  day DATE NOT NULL,
  domain TEXT NOT NULL CHECK (length(domain) BETWEEN 1 AND 253),
  views BIGINT NOT NULL DEFAULT 0 CHECK (views >= 0),
  PRIMARY KEY (day, domain)
);
-- kind 'post': the language of the post read; 'interface': the reader's interface language.
CREATE TABLE analytics_language_days (
  day DATE NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('post', 'interface')),
  language TEXT NOT NULL CHECK (language IN ('en', 'cs')),
  views BIGINT NOT NULL DEFAULT 0 CHECK (views >= 0),
  PRIMARY KEY (day, kind, language)
);
-- Older than 90 days: one row per month (visitors: the sum of that month's daily unique visitors).
CREATE TABLE analytics_months (
  month DATE PRIMARY KEY CHECK (extract(day FROM month) = 1),
  views BIGINT NOT NULL DEFAULT 0,
  visitors BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE analytics_post_months (
  month DATE NOT NULL CHECK (extract(day FROM month) = 1),
  post_id INT NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  views BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (month, post_id)
);
CREATE TABLE analytics_salts (
  day DATE PRIMARY KEY,
  salt TEXT NOT NULL
);
CREATE TABLE analytics_visitors (
  day DATE NOT NULL,
  visitor TEXT NOT NULL,
  PRIMARY KEY (day, visitor)
);
ALTER TABLE site_settings ADD COLUMN analytics_enabled boolean NOT NULL DEFAULT true;
