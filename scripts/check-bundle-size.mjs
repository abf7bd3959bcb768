#!/usr/bin/env node
// The storefront's JavaScript budget, run by `npm test` after the build.
//
// For every storefront route module (src/web/routes/**, not under admin/), the JavaScript its
// first load ships is the client entry, the root route, the route's parent layouts and the route
// itself, with everything they import statically, transitively (Vite's manifest,
// build/client/.vite/manifest.json; dynamic imports load later and are not counted). The route
// tree (which layouts wrap which route) comes from React Router's own manifest.
//
// Fails when any of those chunks holds admin code (a module of src/web/routes/admin or
// src/web/features/admin, or the recharts package; per chunk, from
// build/client/.vite/chunk-modules.json, written by the plugin in vite.config.ts), or when a
// route's first load, gzipped, is over LIMIT_KB (160, docs/architecture.md#web-app). What every storefront
// page loads (the client entry and the `shop` chunk of vite.config.ts: React and react-dom, React
// Router, TanStack Query, the layout and the code several routes share) is most of it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const LIMIT_KB = 160;
const CLIENT = 'build/client';
const ROUTES_DIR = 'src/web/routes';
const ADMIN_CODE = [/^src\/web\/routes\/admin\//, /^src\/web\/features\/admin\//, /^npm:recharts$/];

const fail = (message) => {
  console.error(`check-bundle-size: ${message}`);
  process.exit(1);
};

const manifestFile = path.join(CLIENT, '.vite', 'manifest.json');
const modulesFile = path.join(CLIENT, '.vite', 'chunk-modules.json');
if (!existsSync(manifestFile)) fail(`${manifestFile} is missing: run \`npm run build\` first (vite.config.ts sets build.manifest).`);
if (!existsSync(modulesFile)) fail(`${modulesFile} is missing: the chunk-modules plugin in vite.config.ts did not run.`);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const chunkModules = JSON.parse(readFileSync(modulesFile, 'utf8'));

// React Router's manifest: route ids ("routes/products") and their parents.
const rrFile = readdirSync(path.join(CLIENT, 'assets')).find((f) => /^manifest-[\w-]+\.js$/.test(f));
if (!rrFile) fail("React Router's manifest (build/client/assets/manifest-*.js) is missing.");
const rrText = readFileSync(path.join(CLIENT, 'assets', rrFile), 'utf8');
const rr = JSON.parse(rrText.slice(rrText.indexOf('{'), rrText.lastIndexOf('}') + 1));

/** The Vite manifest key of a source file (route modules carry a query suffix). */
const keyOf = (source) => Object.keys(manifest).find((k) => k.split('?')[0] === source);
const sourceOfRoute = (id) => ['.tsx', '.ts', '.jsx', '.js'].map((ext) => `src/web/${id}${ext}`).find((f) => keyOf(f));

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && /entry\.client\.[jt]sx?$/.test(k.split('?')[0]));
if (!entryKey) fail('no client entry in the Vite manifest');

/** Every chunk key `keys` load statically, themselves included. */
function staticClosure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

const gzipCache = new Map();
const gzippedSize = (file) => {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(path.join(CLIENT, file)), { level: 9 }).length);
  return gzipCache.get(file);
};

function routeFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.posix.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'admin' ? [] : routeFiles(full);
    return /\.[jt]sx?$/.test(d.name) ? [full] : [];
  });
}

const rows = [];
const problems = [];
for (const file of routeFiles(ROUTES_DIR).sort()) {
  const id = file.slice('src/web/'.length).replace(/\.[jt]sx?$/, '');
  const route = rr.routes[id];
  const key = keyOf(file);
  if (!route || !key) {
    rows.push([id, '—', '—', '—', 'not a route']);
    continue;
  }
  const chain = [];
  for (let r = route; r; r = r.parentId ? rr.routes[r.parentId] : undefined) chain.unshift(r.id);
  const keys = [entryKey, ...chain.map((routeId) => keyOf(sourceOfRoute(routeId)))].filter(Boolean);
  const chunks = [...staticClosure(keys)].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const bytes = chunks.reduce((sum, f) => sum + gzippedSize(f), 0);
  const admin = chunks.flatMap((f) => (chunkModules[f] ?? []).filter((m) => ADMIN_CODE.some((re) => re.test(m))).map((m) => `${f}: ${m}`));
  const over = bytes > LIMIT_KB * 1024;
  if (over) problems.push(`${id}: ${(bytes / 1024).toFixed(1)} KB gzipped, over the ${LIMIT_KB} KB limit`);
  if (admin.length) problems.push(`${id}: admin code in its first load (${admin.join('; ')})`);
  rows.push([id, String(chunks.length), (bytes / 1024).toFixed(1), admin.length ? 'YES' : 'no', over || admin.length ? 'FAIL' : 'ok']);
}

const headers = ['storefront route', 'JS chunks', 'gzip KB', 'admin code', `limit ${LIMIT_KB} KB`];
const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(`\nFirst-load JavaScript per storefront route (entry + root + layouts + route, static imports, gzip -9):\n`);
console.log(line(headers));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) console.log(line(r));
const framework = [...staticClosure([entryKey])].map((k) => manifest[k].file).reduce((sum, f) => sum + gzippedSize(f), 0);
console.log(`\n(what every page loads, the client entry and its shop chunk, is ${(framework / 1024).toFixed(1)} KB gzipped)`);
if (problems.length) fail(`\n  - ${problems.join('\n  - ')}`);
console.log(`\nNo storefront route is over the ${LIMIT_KB} KB limit or loads admin code.\n`);
