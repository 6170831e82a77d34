-- The newsletter's sending: each post's send (the editor's switch, decided once) and the outbox
-- rows that carry a story to each subscriber.

-- What the newsletter does with a post:
--   'none'    never sent on its own (posts from before the newsletter, imported posts);
--   'pending' sent when it first becomes visible to readers (the switch was on);
--   'off'     the switch is off: nothing is sent when it becomes visible;
--   'skipped' it became visible with the switch off (editing it later sends nothing);
--   'sent'    its mails were queued, once (newsletter_sent_at says when).
-- Only an admin sends a 'none' or 'skipped' post afterwards.
ALTER TABLE posts ADD COLUMN newsletter text NOT NULL DEFAULT 'none'
  CHECK (newsletter IN ('none', 'pending', 'off', 'skipped', 'sent'));
ALTER TABLE posts ADD COLUMN newsletter_sent_at timestamptz;
-- The senders' look for posts whose time came: only those still undecided.
CREATE INDEX posts_newsletter_undecided_idx ON posts (published_at) WHERE newsletter IN ('pending', 'off');

-- A newsletter mail names its post and subscriber; it is rendered when sent. Deleting the post
-- leaves the row without one (the sender drops it); deleting a subscriber deletes their mail.
ALTER TABLE mail_outbox ADD COLUMN post_id integer REFERENCES posts (id) ON DELETE SET NULL;
ALTER TABLE mail_outbox ADD COLUMN subscriber_id bigint REFERENCES newsletter_subscribers (id) ON DELETE CASCADE;
-- A subscriber gets a post once; the sender also skips those who got its translation.
CREATE UNIQUE INDEX mail_outbox_delivery_idx ON mail_outbox (subscriber_id, post_id)
  WHERE subscriber_id IS NOT NULL AND post_id IS NOT NULL;
CREATE INDEX mail_outbox_post_idx ON mail_outbox (post_id, state) WHERE post_id IS NOT NULL;

-- Deciding a post's newsletter changes nothing readers see: an update of those two columns alone
-- logs no change, so no node reloads the post (nor its counterpart) and its pages keep their ETags.
-- Every other update is logged as before, even one that changes no value.
DROP TRIGGER posts_change_log ON posts;
CREATE TRIGGER posts_change_log
  AFTER INSERT OR DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION log_post_change();
CREATE TRIGGER posts_change_log_update
  AFTER UPDATE ON posts
  FOR EACH ROW
  WHEN ((OLD.newsletter IS NOT DISTINCT FROM NEW.newsletter AND OLD.newsletter_sent_at IS NOT DISTINCT FROM NEW.newsletter_sent_at)
        OR to_jsonb(OLD) - 'newsletter' - 'newsletter_sent_at' IS DISTINCT FROM to_jsonb(NEW) - 'newsletter' - 'newsletter_sent_at')
  EXECUTE FUNCTION log_post_change();
DROP TRIGGER posts_counterpart_change_log ON posts;
CREATE TRIGGER posts_counterpart_change_log
  AFTER DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION log_counterpart_change();
CREATE TRIGGER posts_counterpart_change_log_update
  AFTER UPDATE ON posts
  FOR EACH ROW
  WHEN ((OLD.newsletter IS NOT DISTINCT FROM NEW.newsletter AND OLD.newsletter_sent_at IS NOT DISTINCT FROM NEW.newsletter_sent_at)
        OR to_jsonb(OLD) - 'newsletter' - 'newsletter_sent_at' IS DISTINCT FROM to_jsonb(NEW) - 'newsletter' - 'newsletter_sent_at')
  EXECUTE FUNCTION log_counterpart_change();
