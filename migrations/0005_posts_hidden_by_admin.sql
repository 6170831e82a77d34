-- A post an admin hid stays hidden until an admin shows it again: the flag tells it apart from an
-- author's own draft (both have published = false), and an author's update cannot clear it.
ALTER TABLE posts ADD COLUMN hidden_by_admin boolean NOT NULL DEFAULT false;
-- Before this column nothing recorded who unpublished a post. Leaning to the safe side, every post
-- that is unpublished now counts as hidden by an admin; an admin shows any that were in fact an
-- author's draft.
UPDATE posts SET hidden_by_admin = true WHERE NOT published;
ALTER TABLE posts ADD CONSTRAINT posts_hidden_is_unpublished CHECK (NOT (hidden_by_admin AND published));
