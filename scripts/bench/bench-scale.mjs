#!/usr/bin/env node
// npm run bench:scale — reads at scale. On a PostgreSQL database filled by seed:scale
// (10,000 products in 4 colours × 6 sizes, 240,000 variants, 20,000 shoppers, 100,000 orders;
// BENCH_SCALE_SHAPE=sizes: the shape before colours, 5 sizes and no colours, 50,000 variants), runs the production
// server and measures, with autocannon (a warm-up then measured rounds; 10 connections for the
// shopper reads, 2 for the admin screen), every request on the database (the response cache is off):
//   - shopper reads: the first page of /api/products, a deep page, a sort, a search, a size and
//     price filter, a category page, product pages (a different product on every request); searches
//     with a typo and an Indian spelling, and the header's suggestions;
//   - admin orders (/api/orders/admin/all): the first page, a status filter, a date range, and
//     searches by order reference, e-mail prefix and customer name.
// Targets: p99 under 50 ms for the shopper reads, under 100 ms for the admin orders; the query
// plans themselves are asserted in src/server/modules/catalog/query-plans.test.ts. The search
// scenarios run in rounds paired with a ceiling (a bare Fastify process answering the bytes of the
// first listing page from memory, as `npm run bench` does), so their req/s read as a share of what
// the machine could serve at that moment, which drifts on a shared VM.
// Prints a table and writes bench/results/bench-scale-<time>.json.
//
// Database: DATABASE_URL when set (seeded unless it already holds the scale data, and kept), else a
// fresh database on BENCH_PG_URL's server (default postgres://postgres@127.0.0.1:5432/postgres),
// seeded and dropped afterwards. Options: --skip-build. Environment: BENCH_WARMUP, BENCH_ROUNDS,
// BENCH_SECONDS (default 1, 3, 3), BENCH_CEILING_SECONDS (1.5), BENCH_CONNECTIONS (10),
// BENCH_ADMIN_CONNECTIONS (2), BENCH_ONLY (a regular expression: only the scenarios it names),
// BENCH_SCALE_SHAPE (colours, the default, or sizes; a DATABASE_URL already seeded keeps its shape).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importTs } from '../lib/run-ts.mjs';
import {
  buildIfWanted,
  createPgDatabase,
  loadAverage,
  machine,
  measure,
  measurePaired,
  root,
  rssSampler,
  startJsonChild,
  startProductionShop,
  stopChild,
  table,
  uptime,
  writeResult,
} from './lib.mjs';

const argv = process.argv.slice(2);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CEILING_SECONDS = Number(process.env.BENCH_CEILING_SECONDS ?? 1.5);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** The admin screens have a few staff members on them at once, not a crowd. */
const ADMIN_CONNECTIONS = Number(process.env.BENCH_ADMIN_CONNECTIONS ?? 2);
const TARGET_P99 = { shopper: 50, admin: 100 };
/** The catalogue's shape: 4 colours × 6 sizes per product, or sizes only for comparison. */
const SHAPE = process.env.BENCH_SCALE_SHAPE === 'sizes' ? 'sizes' : 'colours';
/** What a shopper types into the header search, a letter at a time (suggestions scenario). */
const TYPED = ['ku', 'kur', 'kurt', 'kurta', 'sa', 'sar', 'sari', 'leh', 'lehn', 'lehnga', 'ch', 'chik', 'chikan', 'cotton ku', 'silk sa'];

const started = Date.now();
buildIfWanted(argv);
const tools = await importTs('scripts/bench/db-tools.ts');
const toolsBundle = path.join(root, 'build', 'scripts', 'db-tools.mjs');

const ownDb = process.env.DATABASE_URL ? null : await createPgDatabase('rangmanch_scale');
const target = { url: process.env.DATABASE_URL ?? ownDb.url };
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rangmanch-bench-scale-'));
const children = [];
const result = {
  kind: 'scale',
  startedAt: new Date(started).toISOString(),
  machine: machine(),
  loadBefore: loadAverage(),
  settings: {
    shape: SHAPE,
    connections: CONNECTIONS,
    adminConnections: ADMIN_CONNECTIONS,
    warmupSeconds: WARMUP,
    rounds: ROUNDS,
    roundSeconds: SECONDS,
  },
  scenarios: {},
};
try {
  console.log(`\n${uptime()}\nSeeding the scale data (npm run seed:scale)…`);
  const seeded = await tools.seedScaleDatabase(target, SHAPE === 'sizes' ? tools.SIZES_ONLY_SCALE : tools.FULL_SCALE);
  result.seed = seeded.skipped ? 'already there' : { seconds: +seeded.seconds.toFixed(1), rows: seeded.rows };
  console.log(seeded.skipped ? 'The scale data is already there.' : `Seeded in ${seeded.seconds.toFixed(1)} s.`);

  const jwtSecret = randomBytes(32).toString('hex');
  const fixture = await tools.scaleFixture(target, jwtSecret);
  const shop = await startProductionShop({
    toolsBundle,
    dataDir,
    jwtSecret,
    env: { DATABASE_URL: target.url, RESPONSE_CACHE_TTL_MS: '0' },
  });
  children.push(...shop.children);
  const { server } = shop;
  const rss = rssSampler(server.child.pid);

  const firstPage = Buffer.from(await (await fetch(`${server.base}/api/products`)).arrayBuffer());
  const bodyFile = path.join(dataDir, 'first-page.json');
  writeFileSync(bodyFile, firstPage);
  const ceiling = await startJsonChild(['scripts/bench/ceiling-server.mjs', bodyFile]);
  children.push(ceiling.child);
  const ceilingOpts = { url: `http://127.0.0.1:${ceiling.info.port}/api/homepage`, connections: CONNECTIONS };

  const categories = await (await fetch(`${server.base}/api/categories`)).json();
  const child = categories.find((c) => c.parentId) ?? categories[0];
  const admin = { authorization: `Bearer ${fixture.adminToken}` };
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const scenarios = [
    ['shopper', 'products, first page', '/api/products'],
    ['shopper', 'products, page 200', '/api/products?page=200'],
    ['shopper', 'products, price low-high', '/api/products?sort=price-asc'],
    ['shopper', 'search "kurta"', '/api/products?q=kurta'],
    ['shopper', 'search, size M, up to ₹1500', '/api/products?q=cotton&sizes=M&maxPrice=1500'],
    ['shopper', 'category products', `/api/categories/${child._id}/products`],
    // Searches that forgive (a typo, an Indian spelling through the synonyms, a typo with a
    // filter) and the header's suggestions, one word and, as typed letter by letter, many prefixes.
    ['shopper', 'typo search "kurtaa"', '/api/products?q=kurtaa'],
    ['shopper', 'synonym search "sari"', '/api/products?q=sari'],
    ['shopper', 'typo "chikankri", size M', '/api/products?q=chikankri&sizes=M'],
    ['shopper', 'suggestions "lehnga"', '/api/search/suggestions?q=lehnga'],
    ['shopper', 'suggestions while typing', TYPED.map((q) => `/api/search/suggestions?q=${encodeURIComponent(q)}`)],
    ['shopper', 'product by id (2,000 ids)', null],
    ['admin', 'orders, first page', '/api/orders/admin/all?page=1&limit=20'],
    ['admin', 'orders, status shipped, page 3', '/api/orders/admin/all?page=3&limit=20&status=shipped'],
    ['admin', 'orders, last 30 days', `/api/orders/admin/all?page=1&limit=20&startDate=${monthAgo}&endDate=${today}`],
    ['admin', 'orders, search by reference', `/api/orders/admin/all?page=1&limit=20&search=${fixture.orderRef}`],
    ['admin', 'orders, search by e-mail', `/api/orders/admin/all?page=1&limit=20&search=${encodeURIComponent(fixture.emailPrefix)}`],
    ['admin', 'orders, search by name', '/api/orders/admin/all?page=1&limit=20&search=Sharma'],
  ];
  const settings = { warmup: WARMUP, rounds: ROUNDS, seconds: SECONDS, rss };
  /** The search scenarios, measured against the ceiling round by round. */
  const paired = new Set([
    'typo search "kurtaa"',
    'synonym search "sari"',
    'typo "chikankri", size M',
    'suggestions "lehnga"',
    'suggestions while typing',
  ]);
  for (const [who, name, url] of scenarios) {
    if (ONLY && !ONLY.test(name)) continue;
    // The shop runs with its response cache off (RESPONSE_CACHE_TTL_MS=0): every read goes to the database.
    let n = 0;
    const pathOf = () => {
      n += 1;
      if (Array.isArray(url)) return url[n % url.length];
      return url ?? `/api/products/${fixture.productIds[n % fixture.productIds.length]}`;
    };
    const opts = {
      url: server.base,
      connections: who === 'admin' ? ADMIN_CONNECTIONS : CONNECTIONS,
      requests: [{ method: 'GET', headers: who === 'admin' ? admin : {}, setupRequest: (req) => ({ ...req, path: pathOf() }) }],
    };
    const m = paired.has(name)
      ? await measurePaired(opts, ceilingOpts, { ...settings, ceilingSeconds: CEILING_SECONDS, server: rss, ceilingPid: ceiling.child.pid })
      : await measure(opts, settings);
    const target = TARGET_P99[who];
    result.scenarios[name] = {
      who,
      url: Array.isArray(url) ? url.join(' ') : (url ?? '/api/products/:id'),
      targetP99: target,
      met: m.p99 < target && m.errors === 0,
      ...m,
    };
    const share =
      m.share === undefined ? '' : ` (${(m.share * 100).toFixed(0)}% of the ceiling's ${m.ceiling.rps}, p99 ${m.ceiling.p99} ms)`;
    console.log(
      `  ${name.padEnd(34)} ${String(m.rps).padStart(6)} req/s${share}  p50 ${m.p50} ms  p99 ${m.p99} ms (target < ${target})  errors ${m.errors}`,
    );
  }
  result.rssMB = rss.max;
  rss.stop();
} finally {
  for (const c of children.reverse()) await stopChild(c);
  await ownDb?.drop().catch((err) => console.error(`could not drop ${ownDb.name}: ${err.message}`));
  rmSync(dataDir, { recursive: true, force: true });
}

result.seconds = Math.round((Date.now() - started) / 1000);
result.loadAfter = loadAverage();
const rows = Object.entries(result.scenarios).map(([name, s]) => [
  name,
  s.rps,
  s.share === undefined ? '' : `${(s.share * 100).toFixed(1)}%`,
  s.p50,
  s.p99,
  `< ${s.targetP99}`,
  s.errors,
  s.met ? 'yes' : 'NO',
]);
console.log(`\n${table(['scenario', 'req/s', 'of ceiling', 'p50 ms', 'p99 ms', 'target', 'errors', 'met'], rows)}`);
console.log(
  `server RSS at most ${result.rssMB} MB; load average ${result.loadBefore.join(', ')} before, ${result.loadAfter.join(', ')} after`,
);
const missed = Object.entries(result.scenarios).filter(([, s]) => !s.met);
console.log(
  missed.length ? `\nMissed: ${missed.map(([n, s]) => `${n} (p99 ${s.p99} ms, ${s.errors} errors)`).join('; ')}` : '\nEvery target met.',
);
console.log(`Wrote ${writeResult('bench-scale', result)} (${result.seconds} s in all).`);
