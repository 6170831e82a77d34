-- The fintech glossary (en <-> cs) shared by the AI translator and search synonyms. Empty until
-- the shipped data file (data/glossary-en-cs.tsv) is loaded into it or an admin saves a list.
CREATE TABLE glossary_terms (
  id SERIAL PRIMARY KEY,
  en TEXT NOT NULL CHECK (length(en) BETWEEN 1 AND 200),
  cs TEXT NOT NULL CHECK (length(cs) BETWEEN 1 AND 200),
  UNIQUE (en, cs)
);
-- Bumped on every change so every node can tell its synonyms are stale.
CREATE TABLE glossary_version (
  only_row BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (only_row),
  version BIGINT NOT NULL DEFAULT 0,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
INSERT INTO glossary_version DEFAULT VALUES;
