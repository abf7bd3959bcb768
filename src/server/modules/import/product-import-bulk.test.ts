import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq, inArray } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '../../../core/schemas/import';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import {
  auditLog,
  categories,
  inventoryLedger,
  productCategories,
  productHandleRedirects,
  productImages,
  products,
  variants,
} from '../../db/schema';
import type { ProductBody } from '../../../core/schemas/admin-catalog';
import { createProducts } from '../catalog/admin-service';
import { runProductImport, startProductImport } from './product-import';
import { importDeps } from './product-routes';

// The bulk create of the Shopify import (docs/architecture.md#product-import): the same file
// imported with new products written in batches (createProducts) and one by one (createProduct)
// into two databases gives the same products, variants, stock ledger, pictures, categories and
// handles; only the audit log differs (one row per batch instead of one per product).

const fixture = readFileSync(new URL('../../../../tests/fixtures/shopify/products-current.csv', import.meta.url), 'utf8');

type Shop = { t: TestApp; owner: Awaited<ReturnType<typeof createUser>> };
let bulk: Shop;
let single: Shop;
let pictures: Server;
let origin = '';

/** The fixture plus a product with blank SKUs (generated) and a size out of stock; `edit` changes some cells. */
function file(edit?: (records: Record<string, string>[]) => void): string {
  const records = parse<Record<string, string>>(fixture.replaceAll('{{PICTURES}}', origin), { columns: true, bom: true });
  const header = Object.keys(records[0]);
  const blank = Object.fromEntries(header.map((h) => [h, ''])) as Record<string, string>;
  records.push(
    {
      ...blank,
      Title: 'Mul Cotton Saree',
      'URL handle': 'shopify-test-saree',
      Description: '<p>Soft mul cotton.</p>',
      Type: 'Sarees',
      Tags: 'cotton',
      'Published on online store': 'TRUE',
      Status: 'active',
      'Option1 name': 'Size',
      'Option1 value': 'M',
      Price: '1999',
      'Compare-at price': '2499',
      'Inventory quantity': '0',
      'Product image URL': `${origin}/shirt.jpg`,
      'Image position': '1',
    },
    { ...blank, 'URL handle': 'shopify-test-saree', 'Option1 value': 'L', Price: '1999', 'Inventory quantity': '4' },
  );
  edit?.(records);
  return stringify(records, { header: true, columns: header });
}

function upload(shop: Shop, csv: string) {
  const boundary = `----bulk-${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products_export.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return shop.t.app.inject({
    method: 'POST',
    url: '/api/admin/import/products',
    payload,
    headers: { ...shop.owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function waitFor(shop: Shop, id: string): Promise<ImportJob> {
  for (let i = 0; i < 400; i++) {
    const res = await shop.t.app.inject({ method: 'GET', url: `/api/admin/import/products/${id}`, headers: shop.owner.headers });
    const job = res.json<ImportJob>();
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}

/** Imports `csv` as the owner would: the bulk shop through the API, the other with the bulk create turned off. */
async function importInto(shop: Shop, csv: string): Promise<ImportJob> {
  const res = await upload(shop, csv);
  expect(res.statusCode, res.body).toBe(200);
  const dry = res.json<ImportJob>();
  if (shop === bulk) {
    const start = await shop.t.app.inject({
      method: 'POST',
      url: `/api/admin/import/products/${dry._id}/start`,
      headers: shop.owner.headers,
      payload: { options: {}, categories: {} },
    });
    expect(start.statusCode, start.body).toBe(200);
    return waitFor(shop, dry._id);
  }
  const u = shop.owner.user;
  await startProductImport(
    shop.t.db,
    dry._id,
    { options: {}, categories: {} },
    { id: u.id, name: u.name, email: u.email, role: 'owner', ip: '' },
  );
  await runProductImport({ ...importDeps(shop.t.app), bulkCreate: false }, dry._id);
  return waitFor(shop, dry._id);
}

/** Generated SKUs carry 8 hex of the product's id: the same shape, another id in each database. */
const sameSku = (sku: string) => sku.replace(/^RM-[0-9A-F]{8}-/, 'RM-<id>-');

/** Everything a shopper or the admin sees of the catalogue, without ids and times. */
async function catalogue(shop: Shop) {
  const db = shop.t.db;
  const ps = await db
    .select({
      id: products.id,
      handle: products.handle,
      title: products.title,
      description: products.description,
      isActive: products.isActive,
      isBestseller: products.isBestseller,
      variantAttributes: products.variantAttributes,
      colours: products.colours,
      hsn: products.hsn,
      sizeChart: products.sizeChart,
      minPricePaise: products.minPricePaise,
      titleWords: products.titleWords,
      descriptionWords: products.descriptionWords,
      colourWords: products.colourWords,
      titleLower: products.titleLower,
    })
    .from(products)
    // The listing's order (newest first): the bulk create keeps the file's order too.
    .orderBy(products.createdAt, products.handle);
  const handleOf = new Map(ps.map((p) => [p.id, p.handle]));
  const ids = ps.map((p) => p.id);
  const vs = await db.select().from(variants).where(inArray(variants.productId, ids));
  const variantName = new Map(vs.map((v) => [v.id, `${handleOf.get(v.productId)} ${v.colour ?? '-'} ${v.size}`]));
  const ledger = await db
    .select()
    .from(inventoryLedger)
    .where(
      inArray(
        inventoryLedger.variantId,
        vs.map((v) => v.id),
      ),
    )
    .orderBy(asc(inventoryLedger.createdAt));
  const images = await db.select().from(productImages).where(inArray(productImages.productId, ids));
  const links = await db
    .select({ productId: productCategories.productId, name: categories.name, position: productCategories.position })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId));
  const redirects = await db.select().from(productHandleRedirects);
  const sorted = <T>(list: T[]) => list.map((x) => JSON.stringify(x)).sort();
  return {
    products: ps.map(({ id: _id, ...p }) => p),
    variants: sorted(
      vs.map((v) => ({
        variant: variantName.get(v.id),
        sku: sameSku(v.sku),
        pricePaise: v.pricePaise,
        compareAtPaise: v.compareAtPaise,
        stockQty: v.stockQty,
        isActive: v.isActive,
      })),
    ),
    ledger: sorted(
      ledger.map((l) => ({
        variant: variantName.get(l.variantId),
        delta: l.delta,
        stockAfter: l.stockAfter,
        reason: l.reason,
        note: l.note,
        byOwner: l.adminId === shop.owner.user.id,
        orderId: l.orderId,
      })),
    ),
    images: sorted(
      images.map((i) => ({
        product: handleOf.get(i.productId),
        url: i.url,
        alt: i.alt,
        colour: i.colour,
        position: i.position,
        publicId: i.publicId,
      })),
    ),
    categories: sorted(links.map((l) => ({ product: handleOf.get(l.productId), name: l.name, position: l.position }))),
    handles: sorted(redirects.map((r) => ({ handle: r.handle, product: handleOf.get(r.productId) }))),
  };
}

async function startShop(): Promise<Shop> {
  const t = await createTestApp({}, { IMPORT_PRIVATE_HOSTS: '127.0.0.1' });
  return { t, owner: await createUser(t.app, t.db, { role: 'owner' }) };
}

beforeAll(async () => {
  const jpeg = (colour: string) =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
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
  bulk = await startShop();
  single = await startShop();
});

afterAll(async () => {
  pictures?.close();
  await bulk?.t.close();
  await single?.t.close();
});

describe('bulk create of new products', () => {
  it('imports the same file as the one-by-one save does: products, variants, ledger, pictures, categories, handles', async () => {
    const a = await importInto(bulk, file());
    const b = await importInto(single, file());
    expect(a.status).toBe('done');
    expect(a.summary).toEqual(b.summary);
    expect(a.summary).toMatchObject({ productsCreated: 4, variants: 15, problemProducts: 0 });
    const [x, y] = [await catalogue(bulk), await catalogue(single)];
    expect(x.products.map((p) => p.handle)).toEqual([
      'shopify-test-block-kurta',
      'shopify-test-linen-shirt',
      'shopify-test-draft-dupatta',
      'shopify-test-saree',
    ]);
    expect(x).toEqual(y);
    // Derived columns are there, not only equal: the lowest price, the search words, generated SKUs.
    expect(x.products.find((p) => p.handle === 'shopify-test-saree')).toMatchObject({
      minPricePaise: 199900,
      titleLower: 'mul cotton saree',
    });
    expect(x.variants.filter((v) => v.includes('RM-<id>-'))).toHaveLength(2);
    expect(x.ledger.filter((l) => l.includes('"reason":"import"'))).toHaveLength(15);

    // The audit log: one row for the batch here, one per product there.
    const actions = async (shop: Shop) =>
      (await shop.t.db.select({ action: auditLog.action, changes: auditLog.changes }).from(auditLog).where(eq(auditLog.entity, 'product')))
        .map((r) => r.action)
        .sort();
    expect(await actions(bulk)).toEqual(['product.import']);
    expect(await actions(single)).toEqual(['product.create', 'product.create', 'product.create', 'product.create']);
    const [row] = await bulk.t.db.select().from(auditLog).where(eq(auditLog.action, 'product.import'));
    expect(row.actorId).toBe(bulk.owner.user.id);
    expect(row.changes).toMatchObject({ products: { after: 4 }, variants: { after: 15 } });
  });

  it('importing the same file again changes nothing; an edited file updates what changed, alike both ways', async () => {
    const ledgerRows = async (shop: Shop) => (await shop.t.db.select().from(inventoryLedger)).length;
    const before = await ledgerRows(bulk);
    const again = await importInto(bulk, file());
    expect(again.summary).toMatchObject({ productsCreated: 0, productsUpdated: 0, productsUnchanged: 4 });
    expect(await ledgerRows(bulk)).toBe(before);
    expect((await bulk.t.db.select().from(products)).length).toBe(4);

    const edited = file((records) => {
      const row = (sku: string) => records.find((r) => r.SKU === sku)!;
      row('SHT-SHIRT-M').Price = '949';
      row('SHT-KURTA-IND-S')['Inventory quantity'] = '8';
      records.splice(records.indexOf(row('SHT-SHIRT-L')) + 1, 0, {
        ...row('SHT-SHIRT-L'),
        SKU: 'SHT-SHIRT-XL',
        'Option1 value': 'XL',
        'Inventory quantity': '2',
      });
      // A new product in the same file: the bulk create beside the updates.
      records.push({ ...row('SHT-DUP-M'), 'URL handle': 'shopify-test-stole', Title: 'Silk Stole', SKU: 'SHT-STOLE-M' });
    });
    const a = await importInto(bulk, edited);
    const b = await importInto(single, file());
    expect(b.summary).toMatchObject({ productsUnchanged: 4 });
    const b2 = await importInto(single, edited);
    expect(a.summary).toEqual(b2.summary);
    expect(a.summary).toMatchObject({ productsCreated: 1, productsUpdated: 2, productsUnchanged: 2, problemProducts: 0 });
    expect(a.errorCount).toBe(0);
    const [x, y] = [await catalogue(bulk), await catalogue(single)];
    expect(x).toEqual(y);
    expect(x.variants).toContainEqual(expect.stringContaining('"variant":"shopify-test-linen-shirt - XL","sku":"SHT-SHIRT-XL"'));
    expect(x.ledger).toContainEqual(
      expect.stringContaining('"variant":"shopify-test-block-kurta Indigo S","delta":5,"stockAfter":8,"reason":"import"'),
    );
  });

  it('all or nothing: a taken SKU or handle in the list writes none of it', async () => {
    const [category] = await bulk.t.db.select().from(categories).limit(1);
    const body = (handle: string, sku: string | null): ProductBody => ({
      title: `Bulk ${handle}`,
      handle,
      description: 'x',
      categoryIds: [category.id],
      images: [],
      isBestseller: false,
      variantAttributes: ['Size'],
      colours: [],
      variants: [
        { _id: null, colour: null, size: 'M', price: 100, compareAtPrice: null, stockQty: 1, stockLoaded: null, isActive: true, sku },
      ],
      isActive: true,
      stockNote: 'Shopify import',
      sizeChart: undefined,
      hsn: '6211',
    });
    const count = async () => (await bulk.t.db.select().from(products)).length;
    const n = await count();
    await expect(createProducts(bulk.t.db, [body('bulk-a', 'BULK-A'), body('bulk-b', 'SHT-SHIRT-M')])).rejects.toMatchObject({
      statusCode: 409,
      message: 'SKU SHT-SHIRT-M is already used by another product',
    });
    await expect(createProducts(bulk.t.db, [body('bulk-a', 'BULK-A'), body('bulk-a', 'BULK-B')])).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(createProducts(bulk.t.db, [body('bulk-a', 'BULK-A'), body('shopify-test-saree', null)])).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(createProducts(bulk.t.db, [body('bulk-a', 'SAME'), body('bulk-b', 'SAME')])).rejects.toMatchObject({ statusCode: 409 });
    expect(await count()).toBe(n);
    // Without handles: made from the titles, a clash in the list itself taking -2.
    await createProducts(bulk.t.db, [body('', 'BULK-C'), { ...body('', 'BULK-D'), title: 'Bulk ' }]);
    const made = await bulk.t.db
      .select({ handle: products.handle })
      .from(products)
      .where(inArray(products.title, ['Bulk ', 'Bulk ']));
    expect(made.map((m) => m.handle).sort()).toEqual(['bulk', 'bulk-2']);
  });
});
