#!/usr/bin/env node
/**
 * The Shopify product import at scale (docs/architecture.md#product-import): writes a product CSV
 * of PRODUCTS products x 6 sizes (XS..XXL, Shopify's current columns, no pictures), uploads it to a
 * running shop as the owner, starts the import with the suggested mapping and follows its progress
 * as the import screen does. Shoppers ask for product pages and listing JSON, CONCURRENCY at a
 * time, first (after a warm-up) for BASELINE_SECONDS with no import running, then all through the dry run and the
 * import: the same requests in the same run, so the report gives their p50/p99 both ways and the
 * ratio. Also reports the dry run's and the import's time and the server's peak memory (VmHWM of
 * SERVER_PID, when given).
 *
 *   BASE_URL=http://127.0.0.1:3000 SERVER_PID=<pid> npm run bench:import
 *
 * Env: BASE_URL, ADMIN_EMAIL, ADMIN_PASSWORD (the demo owner by default), PRODUCTS (10000),
 * CONCURRENCY (4), WARMUP_SECONDS (10, not counted), BASELINE_SECONDS (30), SERVER_PID. Run it
 * against a throwaway database and DATA_DIR: the products stay.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const PRODUCTS = Number(process.env.PRODUCTS ?? 10_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const BASELINE_SECONDS = Number(process.env.BASELINE_SECONDS ?? 30);
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 10);
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const run = Date.now().toString(36);

const header = [
  'Title',
  'URL handle',
  'Description',
  'Vendor',
  'Type',
  'Tags',
  'Published on online store',
  'Status',
  'SKU',
  'Option1 name',
  'Option1 value',
  'Price',
  'Compare-at price',
  'Inventory quantity',
];

/** The CSV file: one product row then five more sizes per product. */
function writeCsv(file) {
  const lines = [header.join(',')];
  for (let p = 0; p < PRODUCTS; p++) {
    SIZES.forEach((size, i) => {
      const first = i === 0;
      lines.push(
        [
          first ? `Bench Kurta ${run} ${p}` : '',
          `bench-${run}-${p}`,
          first ? `"<p>Cotton kurta number ${p}.</p><ul><li>Hand wash</li><li>Dry in shade</li></ul>"` : '',
          first ? 'Rangmanch' : '',
          first ? `Bench ${run} ${p % 20}` : '',
          first ? '"cotton, bench"' : '',
          first ? 'TRUE' : '',
          first ? 'active' : '',
          `B${run.toUpperCase()}-${p}-${size}`,
          first ? 'Size' : '',
          size,
          `${499 + (p % 500)}.${String(p % 100).padStart(2, '0')}`,
          '1999.00',
          String(5 + (p % 7)),
        ].join(','),
      );
    });
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
}

async function json(res) {
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${res.status} ${body.message ?? ''}`);
  return body;
}

function peakMemoryMb() {
  if (!process.env.SERVER_PID) return null;
  const status = readFileSync(`/proc/${process.env.SERVER_PID}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Shoppers asking until `until()` is true: a product page, then a page of the listing JSON, in turn. */
function shoppers(handles, until) {
  const latencies = [];
  const shopper = async (n) => {
    for (let i = n; !until(); i++) {
      const url = i % 2 ? `${BASE}/api/products?page=${1 + (i % 3)}` : `${BASE}/products/${handles[i % handles.length]}`;
      const start = performance.now();
      const res = await fetch(url).catch(() => null);
      await res?.arrayBuffer();
      latencies.push({ at: start, ms: performance.now() - start, failed: !res?.ok });
    }
  };
  return Promise.all(Array.from({ length: CONCURRENCY }, (_, n) => shopper(n))).then(() => latencies);
}

/** Count, failures and quantiles of the requests that started in [from, to). */
function stats(latencies, from = 0, to = Infinity) {
  const inside = latencies.filter((l) => l.at >= from && l.at < to);
  const sorted = inside.map((l) => l.ms).sort((a, b) => a - b);
  const failed = inside.filter((l) => l.failed).length;
  return { n: sorted.length, failed, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? 0 };
}

const describe = (r, seconds) =>
  `${r.n} requests (${(r.n / seconds).toFixed(0)}/s, ${r.failed} failed), p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(0)} ms`;

async function main() {
  const { token } = await json(
    await fetch(`${BASE}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: process.env.ADMIN_EMAIL ?? 'admin@rangmanch.in',
        password: process.env.ADMIN_PASSWORD ?? 'Admin@12345',
      }),
    }),
  );
  const auth = { authorization: `Bearer ${token}` };
  const listing = await json(await fetch(`${BASE}/api/products?page=1`));
  const handles = (Array.isArray(listing) ? listing : (listing.products ?? [])).map((p) => p.handle).filter(Boolean);
  if (handles.length === 0) throw new Error('The shop lists no products for the shoppers to ask for');

  // A warm-up (caches filled, code compiled, not counted), then shoppers with no import running, for the comparison.
  let t0 = performance.now();
  await shoppers(handles, () => performance.now() - t0 > WARMUP_SECONDS * 1000);
  t0 = performance.now();
  const quiet = stats(await shoppers(handles, () => performance.now() - t0 > BASELINE_SECONDS * 1000));
  const quietSeconds = (performance.now() - t0) / 1000;
  console.log(`Shoppers, no import: ${describe(quiet, quietSeconds)}`);

  const file = path.join(os.tmpdir(), `bench-import-${run}.csv`);
  writeCsv(file);
  const bytes = readFileSync(file);
  console.log(`CSV: ${PRODUCTS} products x ${SIZES.length} sizes, ${(bytes.length / 1024 / 1024).toFixed(1)} MB`);

  let importing = true;
  t0 = performance.now();
  const busy = shoppers(handles, () => !importing);
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'text/csv' }), 'products_export.csv');
  const dry = await json(await fetch(`${BASE}/api/admin/import/products`, { method: 'POST', headers: auth, body: form }));
  const dryMs = performance.now() - t0;
  console.log(
    `Dry run: ${(dryMs / 1000).toFixed(1)} s, ${dry.summary.products} products, ${dry.summary.variants} variants, ${dry.errorCount} problems`,
  );
  const t1 = performance.now();
  await json(
    await fetch(`${BASE}/api/admin/import/products/${dry._id}/start`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ options: {}, categories: {} }),
    }),
  );
  let job;
  for (;;) {
    await new Promise((r) => setTimeout(r, 2000));
    job = await json(await fetch(`${BASE}/api/admin/import/products/${dry._id}`, { headers: auth }));
    process.stdout.write(`\r${job.rowsDone}/${job.rowsTotal} rows, ${job.errorCount} problems   `);
    if (job.status === 'done' || job.status === 'failed') break;
  }
  importing = false;
  const importMs = performance.now() - t1;
  const all = await busy;
  const during = stats(all);
  const busySeconds = (performance.now() - t0) / 1000;
  const inDry = stats(all, 0, t1);
  const inImport = stats(all, t1);
  console.log(`\nImport: ${job.status} in ${(importMs / 1000).toFixed(1)} s (${Math.round(job.rowsTotal / (importMs / 1000))} rows/s)`);
  console.log('Summary:', JSON.stringify(job.summary));
  console.log(`Shoppers during the dry run and the import: ${describe(during, busySeconds)}`);
  console.log(`  of which during the dry run: ${describe(inDry, dryMs / 1000)}`);
  console.log(`  and during the import: ${describe(inImport, importMs / 1000)}`);
  console.log(`Ratio during / no import: p50 ${(during.p50 / quiet.p50).toFixed(2)}x, p99 ${(during.p99 / quiet.p99).toFixed(2)}x`);
  const peak = peakMemoryMb();
  if (peak !== null) console.log(`Server peak memory (VmHWM): ${peak} MB`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
