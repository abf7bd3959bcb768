import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { Product } from '../../../core/api-types';
import { auditLog } from '../../db/schema';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let kurtas: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, t.db, { role: 'content', name: 'Kavya Content' });
  kurtas = await createCategory(t.db, { name: 'Kurtas' });
});
afterAll(() => t.close());

const rowsOf = (entity: string, entityId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .then((r) => r.filter((x) => x.entity === entity));

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Indigo Kurta',
  description: 'Block-printed cotton.',
  categoryIds: [kurtas.id],
  images: [{ url: '/media/product_images/a.webp', alt: 'Front', publicId: 'product_images/a' }],
  isBestseller: false,
  variantAttributes: ['Size'],
  variants: [
    { size: 'M', price: 1299, compareAtPrice: 1499, stockQty: 10, isActive: true },
    { size: 'L', price: 1349, compareAtPrice: null, stockQty: 4, isActive: true },
  ],
  isActive: true,
  ...overrides,
});

/** The saved product as a PUT body, sizes by their ids with the stock the form loaded. */
const asBody = (p: Product, change: (v: Product['variants'][number]) => Record<string, unknown> = () => ({})) =>
  body({
    title: p.title,
    handle: p.handle,
    variants: p.variants.map((v) => ({
      _id: v._id,
      size: v.size,
      price: v.price,
      compareAtPrice: v.compareAtPrice,
      stockQty: v.stockQty,
      stockLoaded: v.stockQty,
      isActive: v.isActive,
      ...change(v),
    })),
  });

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, payload });

describe('catalogue writes leave their audit rows', () => {
  it('a product created, its price, stock and visibility changed, then deleted', async () => {
    const res = await send('POST', '/api/products', body());
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json<Product>();
    let rows = await rowsOf('product', product._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'product.create',
      actorId: admin.user.id,
      actorName: 'Kavya Content',
      actorRole: 'content',
      summary: 'Created product Indigo Kurta (2 variants)',
    });
    expect(rows[0].changes['M: pricePaise']).toEqual({ before: null, after: 129900 });

    // The price of M, alone.
    const priced = await send(
      'PUT',
      `/api/products/${product._id}`,
      asBody(product, (v) => (v.size === 'M' ? { price: 1099 } : {})),
    );
    expect(priced.statusCode, priced.body).toBe(200);
    rows = await rowsOf('product', product._id);
    expect(rows[0]).toMatchObject({ action: 'product.update', summary: 'Price of Indigo Kurta / M changed from ₹1,299.00 to ₹1,099.00' });
    expect(rows[0].changes).toEqual({ 'M: pricePaise': { before: 129900, after: 109900 } });

    // Stock of L from 4 to 9 with a note: its own row, no product.update.
    const stocked = await send('PUT', `/api/products/${product._id}`, {
      ...asBody(priced.json<Product>(), (v) => (v.size === 'L' ? { stockQty: 9 } : {})),
      stockNote: 'New delivery',
    });
    expect(stocked.statusCode, stocked.body).toBe(200);
    rows = await rowsOf('product', product._id);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ action: 'stock.adjust', summary: 'Stock of Indigo Kurta / L changed from 4 to 9 (New delivery)' });
    expect(rows[0].changes).toEqual({ 'L: stockQty': { before: 4, after: 9 }, reason: { before: null, after: 'New delivery' } });

    // Saving unchanged writes no row.
    expect((await send('PUT', `/api/products/${product._id}`, asBody(stocked.json<Product>()))).statusCode).toBe(200);
    expect(await rowsOf('product', product._id)).toHaveLength(3);

    // Hidden, then a title and MRP together.
    await send('PUT', `/api/products/${product._id}`, { ...asBody(stocked.json<Product>()), isActive: false });
    rows = await rowsOf('product', product._id);
    expect(rows[0]).toMatchObject({ summary: 'Indigo Kurta hidden from the shop', changes: { isActive: { before: true, after: false } } });

    const deleted = await send('DELETE', `/api/products/${product._id}`);
    expect(deleted.statusCode).toBe(200);
    rows = await rowsOf('product', product._id);
    expect(rows[0]).toMatchObject({ action: 'product.delete', summary: 'Deleted product Indigo Kurta' });
  });

  it('a refused save leaves no row (stock moved since the form loaded)', async () => {
    const product = (await send('POST', '/api/products', body({ title: 'Mustard Kurta' }))).json<Product>();
    const stale = asBody(product, (v) => (v.size === 'M' ? { price: 999, stockQty: 12, stockLoaded: 3 } : {}));
    const res = await send('PUT', `/api/products/${product._id}`, stale);
    expect(res.statusCode).toBe(409);
    expect((await rowsOf('product', product._id)).map((r) => r.action)).toEqual(['product.create']);
  });

  it('categories: created, renamed, size chart, deleted; a refused delete leaves no row', async () => {
    const res = await send('POST', '/api/categories', { name: 'Sarees', parentId: null, description: null, isActive: true });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ _id: string }>()._id;
    await send('PUT', `/api/categories/${id}`, { name: 'Silk Sarees', parentId: null, description: null, isActive: true });
    await send('PUT', `/api/categories/${id}`, {
      name: 'Silk Sarees',
      parentId: null,
      description: null,
      isActive: true,
      sizeChart: { measurements: ['chest'], rows: [{ size: 'M', chest: 38 }], howToMeasure: '' },
    });
    let rows = await rowsOf('category', id);
    expect(rows.map((r) => r.summary)).toEqual([
      'Size chart of Silk Sarees changed',
      'Updated category Silk Sarees: name',
      'Created category Sarees',
    ]);
    expect(rows[1].changes.name).toEqual({ before: 'Sarees', after: 'Silk Sarees' });

    // Kurtas holds a product: the delete is refused and leaves nothing.
    const refused = await send('DELETE', `/api/categories/${kurtas.id}`);
    expect(refused.statusCode).toBe(409);
    expect(await rowsOf('category', kurtas.id)).toHaveLength(0);

    expect((await send('DELETE', `/api/categories/${id}`)).statusCode).toBe(200);
    rows = await rowsOf('category', id);
    expect(rows[0]).toMatchObject({ action: 'category.delete', summary: 'Deleted category Silk Sarees' });
  });
});
