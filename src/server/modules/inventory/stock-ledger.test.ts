import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOrderRecord, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { Product } from '../../../core/api-types';
import type { StockHistory } from '../../../core/schemas/inventory';
import { inventoryLedger, products, variants } from '../../db/schema';
import { changeStock } from './ledger';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let categoryId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, t.db, { role: 'admin', name: 'Meera Admin' });
  categoryId = (await createCategory(t.db, { name: 'Kurtas' })).id;
});
afterAll(() => t.close());

const unique = () => randomBytes(3).toString('hex');

const body = (variantsBody: object[], overrides: Record<string, unknown> = {}) => ({
  title: `Block Print Kurta ${unique()}`,
  description: 'Hand block-printed cotton from Jaipur.',
  categoryIds: [categoryId],
  images: [{ url: '/media/product_images/a.webp', alt: 'Front', publicId: null }],
  isBestseller: false,
  variants: variantsBody,
  isActive: true,
  ...overrides,
});

async function createdProduct(stock: Record<string, number> = { M: 5, L: 2 }): Promise<Product> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: admin.headers,
    payload: body(Object.entries(stock).map(([size, stockQty]) => ({ size, price: 999, stockQty }))),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The product as the edit form sends it: each size with the stock it loaded and the stock wanted. */
function formBody(p: Product, wanted: Record<string, number> = {}, overrides: Record<string, unknown> = {}) {
  return body(
    p.variants.map((v) => ({
      _id: v._id,
      size: v.size,
      price: v.price,
      compareAtPrice: v.compareAtPrice,
      stockQty: wanted[v.size] ?? v.stockQty,
      stockLoaded: v.stockQty,
      isActive: v.isActive,
      sku: v.sku,
    })),
    { title: p.title, ...overrides },
  );
}

const put = (id: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: admin.headers, payload });

async function stockOf(variantId: string) {
  const [row] = await t.db.select({ stockQty: variants.stockQty }).from(variants).where(eq(variants.id, variantId));
  return row.stockQty;
}
async function ledgerOf(variantId: string) {
  return t.db.select().from(inventoryLedger).where(eq(inventoryLedger.variantId, variantId)).orderBy(asc(inventoryLedger.createdAt));
}
async function ledgerSum(variantId: string) {
  const [row] = await t.db
    .select({ sum: sql<number>`coalesce(sum(${inventoryLedger.delta}), 0)::int` })
    .from(inventoryLedger)
    .where(eq(inventoryLedger.variantId, variantId));
  return row.sum;
}
const sizeOf = (p: Product, size: string) => p.variants.find((v) => v.size === size)!;

describe('admin product save and the inventory ledger', () => {
  it('records the stock each new size starts with, as an adjustment by the admin', async () => {
    const p = await createdProduct({ M: 5, L: 0 });
    for (const v of p.variants) {
      const rows = await ledgerOf(v._id);
      expect(rows).toEqual([
        expect.objectContaining({
          delta: v.stockQty,
          stockAfter: v.stockQty,
          reason: 'adjustment',
          adminId: admin.user.id,
          note: 'New size',
        }),
      ]);
    }
  });

  it('applies the difference to what the form loaded, with the reason given', async () => {
    const p = await createdProduct({ M: 5, L: 2 });
    const m = sizeOf(p, 'M');
    // A sale of L meanwhile does not matter: the form leaves L alone.
    await t.db.transaction((tx) => changeStock(tx, { variantId: sizeOf(p, 'L')._id, delta: -1, reason: 'sale' }));
    const res = await put(p._id, formBody(p, { M: 8 }, { stockNote: 'New batch from the printer' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(sizeOf(res.json(), 'M').stockQty).toBe(8);
    expect(sizeOf(res.json(), 'L').stockQty).toBe(1);
    const rows = await ledgerOf(m._id);
    expect(rows.at(-1)).toMatchObject({
      delta: 3,
      stockAfter: 8,
      reason: 'adjustment',
      adminId: admin.user.id,
      note: 'New batch from the printer',
    });
    expect(await ledgerSum(m._id)).toBe(8);
    // L: only the opening row and the sale; nothing from the save.
    expect((await ledgerOf(sizeOf(p, 'L')._id)).map((r) => r.delta)).toEqual([2, -1]);
  });

  it('refuses the whole save when a size it changes sold meanwhile, and writes nothing of it', async () => {
    const p = await createdProduct({ M: 5, L: 2 });
    const m = sizeOf(p, 'M');
    await t.db.transaction((tx) => changeStock(tx, { variantId: m._id, delta: -1, reason: 'sale' }));
    const res = await put(p._id, formBody(p, { M: 10, L: 7 }, { title: 'Renamed while stale' }));
    expect(res.statusCode).toBe(409);
    const idx = p.variants.findIndex((v) => v.size === 'M');
    expect(res.json()).toEqual({
      message: 'Stock for M changed since you opened this form (now 4)',
      errors: { [`variants.${idx}.stockQty`]: 'Stock for M changed since you opened this form (now 4)' },
    });
    const [row] = await t.db.select({ title: products.title }).from(products).where(eq(products.id, p._id));
    expect(row.title).toBe(p.title);
    expect(await stockOf(m._id)).toBe(4);
    expect(await stockOf(sizeOf(p, 'L')._id)).toBe(2);
    expect((await ledgerOf(sizeOf(p, 'L')._id)).length).toBe(1);
    expect(await ledgerSum(m._id)).toBe(4);
  });

  it('refuses a save that would take a size below what sold: stock never goes negative', async () => {
    const p = await createdProduct({ M: 1 });
    const m = sizeOf(p, 'M');
    await t.db.transaction((tx) => changeStock(tx, { variantId: m._id, delta: -1, reason: 'sale' }));
    const res = await put(p._id, formBody(p, { M: 0 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Stock for M changed since you opened this form (now 0)');
    expect(await stockOf(m._id)).toBe(0);
  });

  it('sets the stock as the spec body says when no loaded value is sent, and records the difference', async () => {
    const p = await createdProduct({ M: 5 });
    const m = sizeOf(p, 'M');
    const spec = body([{ _id: m._id, size: 'M', price: 999, stockQty: 9, isActive: true }], { title: p.title });
    const res = await put(p._id, spec);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(m._id)).toBe(9);
    expect((await ledgerOf(m._id)).at(-1)).toMatchObject({ delta: 4, stockAfter: 9, reason: 'adjustment', adminId: admin.user.id });
    // The same stock again: no ledger row.
    expect((await put(p._id, spec)).statusCode).toBe(200);
    expect((await ledgerOf(m._id)).length).toBe(2);
  });

  it('gives a size added on edit an opening ledger row', async () => {
    const p = await createdProduct({ M: 5 });
    const payload = formBody(p);
    payload.variants.push({ size: 'XL', price: 1099, stockQty: 6, isActive: true });
    const res = await put(p._id, { ...payload, stockNote: 'XL launched' });
    expect(res.statusCode, res.body).toBe(200);
    const xl = sizeOf(res.json(), 'XL');
    expect(await ledgerOf(xl._id)).toEqual([
      expect.objectContaining({ delta: 6, stockAfter: 6, reason: 'adjustment', note: 'XL launched' }),
    ]);
  });

  it.each([
    ['a negative loaded stock', { stockLoaded: -1 }, 'Loaded stock cannot be negative'],
    ['a fractional loaded stock', { stockLoaded: 1.5 }, 'Loaded stock must be a whole number'],
    ['a loaded stock in text', { stockLoaded: 'five' }, 'Loaded stock must be a number'],
  ])('refuses %s with 400', async (_name, extra, message) => {
    const p = await createdProduct({ M: 5 });
    const payload = formBody(p);
    Object.assign(payload.variants[0], extra);
    const res = await put(p._id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'variants.0.stockLoaded': message });
  });

  it('refuses a stock note over 200 characters', async () => {
    const p = await createdProduct({ M: 5 });
    const res = await put(p._id, formBody(p, { M: 6 }, { stockNote: 'x'.repeat(201) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ stockNote: 'Stock note must be at most 200 characters' });
  });
});

describe('admin status changes', () => {
  async function orderFor(p: Product, quantities: Record<string, number>) {
    const { user } = await createUser(t.app, t.db);
    const lines = Object.entries(quantities).map(([size, quantity]) => ({
      productId: p._id,
      variantId: sizeOf(p, size)._id,
      size,
      quantity,
    }));
    return createOrderRecord(t.db, { userId: user.id, lines });
  }
  const setStatus = (orderId: string, status: string, note = '') =>
    t.app.inject({ method: 'PUT', url: `/api/orders/admin/${orderId}/status`, headers: admin.headers, payload: { status, note } });

  // Choosing a status never moves stock (docs/architecture.md#order-lifecycle); the cancel and received-return actions do, with
  // their 'cancellation' and 'return_restock' rows (refunds and returns tests). The dropdown refuses
  // their moves (docs/decisions/0009-order-states-and-shipping.md).
  it('move no stock and write no ledger row, whichever status is chosen', async () => {
    const p = await createdProduct({ M: 5, L: 2 });
    const order = await orderFor(p, { M: 2, L: 1 });
    const before = [await ledgerOf(sizeOf(p, 'M')._id), await ledgerOf(sizeOf(p, 'L')._id)];
    for (const status of ['confirmed', 'packed', 'placed']) {
      expect((await setStatus(order.id, status, 'Customer called')).statusCode).toBe(200);
    }
    for (const status of ['cancelled', 'returned', 'refunded']) {
      expect((await setStatus(order.id, status, 'Customer called')).statusCode).not.toBe(200);
    }
    expect([await stockOf(sizeOf(p, 'M')._id), await stockOf(sizeOf(p, 'L')._id)]).toEqual([5, 2]);
    expect([await ledgerOf(sizeOf(p, 'M')._id), await ledgerOf(sizeOf(p, 'L')._id)]).toEqual(before);
  });
});

describe('GET /api/admin/variants/{id}/stock-history', () => {
  const history = (id: string, query = '', headers: Record<string, string> = admin.headers) =>
    t.app.inject({ url: `/api/admin/variants/${id}/stock-history${query}`, headers });

  it('lists the changes newest first, with the admin or the order, paged', async () => {
    const p = await createdProduct({ M: 5 });
    const m = sizeOf(p, 'M');
    const { user } = await createUser(t.app, t.db);
    const order = await createOrderRecord(t.db, { userId: user.id, lines: [{ productId: p._id, variantId: m._id, quantity: 2 }] });
    await t.db.transaction((tx) => changeStock(tx, { variantId: m._id, delta: -2, reason: 'sale', orderId: order.id }));
    const latest = { ...p, variants: p.variants.map((v) => ({ ...v, stockQty: 3 })) };
    expect((await put(p._id, formBody(latest, { M: 10 }, { stockNote: 'Recount' }))).statusCode).toBe(200);

    const res = await history(m._id);
    expect(res.statusCode).toBe(200);
    const page: StockHistory = res.json();
    expect(page.variant).toMatchObject({ _id: m._id, productId: p._id, productTitle: p.title, size: 'M', stockQty: 10 });
    expect(page).toMatchObject({ currentPage: 1, totalPages: 1, totalEntries: 3 });
    expect(page.entries.map((e) => [e.reason, e.delta, e.stockAfter])).toEqual([
      ['adjustment', 7, 10],
      ['sale', -2, 3],
      ['adjustment', 5, 5],
    ]);
    expect(page.entries[0]).toMatchObject({ admin: { _id: admin.user.id, name: 'Meera Admin' }, order: null, note: 'Recount' });
    expect(page.entries[1]).toMatchObject({ admin: null, order: { _id: order.id, ref: order.id.slice(-8).toUpperCase() } });

    const second = (await history(m._id, '?page=2&limit=2')).json<StockHistory>();
    expect(second).toMatchObject({ currentPage: 2, totalPages: 2, totalEntries: 3 });
    expect(second.entries.map((e) => e.delta)).toEqual([5]);
    expect((await history(m._id, '?page=9')).json<StockHistory>().entries).toEqual([]);
  });

  it.each([
    ['?page=0', 'Page must be a whole number of 1 or more'],
    ['?page=abc', 'Page must be a whole number of 1 or more'],
    ['?limit=101', 'Limit must be a whole number from 1 to 100'],
  ])('refuses %s with 400', async (query, message) => {
    const p = await createdProduct({ M: 1 });
    const res = await history(sizeOf(p, 'M')._id, query);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('answers 404 for an unknown or malformed id, 401 without a token and 403 for a shopper', async () => {
    expect((await history('00000000-0000-4000-8000-000000000000')).json()).toEqual({ message: 'Variant not found' });
    expect((await history('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await history('not-an-id')).statusCode).toBe(404);
    const p = await createdProduct({ M: 1 });
    expect((await history(sizeOf(p, 'M')._id, '', {})).statusCode).toBe(401);
    const shopper = await createUser(t.app, t.db);
    expect((await history(sizeOf(p, 'M')._id, '', shopper.headers)).statusCode).toBe(403);
  });
});
