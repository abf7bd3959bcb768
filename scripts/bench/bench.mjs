#!/usr/bin/env node
// npm run bench — the server benchmark (issue 8). Builds the production bundle, then for PostgreSQL
// (a fresh database, dropped afterwards) and for PGlite (a fresh data folder):
//   1. prepares the database with the demo catalogue, 50 signed-in shoppers with a cart line each,
//      large stock on the variants checkouts buy and one scarce variant (server not running);
//   2. starts a Razorpay stand-in and the shop (NODE_ENV=production) as child processes, and the
//      ceiling: a bare Fastify process answering the same bytes as /api/homepage from memory;
//   3. drives each scenario with autocannon (50 connections, a warm-up then measured rounds, each
//      read round right after a ceiling round; one listing page uncached, a host of its own per
//      request), sampling the shop's RSS and CPU time; cart updates use one token per connection; checkouts run as 50
//      concurrent workers (create-order, pay at the stand-in, verify-and-create-order), then 50
//      workers race for the scarce variant, then 50 workers place Cash on Delivery orders (one call
//      each; target: at least as many orders/s as the paid checkout); after the shop stops, an
//      audit checks no unit was sold twice, no stock went negative and the inventory ledger agrees.
// Prints a table per database and writes bench/results/bench-<time>.json.
//
// Options: --skip-build, --db=postgres|pglite|both (default both). Environment: BENCH_PG_URL (an
// admin URL of the PostgreSQL server, default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_WARMUP, BENCH_ROUNDS, BENCH_SECONDS, BENCH_CEILING_SECONDS (default 1.5, 3, 2.5, 1.5: each
// read scenario runs a warm-up, then rounds of [ceiling, scenario] so each round compares the two
// under the same load), BENCH_CHECKOUT_SECONDS (default 9).
import { randomBytes, randomUUID } from 'node:crypto';
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
  percentiles,
  postJson,
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
const dbChoice = (argv.find((a) => a.startsWith('--db=')) ?? '--db=both').slice(5);
const CONNECTIONS = 50;
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1.5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2.5);
const CHECKOUT_SECONDS = Number(process.env.BENCH_CHECKOUT_SECONDS ?? 9);
const CEILING_SECONDS = Number(process.env.BENCH_CEILING_SECONDS ?? 1.5);
const SCARCE_STOCK = 25;

const TARGETS = { jsonShare: 0.3, jsonP99: 25, pageShare: 0.1, ordersPerSecond: 300, rssMB: 250 };

const shippingAddress = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha.bench@example.in',
  phone: '9876543210',
  line1: '12 MG Road',
  line2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
};

const started = Date.now();
buildIfWanted(argv);
const tools = await importTs('scripts/bench/db-tools.ts');
const toolsBundle = path.join(root, 'build', 'scripts', 'db-tools.mjs');

const result = {
  kind: 'server',
  startedAt: new Date(started).toISOString(),
  machine: machine(),
  settings: { connections: CONNECTIONS, warmupSeconds: WARMUP, rounds: ROUNDS, roundSeconds: SECONDS, checkoutSeconds: CHECKOUT_SECONDS },
  runs: [],
};
console.log(`\n${uptime()}\n`);

for (const kind of dbChoice === 'both' ? ['postgres', 'pglite'] : [dbChoice]) {
  result.runs.push(await benchOne(kind));
}
result.finishedAt = new Date().toISOString();
result.seconds = Math.round((Date.now() - started) / 1000);
const file = writeResult('bench', result);
console.log(`\nWrote ${file} (${result.seconds} s in all).`);

/** The whole benchmark on one database. */
async function benchOne(kind) {
  console.log(`\n=== ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} ===`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `rangmanch-bench-${kind}-`));
  const pgDb = kind === 'postgres' ? await createPgDatabase('rangmanch_bench') : null;
  const target = pgDb ? { url: pgDb.url } : { pgliteDir: path.join(dataDir, 'db') };
  const jwtSecret = randomBytes(32).toString('hex');
  const children = [];
  const run = { database: kind, loadBefore: loadAverage(), scenarios: {}, checkout: null, audit: null };
  try {
    const fixture = await tools.prepareBench(target, {
      mediaDir: path.join(dataDir, 'media'),
      jwtSecret,
      shopperCount: CONNECTIONS,
      stockPerVariant: 100_000,
      scarceStock: SCARCE_STOCK,
    });
    const initialStock = await tools.stockSnapshot(target);

    const {
      server,
      standin,
      keyId,
      children: started,
    } = await startProductionShop({
      toolsBundle,
      dataDir,
      jwtSecret,
      env: pgDb ? { DATABASE_URL: pgDb.url } : {},
    });
    children.push(...started);
    const rss = rssSampler(server.child.pid);
    console.log(`server up (pid ${server.child.pid}, RSS ${rss.max} MB at rest); ${uptime()}`);

    const homepage = Buffer.from(await (await fetch(`${server.base}/api/homepage`)).arrayBuffer());
    const bodyFile = path.join(dataDir, 'homepage.json');
    writeFileSync(bodyFile, homepage);
    const ceiling = await startJsonChild(['scripts/bench/ceiling-server.mjs', bodyFile]);
    children.push(ceiling.child);

    const settings = { warmup: WARMUP, rounds: ROUNDS, seconds: SECONDS };
    const ceilingUrl = `http://127.0.0.1:${ceiling.info.port}/api/homepage`;
    const reads = [
      ['GET /api/homepage', `${server.base}/api/homepage`, 'json'],
      ['GET /api/products', `${server.base}/api/products`, 'json'],
      ['GET /api/products/:id', `${server.base}/api/products/${fixture.productId}`, 'json'],
      [`GET /api/products?q=${fixture.searchWord}`, `${server.base}/api/products?q=${encodeURIComponent(fixture.searchWord)}`, 'json'],
      ['SSR GET /', `${server.base}/`, 'page'],
      ['SSR GET /product/:id', `${server.base}/product/${fixture.productId}`, 'page'],
    ];
    const ceilingRounds = [];
    for (const [name, url, type] of reads) {
      const cache = await cacheCheck(url);
      const m = await measurePaired(
        // Pages are asked for as a browser asks (Accept-Encoding: br, gzip): the page cache keeps
        // the compressed bytes, and no phone fetches 138 KB of uncompressed HTML.
        { url, connections: CONNECTIONS, headers: type === 'page' ? { 'accept-encoding': 'br, gzip' } : {} },
        { url: ceilingUrl, connections: CONNECTIONS },
        { ...settings, ceilingSeconds: CEILING_SECONDS, server: rss, ceilingPid: ceiling.child.pid },
      );
      ceilingRounds.push(m.ceiling);
      run.scenarios[name] = { type, bytes: await bodySize(url), cache, ...m };
      console.log(
        `  ${name.padEnd(34)} ${String(m.rps).padStart(6)} req/s (${(m.share * 100).toFixed(0)}% of the ceiling's ${m.ceiling.rps})  p50 ${m.p50} ms  p99 ${m.p99} ms  errors ${m.errors}  cpu ${m.cpuMsPerRequest} ms/req (ceiling ${m.ceiling.cpuMsPerRequest})  x-cache ${cache}`,
      );
    }
    const ceilingBytes = homepage.length;
    run.scenarios = {
      ceiling: {
        type: 'ceiling',
        bytes: ceilingBytes,
        rps: Math.round(ceilingRounds.reduce((n, c) => n + c.rps, 0) / ceilingRounds.length),
        p50: Math.max(...ceilingRounds.map((c) => c.p50)),
        p99: Math.max(...ceilingRounds.map((c) => c.p99)),
        errors: 0,
        share: 1,
        rssMB: null,
        cpuMsPerRequest: +(ceilingRounds.reduce((n, c) => n + c.cpuMsPerRequest, 0) / ceilingRounds.length).toFixed(3),
        note: 'mean over the rounds interleaved with the scenarios; p50/p99 the worst round',
      },
      ...run.scenarios,
    };

    // A listing page the page cache cannot answer: every request names a host of its own (the cache
    // key is host and URL), so each one runs the loader and renders the page (issue 19: the renderer).
    let host = 0;
    const uncachedPath = '/products?sizes=M';
    const uncached = await measure(
      {
        url: server.base,
        connections: CONNECTIONS,
        requests: [
          {
            method: 'GET',
            path: uncachedPath,
            setupRequest: (req) => ({
              ...req,
              headers: { ...req.headers, host: `bench-${host++}.localhost`, 'accept-encoding': 'br, gzip' },
            }),
          },
        ],
      },
      { ...settings, rss },
    );
    const uncachedName = `SSR GET ${uncachedPath} (uncached)`;
    run.scenarios[uncachedName] = {
      type: 'page-uncached',
      bytes: await bodySize(`${server.base}${uncachedPath}`),
      cache: 'miss',
      ...uncached,
    };
    console.log(
      `  ${uncachedName.padEnd(34)} ${String(uncached.rps).padStart(6)} req/s  p50 ${uncached.p50} ms  p99 ${uncached.p99} ms  errors ${uncached.errors}  cpu ${uncached.cpuMsPerRequest} ms/req`,
    );

    // Cart: each connection is one shopper (its own token) setting the quantity of its line.
    let next = 0;
    const cart = await measure(
      {
        url: server.base,
        connections: CONNECTIONS,
        requests: [
          {
            method: 'PUT',
            path: '/api/cart/item',
            setupRequest: (req, ctx) => {
              ctx.shopper ??= fixture.shoppers[next++ % fixture.shoppers.length];
              ctx.quantity = ((ctx.quantity ?? 0) % 5) + 1;
              return {
                ...req,
                headers: { 'content-type': 'application/json', authorization: `Bearer ${ctx.shopper.token}` },
                body: JSON.stringify({ productId: ctx.shopper.productId, variantId: ctx.shopper.variantId, quantity: ctx.quantity }),
              };
            },
          },
        ],
      },
      { ...settings, rss },
    );
    run.scenarios['PUT /api/cart/item'] = { type: 'write', ...cart };
    console.log(
      `  ${'PUT /api/cart/item'.padEnd(34)} ${String(cart.rps).padStart(6)} req/s  p50 ${cart.p50} ms  p99 ${cart.p99} ms  errors ${cart.errors}  cpu ${cart.cpuMsPerRequest} ms/req`,
    );

    // Checkout: 50 workers, each a shopper buying one unit per order, for CHECKOUT_SECONDS.
    const since = new Date(Date.now() - 1000);
    const paidOnce = (shopper, line) => checkoutOnce(server.base, standin.info.baseUrl, keyId, shopper, line);
    const warm = await checkoutLoop(fixture, Math.min(2, WARMUP), paidOnce);
    rss.reset();
    const loop = await checkoutLoop(fixture, CHECKOUT_SECONDS, paidOnce);
    const cpuMsPerOrder = +(rss.cpuMs / Math.max(1, loop.orders)).toFixed(3);
    const race = await scarceRace(server.base, standin.info.baseUrl, keyId, fixture);
    run.checkout = { ...loop, cpuMsPerOrder, warmupOrders: warm.orders, warmupErrors: warm.errors, rssMB: rss.max, scarce: race };
    console.log(
      `  ${'checkout (create, pay, verify)'.padEnd(34)} ${String(loop.ordersPerSecond).padStart(6)} orders/s  p50 ${loop.p50} ms  p99 ${loop.p99} ms  errors ${loop.errors}  cpu ${cpuMsPerOrder} ms/order`,
    );
    // Cash on Delivery (issue 20): the same shoppers and lines, one call per order.
    const codOnce = (shopper, line) => codCheckoutOnce(server.base, shopper, line);
    const codWarm = await checkoutLoop(fixture, Math.min(2, WARMUP), codOnce);
    rss.reset();
    const cod = await checkoutLoop(fixture, CHECKOUT_SECONDS, codOnce);
    run.codCheckout = {
      ...cod,
      cpuMsPerOrder: +(rss.cpuMs / Math.max(1, cod.orders)).toFixed(3),
      warmupOrders: codWarm.orders,
      warmupErrors: codWarm.errors,
      rssMB: rss.max,
    };
    console.log(
      `  ${'checkout, Cash on Delivery'.padEnd(34)} ${String(cod.ordersPerSecond).padStart(6)} orders/s  p50 ${cod.p50} ms  p99 ${cod.p99} ms  errors ${cod.errors}  cpu ${run.codCheckout.cpuMsPerOrder} ms/order`,
    );
    console.log(
      `  scarce variant (${SCARCE_STOCK} in stock, 50 buyers): ${race.orders} orders, ${race.soldOut} refused as sold out (refunded), ${race.errors} other errors`,
    );
    run.rssAtEndMB = rss.max;
    rss.stop();
    run.loadAfter = loadAverage();

    for (const child of children.splice(0).reverse()) await stopChild(child);
    run.audit = await tools.auditStock(target, initialStock, since);
    const expectedOrders = warm.orders + loop.orders + race.orders + run.codCheckout.warmupOrders + run.codCheckout.orders;
    run.audit.expectedOrders = expectedOrders;
    run.audit.ok = run.audit.problems.length === 0 && run.audit.orders === expectedOrders && race.orders <= SCARCE_STOCK;
    console.log(
      `  audit: ${run.audit.orders} orders since the checkout round began (expected ${expectedOrders}), ${run.audit.units} units; ${run.audit.ok ? 'no oversell, no negative stock' : `PROBLEMS: ${run.audit.problems.slice(0, 5).join('; ')}`}`,
    );
    printSummary(run);
    return run;
  } finally {
    for (const child of children.reverse()) await stopChild(child);
    await pgDb?.drop().catch((err) => console.error(`could not drop ${pgDb.name}: ${err.message}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Two reads in a row: what the second one's x-cache header says. */
async function cacheCheck(url) {
  await fetch(url).then((r) => r.arrayBuffer());
  const res = await fetch(url);
  await res.arrayBuffer();
  return res.headers.get('x-cache') ?? 'none';
}

async function bodySize(url) {
  const res = await fetch(url);
  return (await res.arrayBuffer()).byteLength;
}

/** One full checkout; resolves with 'ok', 'sold-out' (409 after payment) or an error text. */
async function checkoutOnce(base, standinBase, keyId, shopper, line) {
  const auth = { authorization: `Bearer ${shopper.token}` };
  const created = await postJson(
    `${base}/api/payments/razorpay/create-order`,
    { items: [{ ...line, quantity: 1 }], fromBuyNow: true, shippingAddress },
    auth,
  );
  if (created.status === 409) return 'sold-out';
  if (created.status !== 200) return `create-order ${created.status}`;
  const paid = await postJson(`${standinBase}/checkout/pay`, { key: keyId, order_id: created.body.order.id, method: 'upi' });
  if (paid.status !== 200) return `pay ${paid.status}`;
  const verified = await postJson(`${base}/api/payments/razorpay/verify-and-create-order`, paid.body);
  if (verified.status === 409) return 'sold-out';
  if (verified.status !== 200 || !verified.body?.order?._id) return `verify ${verified.status}`;
  return 'ok';
}

/** One Cash on Delivery order (its own Idempotency-Key); 'ok', 'sold-out' or an error text. */
async function codCheckoutOnce(base, shopper, line) {
  const res = await postJson(
    `${base}/api/payments/cod/create-order`,
    { items: [{ ...line, quantity: 1 }], fromBuyNow: true, shippingAddress },
    { authorization: `Bearer ${shopper.token}`, 'idempotency-key': randomUUID() },
  );
  if (res.status === 409) return 'sold-out';
  if (res.status !== 201 || !res.body?.order?._id) return `cod ${res.status} ${res.body?.message ?? ''}`;
  return 'ok';
}

/** 50 workers checking out back to back for `seconds`, each order through `once(shopper, line)`. */
async function checkoutLoop(fixture, seconds, once) {
  const end = Date.now() + seconds * 1000;
  const durations = [];
  const errors = {};
  let orders = 0;
  let n = 0;
  const t0 = performance.now();
  await Promise.all(
    fixture.shoppers.map(async (shopper) => {
      while (Date.now() < end) {
        const line = fixture.stocked[n++ % fixture.stocked.length];
        const t = performance.now();
        const outcome = await once(shopper, line).catch((err) => `exception ${err.cause?.code ?? err.message}`);
        durations.push(performance.now() - t);
        if (outcome === 'ok') orders++;
        else errors[outcome] = (errors[outcome] ?? 0) + 1;
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  return {
    orders,
    seconds: +elapsed.toFixed(2),
    ordersPerSecond: +(orders / elapsed).toFixed(0),
    ...percentiles(durations),
    errors: Object.values(errors).reduce((a, b) => a + b, 0),
    errorKinds: errors,
  };
}

/** 50 shoppers at once for the scarce variant: at most its stock may be sold, the rest refused. */
async function scarceRace(base, standinBase, keyId, fixture) {
  const outcomes = await Promise.all(
    fixture.shoppers.map((shopper) =>
      checkoutOnce(base, standinBase, keyId, shopper, { productId: fixture.scarce.productId, variantId: fixture.scarce.variantId }).catch(
        (err) => `exception ${err.message}`,
      ),
    ),
  );
  const count = (what) => outcomes.filter((o) => o === what).length;
  return { orders: count('ok'), soldOut: count('sold-out'), errors: outcomes.length - count('ok') - count('sold-out') };
}

function printSummary(run) {
  const rows = Object.entries(run.scenarios).map(([name, s]) => [
    name,
    s.rps,
    s.type === 'json' || s.type === 'page' ? `${(s.share * 100).toFixed(1)}%` : s.type === 'ceiling' ? '100%' : '',
    s.p50,
    s.p99,
    s.errors,
    s.rssMB,
    s.cpuMsPerRequest,
    s.cache ?? '',
  ]);
  const c = run.checkout;
  rows.push([
    'checkout (orders/s)',
    c.ordersPerSecond,
    '',
    c.p50,
    c.p99,
    c.errors,
    c.rssMB,
    c.cpuMsPerOrder,
    run.audit.ok ? 'no oversell' : 'OVERSELL?',
  ]);
  const cod = run.codCheckout;
  rows.push(['checkout, COD (orders/s)', cod.ordersPerSecond, '', cod.p50, cod.p99, cod.errors, cod.rssMB, cod.cpuMsPerOrder, '']);
  console.log(`\n${run.database} — load before ${run.loadBefore.join(' ')}, after ${run.loadAfter.join(' ')}`);
  console.log(table(['scenario', 'req/s', 'of ceiling', 'p50 ms', 'p99 ms', 'errors', 'RSS MB', 'cpu ms/req', 'x-cache'], rows));
  const misses = [];
  for (const [name, s] of Object.entries(run.scenarios)) {
    if (s.type === 'json' && s.share < TARGETS.jsonShare)
      misses.push(`${name}: ${(s.share * 100).toFixed(1)}% of the ceiling (target 30%)`);
    if (s.type === 'json' && s.p99 >= TARGETS.jsonP99)
      misses.push(`${name}: p99 ${s.p99} ms (target < 25 ms; the bare ceiling's p99 in the same rounds: ${s.ceiling.p99} ms)`);
    if (s.type === 'page' && s.share < TARGETS.pageShare)
      misses.push(`${name}: ${(s.share * 100).toFixed(1)}% of the ceiling (target 10%)`);
    if (s.type === 'page' && s.cache !== 'hit') misses.push(`${name}: the page cache did not hit`);
    if (s.errors) misses.push(`${name}: ${s.errors} errors`);
  }
  if (c.ordersPerSecond < TARGETS.ordersPerSecond) misses.push(`checkout: ${c.ordersPerSecond} orders/s (target 300)`);
  if (c.errors) misses.push(`checkout: ${c.errors} errors ${JSON.stringify(c.errorKinds)}`);
  if (cod.ordersPerSecond < c.ordersPerSecond)
    misses.push(
      `COD checkout: ${cod.ordersPerSecond} orders/s, fewer than the paid checkout's ${c.ordersPerSecond} (target: at least as many)`,
    );
  if (cod.errors) misses.push(`COD checkout: ${cod.errors} errors ${JSON.stringify(cod.errorKinds)}`);
  if (!run.audit.ok) misses.push('checkout: the stock audit failed');
  const maxRss = Math.max(
    c.rssMB ?? 0,
    cod.rssMB ?? 0,
    ...Object.values(run.scenarios)
      .filter((s) => s.type !== 'ceiling')
      .map((s) => s.rssMB ?? 0),
  );
  if (maxRss >= TARGETS.rssMB) misses.push(`RSS ${maxRss} MB (target < 250 MB)`);
  run.maxRssMB = maxRss;
  run.targetsMissed = misses;
  console.log(
    misses.length
      ? `Targets missed${run.database === 'postgres' ? '' : ' (targets are for PostgreSQL)'}:\n  - ${misses.join('\n  - ')}`
      : 'All targets met.',
  );
}
