-- The writing transaction of each change, so that a node starting up can tell which changes were
-- still uncommitted when it loaded the posts (pg_visible_in_snapshot) and apply them once they land.
-- Rows written before this migration keep NULL: they were committed long before any such start.
ALTER TABLE post_changes ADD COLUMN xid xid8;
ALTER TABLE post_changes ALTER COLUMN xid SET DEFAULT pg_current_xact_id();
CREATE INDEX post_changes_xid_idx ON post_changes (xid);
