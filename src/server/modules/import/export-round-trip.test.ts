import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ImportJob } from '../../../core/schemas/import';
import { createCategory, createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { productImages, products, variants } from '../../db/schema';

// Export → import into a new shop → export gives the same file (docs/architecture.md#product-export).
// Pictures stay out: the import stores its own copy of each picture, under a new address.

let from: TestApp;
let to: TestApp;

async function exportCsv(t: TestApp): Promise<string> {
  const owner = await createUser(t.app, t.db, { role: 'owner' });
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: owner.headers });
  expect(res.statusCode).toBe(200);
  return res.body;
}

async function importCsv(t: TestApp, csv: string): Promise<ImportJob> {
  const owner = await createUser(t.app, t.db, { role: 'owner' });
  const boundary = `----round-trip-${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` };
  const dry = (await t.app.inject({ method: 'POST', url: '/api/admin/import/products', payload, headers })).json<ImportJob>();
  const start = await t.app.inject({
    method: 'POST',
    url: `/api/admin/import/products/${dry._id}/start`,
    headers: owner.headers,
    payload: { options: {}, categories: {} },
  });
  expect(start.statusCode, start.body).toBe(200);
  for (let i = 0; i < 400; i++) {
    const job = (
      await t.app.inject({ method: 'GET', url: `/api/admin/import/products/${dry._id}`, headers: owner.headers })
    ).json<ImportJob>();
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}

beforeAll(async () => {
  [from, to] = await Promise.all([createTestApp(), createTestApp()]);
  const kurtas = await createCategory(from.db, { name: 'Kurtas', handle: 'kurtas' });
  const kurta = await createProduct(from.db, {
    title: 'Block Print Kurta',
    description: 'Hand block printed cotton.\nMachine wash cold.\n\nMade in Jaipur & Sanganer.',
    categoryIds: [kurtas.id],
    variants: [{ size: 'S', pricePaise: 149_900 }],
  });
  await from.db
    .update(products)
    .set({
      handle: 'block-print-kurta',
      colours: [
        { name: 'Indigo', swatch: '#3f51b5' },
        { name: 'Maroon', swatch: '#800020' },
      ],
      variantAttributes: ['Colour', 'Size'],
    })
    .where(eq(products.id, kurta.product.id));
  await from.db.delete(variants).where(eq(variants.productId, kurta.product.id));
  await from.db.insert(variants).values([
    {
      productId: kurta.product.id,
      colour: 'Indigo',
      size: 'S',
      sku: 'BPK-IND-S',
      pricePaise: 149_900,
      compareAtPaise: 199_900,
      stockQty: 4,
    },
    { productId: kurta.product.id, colour: 'Indigo', size: 'M', sku: 'BPK-IND-M', pricePaise: 149_950, stockQty: 0 },
    { productId: kurta.product.id, colour: 'Maroon', size: 'L', sku: 'BPK-MAR-L', pricePaise: 159_900, stockQty: 7 },
  ]);
  const saree = await createProduct(from.db, {
    title: 'बनारसी साड़ी',
    isActive: false,
    categoryIds: [kurtas.id],
    variants: [
      { size: 'M', pricePaise: 899_900, compareAtPaise: 1_099_900, stockQty: 3 },
      { size: 'L', pricePaise: 899_900, stockQty: 1 },
    ],
  });
  await from.db.update(products).set({ handle: 'banarasi-saree' }).where(eq(products.id, saree.product.id));
  // SKUs in capitals, as the shop makes them: the import writes a SKU in capitals.
  await from.db
    .update(variants)
    .set({ sku: sql`upper(${variants.sku})` })
    .where(eq(variants.productId, saree.product.id));
  await from.db.delete(productImages);
});

afterAll(async () => {
  await Promise.all([from?.close(), to?.close()]);
});

it('export, import into a new shop, export: the same file', async () => {
  const first = await exportCsv(from);
  const job = await importCsv(to, first);
  expect(job.status, JSON.stringify(job)).toBe('done');
  const second = await exportCsv(to);
  expect(second).toBe(first);
});
