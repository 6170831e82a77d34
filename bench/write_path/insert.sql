-- pgbench script of bench/write_path.sh: the row blogd writes for one POST /api/posts (title,
-- unique slug, the same body as post.lua, excerpt), one INSERT per transaction, through the same
-- trigger that logs the change and NOTIFYs: PostgreSQL's own rate for blogd's rows.
INSERT INTO posts (title, slug, content, content_html, excerpt, category, language)
VALUES ('Pg bench ' || :client_id || ' ' || random(),
        'pg-bench-' || :client_id || '-' || md5(random()::text || clock_timestamp()::text),
        repeat('Instant payments settle in seconds across the European network, and merchants see the money at once. ', 25),
        '<p>' || repeat('Instant payments settle in seconds across the European network, and merchants see the money at once. ', 25) || '</p>',
        'Instant payments settle in seconds across the European network, and merchants see the money at once.',
        'Fintech', CASE WHEN random() < 0.5 THEN 'cs' ELSE 'en' END);
