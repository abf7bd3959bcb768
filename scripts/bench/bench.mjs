#!/usr/bin/env node
// npm run bench — the server benchmark. Builds the production bundle, then for
// PostgreSQL (a fresh database, dropped afterwards) and for PGlite (a fresh data folder):
//   1. prepares the database with the demo catalogue, 50 signed-in shoppers with a cart line each,
//      large stock on the variants checkouts buy and one scarce variant (server not running);
//   2. starts a Razorpay stand-in and the shop (NODE_ENV=production) with its response cache off
//      (RESPONSE_CACHE_TTL_MS=0) and measures reads that miss the cache at 10 connections: the
//      product list, a category's products, a search and a product as JSON; the home page, a
//      filtered listing, a category page, a product page and the terms page server-rendered
//      ("(cache off)" rows);
//   3. stops it and starts the shop as it runs in production (cache on), and measures the cached
//      reads at 50 connections (the second of two identical requests must say x-cache: hit);
//   4. on that same shop, pages that miss its page cache at 10 connections ("(uncached, cache on)"
//      rows: a filtered /products, a category page, a search and a product page): every request
//      names a Host of its own, part of the page-cache key, so each renders, compresses and stores
//      its page as a miss in production does. The row's x-cache says 'miss' only when a new Host's
//      first answer had no x-cache, the same request again said hit, and no answer under load said
//      hit. Its cpu ms/req is the CPU per page; "KB sent" the page as sent (brotli), "KB html" before
//      compression (page rows of every kind show both). The same misses are first measured on the
//      old build (BENCH_BASELINE, default OLD_BUILD: built once in the temp folder) on the same
//      database, "(…, old build <commit>)" rows: each miss is shown as a share of the old build's,
//      and the 4 ms target is scaled by the old build's listing miss now against when it was set;
//   5. every read is paired with its own ceiling: a bare Fastify route in a process of its own
//      (ceiling-server.mjs) answering the very bytes the shop answered that request, with the same
//      headers (all but date, connection and length: the security headers, request id, x-cache…),
//      so "% of its ceiling" is what the shop costs over sending that answer; autocannon runs a warm-up then
//      measured rounds, each right after a round of the ceiling, sampling the shop's RSS and CPU
//      (a process that has exited has no CPU figure: reading one throws instead of giving 0);
//   6. cart updates (PUT /api/cart/item): one shopper (token) per connection, each request setting
//      its line to another quantity than the last (1..5 in turn, kept outside autocannon's
//      per-pass context); after the shop stops, the database must hold each line at the last
//      quantity written, or the row fails (x-cache column: 'db checked' / 'DB CHECK FAILED');
//   7. checkouts run as 50 concurrent workers (create-order, pay at the stand-in,
//      verify-and-create-order), then 50 workers race for the scarce variant (its row counts orders,
//      sold-out 409s and every other outcome as an error by kind), then 50 workers place Cash on
//      Delivery orders (one call each; target: at least as many orders/s as the paid checkout);
//      after the shop stops, an audit checks no unit was sold twice, no stock went negative and the
//      inventory ledger agrees. The CPU per order held to its target (2.0 ms) is the shop's until the
//      last answer, what shoppers wait behind; the figure with every order's invoice PDF and mail,
//      made after the answer, is printed beside it.
// Prints a table per database (req/s, its ceiling's req/s and the share, p50/p99, CPU ms per request
// or per order, RSS, bytes) and writes bench/results/bench-<time>.json.
//
// Options: --skip-build, --db=postgres|pglite|both (default both). Environment: BENCH_PG_URL (an
// admin URL of the PostgreSQL server, default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_WARMUP, BENCH_ROUNDS, BENCH_SECONDS, BENCH_CEILING_SECONDS (default 1.5, 3, 2.5, 1.5: each
// read scenario runs a warm-up, then rounds of [ceiling, scenario] so each round compares the two
// under the same load), BENCH_CHECKOUT_SECONDS (default 9), BENCH_ONLY (a regular expression over the
// scenario names: only those run, e.g. 'cart|uncached|checkout'; the scarce race and the audit run
// with any checkout), BENCH_BASELINE (the old build whose misses are measured in the same run, a git
// revision; default OLD_BUILD below, 'none' to skip). Checkout rows also say how many confirmation
// mails the outbox folder got by the time the shop was idle: mails past the after-commit backlog
// wait for the retry loop and are not in the CPU.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { importTs } from '../lib/run-ts.mjs';
import {
  baselineBuild,
  buildIfWanted,
  cannon,
  createPgDatabase,
  getRaw,
  loadAverage,
  machine,
  measure,
  measurePaired,
  percentiles,
  postJson,
  root,
  rssSampler,
  sleep,
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
/** Reads that miss the cache are measured at 10 connections, as their targets are stated. */
const CACHE_OFF_CONNECTIONS = 10;
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1.5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2.5);
const CHECKOUT_SECONDS = Number(process.env.BENCH_CHECKOUT_SECONDS ?? 9);
const CEILING_SECONDS = Number(process.env.BENCH_CEILING_SECONDS ?? 1.5);
const SCARCE_STOCK = 25;
/** Headers Node's HTTP server writes itself, per answer or connection: not copied to a ceiling. */
const PER_CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * The build the miss target was set against (docs/performance.md, "The old build in the same run"):
 * the repository when a listing's miss (`/products?sizes=M`, cache on) cost OLD_LISTING_MISS_MS of
 * CPU and the target was set at 4 ms. This VM's speed drifts by 2-3 times between days, so the
 * bench measures that build's misses in the same run: its listing's miss now against then is the
 * machine's speed against that day's, and the 4 ms target is scaled by it (`missTargetMs`; on
 * PostgreSQL only, where the 11.2 ms was measured).
 */
const OLD_BUILD = '10d162b';
const OLD_LISTING_MISS_MS = 11.2;
const BASELINE = process.env.BENCH_BASELINE ?? OLD_BUILD;

const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
/** Whether the scenario called `name` runs (BENCH_ONLY). */
const wanted = (name) => !ONLY || ONLY.test(name);
const CART = 'PUT /api/cart/item';
const PAID = 'checkout (create, pay, verify)';
const COD = 'checkout, Cash on Delivery';

/** The targets for cached reads and checkout, and for reads that miss the cache, CPU and RSS (docs/performance.md). */
const TARGETS = {
  jsonShare: 0.6,
  jsonP99: 25,
  pageShare: 0.1,
  ordersPerSecond: 300,
  uncachedJsonShare: 0.15,
  uncachedPageShare: 0.1,
  uncachedPageP50: 20,
  missPageCpuMs: 4,
  cartCpuMs: 0.5,
  orderCpuMs: 2,
  rssMB: 200,
};

/** A Host header no request has named before (ssr.ts's HOST accepts it), so the page cache misses. */
let hostCount = 0;
const freshHost = () => `h${++hostCount}.bench.test`;
/** Autocannon's `setupRequest` giving every request a fresh Host: each one a page-cache miss. */
const withFreshHost = (req) => ({ ...req, headers: { ...req.headers, host: freshHost() } });

/**
 * A 409 that says the line sold out (pricing's 'is out of stock' / 'Only N left' before payment,
 * 'sold out while you were paying' after it); any other 409 (a coupon, COD rules) is an error.
 */
const SOLD_OUT = /out of stock|only \d+ left|sold out/i;
const soldOut = (res) => res.status === 409 && SOLD_OUT.test(res.body?.message ?? '');

/**
 * A shopper's shipping address: their own e-mail and phone, as real shoppers' differ (one shared
 * phone would make every bench order one shopper's COD history, which the COD rules read per order).
 */
const shippingAddress = (shopper) => ({
  firstName: 'Asha',
  lastName: 'Verma',
  email: shopper.email,
  phone: shopper.phone,
  line1: '12 MG Road',
  line2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
});

const started = Date.now();
buildIfWanted(argv);
/** The old build's checkout ({ dir, sha }), or null (BENCH_BASELINE=none, or it could not be built: said loudly). */
const baseline = (() => {
  if (BASELINE === 'none') return null;
  try {
    return baselineBuild(BASELINE);
  } catch (err) {
    console.error(`\n!!! THE OLD BUILD ${BASELINE} COULD NOT BE BUILT: its misses are not measured (${err.message})\n`);
    return null;
  }
})();
const tools = await importTs('scripts/bench/db-tools.ts');
const toolsBundle = path.join(root, 'build', 'scripts', 'db-tools.mjs');

const result = {
  kind: 'server',
  startedAt: new Date(started).toISOString(),
  machine: machine(),
  settings: {
    connections: CONNECTIONS,
    cacheOffConnections: CACHE_OFF_CONNECTIONS,
    ceilingSeconds: CEILING_SECONDS,
    warmupSeconds: WARMUP,
    rounds: ROUNDS,
    roundSeconds: SECONDS,
    checkoutSeconds: CHECKOUT_SECONDS,
    oldBuild: baseline?.sha ?? null,
  },
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
    const shopEnv = pgDb ? { DATABASE_URL: pgDb.url } : {};

    // Cache off: the same database served by a shop with its response cache off
    // (RESPONSE_CACHE_TTL_MS=0), so every read runs its query or renders its page, as a filter
    // combination, deep page or search term does that nobody asked for in the last TTL. Stopped
    // before the cached shop starts (PGlite has one process at a time).
    // Each read: [name, path (given the shop's product and category ids), type]. Pages are asked for
    // at their canonical address (canonicalPath): the 301 of an old one is not the page.
    const q = encodeURIComponent(fixture.searchWord);
    const coldReads = [
      ['GET /api/products (cache off)', () => '/api/products', 'json-uncached'],
      ['GET /api/categories/:id/products (cache off)', (ids) => `/api/categories/${ids.categoryId}/products`, 'json-uncached'],
      [`GET /api/products?q=${fixture.searchWord} (cache off)`, () => `/api/products?q=${q}`, 'json-uncached'],
      ['GET /api/products/:id (cache off)', () => `/api/products/${fixture.productId}`, 'json-uncached'],
      ['SSR GET / (cache off)', () => '/', 'page-uncached'],
      ['SSR GET /products?sizes=M (cache off)', () => '/products?sizes=M', 'page-uncached'],
      ['SSR GET /category/:handle (cache off)', (ids) => `/category/${ids.categoryId}`, 'page-uncached'],
      ['SSR GET /products/:handle (cache off)', () => `/product/${fixture.productId}`, 'page-uncached'],
      ['SSR GET /terms (cache off)', () => '/terms', 'page-uncached'],
    ].filter(([name]) => wanted(name));
    let cacheOff = {};
    if (coldReads.length > 0) {
      const cold = await startProductionShop({ toolsBundle, dataDir, jwtSecret, env: { ...shopEnv, RESPONSE_CACHE_TTL_MS: '0' } });
      children.push(...cold.children);
      const coldRss = rssSampler(cold.server.child.pid);
      console.log(`cache-off server up (pid ${cold.server.child.pid}, RSS ${coldRss.max} MB at rest); ${uptime()}`);
      const ids = await shopIds(cold.server.base, fixture.productId);
      cacheOff = await measureReads(cold.server, coldRss, await resolveReads(cold.server.base, coldReads, ids), {
        connections: CACHE_OFF_CONNECTIONS,
        dir: dataDir,
      });
      coldRss.stop();
      for (const child of cold.children.reverse()) await stopChild(child);
    }

    // Pages that miss the page cache of the shop as production runs it (cache on): every request
    // names a Host of its own, which is part of the page-cache key (plugins/ssr.ts pageCacheKey), so
    // each one renders, compresses and stores its page as a miss does (a made-up query parameter
    // would not do: the listings redirect it to their canonical address, other pages ignore it).
    // The old build's misses (BENCH_BASELINE): the same pages, each request a Host of its own, on
    // the same database, by the old build's shop with its cache on, before the new shop starts.
    // Its rows carry the old build's commit; each new miss row is then judged against it too.
    const missReads = [
      ['SSR GET /products?sizes=M (uncached, cache on)', () => '/products?sizes=M', 'page-miss'],
      ['SSR GET /category/:handle (uncached, cache on)', (ids) => `/category/${ids.categoryId}`, 'page-miss'],
      [`SSR GET /products?q=${fixture.searchWord} (uncached, cache on)`, () => `/products?q=${q}`, 'page-miss'],
      ['SSR GET /products/:handle (uncached, cache on)', () => `/product/${fixture.productId}`, 'page-miss'],
    ].filter(([name]) => wanted(name));
    let oldMisses = {};
    if (baseline && missReads.length > 0) {
      const old = await startProductionShop({ toolsBundle, dataDir, jwtSecret, env: shopEnv, cwd: baseline.dir });
      children.push(...old.children);
      const oldRss = rssSampler(old.server.child.pid);
      const label = `old build ${baseline.sha.slice(0, 7)}`;
      console.log(`${label} up (pid ${old.server.child.pid}, RSS ${oldRss.max} MB at rest); ${uptime()}`);
      const oldReads = missReads.map(([name, urlPath]) => [name.replace(/\)$/, `, ${label})`), urlPath, 'page-miss-old']);
      oldMisses = await measureReads(
        old.server,
        oldRss,
        await resolveReads(old.server.base, oldReads, await shopIds(old.server.base, fixture.productId)),
        {
          connections: CACHE_OFF_CONNECTIONS,
          dir: dataDir,
          uniqueHost: true,
        },
      );
      oldRss.stop();
      for (const child of old.children.reverse()) await stopChild(child);
    }

    const {
      server,
      standin,
      keyId,
      children: started,
    } = await startProductionShop({
      toolsBundle,
      dataDir,
      jwtSecret,
      env: shopEnv,
    });
    children.push(...started);
    const rss = rssSampler(server.child.pid);
    console.log(`server up (pid ${server.child.pid}, RSS ${rss.max} MB at rest); ${uptime()}`);

    const reads = [
      ['GET /api/homepage', () => '/api/homepage', 'json'],
      ['GET /api/products', () => '/api/products', 'json'],
      ['GET /api/products/:id', () => `/api/products/${fixture.productId}`, 'json'],
      [`GET /api/products?q=${fixture.searchWord}`, () => `/api/products?q=${q}`, 'json'],
      ['SSR GET /', () => '/', 'page'],
      ['SSR GET /products/:handle', () => `/product/${fixture.productId}`, 'page'],
    ].filter(([name]) => wanted(name));
    const ids = reads.length + missReads.length > 0 ? await shopIds(server.base, fixture.productId) : null;
    run.scenarios = {
      ...(reads.length > 0
        ? await measureReads(server, rss, await resolveReads(server.base, reads, ids), { connections: CONNECTIONS, dir: dataDir })
        : {}),
      ...(missReads.length > 0
        ? await measureReads(server, rss, await resolveReads(server.base, missReads, ids), {
            connections: CACHE_OFF_CONNECTIONS,
            dir: dataDir,
            uniqueHost: true,
          })
        : {}),
      ...cacheOff,
      ...oldMisses,
    };
    // Each miss beside the old build's same miss, and the miss target in this run's machine time.
    for (const [name] of missReads) {
      const now = run.scenarios[name];
      const before = Object.entries(oldMisses).find(([oldName]) => oldName.startsWith(name.slice(0, -1)))?.[1];
      if (!now || !before) continue;
      now.oldBuild = {
        sha: baseline.sha,
        cpuMsPerRequest: before.cpuMsPerRequest,
        share: +(now.cpuMsPerRequest / before.cpuMsPerRequest).toFixed(3),
      };
      if (kind === 'postgres' && BASELINE === OLD_BUILD && name.startsWith('SSR GET /products?sizes=M'))
        run.missTargetMs = +((TARGETS.missPageCpuMs * before.cpuMsPerRequest) / OLD_LISTING_MISS_MS).toFixed(2);
    }

    // Cart: each connection is one shopper (its own token, given in setupClient, which autocannon
    // calls once per connection) setting the quantity of its line, every request to a quantity other
    // than the one before (1, 2, … 5, 1, …). Not kept in autocannon's `context`: that is reset after
    // every pass over `requests`, so a counter there never advances. The database is checked after
    // the shop stops (cartWriter's check).
    let cartWrites = null;
    if (wanted(CART)) {
      cartWrites = cartWriter(fixture.shoppers);
      const cart = await measure(
        { url: server.base, connections: CONNECTIONS, setupClient: cartWrites.setupClient },
        { warmup: WARMUP, rounds: ROUNDS, seconds: SECONDS, rss },
      );
      run.scenarios[CART] = { type: 'write', ...cart, writesAnswered: cartWrites.answered(), writesSent: cartWrites.sent() };
      console.log(
        `  ${CART.padEnd(34)} ${String(cart.rps).padStart(6)} req/s  p50 ${cart.p50} ms  p99 ${cart.p99} ms  errors ${cart.errors}  cpu ${cart.cpuMsPerRequest} ms/req`,
      );
    }

    // Checkout: 50 workers, each a shopper buying one unit per order, for CHECKOUT_SECONDS; then
    // the same as Cash on Delivery orders, one call per order.
    const since = new Date(Date.now() - 1000);
    const outbox = path.join(dataDir, 'outbox');
    const rounds = [
      [PAID, 'checkout', (shopper, line) => checkoutOnce(server.base, standin.info.baseUrl, keyId, shopper, line)],
      [COD, 'codCheckout', (shopper, line) => codCheckoutOnce(server.base, shopper, line)],
    ].filter(([name]) => wanted(name));
    for (const [name, key, once] of rounds) {
      const mailsAtStart = mailCount(outbox);
      const warm = await checkoutLoop(fixture, Math.min(2, WARMUP), once);
      await settle(rss, () => mailCount(outbox) - mailsAtStart >= warm.orders);
      const mailsBefore = mailCount(outbox);
      rss.reset();
      const loop = await checkoutLoop(fixture, CHECKOUT_SECONDS, once);
      const requestCpuMs = rss.cpuMs;
      loop.settleSeconds = await settle(rss, () => mailCount(outbox) - mailsBefore >= loop.orders);
      const mails = mailCount(outbox) - mailsBefore;
      run[key] = {
        ...loop,
        cpuMsPerOrder: +(rss.cpuMs / Math.max(1, loop.orders)).toFixed(3),
        // Until the last answer only: the share of the CPU the shoppers waited behind.
        cpuMsPerOrderUntilAnswered: +(requestCpuMs / Math.max(1, loop.orders)).toFixed(3),
        mailsWhenIdle: mails,
        warmupOrders: warm.orders,
        warmupErrors: warm.errors,
        rssMB: rss.max,
      };
      console.log(
        `  ${name.padEnd(34)} ${String(loop.ordersPerSecond).padStart(6)} orders/s  p50 ${loop.p50} ms  p99 ${loop.p99} ms  errors ${loop.errors}  cpu ${run[key].cpuMsPerOrder} ms/order (${run[key].cpuMsPerOrderUntilAnswered} until the last answer; idle ${loop.settleSeconds} s after, ${mails} mails for ${loop.orders} orders by then)`,
      );
    }
    const race = rounds.length > 0 ? await scarceRace(server.base, standin.info.baseUrl, keyId, fixture) : null;
    if (race) {
      run.scarce = race;
      console.log(
        `  scarce variant (${SCARCE_STOCK} in stock, 50 buyers): ${race.orders} orders, ${race.soldOut} refused as sold out (refunded), ${race.errors} other errors${race.errors ? ` ${JSON.stringify(race.errorKinds)}` : ''}`,
      );
    }
    run.rssAtEndMB = rss.max;
    rss.stop();
    run.loadAfter = loadAverage();

    for (const child of children.splice(0).reverse()) await stopChild(child);
    if (cartWrites) {
      const check = cartWrites.check(
        await tools.cartQuantities(
          target,
          fixture.shoppers.map((s) => s.userId),
        ),
      );
      run.scenarios[CART].databaseCheck = check;
      console.log(
        check.ok
          ? `  cart writes: all ${check.lines} lines hold the last quantity written (${check.distinctQuantities} different quantities among them; ${check.writesAnswered} writes answered, each to another quantity than the line's last)`
          : `  CART WRITES DID NOT LAND: ${check.problems.slice(0, 5).join('; ')}`,
      );
    }
    if (race) {
      run.audit = await tools.auditStock(target, initialStock, since);
      const placed = (r) => (r ? r.warmupOrders + r.orders : 0);
      const expectedOrders = placed(run.checkout) + placed(run.codCheckout) + race.orders;
      run.audit.expectedOrders = expectedOrders;
      run.audit.ok = run.audit.problems.length === 0 && run.audit.orders === expectedOrders && race.orders <= SCARCE_STOCK;
      console.log(
        `  audit: ${run.audit.orders} orders since the checkout round began (expected ${expectedOrders}), ${run.audit.units} units; ${run.audit.ok ? 'no oversell, no negative stock' : `PROBLEMS: ${run.audit.problems.slice(0, 5).join('; ')}`}`,
      );
    }
    printSummary(run);
    return run;
  } finally {
    for (const child of children.reverse()) await stopChild(child);
    await pgDb?.drop().catch((err) => console.error(`could not drop ${pgDb.name}: ${err.message}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Measures each read ([name, path, type]) on `server` with `connections` connections, every round
 * right after a round of the read's own ceiling (ceiling-server.mjs): the bytes `server` answered
 * that request, captured just before with the same request headers. Pages are asked for
 * as a browser asks (Accept-Encoding: br, gzip), so their ceiling serves the same compressed bytes;
 * `bytes` is the body as sent, `htmlBytes` a page's HTML before compression.
 * `x-cache` is what the second of two identical requests said. With `uniqueHost` every request to
 * `server` names a Host of its own (freshHost), so each misses the page cache: `cache` is then 'miss'
 * only when a first request for a Host had no x-cache, the same request again said 'hit' (the cache is
 * on and keyed by Host), and no request under load said 'hit' (`hitsUnderLoad`, counted on every
 * answer). Resolves with the scenarios by name.
 */
async function measureReads(server, rss, reads, { connections, dir, uniqueHost = false }) {
  if (reads.length === 0) return {};
  const captured = [];
  for (const [index, [name, urlPath, type]] of reads.entries()) {
    const headers = type.startsWith('page') ? { 'accept-encoding': 'br, gzip' } : {};
    const url = `${server.base}${urlPath}`;
    const probe = uniqueHost ? { ...headers, host: freshHost() } : headers;
    const first = await getRaw(url, probe);
    const again = await getRaw(url, probe);
    const answer = uniqueHost ? first : again;
    if (answer.status !== 200) throw new Error(`${name}: ${url} answered ${answer.status}`);
    let cache = answer.headers['x-cache'] ?? 'none';
    if (uniqueHost) {
      const said = `first request for a new Host: x-cache ${first.headers['x-cache'] ?? 'none'}; the same again: ${again.headers['x-cache'] ?? 'none'}`;
      cache = !first.headers['x-cache'] && again.headers['x-cache'] === 'hit' ? 'miss' : `NOT A CLEAN MISS (${said})`;
    }
    const file = path.join(dir, `ceiling-${index}.body`);
    writeFileSync(file, answer.body);
    // Every header the shop answered but those Node writes per connection: its ceiling sends them
    // too (security headers, request id, cache and page headers), so the distance between the two
    // is the shop's work, not a dozen headers more on the wire.
    const sent = Object.fromEntries(Object.entries(answer.headers).filter(([h]) => !PER_CONNECTION_HEADERS.has(h)));
    captured.push({
      name,
      url,
      type,
      headers,
      sent,
      file,
      path: `/ceiling/${index}`,
      bytes: answer.body.length,
      htmlBytes: type.startsWith('page') ? decoded(answer).length : undefined,
      cache,
    });
  }
  const manifest = path.join(dir, 'ceilings.json');
  writeFileSync(manifest, JSON.stringify(captured.map((c) => ({ path: c.path, file: c.file, headers: c.sent }))));
  const ceiling = await startJsonChild(['scripts/bench/ceiling-server.mjs', '--manifest', manifest]);
  const settings = { warmup: WARMUP, rounds: ROUNDS, seconds: SECONDS, ceilingSeconds: CEILING_SECONDS };
  const scenarios = {};
  try {
    if (uniqueHost) {
      // Pages that miss render every time: each of them first, for twice the warm-up, so the first
      // row is not measured while V8 still optimises the renderer (a running shop's is long warm;
      // with only its own warm-up, that row's first round answered 13% fewer pages a second than its next two).
      for (const c of captured) {
        await cannon({
          url: c.url,
          connections,
          headers: c.headers,
          duration: 2 * WARMUP,
          requests: [{ setupRequest: withFreshHost }],
        });
      }
    }
    for (const c of captured) {
      const shop = { url: c.url, connections, headers: c.headers };
      const answers = { hit: 0, other: 0 };
      if (uniqueHost) {
        shop.requests = [
          {
            setupRequest: withFreshHost,
            onResponse: (_status, _body, _context, headers) => {
              if (headers['x-cache'] === 'hit') answers.hit++;
              else answers.other++;
            },
          },
        ];
      }
      const m = await measurePaired(
        shop,
        { url: `http://127.0.0.1:${ceiling.info.port}${c.path}`, connections, headers: c.headers },
        { ...settings, server: rss, ceilingPid: ceiling.child.pid },
      );
      const cache = uniqueHost && answers.hit > 0 ? `HIT under load (${answers.hit} of ${answers.hit + answers.other})` : c.cache;
      scenarios[c.name] = {
        type: c.type,
        connections,
        bytes: c.bytes,
        htmlBytes: c.htmlBytes,
        encoding: c.sent['content-encoding'] ?? 'identity',
        cache,
        ...(uniqueHost ? { hitsUnderLoad: answers.hit, answersChecked: answers.hit + answers.other } : {}),
        ...m,
      };
      const html = c.htmlBytes === undefined ? '' : `  ${(c.bytes / 1024).toFixed(1)} KB sent, ${(c.htmlBytes / 1024).toFixed(1)} KB HTML`;
      console.log(
        `  ${c.name.padEnd(46)} ${String(m.rps).padStart(6)} req/s (${(m.share * 100).toFixed(1)}% of its ceiling's ${m.ceiling.rps})  p50 ${m.p50} ms  p99 ${m.p99} ms  errors ${m.errors}  cpu ${m.cpuMsPerRequest} ms/req  RSS ${m.rssMB} MB  x-cache ${cache}${html}`,
      );
    }
  } finally {
    await stopChild(ceiling.child);
  }
  return scenarios;
}

/** A captured answer's body as the server wrote it before compression (br, gzip or none). */
function decoded(answer) {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  return answer.body;
}

/**
 * The address `urlPath` settles on at `base`: redirects (301 to a product's /products/<handle>, a
 * category's /category/<handle>?name=…, a listing's canonical query) followed, at most 5; throws
 * unless it ends in a 200.
 */
async function canonicalPath(base, urlPath) {
  let at = urlPath;
  for (let hops = 0; hops <= 5; hops++) {
    const res = await getRaw(`${base}${at}`, { 'accept-encoding': 'br, gzip' });
    if (res.status === 200) return at;
    if (![301, 302, 303, 307, 308].includes(res.status) || !res.headers.location)
      throw new Error(`${base}${at} answered ${res.status} (asked for ${urlPath})`);
    const next = new URL(res.headers.location, `${base}${at}`);
    at = `${next.pathname}${next.search}`;
  }
  throw new Error(`${urlPath}: more than 5 redirects`);
}

/** The ids the reads' paths need: the fixture product's first category (or the shop's first). */
async function shopIds(base, productId) {
  const product = await (await fetch(`${base}/api/products/${productId}`)).json();
  const categoryId = product.categoryIds?.[0]?._id ?? (await (await fetch(`${base}/api/categories`)).json())[0]._id;
  return { categoryId };
}

/** The reads [name, path(ids), type] as [name, canonical path, type] on `base`. */
async function resolveReads(base, reads, ids) {
  const resolved = [];
  for (const [name, pathOf, type] of reads) resolved.push([name, await canonicalPath(base, pathOf(ids)), type]);
  return resolved;
}

/**
 * The cart scenario's writes: `setupClient` gives each autocannon connection the next shopper
 * (one per connection while there are as many shoppers as connections) and a request whose
 * `setupRequest` sets that shopper's line to the quantity after the last one sent (1, 2, … 5, 1, …;
 * the lines start at 1), so no request writes the quantity already there. `check(quantities)` takes
 * the lines read from the database after the run (user id → quantity) and says whether each holds
 * the last quantity answered 200 (or the last sent, when that write landed after its connection
 * closed) and whether they differ from one another at all.
 */
function cartWriter(shoppers) {
  const lines = new Map(shoppers.map((s) => [s.userId, { sent: 1, answered: 1, writes: 0 }]));
  let next = 0;
  let sent = 0;
  let answered = 0;
  const request = (shopper) => {
    const line = lines.get(shopper.userId);
    return {
      method: 'PUT',
      path: '/api/cart/item',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${shopper.token}` },
      setupRequest: (req) => {
        line.sent = (line.sent % 5) + 1;
        sent++;
        return { ...req, body: JSON.stringify({ productId: shopper.productId, variantId: shopper.variantId, quantity: line.sent }) };
      },
      // Called before the connection builds its next request: line.sent is still this answer's quantity.
      onResponse: (status) => {
        if (status !== 200) return;
        line.answered = line.sent;
        line.writes++;
        answered++;
      },
    };
  };
  return {
    setupClient: (client) => client.setRequests([request(shoppers[next++ % shoppers.length])]),
    sent: () => sent,
    answered: () => answered,
    check(quantities) {
      const problems = [];
      for (const [userId, line] of lines) {
        const q = quantities[userId];
        if (q === undefined) problems.push(`shopper ${userId} has no cart line`);
        else if (q !== line.answered && q !== line.sent)
          problems.push(`shopper ${userId}: quantity ${q} in the database, ${line.answered} last written (${line.sent} last sent)`);
        if (line.writes === 0) problems.push(`shopper ${userId}: no write answered`);
      }
      const distinct = new Set(Object.values(quantities)).size;
      if (distinct < 2) problems.push(`every line holds quantity ${Object.values(quantities)[0]}: the writes changed nothing`);
      return {
        ok: problems.length === 0,
        lines: lines.size,
        distinctQuantities: distinct,
        writesSent: sent,
        writesAnswered: answered,
        problems,
      };
    },
  };
}

/** How many mails the outbox folder holds (0 before the first). */
function mailCount(dir) {
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.eml')).length;
  } catch {
    return 0;
  }
}

/** One full checkout; resolves with 'ok', 'sold-out' (the 409 of a sold-out line, refunded after payment) or an error text. */
async function checkoutOnce(base, standinBase, keyId, shopper, line) {
  const auth = { authorization: `Bearer ${shopper.token}` };
  const created = await postJson(
    `${base}/api/payments/razorpay/create-order`,
    { items: [{ ...line, quantity: 1 }], fromBuyNow: true, shippingAddress: shippingAddress(shopper) },
    auth,
  );
  if (soldOut(created)) return 'sold-out';
  if (created.status !== 200) return `create-order ${created.status} ${created.body?.message ?? ''}`.trim();
  const paid = await postJson(`${standinBase}/checkout/pay`, { key: keyId, order_id: created.body.order.id, method: 'upi' });
  if (paid.status !== 200) return `pay ${paid.status}`;
  const verified = await postJson(`${base}/api/payments/razorpay/verify-and-create-order`, paid.body);
  if (soldOut(verified)) return 'sold-out';
  if (verified.status !== 200 || !verified.body?.order?._id) return `verify ${verified.status} ${verified.body?.message ?? ''}`.trim();
  return 'ok';
}

/** One Cash on Delivery order (its own Idempotency-Key); 'ok', 'sold-out' or an error text. */
async function codCheckoutOnce(base, shopper, line) {
  const res = await postJson(
    `${base}/api/payments/cod/create-order`,
    { items: [{ ...line, quantity: 1 }], fromBuyNow: true, shippingAddress: shippingAddress(shopper) },
    { authorization: `Bearer ${shopper.token}`, 'idempotency-key': randomUUID() },
  );
  if (soldOut(res)) return 'sold-out';
  if (res.status !== 201 || !res.body?.order?._id) return `cod ${res.status} ${res.body?.message ?? ''}`.trim();
  return 'ok';
}

/**
 * Waits until the shop is idle (under 5% of a core over 250 ms) and `done()` says so (at most 60 s),
 * and returns the seconds waited: what an order leaves for after its answer (the confirmation mail
 * with its invoice PDF, delivered one at a time) is then counted in the checkout's CPU per order. On
 * a loaded machine a mail can take longer than 250 ms of wall time for a few ms of CPU, which looks
 * idle: `done` (every order's mail in the outbox folder) keeps the wait going until they are out.
 */
async function settle(rss, done = () => true) {
  const start = Date.now();
  let last = rss.cpuMs;
  while (Date.now() - start < 60_000) {
    await sleep(250);
    const now = rss.cpuMs;
    if (now - last < 12.5 && done()) break;
    last = now;
  }
  return +((Date.now() - start) / 1000).toFixed(1);
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

/**
 * 50 shoppers at once for the scarce variant: at most its stock may be sold, the rest refused as sold
 * out. Anything else (another status, another 409, a network error) is counted in `errors` and kept
 * by its text in `errorKinds`.
 */
async function scarceRace(base, standinBase, keyId, fixture) {
  const outcomes = await Promise.all(
    fixture.shoppers.map((shopper) =>
      checkoutOnce(base, standinBase, keyId, shopper, { productId: fixture.scarce.productId, variantId: fixture.scarce.variantId }).catch(
        (err) => `exception ${err.cause?.code ?? err.code ?? err.message}`,
      ),
    ),
  );
  const errorKinds = {};
  for (const o of outcomes) if (o !== 'ok' && o !== 'sold-out') errorKinds[o] = (errorKinds[o] ?? 0) + 1;
  const count = (what) => outcomes.filter((o) => o === what).length;
  return {
    buyers: outcomes.length,
    orders: count('ok'),
    soldOut: count('sold-out'),
    errors: outcomes.length - count('ok') - count('sold-out'),
    errorKinds,
  };
}

function printSummary(run) {
  const share = (s) => (s.share === undefined ? '' : `${(s.share * 100).toFixed(1)}%`);
  const rows = Object.entries(run.scenarios).map(([name, s]) => [
    name,
    s.connections ?? CONNECTIONS,
    s.rps,
    s.ceiling?.rps ?? '',
    share(s),
    s.p50,
    s.p99,
    s.errors,
    s.rssMB,
    s.cpuMsPerRequest,
    s.bytes === undefined ? '' : `${(s.bytes / 1024).toFixed(1)}${s.encoding === 'identity' ? '' : ` ${s.encoding}`}`,
    s.htmlBytes === undefined ? '' : (s.htmlBytes / 1024).toFixed(1),
    s.cache ?? (s.databaseCheck ? (s.databaseCheck.ok ? 'db checked' : 'DB CHECK FAILED') : ''),
  ]);
  for (const [label, r] of [
    ['checkout (orders/s, cpu ms/order)', run.checkout],
    ['checkout, COD (orders/s, cpu ms/order)', run.codCheckout],
  ]) {
    if (!r) continue;
    rows.push([
      label,
      CONNECTIONS,
      r.ordersPerSecond,
      '',
      '',
      r.p50,
      r.p99,
      r.errors,
      r.rssMB,
      `${r.cpuMsPerOrderUntilAnswered} (${r.cpuMsPerOrder} with mail)`,
      '',
      '',
      run.audit?.ok ? 'no oversell' : 'OVERSELL?',
    ]);
  }
  console.log(`\n${run.database} — load before ${run.loadBefore.join(' ')}, after ${run.loadAfter.join(' ')}`);
  console.log(
    table(
      [
        'scenario',
        'conns',
        'req/s',
        'ceiling req/s',
        'of ceiling',
        'p50 ms',
        'p99 ms',
        'errors',
        'RSS MB',
        'cpu ms/req',
        'KB sent',
        'KB html',
        'x-cache',
      ],
      rows,
    ),
  );
  const pct = (n) => `${(n * 100).toFixed(1)}%`;
  const againstOld = Object.entries(run.scenarios).filter(([, s]) => s.oldBuild);
  const missTarget = run.missTargetMs ?? TARGETS.missPageCpuMs;
  if (againstOld.length > 0) {
    console.log(`\nMisses against the old build ${againstOld[0][1].oldBuild.sha.slice(0, 7)} in this run:`);
    for (const [name, s] of againstOld)
      console.log(`  ${name}: ${s.cpuMsPerRequest} ms against ${s.oldBuild.cpuMsPerRequest} ms, ${pct(s.oldBuild.share)}`);
    if (run.missTargetMs)
      console.log(
        `  the old build's listing miss cost ${OLD_LISTING_MISS_MS} ms when the 4 ms target was set: this run's machine time makes it ${run.missTargetMs} ms`,
      );
  }
  const misses = [];
  for (const [name, s] of Object.entries(run.scenarios)) {
    if (s.type === 'json' && s.share < TARGETS.jsonShare) misses.push(`${name}: ${pct(s.share)} of its ceiling (target 60%)`);
    if (s.type === 'json' && s.p99 >= TARGETS.jsonP99)
      misses.push(`${name}: p99 ${s.p99} ms (target < 25 ms; its bare ceiling's p99 in the same rounds: ${s.ceiling.p99} ms)`);
    if (s.type === 'page' && s.share < TARGETS.pageShare) misses.push(`${name}: ${pct(s.share)} of its ceiling (target 10%)`);
    if ((s.type === 'json' || s.type === 'page') && s.cache !== 'hit') misses.push(`${name}: the response cache did not hit`);
    if (s.type === 'json-uncached' && s.share < TARGETS.uncachedJsonShare)
      misses.push(`${name}: ${pct(s.share)} of its ceiling (target 15%)`);
    if (s.type === 'page-uncached' && s.share < TARGETS.uncachedPageShare)
      misses.push(`${name}: ${pct(s.share)} of its ceiling (target 10%)`);
    if (s.type === 'page-uncached' && s.p50 >= TARGETS.uncachedPageP50) misses.push(`${name}: p50 ${s.p50} ms (target < 20 ms)`);
    if (s.type.endsWith('-uncached') && s.cache !== 'none') misses.push(`${name}: answered from the cache (x-cache ${s.cache})`);
    if (s.type.startsWith('page-miss') && s.cache !== 'miss') misses.push(`${name}: not measured as a page-cache miss (${s.cache})`);
    if (s.type === 'page-miss' && s.cpuMsPerRequest > missTarget)
      misses.push(
        `${name}: ${s.cpuMsPerRequest} ms of CPU per page (target ${
          run.missTargetMs ? `${missTarget}: 4 ms scaled by the old build's listing miss in this run` : '4'
        })`,
      );
    if (s.databaseCheck && !s.databaseCheck.ok)
      misses.push(`${name}: the writes did not change the lines as sent (${s.databaseCheck.problems.slice(0, 3).join('; ')})`);
    if (s.type === 'write' && s.cpuMsPerRequest > TARGETS.cartCpuMs)
      misses.push(`${name}: ${s.cpuMsPerRequest} ms of CPU per request (target 0.5)`);
    if (s.errors) misses.push(`${name}: ${s.errors} errors`);
  }
  const c = run.checkout;
  const cod = run.codCheckout;
  if (c && c.ordersPerSecond < TARGETS.ordersPerSecond) misses.push(`checkout: ${c.ordersPerSecond} orders/s (target 300)`);
  for (const [name, r] of [
    ['checkout', c],
    ['COD checkout', cod],
  ]) {
    if (!r) continue;
    if (r.cpuMsPerOrderUntilAnswered > TARGETS.orderCpuMs)
      misses.push(`${name}: ${r.cpuMsPerOrderUntilAnswered} ms of CPU per order until its answer (target 2.0)`);
    if (r.mailsWhenIdle < r.orders)
      misses.push(`${name}: ${r.orders - r.mailsWhenIdle} confirmation mails left to the retry loop (not in the CPU per order)`);
    if (r.errors) misses.push(`${name}: ${r.errors} errors ${JSON.stringify(r.errorKinds)}`);
  }
  if (c && cod && cod.ordersPerSecond < c.ordersPerSecond)
    misses.push(
      `COD checkout: ${cod.ordersPerSecond} orders/s, fewer than the paid checkout's ${c.ordersPerSecond} (target: at least as many)`,
    );
  if (run.audit && !run.audit.ok) misses.push('checkout: the stock audit failed');
  if (run.scarce?.errors) misses.push(`scarce race: ${run.scarce.errors} errors ${JSON.stringify(run.scarce.errorKinds)}`);
  const maxRss = Math.max(c?.rssMB ?? 0, cod?.rssMB ?? 0, ...Object.values(run.scenarios).map((s) => s.rssMB ?? 0));
  if (maxRss >= TARGETS.rssMB) misses.push(`RSS ${maxRss} MB (target < 200 MB)`);
  run.maxRssMB = maxRss;
  run.targetsMissed = misses;
  console.log(
    misses.length
      ? `Targets missed${run.database === 'postgres' ? '' : ' (targets are for PostgreSQL)'}:\n  - ${misses.join('\n  - ')}`
      : 'All targets met.',
  );
}
