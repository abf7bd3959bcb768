#!/usr/bin/env node
// npm run bench:web — the phone benchmark. Builds the production bundle, seeds the demo
// shop into a fresh embedded database, starts the production server (NODE_ENV=production, a
// Razorpay stand-in in its own process) and runs Lighthouse with the system Chromium, its default
// mobile preset (a mid-range phone, simulated 4G), on /, /products and a product page: one warm-up
// run, then 3 measured runs per page; the median run (Lighthouse's computeMedianRun) is reported.
// Targets: performance >= 95, accessibility 100, best practices >= 95, SEO 100, LCP <= 2.0 s,
// CLS <= 0.05, TBT <= 150 ms. The JavaScript budget of each route is checked by
// scripts/check-bundle-size.mjs in `npm test`.
// Prints a table and writes bench/results/bench-web-<time>.json, and each page's median Lighthouse
// report beside it (lighthouse-<page>-<time>.json).
//
// Options: --skip-build. Environment: CHROME_PATH (default /usr/bin/chromium), BENCH_WEB_RUNS (3).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROME_ARGS } from '../lib/find-chrome.mjs';
import { importTs } from '../lib/run-ts.mjs';
import { buildIfWanted, machine, root, startProductionShop, stopChild, table, uptime, writeResult } from './lib.mjs';

const argv = process.argv.slice(2);
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100, lcpMs: 2000, cls: 0.05, tbtMs: 150 };

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROME)) {
  console.error(`No Chromium at ${CHROME}: install it (apt-get install -y chromium) or set CHROME_PATH.`);
  process.exit(1);
}

const started = Date.now();
buildIfWanted(argv);
const tools = await importTs('scripts/bench/db-tools.ts');
const toolsBundle = path.join(root, 'build', 'scripts', 'db-tools.mjs');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rangmanch-bench-web-'));
const children = [];
let chrome;
const result = {
  kind: 'web',
  startedAt: new Date(started).toISOString(),
  machine: machine(),
  settings: { runs: RUNS, preset: 'lighthouse default (mobile, simulated throttling)' },
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

  chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', ...CHROME_ARGS],
  });
  const pages = [
    ['home', '/'],
    ['all products', '/products'],
    ['product page', `/product/${productId}`],
  ];
  for (const [name, pagePath] of pages) {
    const url = `${server.base}${pagePath}`;
    const runs = [];
    for (let i = 0; i <= RUNS; i++) {
      const lhr = await lighthouseRun(url, chrome.port);
      if (i > 0) runs.push(lhr); // run 0 warms the server's caches
    }
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
      notPassed: Object.fromEntries(CATEGORIES.map((c) => [c, failed(c)]).filter(([, ids]) => ids.length)),
    };
    page.misses = [
      ...['performance', 'best-practices'].filter((c) => page[c] < TARGETS[c]).map((c) => `${c} ${page[c]} (target ${TARGETS[c]})`),
      ...['accessibility', 'seo'].filter((c) => page[c] < TARGETS[c]).map((c) => `${c} ${page[c]} (target ${TARGETS[c]})`),
      ...(page.lcpMs > TARGETS.lcpMs ? [`LCP ${page.lcpMs} ms (target ${TARGETS.lcpMs})`] : []),
      ...(page.cls > TARGETS.cls ? [`CLS ${page.cls} (target ${TARGETS.cls})`] : []),
      ...(page.tbtMs > TARGETS.tbtMs ? [`TBT ${page.tbtMs} ms (target ${TARGETS.tbtMs})`] : []),
    ];
    // The whole median report, for a look at what held the page up (open it in the Lighthouse viewer).
    page.report = writeResult(`lighthouse-${name.replace(/\W+/g, '-')}`, median);
    result.pages[name] = page;
    console.log(
      `  ${name.padEnd(14)} performance ${page.performance} (runs ${page.performanceRuns.join(', ')})  LCP ${page.lcpMs} ms  CLS ${page.cls}  TBT ${page.tbtMs} ms`,
    );
  }
} finally {
  await chrome?.kill();
  for (const c of children.reverse()) await stopChild(c);
  rmSync(dataDir, { recursive: true, force: true });
}

/** One Lighthouse run; a run whose trace recording failed (NO_NAVSTART and the like) is retried twice. */
async function lighthouseRun(url, port, attempt = 1) {
  const { lhr } = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: CATEGORIES });
  if (!lhr.runtimeError) return lhr;
  if (attempt < 3) return lighthouseRun(url, port, attempt + 1);
  throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
}

result.seconds = Math.round((Date.now() - started) / 1000);
const rows = Object.entries(result.pages).map(([name, p]) => [
  name,
  p.performance,
  p.accessibility,
  p['best-practices'],
  p.seo,
  p.fcpMs,
  p.lcpMs,
  p.cls,
  p.tbtMs,
]);
console.log(`\n${table(['page', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP ms', 'LCP ms', 'CLS', 'TBT ms'], rows)}`);
const misses = Object.entries(result.pages).flatMap(([name, p]) => p.misses.map((m) => `${name}: ${m}`));
console.log(misses.length ? `\nMissed:\n  ${misses.join('\n  ')}` : '\nEvery target met.');
for (const [name, p] of Object.entries(result.pages)) {
  if (Object.keys(p.notPassed).length) console.log(`  ${name}, audits not passed: ${JSON.stringify(p.notPassed)}`);
}
console.log(`Wrote ${writeResult('bench-web', result)} (${result.seconds} s in all).`);
