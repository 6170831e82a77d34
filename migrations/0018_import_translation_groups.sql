-- A WordPress site exported one language at a time, with posts only (no terms), names each
-- post's Polylang group only in the post itself: the group's other post comes in a later import.
-- Each imported item remembers its group, so that the later import links the two.
ALTER TABLE import_items ADD COLUMN translation_group text;
CREATE INDEX import_items_translation_group_idx ON import_items (source, translation_group)
  WHERE translation_group IS NOT NULL;
