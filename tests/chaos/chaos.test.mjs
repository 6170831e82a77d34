// Fault injection: creates, updates, hides, deletes and translation links against three blogd nodes
// on one PostgreSQL while, at seeded random moments, a node is killed (sometimes again within a
// second of its restart), a transaction is held open for 15 s while later ones commit, or
// PostgreSQL restarts. After each round every node is compared with PostgreSQL: each visible post
// is served with its current title and found by a word of its body, each hidden or deleted one is
// neither, and every write answered 2xx is in the database.
//
// Environment: CHAOS_ROUNDS (2), CHAOS_SEED (random; printed, so a failing run can be replayed),
// CHAOS_WRITE_MS (4000, the writes of one round), CHAOS_HOLD_MS (15000), and the cluster's own
// (tests/multinode/support/cluster.mjs).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { Client, Cluster, sleep } from '../multinode/support/cluster.mjs';

const rounds = Number(process.env.CHAOS_ROUNDS || 2);
const seed = Number(process.env.CHAOS_SEED || Math.floor(Math.random() * 2 ** 31));
const writeMs = Number(process.env.CHAOS_WRITE_MS || 4000);
const holdMs = Number(process.env.CHAOS_HOLD_MS || 15000);
const writers = 4;
// How long the nodes may take to agree with PostgreSQL after a round's last fault.
const convergeMs = 20000;

// mulberry32: a small seeded generator, so a run is replayed by its seed.
function generator(s) {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(seed);
const between = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const pick = (list) => list[Math.floor(random() * list.length)];
// A word no other post has, of letters only (so every analyser keeps it whole).
let wordCount = 0;
function uniqueWord() {
  let n = ++wordCount * 7919 + seed % 1000;
  let word = '';
  while (n > 0) {
    word += String.fromCharCode(97 + (n % 26));
    n = Math.floor(n / 26);
  }
  return `chaoz${word}`;
}

const cluster = new Cluster();
let admin;
let checks = 0;
const lost = [];
// Writes refused (4xx) that nothing in the round explains: each is a fault of the nodes.
const refused = [];
// Whether nginx tried more than one node for this request (X-Upstream lists each it tried).
let resent = 0;
function retried(res) {
  const again = (res.headers.get('x-upstream') || '').includes(',');
  if (again) resent++;
  return again;
}

before(async () => {
  console.log(`chaos: seed ${seed} (CHAOS_SEED=${seed} replays it), ${rounds} rounds`);
  await cluster.start();
  admin = new Client(cluster.url);
  const res = await admin.post('/api/login', { json: { username: cluster.adminUser, password: cluster.adminPassword } });
  assert.equal(res.status, 200, res.text_);
});

after(async () => {
  await cluster.stop();
});

const onNode = (n, p) => `/node${n.index + 1}${p}`;

// What the writers were told, post by post. A write that got no answer (a node killed under it,
// PostgreSQL away) may or may not have happened: its outcome is left open, never counted as lost.
class Ledger {
  constructor() {
    this.posts = new Map(); // id -> { slug, word, titles: Set of possible titles, gone: 'no' | 'maybe' | 'yes', published: true | false | null, translationOf }
  }

  created(id, slug, word, title, translationOf = null) {
    this.posts.set(id, { id, slug, word, titles: new Set([title]), gone: 'no', published: true, translationOf });
  }
}

// One writer: a sequence of seeded operations on its own posts, through nginx (round robin).
async function writer(round, w, ledger, until) {
  const client = new Client(cluster.url);
  client.cookies = new Map(admin.cookies);
  const mine = [];
  let k = 0;
  const attempt = async (fn) => {
    try {
      return await fn();
    } catch {
      return null; // the connection failed: no answer
    }
  };
  while (Date.now() < until) {
    const live = mine.filter((id) => ledger.posts.get(id).gone !== 'yes');
    const op = live.length === 0 ? 'create' : pick(['create', 'create', 'update', 'update', 'hide', 'delete', 'link']);
    if (op === 'create' || op === 'link') {
      const word = uniqueWord();
      const title = `Chaos ${round}-${w}-${k++} ${word}`;
      let translationOf = null;
      let language = 'en';
      if (op === 'link') {
        const candidates = live.filter((id) => {
          const p = ledger.posts.get(id);
          return p.gone === 'no' && !p.linked && p.language !== 'cs';
        });
        if (candidates.length === 0) continue;
        translationOf = pick(candidates);
        language = 'cs';
        ledger.posts.get(translationOf).linked = true; // one attempt per post, answered or not
      }
      const json = { title, content: `<p>${word} platby</p>`, category: 'Fintech', language };
      if (translationOf) json.translationOf = translationOf;
      const res = await attempt(() => client.post('/api/posts', { json }));
      if (res && res.status >= 400 && res.status < 500)
        refused.push(`round ${round}: ${op}: ${res.status} ${res.text_}`);
      if (res && res.status === 201) {
        const body = JSON.parse(res.text_);
        ledger.created(body.id, body.slug, word, title, translationOf);
        ledger.posts.get(body.id).language = language;
        mine.push(body.id);
      }
    } else {
      const id = pick(live);
      const p = ledger.posts.get(id);
      let res;
      if (op === 'update') {
        const title = `Chaos ${round}-${w}-${k++} ${p.word} v`;
        res = await attempt(() => client.put(`/api/posts/id/${id}`, { json: { title } }));
        if (res && res.status === 200) p.titles = new Set([title]);
        else if (!res || res.status >= 500) p.titles.add(title);
      } else if (op === 'hide') {
        res = await attempt(() => client.patch(`/api/admin/posts/${id}/toggle-published`));
        if (res && res.status === 200) p.published = JSON.parse(res.text_).published;
        else if (!res || res.status >= 500) p.published = null;
      } else {
        res = await attempt(() => client.del(`/api/admin/posts/${id}`));
        if (res && res.status === 200) p.gone = 'yes';
        else if (!res || res.status >= 500) p.gone = 'maybe';
      }
      // nginx sends an idempotent request (PUT, DELETE) again to the next node when the first one
      // dies before it answers, perhaps after it committed: a DELETE then finds no post. So does
      // any write after a delete that got no answer. Either way the post is gone, which the round's
      // comparison with PostgreSQL checks.
      if (res && res.status === 404 && (p.gone === 'maybe' || (op === 'delete' && retried(res)))) p.gone = 'yes';
      else if (res && res.status >= 400 && res.status < 500)
        refused.push(`round ${round}: ${op} of post ${id}: ${res.status} ${res.text_}`);
    }
    await sleep(between(5, 40));
  }
}

function psqlHold(ms, word) {
  // A transaction that takes its seq now and commits after `ms`, while later ones commit.
  const statement =
    `BEGIN; INSERT INTO posts (title, slug, content, content_html, excerpt, category, language) VALUES ` +
    `('Chaos held ${word}', 'chaos-held-${word}', '${word}', '<p>${word} platby</p>', '${word}', 'Fintech', 'en'); ` +
    `SELECT pg_sleep(${ms / 1000}); COMMIT;`;
  const pgBin = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';
  const child = spawn(path.join(pgBin, 'psql'), ['-qtAX', cluster.dbUrl, '-c', statement], { stdio: 'ignore' });
  return new Promise((resolve) => child.once('exit', resolve));
}

// The round's faults, one after another at seeded moments within the writes.
async function faults(round, until) {
  const pending = [];
  const events = [];
  while (Date.now() < until) {
    await sleep(between(200, 1200));
    if (Date.now() >= until) break;
    const kind = pick(['kill', 'kill', 'hold', 'restart-db']);
    if (kind === 'kill') {
      const victim = pick(cluster.nodes);
      await cluster.killNode(victim);
      await sleep(between(50, 600));
      if (random() < 0.5) {
        // Again within a second of its restart, while it loads and catches up.
        await cluster.startNode(victim, { ready: false });
        await sleep(between(0, 1000));
        await cluster.killNode(victim);
        events.push(`node ${victim.index + 1} killed twice`);
      } else {
        events.push(`node ${victim.index + 1} killed`);
      }
      await cluster.startNode(victim);
    } else if (kind === 'hold') {
      pending.push(psqlHold(holdMs, uniqueWord()));
      events.push('a transaction held open');
    } else {
      cluster.stopDatabase();
      await sleep(between(100, 800));
      cluster.startDatabase();
      events.push('PostgreSQL restarted');
    }
  }
  await Promise.all(pending);
  console.log(`chaos: round ${round}: ${events.join(', ') || 'no fault'}`);
}

// PostgreSQL's truth about the chaos posts: id -> { slug, title, shown, word, pair }, where pair is
// the slug of a linked translation (search shows a story once, by either of its posts).
function truth() {
  const rows = cluster.sql(
    "SELECT p.id, p.slug, p.title, (p.published AND NOT p.hidden_by_admin AND p.published_at <= now())::text, " +
      "p.content_html, coalesce(t.slug, '') FROM posts p LEFT JOIN posts t ON t.id = p.translation_of " +
      "WHERE p.title LIKE 'Chaos %' ORDER BY p.id",
  );
  const posts = new Map();
  for (const line of rows ? rows.split('\n') : []) {
    const [id, slug, title, shown, html, pair] = line.split('|');
    posts.set(Number(id), { slug, title, shown: shown === 'true', word: /chaoz[a-z]+/.exec(html)[0], pair });
  }
  return posts;
}

// What each node shows of the truth; returns the disagreements (empty once converged).
async function compare(expected, gone) {
  const reader = new Client(cluster.url);
  const wrong = [];
  let made = 0;
  for (const n of cluster.nodes) {
    const found = async (word) => {
      const res = await reader.get(onNode(n, `/api/search?language=cs&limit=50&q=${word}`));
      if (res.status !== 200) return null;
      return JSON.parse(res.text_).results.map((r) => r.slug);
    };
    for (const [id, p] of expected) {
      const res = await reader.get(onNode(n, `/api/posts/${p.slug}`));
      const slugs = await found(p.word);
      made += 2;
      if (p.shown) {
        if (res.status !== 200) wrong.push(`node ${n.index + 1}: post ${id} (${p.slug}) answers ${res.status}`);
        else if (JSON.parse(res.text_).title !== p.title)
          wrong.push(`node ${n.index + 1}: post ${id} has title '${JSON.parse(res.text_).title}', not '${p.title}'`);
        if (!slugs || !(slugs.includes(p.slug) || (p.pair && slugs.includes(p.pair))))
          wrong.push(`node ${n.index + 1}: post ${id} not found by '${p.word}'`);
      } else {
        if (res.status !== 404) wrong.push(`node ${n.index + 1}: hidden post ${id} answers ${res.status}`);
        if (!slugs || slugs.includes(p.slug)) wrong.push(`node ${n.index + 1}: hidden post ${id} found by search`);
      }
    }
    for (const p of gone) {
      const res = await reader.get(onNode(n, `/api/posts/${p.slug}`));
      const slugs = await found(p.word);
      made += 2;
      if (res.status !== 404) wrong.push(`node ${n.index + 1}: deleted post ${p.id} answers ${res.status}`);
      if (!slugs || slugs.includes(p.slug)) wrong.push(`node ${n.index + 1}: deleted post ${p.id} found by search`);
    }
  }
  return { wrong, made };
}

// Every write answered 2xx is in PostgreSQL.
function acknowledged(ledger, db) {
  const missing = [];
  for (const p of ledger.posts.values()) {
    const row = db.get(p.id);
    checks++;
    if (p.gone === 'yes') {
      if (row) missing.push(`post ${p.id}: deleted (answered 200) but still there`);
      continue;
    }
    if (!row) {
      if (p.gone === 'no') missing.push(`post ${p.id}: created (answered 201) but not there`);
      continue;
    }
    if (!p.titles.has(row.title)) missing.push(`post ${p.id}: title '${row.title}', answered [${[...p.titles]}]`);
    if (p.published !== null && row.shown !== p.published)
      missing.push(`post ${p.id}: shown ${row.shown}, answered published ${p.published}`);
  }
  if (ledger.links)
    for (const [cs, en] of ledger.links) {
      checks++;
      if (db.get(cs) && db.get(en) && cluster.sql(`SELECT translation_of FROM posts WHERE id = ${cs}`) !== String(en))
        missing.push(`post ${cs}: linked to ${en} (answered 201) but the link is not there`);
    }
  return missing;
}

test('no acknowledged write is lost, and every node agrees with PostgreSQL after each round of faults', async () => {
  const ledger = new Ledger();
  for (let round = 1; round <= rounds; round++) {
    const until = Date.now() + writeMs;
    await Promise.all([
      faults(round, until),
      ...Array.from({ length: writers }, (_, w) => writer(round, w, ledger, until)),
    ]);
    ledger.links = [...ledger.posts.values()].filter((p) => p.translationOf).map((p) => [p.id, p.translationOf]);
    const db = truth();
    for (const problem of acknowledged(ledger, db)) lost.push(`round ${round}: ${problem}`);
    // Deleted: in the ledger, no longer in PostgreSQL.
    const gone = [...ledger.posts.values()].filter((p) => !db.has(p.id));
    const started = Date.now();
    let result;
    for (;;) {
      result = await compare(db, gone);
      if (result.wrong.length === 0 || Date.now() - started > convergeMs) break;
      await sleep(250);
    }
    checks += result.made;
    for (const problem of result.wrong) lost.push(`round ${round}: ${problem}`);
    console.log(
      `chaos: round ${round}: ${db.size} posts in PostgreSQL, ${gone.length} deleted, nodes agree after ${Date.now() - started} ms`,
    );
  }
  console.log(`chaos: ${resent} deletes found their post gone, sent again by nginx after a node died`);
  console.log(`${rounds} rounds, ${checks} checks, ${lost.length} lost, ${refused.length} refused`);
  assert.deepEqual(lost, [], `seed ${seed}: ${lost.length} lost`);
  assert.deepEqual(refused, [], `seed ${seed}: ${refused.length} writes refused`);
});
