#!/usr/bin/env node
// npm run bench:web — the phone benchmark. Builds the production bundle, seeds the demo
// shop into a fresh embedded database, starts the production server (NODE_ENV=production, a
// Razorpay stand-in in its own process) and runs Lighthouse with the system Chromium, its default
// mobile preset (a mid-range phone, simulated 4G), on /, /products and a product page: one warm-up
// run, then 3 measured runs per page; the median run (Lighthouse's computeMedianRun) is reported.
// Targets: performance >= 95, accessibility 100, best practices >= 95, SEO 100, LCP <= 2.0 s,
// CLS <= 0.05, TBT <= 150 ms. The JavaScript budget of each route is checked by
// scripts/check-bundle-size.mjs in `npm test`.
//
// The ceiling: each page is also measured without its scripts, interleaved run by run with the real
// page (real, script-less, real, …), so both see the machine at the same speed. A small proxy in
// this process fetches the page from the same server, removes its <script> elements (JSON-LD data
// stays) and its modulepreload links, compresses it again as the server did, and passes every other
// request (stylesheet, pictures, fonts) through untouched. Absolute scores follow the machine's
// speed; the gap to the ceiling does not. Targets: performance within 5 points of the ceiling, first
// contentful paint within 0.3 s of it (docs/performance.md).
// Prints a table and writes bench/results/bench-web-<time>.json, and each page's median Lighthouse
// report beside it (lighthouse-<page>-<time>.json, and lighthouse-<page>-no-js-<time>.json).
//
// Options: --skip-build. Environment: CHROME_PATH (default: the browser tests' Chromium, scripts/lib/find-chrome.mjs), BENCH_WEB_RUNS (3),
// BENCH_WEB_PAGES (a comma-separated filter on the page names home, products, product; default all),
// BENCH_WEB_CEILING=0 to skip the script-less runs.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROME_ARGS, findChrome, NoChromeError } from '../lib/find-chrome.mjs';
import { importTs } from '../lib/run-ts.mjs';
import { buildIfWanted, machine, root, startProductionShop, stopChild, table, uptime, writeResult } from './lib.mjs';

const argv = process.argv.slice(2);
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const PAGE_FILTER = (process.env.BENCH_WEB_PAGES ?? '')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const CEILING = process.env.BENCH_WEB_CEILING !== '0';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 100,
  lcpMs: 2000,
  cls: 0.05,
  tbtMs: 150,
  ceilingGap: 5,
  ceilingFcpGapMs: 300,
};

let CHROME;
try {
  CHROME = await findChrome({ log: (line) => console.log(line) });
} catch (err) {
  if (!(err instanceof NoChromeError)) throw err;
  console.error(err.message);
  process.exit(1);
}

const started = Date.now();
buildIfWanted(argv);
const tools = await importTs('scripts/bench/db-tools.ts');
const toolsBundle = path.join(root, 'build', 'scripts', 'db-tools.mjs');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rangmanch-bench-web-'));
const children = [];
let chrome;
let proxy;
const result = {
  kind: 'web',
  startedAt: new Date(started).toISOString(),
  machine: machine(),
  settings: {
    runs: RUNS,
    preset: 'lighthouse default (mobile, simulated throttling)',
    ceiling: CEILING ? 'the same page without its scripts, runs interleaved' : 'off',
  },
  pages: {},
};
try {
  console.log(`\n${uptime()}\nSeeding the demo shop…`);
  const { pgliteDir, mediaDir } = tools.dataPaths(dataDir);
  const { productId } = await tools.prepareDemo({ pgliteDir }, { mediaDir });
  const shop = await startProductionShop({ toolsBundle, dataDir, jwtSecret: randomBytes(32).toString('hex'), env: { LOG_LEVEL: 'warn' } });
  children.push(...shop.children);
  const { server } = shop;
  result.lighthouse = JSON.parse(readFileSync(path.join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version;
  if (CEILING) proxy = await startScriptlessProxy(new URL(server.base));

  chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', ...CHROME_ARGS],
  });
  // The product page at its own address, as cards and search link it (the old /product/<id> answers 301).
  const { handle } = await (await fetch(`${server.base}/api/products/${productId}`)).json();
  const pages = [
    ['home', '/'],
    ['products', '/products'],
    ['product', `/products/${handle}`],
  ].filter(([name]) => !PAGE_FILTER.length || PAGE_FILTER.includes(name));
  for (const [name, pagePath] of pages) {
    const variants = [['page', `${server.base}${pagePath}`]];
    if (proxy) variants.push(['no-js', `${proxy.base}${pagePath}`]);
    const runs = Object.fromEntries(variants.map(([v]) => [v, []]));
    // Interleaved: the real page, then the script-less one, and again; run 0 of each warms caches.
    for (let i = 0; i <= RUNS; i++) {
      for (const [variant, url] of variants) {
        const lhr = await lighthouseRun(url, chrome.port);
        if (i > 0) runs[variant].push(lhr);
      }
    }
    const page = summarise(pagePath, runs.page);
    page.report = writeResult(`lighthouse-${name}`, computeMedianRun(runs.page));
    if (proxy) {
      const ceiling = summarise(pagePath, runs['no-js']);
      ceiling.report = writeResult(`lighthouse-${name}-no-js`, computeMedianRun(runs['no-js']));
      delete ceiling.misses;
      page.ceiling = ceiling;
      page.ceilingGap = ceiling.performance - page.performance;
      page.ceilingFcpGapMs = page.fcpMs - ceiling.fcpMs;
      page.ceilingLcpGapMs = page.lcpMs - ceiling.lcpMs;
      if (page.ceilingGap > TARGETS.ceilingGap)
        page.misses.push(`${page.ceilingGap} points below its script-less ceiling (target ${TARGETS.ceilingGap})`);
      if (page.ceilingFcpGapMs > TARGETS.ceilingFcpGapMs)
        page.misses.push(`FCP ${page.ceilingFcpGapMs} ms after its script-less ceiling (target ${TARGETS.ceilingFcpGapMs})`);
    }
    result.pages[name] = page;
    console.log(
      `  ${name.padEnd(9)} performance ${page.performance} (runs ${page.performanceRuns.join(', ')})  FCP ${page.fcpMs} ms  LCP ${page.lcpMs} ms  CLS ${page.cls}  TBT ${page.tbtMs} ms` +
        (page.ceiling
          ? `\n  ${''.padEnd(9)} no scripts: ${page.ceiling.performance} (runs ${page.ceiling.performanceRuns.join(', ')})  FCP ${page.ceiling.fcpMs} ms  LCP ${page.ceiling.lcpMs} ms`
          : ''),
    );
  }
} finally {
  await chrome?.kill();
  proxy?.close();
  for (const c of children.reverse()) await stopChild(c);
  rmSync(dataDir, { recursive: true, force: true });
}

/** Scores and metrics of a page's median run (Lighthouse's computeMedianRun), with the targets it misses. */
function summarise(pagePath, runs) {
  const median = computeMedianRun(runs);
  const score = (id) => Math.round((median.categories[id].score ?? 0) * 100);
  const audit = (id) => median.audits[id].numericValue;
  const failed = (id) =>
    Object.values(median.categories[id].auditRefs)
      .map((ref) => median.audits[ref.id])
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'manual' &&
          a.scoreDisplayMode !== 'notApplicable',
      )
      .map((a) => a.id);
  const page = {
    url: pagePath,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    cls: +audit('cumulative-layout-shift').toFixed(3),
    tbtMs: Math.round(audit('total-blocking-time')),
    speedIndexMs: Math.round(audit('speed-index')),
    performanceRuns: runs.map((r) => Math.round(r.categories.performance.score * 100)),
    fcpRunsMs: runs.map((r) => Math.round(r.audits['first-contentful-paint'].numericValue)),
    notPassed: Object.fromEntries(CATEGORIES.map((c) => [c, failed(c)]).filter(([, ids]) => ids.length)),
  };
  page.misses = [
    ...['performance', 'best-practices'].filter((c) => page[c] < TARGETS[c]).map((c) => `${c} ${page[c]} (target ${TARGETS[c]})`),
    ...['accessibility', 'seo'].filter((c) => page[c] < TARGETS[c]).map((c) => `${c} ${page[c]} (target ${TARGETS[c]})`),
    ...(page.lcpMs > TARGETS.lcpMs ? [`LCP ${page.lcpMs} ms (target ${TARGETS.lcpMs})`] : []),
    ...(page.cls > TARGETS.cls ? [`CLS ${page.cls} (target ${TARGETS.cls})`] : []),
    ...(page.tbtMs > TARGETS.tbtMs ? [`TBT ${page.tbtMs} ms (target ${TARGETS.tbtMs})`] : []),
  ];
  return page;
}

/** One Lighthouse run; a run whose trace recording failed (NO_NAVSTART and the like) is retried twice. */
async function lighthouseRun(url, port, attempt = 1) {
  const { lhr } = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: CATEGORIES });
  if (!lhr.runtimeError) return lhr;
  if (attempt < 3) return lighthouseRun(url, port, attempt + 1);
  throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
}

/**
 * The same page without JavaScript: every <script> element but JSON data (JSON-LD) and every
 * modulepreload link removed from an HTML document; the rest of the bytes as they were.
 */
export function stripScripts(html) {
  return html
    .replace(/<script\b([^>]*)>[\s\S]*?<\/script>/gi, (tag, attrs) => (/type="application\/(ld\+)?json"/i.test(attrs) ? tag : ''))
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '');
}

/**
 * An HTTP proxy to `target` on a free port of 127.0.0.1 that serves HTML documents without their
 * scripts (stripScripts), compressed again with the encoding the server chose (brotli at quality 5
 * or gzip), and every other response as it came. Resolves {base, close()}.
 */
function startScriptlessProxy(target) {
  const srv = http.createServer((req, res) => {
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        const type = String(up.headers['content-type'] ?? '');
        if (!type.startsWith('text/html')) {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
          return;
        }
        const chunks = [];
        up.on('data', (c) => chunks.push(c));
        up.on('end', () => {
          const encoding = String(up.headers['content-encoding'] ?? '');
          const raw = Buffer.concat(chunks);
          const plain = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
          const stripped = Buffer.from(stripScripts(plain.toString('utf8')));
          const body =
            encoding === 'br'
              ? zlib.brotliCompressSync(stripped, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
              : encoding === 'gzip'
                ? zlib.gzipSync(stripped)
                : stripped;
          const headers = { ...up.headers, 'content-length': String(body.length) };
          delete headers.etag;
          delete headers['transfer-encoding'];
          res.writeHead(up.statusCode ?? 502, headers);
          res.end(body);
        });
        up.on('error', () => res.destroy());
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      resolve({ base: `http://127.0.0.1:${port}`, close: () => srv.close() });
    });
  });
}

result.seconds = Math.round((Date.now() - started) / 1000);
const rows = Object.entries(result.pages).map(([name, p]) => [
  name,
  p.performance,
  p.ceiling?.performance,
  p.ceilingGap,
  p.accessibility,
  p['best-practices'],
  p.seo,
  p.fcpMs,
  p.ceiling?.fcpMs,
  p.lcpMs,
  p.ceiling?.lcpMs,
  p.cls,
  p.tbtMs,
]);
console.log(
  `\n${table(['page', 'perf', 'no-JS perf', 'gap', 'a11y', 'best pr.', 'SEO', 'FCP ms', 'no-JS FCP', 'LCP ms', 'no-JS LCP', 'CLS', 'TBT ms'], rows)}`,
);
const misses = Object.entries(result.pages).flatMap(([name, p]) => p.misses.map((m) => `${name}: ${m}`));
console.log(misses.length ? `\nMissed:\n  ${misses.join('\n  ')}` : '\nEvery target met.');
for (const [name, p] of Object.entries(result.pages)) {
  if (Object.keys(p.notPassed).length) console.log(`  ${name}, audits not passed: ${JSON.stringify(p.notPassed)}`);
}
console.log(`Wrote ${writeResult('bench-web', result)} (${result.seconds} s in all).`);
