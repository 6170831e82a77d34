-- Loads :posts realistic published posts (half 'en', half 'cs') in one statement, with one author.
-- Usage: psql -v ON_ERROR_STOP=1 -v posts=10000 -f bench/read_path/posts.sql URL
-- Titles and slugs are unique (the title carries the post number); excerpts ~150 characters; content (= content_html) is 6-10 HTML
-- paragraphs, ~2-4 KB; categories are the six built-ins; published_at spread over the past year.
WITH author AS (
  INSERT INTO users (username, email, password, role, approval_status, email_verified)
  VALUES ('Jana Novakova', 'jana.novakova@paytech.local', '!bench-no-login', 'user', 'approved', true)
  RETURNING id
), words AS (
  SELECT
    ARRAY['Digital Payments', 'Fintech', 'Regulations', 'Cybersecurity', 'Innovation', 'Market Trends'] AS categories,
    ARRAY['Instant payments', 'Open banking', 'Card tokenisation', 'PSD3 and the PSR', 'Real-time fraud scoring',
          'Embedded finance', 'Cross-border remittances', 'Central bank digital currencies', 'Buy now, pay later',
          'Request to pay', 'Strong customer authentication', 'Merchant acquiring', 'Digital wallets',
          'ISO 20022 migration', 'Account-to-account payments', 'Payment orchestration'] AS en_topics,
    ARRAY['what banks must know in 2025', 'a practical guide for merchants', 'lessons from the first year',
          'the hidden costs nobody talks about', 'how the market is shifting', 'five myths, debunked',
          'what regulators expect next', 'a checklist for product teams', 'the numbers behind the hype',
          'why incumbents are worried'] AS en_angles,
    ARRAY['Okamžité platby', 'Otevřené bankovnictví', 'Tokenizace karet', 'PSD3 a nové nařízení',
          'Skórování podvodů v reálném čase', 'Vestavěné finance', 'Přeshraniční převody',
          'Digitální měny centrálních bank', 'Kup teď, zaplať později', 'Žádost o platbu',
          'Silné ověření klienta', 'Akceptace karet u obchodníků', 'Digitální peněženky',
          'Přechod na ISO 20022', 'Platby z účtu na účet', 'Orchestrace plateb'] AS cs_topics,
    ARRAY['co musí banky vědět v roce 2025', 'praktický průvodce pro obchodníky', 'poučení z prvního roku',
          'skryté náklady, o kterých se nemluví', 'jak se mění trh', 'pět mýtů na pravou míru',
          'co regulátoři čekají dál', 'kontrolní seznam pro produktové týmy', 'čísla za vším tím humbukem',
          'proč mají zavedené banky obavy'] AS cs_angles,
    ARRAY['Payment providers are rebuilding their stacks around real-time rails, and the change reaches far beyond the checkout page.',
          'Merchants increasingly ask for settlement in seconds rather than days, which puts pressure on legacy batch processing.',
          'Regulators in the European Union have made it clear that fraud liability will shift towards the institutions that can prevent it.',
          'Tokenisation replaces sensitive card data with surrogate values, shrinking the scope of PCI DSS audits considerably.',
          'A well-designed authentication flow balances security against conversion, and the best teams measure both every week.',
          'Open APIs let third parties initiate payments directly from bank accounts, bypassing card networks entirely.',
          'The migration to ISO 20022 brings richer remittance data, but many back offices are not yet ready to use it.',
          'Machine learning models now score transactions in under fifty milliseconds, yet explainability remains a challenge.',
          'Cross-border transfers still cost small businesses far more than domestic ones, despite years of promises.',
          'Embedded finance turns software platforms into distribution channels for loans, insurance and accounts.',
          'Consumers expect the same experience on mobile and desktop, and abandoned baskets tell the story when they do not get it.',
          'Interchange fees remain a contentious topic between retailers, card schemes and issuing banks across Europe.',
          'Central banks are experimenting with digital currencies, mostly to preserve public money in a cashless economy.',
          'Operational resilience rules require firms to map their critical services and test recovery from severe outages.',
          'Request-to-pay schemes promise to replace paper invoices, but adoption depends on banks offering a good interface.',
          'Payment orchestration layers route each transaction to the acquirer most likely to approve it at the lowest cost.'] AS en_sentences,
    ARRAY['Poskytovatelé plateb přestavují své systémy kolem okamžitých plateb a změna sahá daleko za samotnou pokladnu.',
          'Obchodníci stále častěji žádají vypořádání během několika sekund místo dnů, což zatěžuje starší dávkové zpracování.',
          'Regulátoři v Evropské unii dali jasně najevo, že odpovědnost za podvody přejde na instituce, které jim mohou zabránit.',
          'Tokenizace nahrazuje citlivá data karet náhradními hodnotami a výrazně zmenšuje rozsah auditů PCI DSS.',
          'Dobře navržené ověření vyvažuje bezpečnost a konverzi a nejlepší týmy měří obojí každý týden.',
          'Otevřená rozhraní umožňují třetím stranám zadávat platby přímo z bankovních účtů bez karetních asociací.',
          'Přechod na ISO 20022 přináší bohatší data o platbách, ale mnoho back office oddělení je zatím neumí využít.',
          'Modely strojového učení dnes hodnotí transakce za méně než padesát milisekund, vysvětlitelnost však zůstává výzvou.',
          'Přeshraniční převody stále stojí malé firmy mnohem více než tuzemské, navzdory letitým slibům.',
          'Vestavěné finance mění softwarové platformy v distribuční kanály pro úvěry, pojištění a účty.',
          'Zákazníci očekávají stejný zážitek na mobilu i počítači, a když ho nedostanou, prozradí to opuštěné košíky.',
          'Mezibankovní poplatky zůstávají sporným tématem mezi obchodníky, karetními asociacemi a vydavateli karet.',
          'Centrální banky zkoušejí digitální měny hlavně proto, aby zachovaly veřejné peníze v bezhotovostní ekonomice.',
          'Pravidla provozní odolnosti vyžadují, aby firmy zmapovaly kritické služby a testovaly obnovu po vážných výpadcích.',
          'Systémy žádostí o platbu slibují nahradit papírové faktury, jejich rozšíření ale závisí na rozhraní bank.',
          'Orchestrace plateb směruje každou transakci k acquirerovi, který ji nejspíše schválí za nejnižší cenu.'] AS cs_sentences
)
INSERT INTO posts (title, slug, content, content_html, excerpt, category, cover_image, published, language,
                   published_at, author_id, created_at, updated_at)
SELECT t.title,
       regexp_replace(regexp_replace(translate(lower(t.title), 'áčďéěíňóřšťúůýž', 'acdeeinorstuuyz'),
                                     '[^a-z0-9]+', '-', 'g'), '(^-|-$)', '', 'g'),
       c.html, c.html,
       left(s.first || ' ' || s.second, 147) || '...',
       w.categories[(g.i / 2) % 6 + 1],
       '', true, l.lang, p.at, a.id, p.at, p.at
FROM generate_series(1, :posts) AS g(i)
CROSS JOIN words w
CROSS JOIN author a
CROSS JOIN LATERAL (SELECT CASE WHEN g.i % 2 = 0 THEN 'cs' ELSE 'en' END AS lang) l
CROSS JOIN LATERAL (
  SELECT CASE WHEN l.lang = 'en' THEN w.en_sentences ELSE w.cs_sentences END AS sentences,
         CASE WHEN l.lang = 'en'
              THEN w.en_topics[g.i % 16 + 1] || ': ' || w.en_angles[(g.i / 16) % 10 + 1]
              ELSE w.cs_topics[g.i % 16 + 1] || ': ' || w.cs_angles[(g.i / 16) % 10 + 1] END
           || ' (' || g.i || ')' AS title
) t
CROSS JOIN LATERAL (
  SELECT t.sentences[(g.i * 7) % 16 + 1] AS first, t.sentences[(g.i * 11 + 3) % 16 + 1] AS second
) s
CROSS JOIN LATERAL (
  SELECT string_agg('<p>' || t.sentences[(g.i * 7 + n * 5) % 16 + 1] || ' '
                          || t.sentences[(g.i * 3 + n * 13 + 1) % 16 + 1] || ' <strong>'
                          || t.sentences[(g.i + n * 7 + 2) % 16 + 1] || '</strong></p>', E'\n' ORDER BY n) AS html
  FROM generate_series(1, 6 + g.i % 5) AS q(n)
) c
CROSS JOIN LATERAL (
  SELECT now() - interval '5 minutes' - ((g.i::bigint * 7919) % 31536000) * interval '1 second' AS at
) p;

-- blogd re-reads change-log entries younger than 10 s on every pass (late commits); age them so that
-- a freshly started blogd does not re-apply the last 1,000 posts once a second during the measurement.
UPDATE post_changes SET changed_at = changed_at - interval '1 hour';
