-- A WordPress site's imported items were remembered under the site's address as its export gave
-- it ("wordpress:http://old.example.com/"): the export of the same site after its move to https
-- (or without its www, or with a trailing slash) named another source, and importing it created
-- every post a second time. The importer now remembers a site by its address without the scheme,
-- a leading "www.", the case of its host's ASCII letters (COLLATE "C"), a trailing dot of its host
-- or trailing slashes ("wordpress:old.example.com/blog"); the records made before take the same
-- key. Where two records of one item already differ only so (both imports ran), the newer keeps
-- the item and the other stays as it was: its post is not lost.
WITH keyed AS (
  SELECT source, source_id, imported_at,
         'wordpress:' || rtrim(regexp_replace(rtrim(lower(host COLLATE "C"), '.'), '^www\.', '') || path, '/')
           AS new_source
  FROM (
    SELECT source, source_id, imported_at, split_part(rest, '/', 1) AS host,
           substr(rest, length(split_part(rest, '/', 1)) + 1) AS path
    FROM (
      SELECT source, source_id, imported_at, regexp_replace(substr(source, 11), '^https?://', '', 'i') AS rest
      FROM import_items
      WHERE source LIKE 'wordpress:%'
    ) unschemed
  ) split
),
renamed AS (
  SELECT DISTINCT ON (new_source, source_id) source, source_id, new_source
  FROM keyed
  ORDER BY new_source, source_id, imported_at DESC
)
UPDATE import_items i SET source = r.new_source
FROM renamed r
WHERE i.source = r.source AND i.source_id = r.source_id AND r.new_source <> r.source
  AND NOT EXISTS (SELECT 1 FROM import_items j WHERE j.source = r.new_source AND j.source_id = r.source_id);
