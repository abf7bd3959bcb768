import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { WISHLIST_MAX } from '../../../core/wishlist';
import { products, variants, wishlistItems } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

type Shopper = Awaited<ReturnType<typeof createUser>>;
const put = (s: Shopper, id: string) => t.app.inject({ method: 'PUT', url: `/api/wishlist/${id}`, headers: s.headers });
const del = (s: Shopper, id: string) => t.app.inject({ method: 'DELETE', url: `/api/wishlist/${id}`, headers: s.headers });
const list = (s: Shopper) => t.app.inject({ url: '/api/wishlist', headers: s.headers });
const merge = (s: Shopper, productIds: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/wishlist/merge', headers: s.headers, payload: { productIds } });
const ids = (res: { json: () => unknown }) => (res.json() as { _id: string }[]).map((i) => i._id);

describe('wishlist API', () => {
  it('needs a token for every wishlist call', async () => {
    expect((await t.app.inject('/api/wishlist')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: `/api/wishlist/${UNKNOWN}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/wishlist/${UNKNOWN}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/wishlist/merge', payload: { productIds: [] } })).statusCode).toBe(401);
  });

  it('saves a product once (PUT is idempotent), shows it as a card with its sizes, and forgets it (DELETE is idempotent)', async () => {
    const shopper = await createUser(t.app, t.db);
    const { product, bySize } = await createProduct(t.db, {
      title: 'Festive Silk Kurta',
      variants: [
        { size: 'M', pricePaise: 249_900, compareAtPaise: 299_900, stockQty: 3 },
        { size: 'S', pricePaise: 259_900, stockQty: 0 },
      ],
    });
    expect((await list(shopper)).json()).toEqual([]);

    let res = await put(shopper, product.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        _id: product.id,
        handle: product.handle,
        title: 'Festive Silk Kurta',
        price: 2499,
        compareAtPrice: 2999,
        isBestseller: false,
        image: { url: '/media/test.webp', alt: 'Festive Silk Kurta', publicId: null },
        available: true,
        sizes: [
          { _id: bySize.S.id, size: 'S', sku: bySize.S.sku, price: 2599, compareAtPrice: null, isActive: true, stockQty: 0 },
          { _id: bySize.M.id, size: 'M', sku: bySize.M.sku, price: 2499, compareAtPrice: 2999, isActive: true, stockQty: 3 },
        ],
        addedAt: expect.any(String),
      },
    ]);
    res = await put(shopper, product.id);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([product.id]);
    expect(await t.db.select().from(wishlistItems).where(eq(wishlistItems.userId, shopper.user.id))).toHaveLength(1);

    res = await del(shopper, product.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    res = await del(shopper, product.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers 404 for an unknown or malformed product, and for saving one that is not on sale', async () => {
    const shopper = await createUser(t.app, t.db);
    for (const call of [put, del]) {
      let res = await call(shopper, UNKNOWN);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Product not found' });
      res = await call(shopper, 'not-a-uuid');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Product not found');
    }
    const hidden = await createProduct(t.db, { isActive: false });
    expect((await put(shopper, hidden.product.id)).statusCode).toBe(404);
    // Removing one that is no longer on sale still works.
    expect((await del(shopper, hidden.product.id)).statusCode).toBe(200);
  });

  it('keeps each shopper to their own list, newest first', async () => {
    const [asha, ravi] = [await createUser(t.app, t.db), await createUser(t.app, t.db)];
    const a = (await createProduct(t.db)).product;
    const b = (await createProduct(t.db)).product;
    await put(asha, a.id);
    await put(asha, b.id);
    await put(ravi, b.id);
    expect(ids(await list(asha))).toEqual([b.id, a.id]);
    expect(ids(await list(ravi))).toEqual([b.id]);
    await del(ravi, b.id);
    expect(ids(await list(asha))).toEqual([b.id, a.id]);
  });

  it('hides products that go inactive or lose every size, shows them again when listed, and drops deleted ones', async () => {
    const shopper = await createUser(t.app, t.db);
    const paused = await createProduct(t.db);
    const sizeless = await createProduct(t.db);
    const deleted = await createProduct(t.db);
    const kept = await createProduct(t.db);
    for (const p of [paused, sizeless, deleted, kept]) expect((await put(shopper, p.product.id)).statusCode).toBe(200);

    await t.db.update(products).set({ isActive: false }).where(eq(products.id, paused.product.id));
    await t.db.update(variants).set({ isActive: false }).where(eq(variants.productId, sizeless.product.id));
    await t.db.delete(products).where(eq(products.id, deleted.product.id));
    let res = await list(shopper);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([kept.product.id]);

    await t.db.update(products).set({ isActive: true }).where(eq(products.id, paused.product.id));
    res = await list(shopper);
    expect(ids(res)).toEqual([kept.product.id, paused.product.id]);
  });

  it('merges a guest list at login: skips unknown, inactive and already saved products, keeps the guest order', async () => {
    const shopper = await createUser(t.app, t.db);
    const saved = (await createProduct(t.db)).product;
    const first = (await createProduct(t.db)).product;
    const second = (await createProduct(t.db)).product;
    const hidden = (await createProduct(t.db, { isActive: false })).product;
    await put(shopper, saved.id);

    const res = await merge(shopper, [first.id, UNKNOWN, hidden.id, saved.id, second.id, first.id.toUpperCase()]);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([second.id, first.id, saved.id]);
    // Merging the same list again (a second tab logging in) changes nothing.
    expect(ids(await merge(shopper, [first.id, second.id]))).toEqual([second.id, first.id, saved.id]);
    expect(ids(await merge(shopper, []))).toEqual([second.id, first.id, saved.id]);
  });

  it('refuses a malformed merge body with 400 and a message', async () => {
    const shopper = await createUser(t.app, t.db);
    for (const productIds of ['x', ['nope'], Array.from({ length: WISHLIST_MAX + 1 }, () => UNKNOWN)]) {
      const res = await merge(shopper, productIds);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('keeps at most WISHLIST_MAX products: PUT answers 409, merge drops the rest', async () => {
    const shopper = await createUser(t.app, t.db);
    const many = await Promise.all(Array.from({ length: WISHLIST_MAX }, () => createProduct(t.db)));
    await t.db
      .insert(wishlistItems)
      .values(many.slice(0, WISHLIST_MAX - 1).map((p) => ({ userId: shopper.user.id, productId: p.product.id })));
    const extra = (await createProduct(t.db)).product;
    const merged = await merge(shopper, [many[WISHLIST_MAX - 1].product.id, extra.id]);
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toHaveLength(WISHLIST_MAX);
    const res = await put(shopper, extra.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/wishlist is full/);
    // Saving one already there is still fine.
    expect((await put(shopper, many[0].product.id)).statusCode).toBe(200);
  });
});

describe('product cards by id (GET /api/products/cards)', () => {
  it('answers listed products in the order asked, for guests, leaving out unknown and inactive ones', async () => {
    const a = (await createProduct(t.db, { title: 'Cotton Saree' })).product;
    const b = (await createProduct(t.db, { variants: [{ size: 'L', pricePaise: 50_000, stockQty: 0 }] })).product;
    const hidden = (await createProduct(t.db, { isActive: false })).product;
    const res = await t.app.inject(`/api/products/cards?ids=${[b.id, UNKNOWN, hidden.id, a.id].join(',')}`);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([b.id, a.id]);
    expect(res.json()[0]).toMatchObject({ price: 500, available: false });
    expect(res.json()[1]).toMatchObject({ title: 'Cotton Saree', available: true });
  });

  it('refuses a missing or malformed id list with 400', async () => {
    for (const url of [
      '/api/products/cards',
      '/api/products/cards?ids=abc',
      `/api/products/cards?ids=${Array.from({ length: 51 }, () => randomUUID()).join(',')}`,
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});
