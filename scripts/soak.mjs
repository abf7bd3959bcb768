// Soak test (not part of CI): starts the production build as `npm run serve` does,
// on PGlite (or DATABASE_URL), measures the capacity of a mixed read workload for 15 s, then runs
// that mix at half the capacity for SOAK_SECONDS (default 900) and reports the error rate (target
// < 0.1%), the growth of the server's resident memory from the first minute to the end (target
// < 10%) and its largest RSS (under 300 MB on PGlite after 15 minutes, 200 MB on
// PostgreSQL), with the anonymous and file-backed parts (/proc/<pid>/status RssAnon, RssFile).
// Usage: npm run build && npm run soak   (SOAK_SECONDS=60 for a quick look; SOAK_START_SECONDS,
// default 300, is how long the first start with its seeding may take on a busy machine; SOAK_RATE
// soaks at that many requests per second instead of half the capacity, to compare two builds)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { serveEnv, serveNodeArgs } from './lib/serve-command.mjs';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 900);
const START_SECONDS = Number(process.env.SOAK_START_SECONDS ?? 300);
/** The largest RSS allowed, in MB, on the embedded database and on PostgreSQL. */
const RSS_TARGET_MB = process.env.DATABASE_URL ? 200 : 300;
const PORT = Number(process.env.SOAK_PORT ?? 3900);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'soak-'));

const server = spawn(process.execPath, [...serveNodeArgs(), 'build/node/main.js'], {
  env: { ...process.env, ...serveEnv(), PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
/** The server's resident memory in MB: in all, anonymous (heaps, the WASM database) and file-backed (code). */
function memoryMb() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)[1]);
  return { rss: kb('VmRSS') / 1024, anon: kb('RssAnon') / 1024, file: kb('RssFile') / 1024 };
}

async function waitReady() {
  for (let i = 0; i < START_SECONDS * 5; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

function run(opts) {
  return new Promise((resolve, reject) => autocannon(opts, (err, result) => (err ? reject(err) : resolve(result))));
}

try {
  await waitReady();
  const products = await (await fetch(`${base}/api/products?limit=24`)).json();
  const ids = products.map((p) => p._id);
  const requests = [
    { path: '/api/homepage' },
    { path: '/api/products' },
    { path: '/api/products?q=kurta&sort=price-asc' },
    ...ids.slice(0, 8).map((id) => ({ path: `/api/products/${id}` })),
    { path: '/' },
    { path: `/product/${ids[0]}` },
  ];
  const capacity = await run({ url: base, connections: 50, duration: 15, requests });
  const rate = Number(process.env.SOAK_RATE) || Math.max(10, Math.floor(capacity.requests.average / 2));
  console.log(`capacity ≈ ${Math.round(capacity.requests.average)} req/s; soaking at ${rate} req/s for ${SECONDS} s`);
  const samples = [];
  const sampler = setInterval(() => samples.push(memoryMb()), 5000);
  const soak = await run({ url: base, connections: 20, duration: SECONDS, overallRate: rate, requests });
  clearInterval(sampler);
  const total = soak.requests.total;
  const errors = soak.errors + soak.timeouts + soak.non2xx;
  const rss = samples.map((m) => m.rss);
  const early = Math.max(...rss.slice(0, Math.min(12, rss.length)));
  const late = Math.max(...rss.slice(-Math.min(12, rss.length)));
  const growth = ((late - early) / early) * 100;
  const largest = samples.reduce((a, b) => (b.rss > a.rss ? b : a));
  const mb = (n) => `${n.toFixed(1)} MB`;
  console.log(`requests ${total}, errors ${errors} (${((errors / Math.max(1, total)) * 100).toFixed(3)}%), p99 ${soak.latency.p99} ms`);
  console.log(`RSS first minute ${mb(early)}, last minute ${mb(late)}, growth ${growth.toFixed(1)}%`);
  console.log(
    `RSS at most ${mb(largest.rss)} (anonymous ${mb(largest.anon)}, files ${mb(largest.file)}) after ${Math.round(SECONDS / 60)} min; target < ${RSS_TARGET_MB} MB: ${largest.rss < RSS_TARGET_MB ? 'met' : 'MISSED'}`,
  );
  const ok = errors / Math.max(1, total) < 0.001 && growth < 10 && largest.rss < RSS_TARGET_MB;
  console.log(ok ? 'soak: PASS' : 'soak: FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  rmSync(dataDir, { recursive: true, force: true });
}
