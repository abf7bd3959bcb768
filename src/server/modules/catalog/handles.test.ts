import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { Product } from '../../../core/api-types';
import { HANDLE_INVALID, HANDLE_TAKEN } from '../../../core/handles';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema';
import { handleFrom, repairTransliteratedHandles } from './handles';

let t: TestApp;
let admin: { authorization: string };
let kurtas: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
  kurtas = await createCategory(t.db, { name: `Kurtas ${randomBytes(3).toString('hex')}` });
});
afterAll(() => t.close());

const unique = () => randomBytes(3).toString('hex');

/** A valid product form body with overrides. */
const body = (overrides: Record<string, unknown> = {}) => ({
  title: `Chikankari Kurta ${unique()}`,
  description: 'Hand-embroidered cotton kurta from Lucknow.',
  categoryIds: [kurtas.id],
  images: [{ url: '/media/product_images/a.webp', alt: 'Front', publicId: 'product_images/a' }],
  isBestseller: false,
  variantAttributes: ['Size'],
  variants: [{ size: 'M', price: 1299, compareAtPrice: null, stockQty: 10, isActive: true }],
  isActive: true,
  ...overrides,
});

const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/products', headers: admin, payload });
const put = (id: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: admin, payload });
const get = (key: string) => t.app.inject({ url: `/api/products/${encodeURIComponent(key)}` });

async function created(overrides: Record<string, unknown> = {}): Promise<Product> {
  const res = await post(body(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('handles made from titles', () => {
  it('transliterates to lower-case ASCII words joined by hyphens', () => {
    expect(handleFrom("Men's Cotton Kurta & Pyjama Set")).toBe('mens-cotton-kurta-and-pyjama-set');
    expect(handleFrom('  Crème Brûlée — Dupatta!! ')).toBe('creme-brulee-dupatta');
    expect(handleFrom('बनारसी सिल्क साड़ी')).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(handleFrom('बनारसी सिल्क साड़ी')).toContain('silk');
    expect(handleFrom('காஞ்சிபுரம் பட்டு')).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(handleFrom('🙂')).toBe('product');
    expect(handleFrom('word '.repeat(40)).length).toBeLessThanOrEqual(80);
  });

  it('gives a new product the handle of its title, and a clash -2, -3', async () => {
    const title = `Banarasi Silk Saree ${unique()}`;
    const first = await created({ title });
    const second = await created({ title });
    const third = await created({ title: title.toUpperCase() });
    expect(first.handle).toBe(handleFrom(title));
    expect(second.handle).toBe(`${first.handle}-2`);
    expect(third.handle).toBe(`${first.handle}-3`);
  });

  it('takes the handle the admin typed, and keeps the handle when the title changes', async () => {
    const handle = `festive-anarkali-${unique()}`;
    const product = await created({ handle });
    expect(product.handle).toBe(handle);
    const res = await put(product._id, body({ title: 'A new title', handle: '' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Product>().handle).toBe(handle);
  });
});

describe('editing a handle', () => {
  it('keeps the old handle as an address of the same product', async () => {
    const product = await created();
    const renamed = `rose-pink-kurta-${unique()}`;
    const res = await put(product._id, body({ title: product.title, handle: renamed }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Product>().handle).toBe(renamed);
    // The old handle still finds the product, which answers its current handle.
    const old = await get(product.handle);
    expect(old.statusCode).toBe(200);
    expect(old.json<Product>()).toMatchObject({ _id: product._id, handle: renamed });
    // Going back to the old handle makes it current again and keeps the other.
    const back = await put(product._id, body({ title: product.title, handle: product.handle }));
    expect(back.statusCode, back.body).toBe(200);
    expect((await get(renamed)).json<Product>().handle).toBe(product.handle);
  });

  it('refuses a malformed handle with 400 and the message', async () => {
    const product = await created();
    for (const handle of ['Has Spaces', 'UPPER', '-leading', 'double--hyphen', 'साड़ी', 'x'.repeat(81)]) {
      const res = await put(product._id, body({ handle }));
      expect(res.statusCode, handle).toBe(400);
      expect(res.json().errors?.handle).toBe(HANDLE_INVALID);
    }
    expect((await post(body({ handle: 'Bad Handle' }))).statusCode).toBe(400);
  });

  it("refuses another product's handle, current or earlier, with 400 and the message", async () => {
    const a = await created();
    const b = await created();
    const taken = await put(b._id, body({ title: b.title, handle: a.handle }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ message: HANDLE_TAKEN, errors: { handle: HANDLE_TAKEN } });
    const moved = `moved-${unique()}`;
    expect((await put(a._id, body({ title: a.title, handle: moved }))).statusCode).toBe(200);
    const earlier = await post(body({ handle: a.handle }));
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().errors?.handle).toBe(HANDLE_TAKEN);
  });

  it('makes a new product clash-free against earlier handles too', async () => {
    const title = `Ikat Dupatta ${unique()}`;
    const a = await created({ title });
    expect((await put(a._id, body({ title, handle: `elsewhere-${unique()}` }))).statusCode).toBe(200);
    const b = await created({ title });
    expect(b.handle).toBe(`${handleFrom(title)}-2`);
  });
});

describe('GET /api/products/{id or handle}', () => {
  it('answers the same product by id and by handle, with its handle', async () => {
    const product = await created();
    const byId = await get(product._id);
    const byHandle = await get(product.handle);
    expect(byId.statusCode).toBe(200);
    expect(byHandle.statusCode).toBe(200);
    expect(byId.json<Product>().handle).toBe(product.handle);
    expect(byHandle.json<Product>()._id).toBe(product._id);
    expect((await get(`no-such-product-${unique()}`)).statusCode).toBe(404);
  });

  it('lists products and categories with their handles', async () => {
    const product = await created();
    const list = (await t.app.inject({ url: `/api/categories/${kurtas.id}/products` })).json<Product[]>();
    expect(list.find((p) => p._id === product._id)?.handle).toBe(product.handle);
    const categories = (await t.app.inject({ url: '/api/categories' })).json<{ _id: string; handle: string }[]>();
    expect(categories.find((c) => c._id === kurtas.id)?.handle).toMatch(/^[a-z0-9-]+$/);
  });

  it('makes a new category its handle from its name', async () => {
    const name = `Lehenga Choli ${unique()}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/categories', headers: admin, payload: { name } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().handle).toBe(handleFrom(name));
  });
});

describe('handles the migration could not transliterate', () => {
  it('moves product, product-2 of a title in another script to its transliteration, the old ones answering for it', async () => {
    const title = 'बनारसी सिल्क साड़ी';
    const first = await created({ title });
    const second = await created({ title });
    const emoji = await created({ title: '🙂' });
    const latin = await created({ title: `Kurta ${unique()}` });
    // As migration 0029 left them: no Latin word survived the SQL.
    await t.db.update(products).set({ handle: 'product-3' }).where(eq(products.id, emoji._id));
    await t.db.update(products).set({ handle: 'product-4' }).where(eq(products.id, latin._id));
    await t.db.update(products).set({ handle: 'product' }).where(eq(products.id, first._id));
    await t.db.update(products).set({ handle: 'product-2' }).where(eq(products.id, second._id));

    expect(await repairTransliteratedHandles(t.db)).toBe(2);
    const now = async (id: string) => (await get(id)).json<Product>().handle;
    const [a, b] = [await now(first._id), await now(second._id)];
    expect(a).toContain('silk');
    expect(new Set([a, b]).size).toBe(2);
    expect([a, b].every((h) => h.startsWith(handleFrom(title)))).toBe(true);
    // The old addresses still find the same products; the others kept theirs.
    expect((await get('product')).json<Product>()._id).toBe(first._id);
    expect((await get('product-2')).json<Product>()._id).toBe(second._id);
    expect(await now(emoji._id)).toBe('product-3');
    expect(await now(latin._id)).toBe('product-4');
    // The next start finds nothing to do.
    expect(await repairTransliteratedHandles(t.db)).toBe(0);
  });
});
