-- Generates :posts posts for the search benchmark: half Czech, half English, 250-700 words each,
-- drawn from vocabularies with the inflected forms real articles have. Run with psql -v posts=N
-- (and -v first=M to number them from M, to add posts to a database that has 1..M-1 already).
\if :{?first}
\else
\set first 1
\endif
CREATE TEMP TABLE vocab (language text, words text[]);
INSERT INTO vocab VALUES
('cs', ARRAY['platba','platby','platbě','platbou','plateb','platbami','platební','platebních','karta','karty','kartě',
  'kartou','karet','kartami','banka','banky','bance','bankou','bank','bankách','bezpečnost','bezpečnosti','bezpečný',
  'převod','převodu','převody','převodů','účet','účtu','účty','účtů','peníze','peněz','penězi','okamžité','okamžitých',
  'zákazník','zákazníka','zákazníci','zákazníků','obchodník','obchodníci','obchodníků','podvod','podvody','podvodů',
  'regulace','regulaci','směrnice','směrnici','ochrana','ochrany','data','dat','údaje','údajů','ověření','ověřování',
  'mobilní','peněženka','peněženky','peněženkou','telefon','telefonu','terminál','terminálu','hotovost','hotovosti',
  'kryptoměny','kryptoměn','blockchain','blockchainu','inovace','inovací','trh','trhu','trhy','růst','růstu',
  'a','v','na','s','se','je','jsou','pro','že','jak','při','do','od','také','který','která','které','už','ještě',
  'český','české','českých','evropské','evropských','nový','nové','nových','rychlé','rychlých','levné','služba',
  'služby','služeb','aplikace','aplikací','rozhraní','standard','standardu','systém','systému','systémy','riziko',
  'rizika','rizik','poplatek','poplatky','poplatků','měna','měny','koruna','koruny','eura','euro']),
('en', ARRAY['payment','payments','paid','pay','card','cards','bank','banks','banking','security','secure','transfer',
  'transfers','transferred','account','accounts','money','instant','instantly','customer','customers','merchant',
  'merchants','fraud','frauds','fraudulent','regulation','regulations','regulator','directive','protection','data',
  'verification','verify','verified','mobile','wallet','wallets','phone','terminal','terminals','cash','crypto',
  'cryptocurrency','blockchain','innovation','innovations','market','markets','growth','open','api','apis','standard',
  'system','systems','risk','risks','fee','fees','currency','euro','tokenisation','tokenization','contactless',
  'checkout','settlement','clearing','interchange','acquirer','issuer','network','networks','compliance','scheme',
  'the','a','of','and','to','in','is','for','that','with','on','as','are','by','this','from','at','it','be','or',
  'new','fast','cheap','real-time','cross-border','european','global','digital','service','services','platform']);

INSERT INTO posts (title, slug, content, content_html, excerpt, category, cover_image, published, language, published_at)
SELECT initcap(title), 'bench-' || n, body, '<p>' || body || '</p>', left(body, 160),
       (ARRAY['Digital Payments','Fintech','Regulations','Cybersecurity','Innovation','Market Trends'])[1 + n % 6],
       '/covers/fintech-1.svg', true, lang, now() - (n || ' minutes')::interval
FROM (
  SELECT n, lang,
         (SELECT string_agg(v.words[1 + floor(random() * array_length(v.words, 1))::int], ' ')
            FROM vocab v, generate_series(1, 6 + (n % 4)) WHERE v.language = lang) AS title,
         (SELECT string_agg(v.words[1 + floor(random() * array_length(v.words, 1))::int], ' ')
            FROM vocab v, generate_series(1, 250 + (n * 7919) % 450) WHERE v.language = lang) AS body
  FROM (SELECT n, CASE WHEN n % 2 = 0 THEN 'cs' ELSE 'en' END AS lang FROM generate_series(:first, :first + :posts - 1) AS n) AS s
) AS generated;

-- PostgreSQL's own full-text search on the same corpus: English stemming for English posts,
-- 'simple' for Czech (PostgreSQL ships no Czech stemmer), title weighted above body, GIN index.
ALTER TABLE posts ADD COLUMN bench_tsv tsvector;
UPDATE posts SET bench_tsv =
  setweight(to_tsvector(CASE WHEN language = 'en' THEN 'english'::regconfig ELSE 'simple'::regconfig END, title), 'A') ||
  to_tsvector(CASE WHEN language = 'en' THEN 'english'::regconfig ELSE 'simple'::regconfig END, content);
CREATE INDEX posts_bench_tsv_idx ON posts USING gin (bench_tsv);
ANALYZE posts;

-- The change log would have the follower re-read the newest changes for a few seconds: age it.
UPDATE post_changes SET changed_at = now() - interval '1 hour';
