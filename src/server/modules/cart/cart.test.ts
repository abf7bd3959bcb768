import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { products, variants } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function shopperWithKurta(stock = 5) {
  const shopper = await createUser(t.app, t.db);
  const kurta = await createProduct(t.db, {
    title: 'Chikankari Kurti',
    variants: [
      { size: 'S', pricePaise: 129_950, compareAtPaise: 149_900, stockQty: stock },
      { size: 'M', pricePaise: 129_950, stockQty: stock },
    ],
  });
  return { shopper, kurta };
}

describe('cart', () => {
  it('needs a token', async () => {
    expect((await t.app.inject('/api/cart')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/cart', payload: {} })).statusCode).toBe(401);
  });

  it('adds, merges, updates, prices with the first-order discount, and removes lines', async () => {
    const { shopper, kurta } = await shopperWithKurta();
    const add = (variantId: string, quantity: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: shopper.headers,
        payload: { productId: kurta.product.id, variantId, quantity },
      });

    let res = await add(kurta.bySize.S.id, 1);
    expect(res.statusCode).toBe(200);
    expect(res.json().summary).toEqual({
      itemCount: 1,
      subTotal: 1299.5,
      discountType: 'FIRST_ORDER_5',
      discountRate: 0.05,
      discount: 64.98, // 6,497.5 paise rounds to 6,498
      couponCode: null,
      shipping: 0,
      tax: 0,
      grandTotal: 1234.52,
      currency: 'INR',
      // MRP ₹1,499 less the price ₹1,299.50, plus the first-order discount.
      mrpTotal: 1499,
      mrpDiscount: 199.5,
      savings: 264.48,
    });
    res = await add(kurta.bySize.S.id, 1);
    expect(res.json().items).toHaveLength(1);
    expect(res.json().items[0]).toMatchObject({ size: 'S', quantity: 2, unitPrice: 1299.5, compareAtPrice: 1499, lineTotal: 2599 });

    res = await add(kurta.bySize.M.id, 1);
    expect(res.json().summary).toMatchObject({
      itemCount: 3,
      subTotal: 3898.5,
      discountType: 'MULTI_ITEM_20',
      discount: 779.7,
      grandTotal: 3118.8,
      // Size M has no compare-at price: its MRP is its price.
      mrpTotal: 4297.5,
      mrpDiscount: 399,
      savings: 1178.7,
    });

    res = await t.app.inject({
      method: 'PUT',
      url: '/api/cart/item',
      headers: shopper.headers,
      payload: { productId: kurta.product.id, variantId: kurta.bySize.S.id, quantity: 4 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().summary.itemCount).toBe(5);

    res = await t.app.inject({
      method: 'DELETE',
      url: '/api/cart/item',
      headers: shopper.headers,
      payload: { productId: kurta.product.id, variantId: kurta.bySize.S.id },
    });
    expect(res.json().items.map((i: { size: string }) => i.size)).toEqual(['M']);

    res = await t.app.inject({ method: 'DELETE', url: '/api/cart/clear', headers: shopper.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([]);
  });

  it('ignores a price sent by the client', async () => {
    const { shopper, kurta } = await shopperWithKurta();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: shopper.headers,
      payload: { productId: kurta.product.id, variantId: kurta.bySize.M.id, quantity: 1, price: 1 },
    });
    expect(res.json().items[0].unitPrice).toBe(1299.5);
  });

  it('refuses more than the stock (409), more than 99 (400), no size (400), an unknown product (404)', async () => {
    const { shopper, kurta } = await shopperWithKurta(2);
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/cart', headers: shopper.headers, payload });
    let res = await post({ productId: kurta.product.id, variantId: kurta.bySize.S.id, quantity: 3 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only 2 left of Chikankari Kurti (size S)');
    res = await post({ productId: kurta.product.id, variantId: kurta.bySize.S.id, quantity: 100 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Quantity cannot exceed 99');
    res = await post({ productId: kurta.product.id, variantId: null, quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select a size before adding to cart');
    res = await post({ productId: '00000000-0000-4000-8000-000000000000', variantId: kurta.bySize.S.id, quantity: 1 });
    expect(res.statusCode).toBe(404);
    res = await post({ productId: kurta.product.id, variantId: kurta.bySize.S.id, quantity: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Quantity must be at least 1');
  });

  // A fuzzer's non-UUID ids reached PostgreSQL ('invalid input syntax for type uuid') and answered 500.
  it('answers 400 naming the field for a malformed product or size id, and an unknown product 404', async () => {
    const { shopper, kurta } = await shopperWithKurta();
    const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object) =>
      t.app.inject({ method, url, headers: shopper.headers, payload });
    const calls = [
      ['POST', '/api/cart'],
      ['PUT', '/api/cart/item'],
      ['DELETE', '/api/cart/item'],
    ] as const;
    for (const [method, url] of calls) {
      let res = await call(method, url, { productId: 'KpdNb4XvIgBD', variantId: 'xQRZrZPg08Te', quantity: 17 });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json()).toEqual({
        message: 'Invalid product id',
        errors: { productId: 'Invalid product id', variantId: 'Invalid variant id' },
      });
      res = await call(method, url, { productId: kurta.product.id, variantId: "1' or '1'='1", quantity: 1 });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().errors).toEqual({ variantId: 'Invalid variant id' });
    }
    let res = await call('POST', '/api/cart', {
      productId: '00000000-0000-4000-8000-000000000000',
      variantId: kurta.bySize.S.id,
      quantity: 1,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Product not found' });
    // An unknown size of a known product reads like a size that was removed (the checkout's 409).
    res = await call('POST', '/api/cart', { productId: kurta.product.id, variantId: '00000000-0000-4000-8000-000000000000', quantity: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The chosen size of Chikankari Kurti is no longer available');
  });

  it('validate answers 409 naming what changed, and 400 for an empty cart', async () => {
    const { shopper, kurta } = await shopperWithKurta(3);
    let res = await t.app.inject({ url: '/api/cart/validate', headers: shopper.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your cart is empty');

    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: shopper.headers,
      payload: { productId: kurta.product.id, variantId: kurta.bySize.S.id, quantity: 3 },
    });
    res = await t.app.inject({ url: '/api/cart/validate', headers: shopper.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().valid).toBe(true);

    await t.db.update(variants).set({ stockQty: 1 }).where(eq(variants.id, kurta.bySize.S.id));
    res = await t.app.inject({ url: '/api/cart/validate', headers: shopper.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only 1 left of Chikankari Kurti (size S)');

    await t.db.update(products).set({ isActive: false }).where(eq(products.id, kurta.product.id));
    res = await t.app.inject({ url: '/api/cart/validate', headers: shopper.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Chikankari Kurti is no longer available');
  });

  it('sets a quantity only within the stock, for a line in the cart whose product and size are still sold', async () => {
    const { shopper, kurta } = await shopperWithKurta(3);
    const put = (variantId: string, quantity: number, productId = kurta.product.id) =>
      t.app.inject({ method: 'PUT', url: '/api/cart/item', headers: shopper.headers, payload: { productId, variantId, quantity } });
    const cart = async () => (await t.app.inject({ url: '/api/cart', headers: shopper.headers })).json();

    let res = await put(kurta.bySize.S.id, 2);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This item is not in your cart');
    for (const size of ['S', 'M'] as const) {
      await t.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: shopper.headers,
        payload: { productId: kurta.product.id, variantId: kurta.bySize[size].id, quantity: 1 },
      });
    }
    // The answer is the whole cart, priced with the new quantity (3 units: MULTI_ITEM_20).
    res = await put(kurta.bySize.S.id, 2);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { size: string; quantity: number }) => [i.size, i.quantity])).toEqual([
      ['S', 2],
      ['M', 1],
    ]);
    expect(res.json().summary).toMatchObject({ itemCount: 3, discountType: 'MULTI_ITEM_20' });
    expect((await cart()).items[0].quantity).toBe(2);

    res = await put(kurta.bySize.S.id, 4);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only 3 left of Chikankari Kurti (size S)');
    // The same size under another product is not this line.
    const other = await createProduct(t.db, { title: 'Other', variants: [{ size: 'S', pricePaise: 10_000, stockQty: 5 }] });
    expect((await put(kurta.bySize.S.id, 1, other.product.id)).statusCode).toBe(404);

    await t.db.update(variants).set({ isActive: false }).where(eq(variants.id, kurta.bySize.S.id));
    res = await put(kurta.bySize.S.id, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Size S of Chikankari Kurti is no longer available');
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, kurta.product.id));
    res = await put(kurta.bySize.M.id, 1);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Product not found');
    // Nothing refused was written.
    await t.db.update(products).set({ isActive: true }).where(eq(products.id, kurta.product.id));
    await t.db.update(variants).set({ isActive: true }).where(eq(variants.id, kurta.bySize.S.id));
    expect((await cart()).items.map((i: { quantity: number }) => i.quantity)).toEqual([2, 1]);
  });

  it("keeps one shopper's cart away from another", async () => {
    const { shopper, kurta } = await shopperWithKurta();
    const other = await createUser(t.app, t.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: shopper.headers,
      payload: { productId: kurta.product.id, variantId: kurta.bySize.S.id, quantity: 1 },
    });
    const res = await t.app.inject({ url: '/api/cart', headers: other.headers });
    expect(res.json().items).toEqual([]);
  });
});
