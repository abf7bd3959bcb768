/**
 * The product cards kept in process (card-cache.ts): with the response cache off, what a
 * listing or a product page shows is never older than the database after a sale, an admin save or a
 * category change, on this instance and (PostgreSQL) on a second one with its own connections.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCategory, createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { Product } from '../../../core/api-types';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { getProduct } from './service';

const redisUrl = process.env.TEST_REDIS_URL;
let t: TestApp;
/** The second instance: its own app and its own database connections (PostgreSQL only). */
let other: { app: FastifyInstance; handle: DatabaseHandle } | null = null;

beforeAll(async () => {
  // Cache off, as for a filter combination or a search nobody asked for in the last TTL.
  t = await createTestApp({ cacheTtlMs: 0 }, redisUrl ? { REDIS_URL: redisUrl } : {});
  if (process.env.TEST_DB === 'postgres') {
    const url = (t.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    const handle = await openDatabase({ url, poolSize: 4 });
    const app = await buildApp({ config: t.config, db: handle.db, cacheTtlMs: 0 });
    await app.ready();
    other = { app, handle };
  }
});
afterAll(async () => {
  await other?.app.close();
  await other?.handle.close();
  await t.close();
});

/** Every instance under test: this one and, on PostgreSQL, the second. */
const instances = () => [t.app, ...(other ? [other.app] : [])];

async function card(app: FastifyInstance, productId: string, query = ''): Promise<Product | undefined> {
  const res = await app.inject(`/api/products${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<Product[]>().find((p) => p._id === productId);
}

async function page(app: FastifyInstance, productId: string): Promise<Product> {
  const res = await app.inject(`/api/products/${productId}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('product cards kept in process', () => {
  it('answers the same bytes from a kept card as from a fresh read', async () => {
    const category = await createCategory(t.db);
    const { product } = await createProduct(t.db, { title: 'Same Bytes Kurta', categoryIds: [category.id] });
    const first = await t.app.inject(`/api/categories/${category.id}/products`);
    const again = await t.app.inject(`/api/categories/${category.id}/products`);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(again.body)).toEqual([expect.objectContaining({ _id: product.id, title: 'Same Bytes Kurta' })]);
    const one = await t.app.inject(`/api/products/${product.id}`);
    expect((await t.app.inject(`/api/products/${product.id}`)).body).toBe(one.body);
    expect(one.json()).toMatchObject({ _id: product.id, sizeChart: null });
    expect(one.json()).not.toHaveProperty('hsn');
  });

  it('shows the stock a sale leaves at once, on every instance', async () => {
    const shopper = await createUser(t.app, t.db);
    const { product, bySize } = await createProduct(t.db, {
      title: 'Last Pieces Kurta',
      variants: [
        { size: 'M', pricePaise: 99_900, stockQty: 2 },
        { size: 'L', pricePaise: 99_900, stockQty: 5 },
      ],
    });
    const stockM = (p: Product | undefined) => p?.variants.find((v) => v.size === 'M')?.stockQty;
    for (const app of instances()) {
      expect(stockM(await card(app, product.id))).toBe(2);
      expect(stockM(await page(app, product.id))).toBe(2);
    }

    const buy = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/cod/create-order',
        headers: { ...shopper.headers, 'idempotency-key': randomUUID() },
        payload: { items: [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }], fromBuyNow: true, shippingAddress },
      });
    expect((await buy()).statusCode).toBe(201);
    for (const app of instances()) {
      expect(stockM(await card(app, product.id))).toBe(1);
      expect(stockM(await page(app, product.id))).toBe(1);
      // A size filter reads stock in its statement; the card it answers agrees.
      expect(stockM(await card(app, product.id, '?sizes=M'))).toBe(1);
    }

    expect((await buy()).statusCode).toBe(201);
    for (const app of instances()) {
      expect(stockM(await card(app, product.id))).toBe(0);
      expect(stockM(await page(app, product.id))).toBe(0);
      expect(await card(app, product.id, '?sizes=M')).toBeUndefined();
    }
  });

  it("shows an admin's save at once, on every instance", async () => {
    const admin = await createUser(t.app, t.db, { role: 'admin' });
    const category = await createCategory(t.db);
    const { product } = await createProduct(t.db, { title: 'Before Kurta', categoryIds: [category.id] });
    for (const app of instances()) {
      expect((await card(app, product.id))?.title).toBe('Before Kurta');
      expect((await page(app, product.id)).title).toBe('Before Kurta');
    }
    const current = (await t.app.inject({ url: `/api/products/admin/all`, headers: admin.headers }))
      .json()
      .find((p: Product) => p._id === product.id);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: admin.headers,
      payload: {
        ...current,
        title: 'After Kurta',
        categoryIds: [category.id],
        images: [{ url: '/media/after.webp', alt: 'After', publicId: null }],
        variants: current.variants.map((v: Product['variants'][number]) => ({ ...v, price: 1499, stockLoaded: v.stockQty, stockQty: 7 })),
      },
    });
    expect(saved.statusCode).toBe(200);
    for (const app of instances()) {
      const listed = await card(app, product.id);
      expect(listed).toMatchObject({ title: 'After Kurta', price: 1499, images: [{ url: '/media/after.webp' }] });
      expect(listed?.variants.map((v) => v.stockQty)).toEqual([7]);
      expect(await page(app, product.id)).toMatchObject({ title: 'After Kurta', price: 1499 });
    }

    // Hidden: gone from the list and the page at once.
    const hidden = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: admin.headers,
      payload: { ...saved.json<Product>(), isActive: false, categoryIds: [category.id] },
    });
    expect(hidden.statusCode).toBe(200);
    for (const app of instances()) {
      expect(await card(app, product.id)).toBeUndefined();
      expect((await app.inject(`/api/products/${product.id}`)).statusCode).toBe(404);
    }
  });

  it("shows a category's new name on the cards of its products, here at once and elsewhere once told", async () => {
    const admin = await createUser(t.app, t.db, { role: 'admin' });
    const category = await createCategory(t.db, { name: 'Old Name' });
    const { product } = await createProduct(t.db, { categoryIds: [category.id] });
    for (const app of instances()) {
      expect((await card(app, product.id))?.categoryIds).toEqual([{ _id: category.id, name: 'Old Name', handle: category.handle }]);
      expect((await page(app, product.id)).categoryIds).toEqual([{ _id: category.id, name: 'Old Name', handle: category.handle }]);
    }
    const seen = other?.app.responseCache.generation;
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/categories/${category.id}`,
      headers: admin.headers,
      payload: { name: 'New Name', parentId: null, description: '', isActive: true },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await card(t.app, product.id))?.categoryIds).toEqual([{ _id: category.id, name: 'New Name', handle: category.handle }]);
    expect((await page(t.app, product.id)).categoryIds).toEqual([{ _id: category.id, name: 'New Name', handle: category.handle }]);
    if (other && redisUrl) {
      // The other instance drops its cards when the Redis message arrives (plugins/cache.ts).
      await vi.waitFor(() => expect(other!.app.responseCache.generation).not.toBe(seen));
      expect((await card(other.app, product.id))?.categoryIds).toEqual([{ _id: category.id, name: 'New Name', handle: category.handle }]);
      expect((await page(other.app, product.id)).categoryIds).toEqual([{ _id: category.id, name: 'New Name', handle: category.handle }]);
    }
  });

  it('keeps cards from being changed by a caller', async () => {
    const { product } = await createProduct(t.db, { title: 'Frozen Kurta' });
    const kept = await getProduct(t.db, product.id, { activeOnly: true });
    const again = await getProduct(t.db, product.id, { activeOnly: true });
    expect(again).toBe(kept);
    expect(() => {
      (kept as Product).title = 'Changed';
    }).toThrow(TypeError);
    expect((await page(t.app, product.id)).title).toBe('Frozen Kurta');
  });
});
