-- The senders take the undecided posts whose time came ten at a time, oldest first (published_at,
-- then id). An index on published_at alone could not give that order: every look read and sorted
-- every undecided post, and a burst of thousands of new posts made each look cost milliseconds,
-- so the backlog grew while they were written. In the query's order, a look reads ten entries.
DROP INDEX posts_newsletter_undecided_idx;
CREATE INDEX posts_newsletter_due_idx ON posts (published_at, id)
  WHERE newsletter IN ('pending', 'off') AND published;
