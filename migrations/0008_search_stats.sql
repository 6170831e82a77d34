-- What readers search for (issue 14): searches per UTC day and normalised query (lowercased,
-- trimmed, spaces collapsed), and how many of them found nothing. Nothing personal: no address,
-- no account, no time finer than the day. Days older than 90 are purged by the server.
CREATE TABLE search_query_days (
  day DATE NOT NULL,
  query TEXT NOT NULL CHECK (length(query) BETWEEN 1 AND 200),
  searches BIGINT NOT NULL DEFAULT 0 CHECK (searches >= 0),
  zero_results BIGINT NOT NULL DEFAULT 0 CHECK (zero_results >= 0),
  PRIMARY KEY (day, query)
);
CREATE INDEX search_query_days_day ON search_query_days (day);
