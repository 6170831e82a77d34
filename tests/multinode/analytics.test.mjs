// View counting on three blogd nodes behind nginx (issue 26): N views of a post, served pages and
// the app's beacons, spread over every node, are N views after the nodes have written their
// batches, and one reader is one visitor on all of them.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { Client, Cluster, sleep } from './support/cluster.mjs';

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

const browsers = [
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
];

// Today's views and visitors and the post's views, as the admin's report has them.
async function report(postId) {
  const res = await admin.get('/api/admin/analytics?days=7');
  assert.equal(res.status, 200, res.text_);
  const body = JSON.parse(res.text_);
  const today = body.days.at(-1);
  const post = body.posts.find((p) => p.id === postId);
  return { date: today.date, views: today.views, visitors: today.visitors, post: post ? post.views : 0 };
}

test('N views spread over three nodes behind nginx are exactly N after the nodes write', async () => {
  const posts = JSON.parse((await admin.get('/api/posts?language=en')).text_);
  const { id, slug } = posts.at(-1);
  const before = await report(id);
  const reader = new Client(cluster.url);
  const answeredBy = new Map();
  const note = (res) => {
    const node = cluster.nodeOf(res);
    if (node) answeredBy.set(node.index, (answeredBy.get(node.index) ?? 0) + 1);
  };
  let n = 0;
  for (let round = 0; round < 4; round++) {
    for (const [i, agent] of browsers.entries()) {
      const headers = { 'User-Agent': agent };
      // A served page through nginx's round robin...
      let res = await reader.get(`/post/${slug}`, { headers });
      assert.equal(res.status, 200);
      note(res);
      // ...one on each node by name...
      for (const node of cluster.nodes) {
        res = await reader.get(`/node${node.index + 1}/post/${slug}`, { headers });
        assert.equal(res.status, 200);
      }
      // ...and the app's beacon, round robin too.
      res = await reader.post('/api/views', { json: { path: `/post/${slug}` }, headers });
      assert.equal(res.status, 204);
      note(res);
      n += 1 + cluster.nodes.length + 1;
      // Not counted, on any node: a bot, a prefetch, Do Not Track.
      await reader.get(`/post/${slug}`, { headers: { 'User-Agent': 'Googlebot/2.1' } });
      await reader.get(`/node${i + 1}/post/${slug}`, { headers: { ...headers, 'Sec-Purpose': 'prefetch' } });
      await reader.get(`/post/${slug}`, { headers: { ...headers, DNT: '1' } });
    }
  }
  assert.equal(answeredBy.size, 3, `nginx spread the round robin over every node: ${[...answeredBy]}`);

  // Every node writes its batch every 5 s: wait for all of them, then for one more round of writes
  // to be sure nothing is counted twice.
  const started = Date.now();
  let now = await report(id);
  while (now.views - before.views < n && Date.now() - started < 20_000) {
    await sleep(250);
    now = await report(id);
  }
  assert.equal(now.views - before.views, n, 'every view counted once');
  assert.equal(now.post - before.post, n);
  await sleep(6_000);
  now = await report(id);
  assert.equal(now.views - before.views, n, 'and no view counted twice');
  assert.equal(now.post - before.post, n);
  // Two browsers from one address: two visitors, however many nodes they met.
  assert.equal(now.visitors - before.visitors, browsers.length);
  const stored = cluster.sql(
    `SELECT sum(views) FROM analytics_post_days WHERE post_id = ${id} AND day = '${now.date}'`,
  );
  assert.equal(Number(stored) - before.post, n);
});
