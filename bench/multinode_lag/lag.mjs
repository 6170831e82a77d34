// Measures, for WRITES posts written one after another through node 1, the time from the write's
// answer until the post is visible on nodes 2 and 3 (GET /api/posts/{slug} answers 200), each
// polled directly in a tight loop. Prints p50, p90, p99 and max per node and over both.
import { Client, Cluster } from '../../tests/multinode/support/cluster.mjs';

const writes = Number(process.env.WRITES || 300);

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function line(name, samples) {
  const s = [...samples].sort((a, b) => a - b);
  const f = (v) => v.toFixed(2).padStart(7);
  return `${name.padEnd(22)} n=${String(s.length).padStart(4)}  p50 ${f(percentile(s, 50))} ms  p90 ${f(percentile(s, 90))} ms  p99 ${f(percentile(s, 99))} ms  max ${f(s[s.length - 1])} ms`;
}

// Polls until the post answers 200 on `node`; returns the milliseconds after `from`.
async function visibleAfter(node, slug, from) {
  for (;;) {
    const res = await fetch(`http://${node.address}/api/posts/${slug}`);
    await res.arrayBuffer();
    if (res.status === 200) return performance.now() - from;
    if (performance.now() - from > 10000) throw new Error(`${slug} not on ${node.address} after 10 s`);
  }
}

const cluster = new Cluster();
try {
  await cluster.start();
  const [writer, ...others] = cluster.nodes;
  const admin = new Client(`http://${writer.address}`);
  admin.base = cluster.url; // Origin: the public URL; requests go to node 1 directly
  const login = await fetch(`http://${writer.address}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: cluster.url },
    body: JSON.stringify({ username: cluster.adminUser, password: cluster.adminPassword }),
  });
  const cookie = login.headers.getSetCookie()[0].split(';')[0];
  const writeMs = [];
  const lag = others.map(() => []);
  const worst = [];
  for (let i = 0; i < writes; i++) {
    const started = performance.now();
    const res = await fetch(`http://${writer.address}/api/posts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: cluster.url, Cookie: cookie },
      body: JSON.stringify({
        title: `Lag probe ${i} ${Date.now()}`,
        content: '<p>lag probe</p>',
        category: 'Fintech',
        language: 'en',
      }),
    });
    const body = await res.json();
    const answered = performance.now();
    if (res.status !== 201) throw new Error(`write ${i}: ${res.status} ${JSON.stringify(body)}`);
    writeMs.push(answered - started);
    const seen = await Promise.all(others.map((n) => visibleAfter(n, body.slug, answered)));
    seen.forEach((ms, k) => lag[k].push(ms));
    worst.push(Math.max(...seen));
  }
  console.log(`multi-node lag: ${writes} writes through node 1, visibility polled on nodes 2 and 3`);
  console.log(line('write answered', writeMs));
  others.forEach((n, k) => console.log(line(`lag node ${k + 2}`, lag[k])));
  console.log(line('lag (slower of 2, 3)', worst));
} finally {
  await cluster.stop();
}
