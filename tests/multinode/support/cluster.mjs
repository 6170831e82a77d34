// One PostgreSQL, three blogd nodes (each its own BLOG_DATA_DIR, on 127.0.0.2-4) and Debian's nginx
// balancing round robin in front (on 127.0.0.1): started, stopped and killed for the multi-node tests.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const build = process.env.BLOG_BUILD_DIR ? path.resolve(root, process.env.BLOG_BUILD_DIR) : path.join(root, 'build');
export const blogd = path.join(build, 'blogd');
export const blogctl = path.join(build, 'blogctl');
const nginxBinary = process.env.NGINX || '/usr/sbin/nginx';
const pgBin = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Runs bash with tools/lib.sh's functions (pg_init, pg_start, pg_stop, ...).
function lib(commands) {
  execFileSync('bash', ['-c', `. "${root}/tools/lib.sh" && ${commands}`], { stdio: ['ignore', 'ignore', 'inherit'] });
}

function freePort(host) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(check, limitMs, what) {
  const until = Date.now() + limitMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`${what}: not within ${limitMs} ms`);
    await sleep(50);
  }
}

export class Cluster {
  constructor() {
    this.work = mkdtempSync('/tmp/blog-multinode.');
    chmodSync(this.work, 0o755); // nginx's workers run as nobody
    this.pgDir = path.join(this.work, 'pg');
    this.dbUrl = `postgresql:///blog?host=${this.pgDir}/run&user=blog`;
    this.nodes = [];
    this.nginx = null;
    this.adminUser = 'mn_admin';
    this.adminPassword = `mn-admin-${Math.random().toString(36).slice(2, 10)}`;
  }

  async start() {
    lib(`pg_init ${this.pgDir} fast && pg_start ${this.pgDir} && pg_create_db ${this.pgDir} blog`);
    this.ctl(['migrate']);
    this.ctl(['create-admin', '--username', this.adminUser, '--email', 'mn_admin@example.com', '--password-stdin'], {
      input: `${this.adminPassword}\n`,
    });
    this.ctl(['seed-demo']);
    this.nginxPort = await freePort('127.0.0.1');
    this.url = `http://127.0.0.1:${this.nginxPort}`;
    for (let i = 0; i < 3; i++) {
      const host = `127.0.0.${i + 2}`;
      const node = { index: i, host, port: await freePort(host), dataDir: path.join(this.work, `node${i + 1}`) };
      node.address = `${node.host}:${node.port}`;
      mkdirSync(node.dataDir);
      this.nodes.push(node);
    }
    await Promise.all(this.nodes.map((n) => this.startNode(n)));
    this.startNginx();
    await waitFor(async () => (await fetch(`${this.url}/readyz`)).status === 200, 10000, 'nginx');
  }

  // Runs blogctl against the cluster's database; returns its standard output.
  ctl(args, options = {}) {
    return execFileSync(blogctl, args, {
      env: {
        ...process.env,
        BLOG_DATABASE_URL: this.dbUrl,
        BLOG_DATA_DIR: path.join(this.work, 'ctl'),
        BLOG_LOG_LEVEL: 'warn',
      },
      encoding: 'utf8',
      ...options,
    });
  }

  // Runs SQL in the cluster's database (checks only); returns psql's unaligned output.
  sql(statement) {
    return execFileSync(`${pgBin}/psql`, ['-qtAX', this.dbUrl, '-c', statement], { encoding: 'utf8' }).trim();
  }

  // Starts the node's blogd; with `ready` (the default) returns once it answers /readyz.
  async startNode(node, { ready = true } = {}) {
    const log = openSync(path.join(this.work, `node${node.index + 1}.log`), 'a');
    node.process = spawn(blogd, [], {
      env: {
        ...process.env,
        BLOG_DATABASE_URL: this.dbUrl,
        BLOG_DATA_DIR: node.dataDir,
        BLOG_HTTP_ADDRESS: node.host,
        BLOG_HTTP_PORT: String(node.port),
        BLOG_WEB_DIR: path.join(root, 'web/dist'),
        BLOG_PUBLIC_URL: this.url,
        BLOG_TRUSTED_PROXIES: '127.0.0.1',
        BLOG_IO_THREADS: '1',
        BLOG_WORKER_THREADS: '4',
        BLOG_LOG_LEVEL: process.env.BLOG_LOG_LEVEL || 'warn',
      },
      stdio: ['ignore', log, log],
    });
    node.exited = new Promise((resolve) => node.process.once('exit', resolve));
    if (!ready) return;
    await waitFor(
      async () => (await fetch(`http://${node.address}/readyz`)).status === 200,
      30000,
      `blogd node ${node.index + 1}`,
    );
  }

  async killNode(node) {
    node.process.kill('SIGKILL');
    await node.exited;
  }

  async stopNode(node) {
    node.process.kill('SIGTERM');
    await node.exited;
  }

  startNginx() {
    const dir = path.join(this.work, 'nginx');
    mkdirSync(path.join(dir, 'tmp'), { recursive: true });
    const upstreams = this.nodes.map((n) => `    server ${n.address} max_fails=0;`).join('\n');
    // /nodeN/... reaches node N alone (to check each node through nginx); everything else is
    // balanced round robin. X-Upstream names the node that answered.
    const direct = this.nodes
      .map((n) => `    location /node${n.index + 1}/ { proxy_pass http://${n.address}/; }`)
      .join('\n');
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  client_max_body_size 10m;
  upstream blog {
${upstreams}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${this.nginxPort};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_next_upstream error timeout;
    proxy_connect_timeout 1s;
    add_header X-Upstream $upstream_addr always;
    location / { proxy_pass http://blog; }
${direct}
  }
}
`,
    );
    const log = openSync(path.join(dir, 'nginx.out'), 'a');
    this.nginx = spawn(nginxBinary, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', log, log] });
    this.nginxExited = new Promise((resolve) => this.nginx.once('exit', resolve));
  }

  stopDatabase() {
    lib(`pg_stop ${this.pgDir}`);
  }

  startDatabase() {
    lib(`pg_start ${this.pgDir}`);
  }

  // The node that answered, from nginx's X-Upstream header.
  nodeOf(res) {
    const address = (res.headers.get('x-upstream') || '').split(',').pop().trim();
    return this.nodes.find((n) => n.address === address);
  }

  async stop() {
    if (this.nginx) {
      this.nginx.kill('SIGTERM');
      await this.nginxExited;
    }
    for (const n of this.nodes) {
      if (n.process && n.process.exitCode === null && n.process.signalCode === null) await this.stopNode(n);
    }
    try {
      lib(`pg_stop ${this.pgDir}`);
    } finally {
      if (process.env.KEEP_WORK !== '1') rmSync(this.work, { recursive: true, force: true });
    }
  }
}

// A browser-like client of the site through nginx: keeps the session cookie, sends Origin on
// state changes.
export class Client {
  constructor(base) {
    this.base = base;
    this.cookies = new Map();
  }

  async request(method, pathname, { json, body, headers = {} } = {}) {
    const h = { ...headers };
    if (this.cookies.size) h.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && method !== 'HEAD') h.Origin = this.base;
    if (json !== undefined) {
      h['Content-Type'] = 'application/json';
      body = JSON.stringify(json);
    }
    const res = await fetch(this.base + pathname, { method, headers: h, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()),
      );
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    res.text_ = await res.text();
    return res;
  }

  get(p, o) {
    return this.request('GET', p, o);
  }
  post(p, o) {
    return this.request('POST', p, o);
  }
  put(p, o) {
    return this.request('PUT', p, o);
  }
  patch(p, o) {
    return this.request('PATCH', p, o);
  }
  del(p, o) {
    return this.request('DELETE', p, o);
  }
}
