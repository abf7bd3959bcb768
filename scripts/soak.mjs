// Soak test (issue 9; not part of CI): starts the production build as `npm run serve` does, on
// PGlite (or DATABASE_URL), measures the capacity of a mixed read workload for 15 s, then runs that
// mix at half the capacity for SOAK_SECONDS (default 600) and reports the error rate (target < 0.1%)
// and the growth of the server's resident memory from the first minute to the end (target < 10%).
// Usage: npm run build && npm run soak   (SOAK_SECONDS=60 for a quick look)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { serveNodeArgs } from './lib/serve-command.mjs';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const PORT = Number(process.env.SOAK_PORT ?? 3900);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'soak-'));

const server = spawn(process.execPath, [...serveNodeArgs(), 'build/node/main.js'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) / 1024;

async function waitReady() {
  for (let i = 0; i < 300; i++) {
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
  const rate = Math.max(10, Math.floor(capacity.requests.average / 2));
  console.log(`capacity ≈ ${Math.round(capacity.requests.average)} req/s; soaking at ${rate} req/s for ${SECONDS} s`);
  const samples = [];
  const sampler = setInterval(() => samples.push(rssMb()), 5000);
  const soak = await run({ url: base, connections: 20, duration: SECONDS, overallRate: rate, requests });
  clearInterval(sampler);
  const total = soak.requests.total;
  const errors = soak.errors + soak.timeouts + soak.non2xx;
  const early = Math.max(...samples.slice(0, Math.min(12, samples.length)));
  const late = Math.max(...samples.slice(-Math.min(12, samples.length)));
  const growth = ((late - early) / early) * 100;
  console.log(`requests ${total}, errors ${errors} (${((errors / Math.max(1, total)) * 100).toFixed(3)}%), p99 ${soak.latency.p99} ms`);
  console.log(`RSS first minute ${early.toFixed(1)} MB, last minute ${late.toFixed(1)} MB, growth ${growth.toFixed(1)}%`);
  const ok = errors / Math.max(1, total) < 0.001 && growth < 10;
  console.log(ok ? 'soak: PASS' : 'soak: FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  server.kill('SIGTERM');
}
