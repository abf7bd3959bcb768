import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import sharp from 'sharp';
import type { Product } from '../../src/core/api-types';
import type { AdminCategory } from '../../src/core/schemas/admin-catalog';
import { ADMIN, bearer, login } from './admin-api';
import { expect, test } from './hydrated-test';

// Moving in from Shopify (docs/architecture.md#moving-in-from-shopify), at 1280 px and on a phone:
// the owner uploads Shopify's product export with one bad row (a price written "1,299"), reads the
// dry run with that row's line, imports, sees the kurta on the storefront in its colours with its
// pictures, and the bad row is reported with its line. The spec deletes what it made.

const FAST = { waitUntil: 'domcontentloaded' } as const;
const TOKEN_KEY = 'apparel-store.token';
const run = Date.now().toString(36).slice(-5);

let pictures: Server;
let origin = '';
let token = '';

test.beforeAll(async () => {
  const jpeg = (background: string) =>
    sharp({ create: { width: 60, height: 75, channels: 3, background } })
      .jpeg()
      .toBuffer();
  const files: Record<string, Buffer> = {
    '/kurta-indigo.jpg': await jpeg('#1f2a5a'),
    '/kurta-maroon.jpg': await jpeg('#800020'),
    '/kurta-detail.jpg': await jpeg('#c0a060'),
    '/shirt.jpg': await jpeg('#eeeeee'),
    '/shirt-back.jpg': await jpeg('#dddddd'),
  };
  pictures = createServer((req, res) => {
    const body = files[req.url ?? ''];
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(body);
  });
  await new Promise<void>((r) => pictures.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
});

test.afterAll(() => {
  pictures?.close();
});

test.beforeEach(async ({ page, request }) => {
  token = await login(request, ADMIN.email, ADMIN.password);
  await page.context().addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
});

/** The fixture with this run's handles, SKUs and Types (so runs and projects never meet), written to a file. */
function fixtureFile(tag: string): { file: string; handles: string[]; types: string[] } {
  const text = readFileSync(new URL('../fixtures/shopify/products-one-bad-row.csv', import.meta.url), 'utf8').replaceAll(
    '{{PICTURES}}',
    origin,
  );
  const rows = parse<Record<string, string>>(text, { columns: true });
  const types = [`Kurtas ${tag}`, `Shirts ${tag}`, `Dupattas ${tag}`];
  for (const row of rows) {
    row['URL handle'] = row['URL handle'].replace('shopify-test-', `shopify-${tag}-`);
    if (row.SKU) row.SKU = row.SKU.replace('SHT-', `E${tag.toUpperCase()}-`);
    if (row.Title) row.Type = row.Type === 'Kurtas' ? types[0] : row.Type === 'Shirts' ? types[1] : types[2];
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'import-spec-'));
  const file = path.join(dir, 'products_export_1.csv');
  writeFileSync(file, stringify(rows, { header: true, columns: Object.keys(rows[0]) }));
  return { file, handles: [...new Set(rows.map((r) => r['URL handle']))], types };
}

test('the owner imports a Shopify export: dry run with the bad row, then products on the storefront', async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const tag = `${run}${info.project.name === 'phone' ? 'p' : 'd'}`;
  const { file, handles, types } = fixtureFile(tag);
  try {
    await page.goto('/admin/import', FAST);
    await expect(page.getByRole('heading', { name: 'Import from Shopify' })).toBeVisible();
    await page.getByLabel('Products CSV').setInputFiles(file);
    await page.getByRole('button', { name: 'Check file' }).first().click();

    // The dry run: counts, the bad row with its line and column, nothing saved yet.
    await expect(page.getByText('Nothing is saved yet.')).toBeVisible();
    const problems = page.getByRole('list', { name: 'Problems' });
    await expect(problems).toContainText('Line 16 · Price: Price "1,299" is not a number of rupees like 1299.90');
    await expect(page.getByText('2 products', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Option Color')).toHaveValue('colour');
    await page.screenshot({ path: info.outputPath(`dry-run-${info.project.name}.png`), fullPage: true });
    // The same screen at a phone's width (390 px), for a look.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: info.outputPath(`dry-run-390.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect((await request.get(`/api/products/${handles[0]}`)).status()).toBe(404);

    await page.getByRole('button', { name: 'Import 2 products' }).click();
    await expect(page.getByText(/Imported products_export_1\.csv: 2 created/)).toBeVisible({ timeout: 60_000 });
    await expect(problems).toContainText('Line 16');
    // The progress survives a reload: the job is in the address.
    expect(page.url()).toContain('job=');
    await page.reload(FAST);
    await expect(page.getByText(/Imported products_export_1\.csv: 2 created/)).toBeVisible();
    await page.screenshot({ path: info.outputPath(`done-${info.project.name}.png`), fullPage: true });

    // The kurta on the storefront, in its two colours, with its own pictures.
    await page.goto(`/products/${handles[0]}`, FAST);
    await expect(page.getByRole('heading', { name: 'Block Print Kurta' })).toBeVisible();
    await expect(page.getByText('Hand block printed indigo kurta in soft cotton.')).toBeVisible();
    await expect(
      page
        .getByRole('radio', { name: /Maroon/ })
        .or(page.getByRole('button', { name: /Maroon/ }))
        .first(),
    ).toBeVisible();
    await expect(page.locator('img[src*="/media/product_images/"]').first()).toBeVisible();
    // The shirt with the bad row was left out.
    expect((await request.get(`/api/products/${handles[1]}`)).status()).toBe(404);
  } finally {
    for (const handle of handles) {
      const res = await request.get(`/api/products/${handle}`);
      if (res.ok()) {
        const { _id } = (await res.json()) as Product;
        await request.delete(`/api/products/${_id}`, { headers: bearer(token) });
      }
    }
    // The draft (not public) is found through the admin list.
    const all = (await (await request.get('/api/products/admin/all', { headers: bearer(token) })).json()) as Product[];
    for (const p of all.filter((x) => handles.includes(x.handle)))
      await request.delete(`/api/products/${p._id}`, { headers: bearer(token) });
    const cats = (await (await request.get('/api/categories/admin/all', { headers: bearer(token) })).json()) as AdminCategory[];
    for (const c of cats.filter((x) => types.includes(x.name)))
      await request.delete(`/api/categories/${c._id}`, { headers: bearer(token) });
  }
});
