-- Linked translations: a post and its counterpart in the other language point at each other
-- (the write path sets both rows in one transaction). UNIQUE keeps it one counterpart per post;
-- deleting one side clears the other's link and leaves that post intact.
ALTER TABLE posts ADD COLUMN translation_of integer REFERENCES posts (id) ON DELETE SET NULL;
ALTER TABLE posts ADD CONSTRAINT posts_translation_unique UNIQUE (translation_of);
ALTER TABLE posts ADD CONSTRAINT posts_translation_not_self CHECK (translation_of <> id);

-- Each post carries its counterpart's slug, title and visibility in the read model, so a change
-- to one side is logged as a change of the other too: every node then reloads both.
CREATE FUNCTION log_counterpart_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_seq bigint;
  counterpart integer;
BEGIN
  FOREACH counterpart IN ARRAY ARRAY[OLD.translation_of, CASE WHEN TG_OP = 'UPDATE' THEN NEW.translation_of END] LOOP
    CONTINUE WHEN counterpart IS NULL;
    INSERT INTO post_changes (post_id) VALUES (counterpart) RETURNING seq INTO new_seq;
    PERFORM pg_notify('post_changes', new_seq::text);
  END LOOP;
  RETURN NULL;
END;
$$;

CREATE TRIGGER posts_counterpart_change_log
  AFTER UPDATE OR DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION log_counterpart_change();

-- Whether approved authors, not only admins, may use the AI translator.
ALTER TABLE site_settings ADD COLUMN ai_for_authors boolean NOT NULL DEFAULT false;
