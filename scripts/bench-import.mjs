#!/usr/bin/env node
/**
 * The Shopify product import at scale (docs/architecture.md#moving-in-from-shopify): writes a
 * product CSV of PRODUCTS products x 6 sizes (XS..XXL, Shopify's current columns, no pictures),
 * uploads it to a running shop as the owner, starts the import with the suggested mapping and,
 * while it runs, asks the shop for listing and product pages as shoppers do, CONCURRENCY at a
 * time. Reports the dry run's and the import's time, the server's peak memory (VmHWM of
 * SERVER_PID, when given) and the shoppers' p50/p99.
 *
 *   BASE_URL=http://127.0.0.1:3000 SERVER_PID=<pid> node scripts/bench-import.mjs
 *
 * Env: BASE_URL, ADMIN_EMAIL, ADMIN_PASSWORD (the demo owner by default), PRODUCTS (10000),
 * CONCURRENCY (4), SERVER_PID. Run it against a throwaway DATA_DIR: the products stay.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const PRODUCTS = Number(process.env.PRODUCTS ?? 10_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
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

async function main() {
  const file = path.join(os.tmpdir(), `bench-import-${run}.csv`);
  writeCsv(file);
  const bytes = readFileSync(file);
  console.log(`CSV: ${PRODUCTS} products x ${SIZES.length} sizes, ${(bytes.length / 1024 / 1024).toFixed(1)} MB`);
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

  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'text/csv' }), 'products_export.csv');
  let t0 = performance.now();
  const dry = await json(await fetch(`${BASE}/api/admin/import/products`, { method: 'POST', headers: auth, body: form }));
  const dryMs = performance.now() - t0;
  console.log(
    `Dry run: ${(dryMs / 1000).toFixed(1)} s, ${dry.summary.products} products, ${dry.summary.variants} variants, ${dry.errorCount} problems`,
  );

  // Shoppers meanwhile: listing pages and product pages, CONCURRENCY at a time.
  const latencies = [];
  let importing = true;
  const shopper = async (n) => {
    for (let i = 0; importing; i++) {
      const url = i % 2 ? `${BASE}/api/products?page=${1 + (i % 5)}` : `${BASE}/products?page=${1 + ((i + n) % 3)}`;
      const start = performance.now();
      const res = await fetch(url).catch(() => null);
      await res?.arrayBuffer();
      latencies.push(performance.now() - start);
    }
  };
  t0 = performance.now();
  await json(
    await fetch(`${BASE}/api/admin/import/products/${dry._id}/start`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ options: {}, categories: {} }),
    }),
  );
  const shoppers = Array.from({ length: CONCURRENCY }, (_, n) => shopper(n));
  let job;
  for (;;) {
    await new Promise((r) => setTimeout(r, 2000));
    job = await json(await fetch(`${BASE}/api/admin/import/products/${dry._id}`, { headers: auth }));
    process.stdout.write(`\r${job.rowsDone}/${job.rowsTotal} rows, ${job.errorCount} problems   `);
    if (job.status === 'done' || job.status === 'failed') break;
  }
  importing = false;
  await Promise.all(shoppers);
  const importMs = performance.now() - t0;
  const sorted = latencies.sort((a, b) => a - b);
  console.log(`\nImport: ${job.status} in ${(importMs / 1000).toFixed(1)} s (${Math.round(job.rowsTotal / (importMs / 1000))} rows/s)`);
  console.log('Summary:', JSON.stringify(job.summary));
  console.log(
    `Shoppers meanwhile: ${sorted.length} requests, p50 ${quantile(sorted, 0.5).toFixed(0)} ms, p99 ${quantile(sorted, 0.99).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms`,
  );
  const peak = peakMemoryMb();
  if (peak !== null) console.log(`Server peak memory (VmHWM): ${peak} MB`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
