/**
 * HSN codes: the admin sets each product's GST heading with the product (4, 6 or 8
 * digits), it is kept when a save does not send it, and a placed order's lines carry the code the
 * product had, for the tax invoice.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { orderItems } from '../../db/schema';

let t: TestApp;
let admin: { authorization: string };
let categoryId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
  categoryId = (await createCategory(t.db)).id;
});
afterAll(() => t.close());

const body = (extra: object = {}) => ({
  title: `Silk Saree ${Math.random().toString(36).slice(2, 8)}`,
  description: 'Pure mulberry silk.',
  categoryIds: [categoryId],
  images: [{ url: '/media/saree.webp', alt: 'Silk saree' }],
  variants: [{ size: 'M', price: 1999, stockQty: 10 }],
  ...extra,
});
const adminRead = async (id: string) =>
  (await t.app.inject({ url: '/api/products/admin/all', headers: admin })).json<{ _id: string; hsn: string }[]>().find((p) => p._id === id);

describe('HSN codes', () => {
  it('saves the code with the product, keeps it when a save leaves it out, and refuses a malformed one', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/products', headers: admin, payload: body({ hsn: '5007' }) });
    expect(created.statusCode).toBe(201);
    const id = created.json()._id as string;
    expect((await adminRead(id))?.hsn).toBe('5007');

    const keep = await t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: admin, payload: body() });
    expect(keep.statusCode).toBe(200);
    expect((await adminRead(id))?.hsn).toBe('5007');

    for (const hsn of ['50', '50071', 'ABCD', '500710001']) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: admin, payload: body({ hsn }) });
      expect([res.statusCode, res.json().errors?.hsn ?? res.json().message]).toEqual([400, 'HSN code must be 4, 6 or 8 digits']);
    }
    // The public catalogue does not carry it.
    expect((await t.app.inject(`/api/products/${id}`)).json().hsn).toBeUndefined();
  });

  it('gives a new product 6211 until the owner sets another, and carries the code onto the order line', async () => {
    const created = (await t.app.inject({ method: 'POST', url: '/api/products', headers: admin, payload: body() })).json();
    expect((await adminRead(created._id))?.hsn).toBe('6211');
    await t.app.inject({ method: 'PUT', url: `/api/products/${created._id}`, headers: admin, payload: body({ hsn: '62044290' }) });
    const shopper = await createUser(t.app, t.db);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/payments/cod/create-order',
      headers: shopper.headers,
      payload: { items: [{ productId: created._id, variantId: created.variants[0]._id, quantity: 1 }], shippingAddress },
    });
    expect(placed.statusCode).toBe(201);
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placed.json().order._id));
    expect(line.hsn).toBe('62044290');
  });
});
