import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, like } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '../../../core/schemas/import';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { auditLog, categories, importJobs, inventoryLedger, productImages, products, variants } from '../../db/schema';
import { SYSTEM_ACTOR } from '../audit/record';
import { DRY_RUN_EXPIRED, DRY_RUN_KEPT_MS, expireDryRuns, getProductImport, runProductImport, startProductImport } from './product-import';

// The Shopify product import (docs/architecture.md#moving-in-from-shopify), from files shaped like
// Shopify's exports of both header generations, pictures served by a local server.

const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/shopify/${name}`, import.meta.url), 'utf8');

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let pictures: Server;
let origin = '';
let downloads = 0;

async function jpeg(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

function upload(csv: string, headers: Record<string, string> = owner.headers, fileName = 'products_export.csv') {
  const boundary = `----products-${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/import/products',
    payload,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const withPictures = (csv: string) => csv.replaceAll('{{PICTURES}}', origin);

async function waitFor(id: string): Promise<ImportJob> {
  for (let i = 0; i < 400; i++) {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/import/products/${id}`, headers: owner.headers });
    const job = res.json<ImportJob>();
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}

/** Dry run, then start with the suggested mapping; answers the finished job. */
async function importFile(csv: string): Promise<{ dry: ImportJob; done: ImportJob }> {
  const res = await upload(csv);
  expect(res.statusCode, res.body).toBe(200);
  const dry = res.json<ImportJob>();
  const start = await t.app.inject({
    method: 'POST',
    url: `/api/admin/import/products/${dry._id}/start`,
    headers: owner.headers,
    payload: { options: {}, categories: {} },
  });
  expect(start.statusCode, start.body).toBe(200);
  return { dry, done: await waitFor(dry._id) };
}

const productByHandle = async (handle: string) => (await t.db.select().from(products).where(eq(products.handle, handle)))[0];

beforeAll(async () => {
  // The test's picture server is on this machine: trusted by name, as an owner's office server would be.
  t = await createTestApp({}, { IMPORT_PRIVATE_HOSTS: '127.0.0.1' });
  owner = await createUser(t.app, t.db, { role: 'owner' });
  const files: Record<string, Buffer> = {
    '/kurta-indigo.jpg': await jpeg('#1f2a5a'),
    '/kurta-maroon.jpg': await jpeg('#800020'),
    '/kurta-detail.jpg': await jpeg('#c0a060'),
    '/shirt.jpg': await jpeg('#eeeeee'),
    '/shirt-back.jpg': await jpeg('#dddddd'),
  };
  pictures = createServer((req, res) => {
    downloads++;
    if (req.url === '/slow.jpg') return void setTimeout(() => res.end('late'), 3000);
    if (req.url === '/page.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>not a picture</html>');
    if (req.url === '/redirect-to-metadata.jpg')
      return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    const body = files[req.url ?? ''];
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(body);
  });
  await new Promise<void>((r) => pictures.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
});

afterAll(async () => {
  pictures?.close();
  await t?.close();
});

describe('Shopify product import', () => {
  it('a dry run of the current export counts and maps and writes nothing', async () => {
    const res = await upload(withPictures(fixture('products-current.csv')));
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json<ImportJob>();
    expect(job).toMatchObject({ status: 'queued', rowsTotal: 14, errorCount: 0, errors: [] });
    expect(job.summary).toMatchObject({
      products: 3,
      productsNew: 3,
      variants: 13,
      pictures: 5,
      picturesToDownload: 5,
      categoriesToCreate: 3,
    });
    expect(job.dryRun?.generation).toBe('current');
    expect(job.dryRun?.unknownColumns).toContain('Vendor');
    expect(job.dryRun?.unknownColumns).not.toContain('HSN code (product.metafields.custom.hsn)');
    expect(job.dryRun?.options.map((o) => [o.name, o.suggested])).toEqual([
      ['Color', 'colour'],
      ['Size', 'size'],
    ]);
    expect(job.dryRun?.categories.map((c) => [c.key, c.suggested.action])).toEqual(
      expect.arrayContaining([
        ['type:kurtas', 'create'],
        ['type:', 'create'],
        ['tag:cotton', 'skip'],
      ]),
    );
    expect(await t.db.select().from(products).where(like(products.handle, 'shopify-test-%'))).toHaveLength(0);
    expect(downloads).toBe(0);
  });

  it('imports products with colours, sizes, exact prices, stock through the ledger and pictures per colour', async () => {
    const { done } = await importFile(withPictures(fixture('products-current.csv')));
    expect(done.status).toBe('done');
    expect(done.errors).toEqual([]);
    expect(done.summary).toMatchObject({ productsCreated: 3, picturesDownloaded: 5, picturesFailed: 0, categoriesCreated: 3 });
    expect(done.rowsDone).toBe(14);
    const kurta = await productByHandle('shopify-test-block-kurta');
    expect(kurta).toMatchObject({ title: 'Block Print Kurta', isActive: true, hsn: '6206', variantAttributes: ['Colour', 'Size'] });
    expect(kurta.colours.map((c) => c.name)).toEqual(['Indigo', 'Maroon']);
    expect(kurta.description).toBe(
      'Hand block printed indigo kurta in soft cotton.\n\nMade in Jaipur.\n\n• Straight cut\n• Hand wash cold',
    );
    const vs = await t.db.select().from(variants).where(eq(variants.productId, kurta.id));
    expect(vs).toHaveLength(8);
    const indigoS = vs.find((v) => v.sku === 'SHT-KURTA-IND-S')!;
    expect(indigoS).toMatchObject({ colour: 'Indigo', size: 'S', pricePaise: 129990, compareAtPaise: 159900, stockQty: 3 });
    const ledger = await t.db.select().from(inventoryLedger).where(eq(inventoryLedger.variantId, indigoS.id));
    expect(ledger.map((l) => [l.reason, l.delta])).toEqual([['import', 3]]);
    const imgs = await t.db.select().from(productImages).where(eq(productImages.productId, kurta.id));
    expect(imgs.map((i) => [i.alt, i.colour])).toEqual([
      ['Indigo kurta, front', 'Indigo'],
      ['Maroon kurta', 'Maroon'],
      ['Print detail', null],
    ]);
    expect(imgs[0].url).toMatch(/^\/media\/product_images\/[0-9a-f]{20}\.jpg$/);
    const shirt = await productByHandle('shopify-test-linen-shirt');
    const shirtSizes = await t.db.select().from(variants).where(eq(variants.productId, shirt.id));
    expect(shirtSizes.map((v) => v.size).sort()).toEqual(['L', 'M', 'S']);
    const draft = await productByHandle('shopify-test-draft-dupatta');
    expect(draft).toMatchObject({ isActive: false, description: 'Plain text description', hsn: '6211' });
    const [noType] = await t.db.select().from(categories).where(eq(categories.name, 'Imported from Shopify'));
    expect(noType).toBeTruthy();
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ['import.start', 'import.finish']));
    expect(audit.map((a) => a.action).sort()).toEqual(['import.finish', 'import.start']);
  });

  it('a second import of the same file changes nothing and downloads nothing', async () => {
    const before = downloads;
    const ledgerBefore = (await t.db.select().from(inventoryLedger)).length;
    const { dry, done } = await importFile(withPictures(fixture('products-current.csv')));
    expect(dry.summary).toMatchObject({ productsNew: 0, productsUpdated: 3, picturesToDownload: 0, categoriesToCreate: 0 });
    expect(done.summary).toMatchObject({
      productsUnchanged: 3,
      productsCreated: 0,
      productsUpdated: 0,
      picturesReused: 5,
      picturesDownloaded: 0,
    });
    expect(downloads).toBe(before);
    expect((await t.db.select().from(inventoryLedger)).length).toBe(ledgerBefore);
  });

  it('the older header generation imports the same products (upsert by handle)', async () => {
    const { dry, done } = await importFile(withPictures(fixture('products-older.csv')));
    expect(dry.dryRun?.generation).toBe('older');
    expect(dry.errorCount).toBe(0);
    expect(done.summary).toMatchObject({ productsUnchanged: 3 });
  });

  it('an edited file updates what changed, keeps what a missing column does not mention, and sets stock as an import', async () => {
    // The kurta's Indigo S costs more and has more stock; the file has no picture columns: the pictures stay.
    const rows = parse<Record<string, string>>(withPictures(fixture('products-current.csv')), { columns: true });
    for (const row of rows) {
      for (const column of ['Product image URL', 'Image position', 'Image alt text', 'Variant image URL']) delete row[column];
      if (row.SKU === 'SHT-KURTA-IND-S') Object.assign(row, { Price: '1349.50', 'Inventory quantity': '7' });
    }
    const csv = stringify(
      rows.filter((r) => r.SKU),
      { header: true },
    );
    const { done } = await importFile(csv);
    expect(done.summary).toMatchObject({ productsUpdated: 1, productsUnchanged: 2 });
    const kurta = await productByHandle('shopify-test-block-kurta');
    const [indigoS] = await t.db
      .select()
      .from(variants)
      .where(and(eq(variants.productId, kurta.id), eq(variants.sku, 'SHT-KURTA-IND-S')));
    expect(indigoS).toMatchObject({ pricePaise: 134950, stockQty: 7 });
    const ledger = await t.db.select().from(inventoryLedger).where(eq(inventoryLedger.variantId, indigoS.id));
    expect(ledger.map((l) => [l.reason, l.delta])).toEqual([
      ['import', 3],
      ['import', 4],
    ]);
    expect(await t.db.select().from(productImages).where(eq(productImages.productId, kurta.id))).toHaveLength(3);
  });

  it('reports every row problem with its line and column and leaves those products out', async () => {
    const csv = [
      'URL handle,Title,Option1 name,Option1 value,Option2 name,Option2 value,Option3 name,Option3 value,SKU,Price,Inventory quantity',
      'shopify-test-p1,Price words,Size,M,,,,,SHT-P1-M,"1,299",1',
      'shopify-test-p2,Dup SKU,Size,M,,,,,SHT-KURTA-IND-S,499,1',
      'shopify-test-p3,No value,Color,Red,Size,,,,,499,1',
      'shopify-test-p4,Fabric,Size,M,Fabric,Silk,,,,499,1',
      'shopify-test-p4,,,L,,Cotton,,,,499,1',
      'shopify-test-p5,Fine,Size,S,,,,,SHT-P5-S,0.1,1',
      'shopify-test-p1,Again,Size,L,,,,,,499,1',
      'shopify-test-p6,Bad size,Size,Free size,,,,,,499,1',
      'shopify-test-p7,Same SKU in file,Size,M,,,,,SHT-P5-S,499,1',
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    const job = res.json<ImportJob>();
    expect(job.errors).toEqual([
      { line: 2, column: 'Price', message: 'Price "1,299" is not a number of rupees like 1299.90 (no commas or ₹)' },
      { line: 3, column: 'SKU', message: 'SKU SHT-KURTA-IND-S is already used by the product /products/shopify-test-block-kurta' },
      { line: 4, column: 'Option2 value', message: 'Option2 value (Size) is missing' },
      {
        line: 5,
        column: 'Option2 name',
        message:
          'Option "Fabric" has several values (Silk, Cotton); this shop has Colour and Size only: map it to one of them or remove it',
      },
      { line: 8, column: 'URL handle', message: expect.stringContaining('Handle "shopify-test-p1" already appeared from line 2') },
      { line: 9, column: 'Option1 value', message: 'Size "Free size" is not one of XS, S, M, L, XL, XXL' },
      { line: 10, column: 'SKU', message: 'SKU SHT-P5-S already appears on line 7' },
    ]);
    expect(job.summary).toMatchObject({ products: 1, variants: 1 });
    const { done } = await importFile(csv);
    expect(done.summary).toMatchObject({ productsCreated: 1 });
    const [p5] = await t.db.select().from(variants).where(eq(variants.sku, 'SHT-P5-S'));
    expect(p5.pricePaise).toBe(10);
    expect(await productByHandle('shopify-test-p1')).toBeUndefined();
  });

  it('a picture that times out or is not an image is reported by row; the product imports without it', async () => {
    const csv = [
      'URL handle,Title,Option1 name,Option1 value,Price,Product image URL,Image position',
      `shopify-test-pics,Pictures,Size,M,499,${origin}/slow.jpg,1`,
      `shopify-test-pics,,,,,${origin}/page.jpg,2`,
      `shopify-test-pics,,,,,${origin}/shirt.jpg,3`,
    ].join('\n');
    const dry = (await upload(csv)).json<ImportJob>();
    // Started as the route does, run here with a short time limit for pictures.
    await startProductImport(t.db, dry._id, { options: {}, categories: {} }, { ...SYSTEM_ACTOR, id: owner.user.id });
    await runProductImport(
      { db: t.db, mediaStore: t.app.mediaStore, log: t.app.log, pictureTimeoutMs: 500, privatePictureHosts: ['127.0.0.1'] },
      dry._id,
    );
    const done = await waitFor(dry._id);
    expect(done.status).toBe('done');
    expect(done.errors.map((e) => [e.line, e.column, e.message.replace(origin, '')])).toEqual(
      expect.arrayContaining([
        [2, 'Product image URL', expect.stringMatching(/^Picture \/slow\.jpg was left out: no answer within/)],
        [3, 'Product image URL', 'Picture /page.jpg was left out: it is not a JPEG, PNG, GIF, WebP or AVIF picture'],
      ]),
    );
    const product = await productByHandle('shopify-test-pics');
    const imgs = await t.db.select().from(productImages).where(eq(productImages.productId, product.id));
    expect(imgs).toHaveLength(1);
  }, 20_000);

  it('pictures on a private network are refused unless the host is trusted, redirects included', async () => {
    // localhost resolves to a loopback address; the others are written as addresses.
    const refused = [
      'http://localhost:8080/a.jpg',
      'http://10.1.2.3/a.jpg',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/a.jpg',
    ];
    const csv = [
      'URL handle,Title,Option1 name,Option1 value,Price,Product image URL,Image position',
      `shopify-test-private,Private,Size,M,499,${refused[0]},1`,
      ...refused.slice(1).map((url, i) => `shopify-test-private,,,,,${url},${i + 2}`),
      `shopify-test-private,,,,,${origin}/redirect-to-metadata.jpg,5`,
    ].join('\n');
    const dry = (await upload(csv)).json<ImportJob>();
    await startProductImport(t.db, dry._id, { options: {}, categories: {} }, { ...SYSTEM_ACTOR, id: owner.user.id });
    // No host trusted: even the test's own server (127.0.0.1) is private.
    const before = downloads;
    await runProductImport({ db: t.db, mediaStore: t.app.mediaStore, log: t.app.log, pictureTimeoutMs: 2000 }, dry._id);
    const done = await waitFor(dry._id);
    expect(done.status).toBe('done');
    expect(downloads).toBe(before);
    expect(done.errors.map((e) => e.message)).toEqual([
      'Picture http://localhost:8080/a.jpg was left out: localhost is on a private network, which the shop does not download from',
      'Picture http://10.1.2.3/a.jpg was left out: 10.1.2.3 is on a private network, which the shop does not download from',
      'Picture http://169.254.169.254/latest/meta-data was left out: 169.254.169.254 is on a private network, which the shop does not download from',
      'Picture http://[::1]/a.jpg was left out: ::1 is on a private network, which the shop does not download from',
      `Picture ${origin}/redirect-to-metadata.jpg was left out: 127.0.0.1 is on a private network, which the shop does not download from`,
    ]);
    const product = await productByHandle('shopify-test-private');
    expect(await t.db.select().from(productImages).where(eq(productImages.productId, product.id))).toHaveLength(0);
  }, 20_000);

  it('a trusted host may not redirect to an untrusted private address', async () => {
    const csv = [
      'URL handle,Title,Option1 name,Option1 value,Price,Product image URL,Image position',
      `shopify-test-redirect,Redirect,Size,M,499,${origin}/redirect-to-metadata.jpg,1`,
    ].join('\n');
    const dry = (await upload(csv)).json<ImportJob>();
    await startProductImport(t.db, dry._id, { options: {}, categories: {} }, { ...SYSTEM_ACTOR, id: owner.user.id });
    await runProductImport(
      { db: t.db, mediaStore: t.app.mediaStore, log: t.app.log, pictureTimeoutMs: 2000, privatePictureHosts: ['127.0.0.1'] },
      dry._id,
    );
    const done = await waitFor(dry._id);
    expect(done.errors.map((e) => e.message.replace(origin, ''))).toEqual([
      'Picture /redirect-to-metadata.jpg was left out: 169.254.169.254 is on a private network, which the shop does not download from',
    ]);
  }, 20_000);

  it('a dry run not started within a day ends with its file deleted, and can no longer start', async () => {
    const csv = ['URL handle,Title,Option1 name,Option1 value,Price', 'shopify-test-stale,Stale,Size,M,499'].join('\n');
    const stale = (await upload(csv)).json<ImportJob>();
    const fresh = (await upload(csv)).json<ImportJob>();
    const dayAgo = new Date(Date.now() - DRY_RUN_KEPT_MS - 60_000);
    await t.db.update(importJobs).set({ createdAt: dayAgo }).where(eq(importJobs.id, stale._id));
    const [{ filePath }] = await t.db.select().from(importJobs).where(eq(importJobs.id, stale._id));
    expect(existsSync(filePath)).toBe(true);

    expect(await expireDryRuns(t.db)).toBe(1);
    expect(existsSync(filePath)).toBe(false);
    const ended = await getProductImport(t.db, stale._id);
    expect(ended.status).toBe('failed');
    expect(ended.errors.at(-1)?.message).toBe(DRY_RUN_EXPIRED);
    const start = await t.app.inject({
      method: 'POST',
      url: `/api/admin/import/products/${stale._id}/start`,
      headers: owner.headers,
      payload: { options: {}, categories: {} },
    });
    expect(start.statusCode).toBe(409);
    // The fresh one is untouched, and a second sweep ends nothing more.
    expect((await getProductImport(t.db, fresh._id)).status).toBe('queued');
    expect(await expireDryRuns(t.db)).toBe(0);
  });

  it('bad files get a clear 4xx and leave no job behind', async () => {
    const jobsBefore = (await t.db.select().from(importJobs)).length;
    const notShopify = await upload('Name,Email\nAsha,asha@example.in\n');
    expect(notShopify.statusCode).toBe(400);
    expect(notShopify.json().message).toBe('This is not a Shopify product CSV: the columns URL handle (or Handle), Title are missing.');
    const empty = await upload('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/empty/);
    const headerOnly = await upload('URL handle,Title\n');
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().message).toBe('This file has a header row but no products.');
    const png = await upload(
      (
        await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
          .png()
          .toBuffer()
      ).toString('latin1'),
    );
    expect(png.statusCode).toBe(400);
    expect(png.json().message).toMatch(/not a CSV/);
    const big = await upload(`URL handle,Title\n${'x'.repeat(51 * 1024 * 1024)}`);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/larger than 50 MB/);
    const noFile = await t.app.inject({ method: 'POST', url: '/api/admin/import/products', headers: owner.headers, payload: {} });
    expect(noFile.statusCode).toBe(400);
    expect((await t.db.select().from(importJobs)).length).toBe(jobsBefore);
  }, 30_000);

  it('needs the catalog.import permission', async () => {
    const support = await createUser(t.app, t.db, { role: 'support' });
    const res = await upload(fixture('products-current.csv'), support.headers);
    expect(res.statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/import/products', headers: owner.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json<ImportJob[]>().length).toBeGreaterThan(0);
  });
});
