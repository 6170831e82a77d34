// Three blogd nodes on one PostgreSQL behind nginx (round robin), driven only through nginx and
// blogctl as a user and an operator meet them: sessions, a post's life, uploads, reindex, a node
// killed during writes, PostgreSQL restarted under load.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, test } from 'node:test';

import { blogctl, Client, Cluster, sleep } from './support/cluster.mjs';

const cluster = new Cluster();
let admin;

before(async () => {
  await cluster.start();
  admin = new Client(cluster.url);
  const res = await admin.post('/api/login', {
    json: { username: cluster.adminUser, password: cluster.adminPassword },
  });
  assert.equal(res.status, 200, res.text_);
});

after(async () => {
  await cluster.stop();
});

// /nodeN/… through nginx reaches node N alone.
const onNode = (n, p) => `/node${n.index + 1}${p}`;

// Polls every node until check(response) holds on each; returns the milliseconds it took. Fails
// past limitMs.
async function onEveryNode(client, p, check, limitMs = 1000) {
  const started = Date.now();
  const pending = new Set(cluster.nodes);
  let last = '';
  while (pending.size) {
    for (const n of [...pending]) {
      const res = await client.get(onNode(n, p));
      if (check(res)) pending.delete(n);
      else last = `node ${n.index + 1}: ${res.status} ${res.text_.slice(0, 200)}`;
    }
    if (pending.size && Date.now() - started > limitMs)
      assert.fail(`${p} not right on every node within ${limitMs} ms; ${last}`);
    if (pending.size) await sleep(10);
  }
  return Date.now() - started;
}

const searchSlugs = (res) => (res.status === 200 ? JSON.parse(res.text_).results.map((r) => r.slug) : null);

test('a session made on one node works on every node, and signing out ends it on every node', async () => {
  const user = new Client(cluster.url);
  const login = await user.post('/api/login', {
    json: { username: cluster.adminUser, password: cluster.adminPassword },
  });
  assert.equal(login.status, 200);
  for (const n of cluster.nodes) {
    const me = await user.get(onNode(n, '/api/user'));
    assert.equal(me.status, 200, `node ${n.index + 1}: ${me.text_}`);
  }
  const stolen = new Client(cluster.url);
  stolen.cookies = new Map(user.cookies);
  const out = await user.post('/api/logout');
  assert.equal(out.status, 200);
  for (const n of cluster.nodes) assert.equal((await stolen.get(onNode(n, '/api/user'))).status, 401);
});

test('a post written, updated, hidden and deleted through one node is right on every node within 1 s', async () => {
  const reader = new Client(cluster.url);
  const created = await admin.post('/api/posts', {
    json: { title: 'Pangolinword across nodes', content: '<p>pangolinword</p>', category: 'Fintech', language: 'en' },
  });
  assert.equal(created.status, 201, created.text_);
  const { id, slug } = JSON.parse(created.text_);
  const writer = cluster.nodeOf(created);
  assert.ok(writer, 'nginx names the node that answered');
  // Read-your-writes: the writing node shows it as soon as the write has answered.
  assert.equal((await reader.get(onNode(writer, `/api/posts/${slug}`))).status, 200);
  assert.deepEqual(searchSlugs(await reader.get(onNode(writer, '/api/search?q=pangolinword'))), [slug]);
  await onEveryNode(reader, `/api/posts/${slug}`, (r) => r.status === 200);
  await onEveryNode(reader, '/api/search?q=pangolinword', (r) => searchSlugs(r)?.includes(slug));
  await onEveryNode(reader, `/post/${slug}`, (r) => r.status === 200 && r.text_.includes('Pangolinword across nodes'));

  const updated = await admin.put(`/api/posts/id/${id}`, { json: { title: 'Pangolinword renamed everywhere' } });
  assert.equal(updated.status, 200, updated.text_);
  await onEveryNode(reader, `/api/posts/${slug}`, (r) => r.status === 200 && r.text_.includes('renamed everywhere'));
  await onEveryNode(reader, '/api/search?q=renamed', (r) => searchSlugs(r)?.includes(slug));

  const hidden = await admin.patch(`/api/admin/posts/${id}/toggle-published`);
  assert.equal(hidden.status, 200, hidden.text_);
  assert.equal((await reader.get(onNode(cluster.nodeOf(hidden), `/api/posts/${slug}`))).status, 404);
  await onEveryNode(reader, `/api/posts/${slug}`, (r) => r.status === 404);
  await onEveryNode(reader, '/api/search?q=pangolinword', (r) => searchSlugs(r)?.length === 0);

  const deleted = await admin.del(`/api/admin/posts/${id}`);
  assert.equal(deleted.status, 200, deleted.text_);
  await onEveryNode(admin, `/api/posts/${slug}`, (r) => r.status === 404);
});

test('an image uploaded through one node is served by every node', async () => {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000a49444154789c63000100000500010d0a2db40000000049454e44ae426082',
    'hex',
  );
  const form = new FormData();
  form.append('image', new Blob([png], { type: 'image/png' }), 'dot.png');
  const res = await fetch(`${cluster.url}/api/upload`, {
    method: 'POST',
    headers: { Origin: cluster.url, Cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    body: form,
  });
  const text = await res.text();
  assert.equal(res.status, 201, text);
  const { url } = JSON.parse(text);
  const bodies = new Set();
  for (const n of cluster.nodes) {
    const file = await fetch(`${cluster.url}${onNode(n, url)}`);
    assert.equal(file.status, 200, `node ${n.index + 1}`);
    assert.equal(file.headers.get('content-type'), 'image/png');
    bodies.add(Buffer.from(await file.arrayBuffer()).toString('hex'));
  }
  assert.equal(bodies.size, 1, 'every node serves the same bytes');
});

test('blogctl reindex swaps every node’s index with no failed search', async () => {
  const reader = new Client(cluster.url);
  const demo = searchSlugs(await reader.get('/api/search?q=payment&language=cs'));
  assert.ok(demo.length > 0, 'the demo posts are found');
  let searching = true;
  let searches = 0;
  const failures = [];
  const loop = (async () => {
    while (searching) {
      const res = await reader.get('/api/search?q=payment&language=cs');
      searches++;
      const found = searchSlugs(res);
      if (!found || found.length === 0) failures.push(`${res.status} from ${res.headers.get('x-upstream')}`);
    }
  })();
  const ctl = spawn(blogctl, ['reindex'], {
    env: { ...process.env, BLOG_DATABASE_URL: cluster.dbUrl, BLOG_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  ctl.stdout.on('data', (d) => (output += d));
  ctl.stderr.on('data', (d) => (output += d));
  const code = await new Promise((resolve) => ctl.once('exit', resolve));
  searching = false;
  await loop;
  assert.equal(code, 0, output);
  // It returns once every node has swapped, and names each one.
  assert.match(output, /3 blogd nodes are rebuilding/);
  assert.equal(output.match(/: search index rebuilt \d+ posts\./g)?.length, 3, output);
  assert.match(output, /Search index rebuilt on every node\./);
  assert.deepEqual(failures, [], `${failures.length} of ${searches} searches failed`);
  for (const n of cluster.nodes) {
    const fresh = searchSlugs(await reader.get(onNode(n, '/api/search?q=payment&language=cs')));
    assert.deepEqual(new Set(fresh), new Set(demo), `node ${n.index + 1} after the rebuild`);
  }
});

test('a node killed during a burst of writes catches up when it starts again', async () => {
  const victim = cluster.nodes[1];
  const burst = async (worker) => {
    const c = new Client(cluster.url);
    c.cookies = new Map(admin.cookies);
    for (let i = 0; i < 10; i++) {
      try {
        await c.post('/api/posts', {
          json: {
            title: `Wombatword burst ${worker}-${i}`,
            content: '<p>wombatword</p>',
            category: 'Fintech',
            language: 'en',
          },
        });
      } catch {
        // a write in flight on the killed node may fail; the database decides whether it happened
      }
    }
  };
  const writers = [0, 1, 2, 3].map(burst);
  await sleep(300);
  await cluster.killNode(victim);
  await Promise.all(writers);
  // More changes while it is down.
  const more = await admin.post('/api/posts', {
    json: { title: 'Wombatword while down', content: '<p>wombatword</p>', category: 'Fintech', language: 'en' },
  });
  assert.equal(more.status, 201, more.text_);
  await cluster.startNode(victim);
  const expected = new Set(cluster.sql("SELECT slug FROM posts WHERE title LIKE 'Wombatword%'").split('\n'));
  assert.ok(expected.size >= 30, `${expected.size} burst posts committed`);
  const reader = new Client(cluster.url);
  const list = await reader.get(onNode(victim, '/api/search?q=wombatword&limit=50'));
  assert.deepEqual(new Set(searchSlugs(list)), expected);
  for (const slug of expected) assert.equal((await reader.get(onNode(victim, `/api/posts/${slug}`))).status, 200);
});

test('PostgreSQL restarted under load: reads stay 200, writes answer 503 fast, every node recovers by itself', async () => {
  const reader = new Client(cluster.url);
  const known = searchSlugs(await reader.get('/api/search?q=payment&language=cs'))[0];
  let loading = true;
  const readFailures = [];
  let reads = 0;
  const paths = [
    '/',
    `/post/${known}`,
    '/api/posts?language=cs',
    `/api/posts/${known}`,
    '/api/search?q=payment',
    '/rss.xml',
    '/sitemap.xml',
    '/api/categories',
  ];
  const load = (async () => {
    while (loading) {
      const p = paths[reads % paths.length];
      const res = await reader.get(p);
      reads++;
      if (res.status !== 200) readFailures.push(`${p}: ${res.status} from ${res.headers.get('x-upstream')}`);
    }
  })();
  await sleep(300);
  cluster.stopDatabase();
  const writeTimes = [];
  for (let i = 0; i < 3; i++) {
    const started = Date.now();
    const res = await admin.post('/api/posts', {
      json: { title: 'Written while the database is away', content: '<p>x</p>', category: 'Fintech', language: 'en' },
    });
    writeTimes.push(Date.now() - started);
    assert.equal(res.status, 503, res.text_);
    assert.match(JSON.parse(res.text_).message, /database is not reachable/);
  }
  assert.ok(Math.max(...writeTimes) < 2000, `writes answered in ${writeTimes} ms`);
  for (const n of cluster.nodes) assert.equal((await reader.get(onNode(n, '/readyz'))).status, 503);
  await sleep(500);
  cluster.startDatabase();
  const restarted = Date.now();
  await onEveryNode(reader, '/readyz', (r) => r.status === 200, 10000);
  const readyAfter = Date.now() - restarted;
  loading = false;
  await load;
  assert.deepEqual(readFailures, [], `${readFailures.length} of ${reads} reads failed`);
  // Writes work again and every node follows the log again (LISTEN re-established).
  const created = await admin.post('/api/posts', {
    json: {
      title: 'Echidnaword after the restart',
      content: '<p>echidnaword</p>',
      category: 'Fintech',
      language: 'en',
    },
  });
  assert.equal(created.status, 201, created.text_);
  const { slug } = JSON.parse(created.text_);
  await onEveryNode(reader, `/api/posts/${slug}`, (r) => r.status === 200);
  await onEveryNode(reader, '/api/search?q=echidnaword', (r) => searchSlugs(r)?.includes(slug));
  assert.equal(cluster.sql("SELECT count(*) FROM posts WHERE title = 'Written while the database is away'"), '0');
  console.log(
    `# ${reads} reads during the restart, all 200; every node ready ${readyAfter} ms after PostgreSQL started`,
  );
});
