import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { Product } from '../../../core/api-types';
import { cartItems, checkoutAttempts, orderItems, orders, productImages, variants, type StoredShippingAddress } from '../../db/schema';
import { realImage } from '../media/test-fixtures';

let t: TestApp;
let admin: { authorization: string };
let kurtas: { id: string };
let festive: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
  kurtas = await createCategory(t.db, { name: 'Kurtas' });
  festive = await createCategory(t.db, { name: 'Festive', isActive: false });
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
  variants: [
    { size: 'M', price: 1299.5, compareAtPrice: 1499, stockQty: 10, isActive: true },
    { size: 'L', price: 1349, compareAtPrice: null, stockQty: 0, isActive: true },
  ],
  isActive: true,
  ...overrides,
});

const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/products', headers: admin, payload });
const put = (id: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: admin, payload });
const del = (id: string) => t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: admin });
const adminList = async () => (await t.app.inject({ url: '/api/products/admin/all', headers: admin })).json<Product[]>();
const adminProduct = async (id: string) => (await adminList()).find((p) => p._id === id)!;

async function created(overrides: Record<string, unknown> = {}): Promise<Product> {
  const res = await post(body(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A paid order (with its checkout attempt) holding one unit of `variantId`. */
async function orderOf(productId: string, variantId: string) {
  const { user } = await createUser(t.app, t.db);
  const line = { productId, variantId, title: 'x', size: 'M', sku: 'x', image: null, unitPricePaise: 100, quantity: 1 };
  const address: StoredShippingAddress = { ...shippingAddress, country: 'India' };
  const [attempt] = await t.db
    .insert(checkoutAttempts)
    .values({
      userId: user.id,
      status: 'completed',
      items: [line],
      itemCount: 1,
      subTotalPaise: 100,
      discountType: 'NONE',
      discountPaise: 0,
      grandTotalPaise: 100,
      shippingAddress: address,
      email: address.email,
      phone: address.phone,
    })
    .returning();
  const [order] = await t.db
    .insert(orders)
    .values({
      userId: user.id,
      checkoutAttemptId: attempt.id,
      email: address.email,
      phone: address.phone,
      shippingAddress: address,
      itemCount: 1,
      subTotalPaise: 100,
      discountType: 'NONE',
      discountPaise: 0,
      grandTotalPaise: 100,
      razorpayOrderId: `order_${unique()}`,
      razorpayPaymentId: `pay_${unique()}`,
    })
    .returning();
  await t.db
    .insert(orderItems)
    .values({ orderId: order.id, productId, variantId, title: 'x', unitPricePaise: 100, quantity: 1, lineTotalPaise: 100 });
}

describe('POST /api/products', () => {
  it('creates a product: 201, rupees in, paise stored, SKUs generated, images and categories in order', async () => {
    const res = await post(
      body({
        title: 'Anarkali Suit',
        categoryIds: [kurtas.id, { _id: festive.id, name: 'Festive' }],
        images: [
          { url: '/media/product_images/1.webp', alt: '', publicId: 'product_images/1' },
          { url: 'https://res.cloudinary.com/x/image/upload/v1/2.jpg', alt: 'Back', publicId: null },
        ],
        isBestseller: true,
        variantAttributes: undefined,
      }),
    );
    expect(res.statusCode).toBe(201);
    const p = res.json<Product>();
    const hex8 = p._id.replace(/-/g, '').slice(0, 8).toUpperCase();
    expect(p).toMatchObject({
      title: 'Anarkali Suit',
      isBestseller: true,
      isActive: true,
      variantAttributes: ['Size'],
      price: 1299.5,
      compareAtPrice: 1499,
      categoryIds: [
        { _id: kurtas.id, name: 'Kurtas' },
        { _id: festive.id, name: 'Festive' },
      ],
      images: [
        { url: '/media/product_images/1.webp', alt: 'Anarkali Suit', publicId: 'product_images/1' },
        { url: 'https://res.cloudinary.com/x/image/upload/v1/2.jpg', alt: 'Back', publicId: null },
      ],
    });
    expect(p.variants).toEqual([
      {
        _id: expect.any(String),
        size: 'M',
        sku: `RM-${hex8}-M`,
        price: 1299.5,
        compareAtPrice: 1499,
        stockQty: 10,
        isActive: true,
      },
      {
        _id: expect.any(String),
        size: 'L',
        sku: `RM-${hex8}-L`,
        price: 1349,
        compareAtPrice: null,
        stockQty: 0,
        isActive: true,
      },
    ]);
    const [m] = await t.db.select().from(variants).where(eq(variants.id, p.variants[0]._id));
    expect(m).toMatchObject({ pricePaise: 129_950, compareAtPaise: 149_900 });

    // Shoppers see it at once.
    expect((await t.app.inject(`/api/products/${p._id}`)).statusCode).toBe(200);
    expect((await t.app.inject('/api/products?limit=100')).json<Product[]>().map((x) => x._id)).toContain(p._id);
  });

  it('takes an explicit SKU (upper-cased) and refuses one another product uses (409)', async () => {
    const sku = `kurta-${unique()}-m`;
    const p = await created({ variants: [{ size: 'M', price: 999, stockQty: 3, sku }] });
    expect(p.variants[0].sku).toBe(sku.toUpperCase());
    const res = await post(body({ variants: [{ size: 'S', price: 999, stockQty: 3, sku: sku.toUpperCase() }] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`SKU ${sku.toUpperCase()} is already used by another product`);
  });

  it('lets only one of several simultaneous creates with one SKU through', async () => {
    const sku = `RACE-${unique()}`.toUpperCase();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => post(body({ variants: [{ size: 'M', price: 10, stockQty: 1, sku }] }))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().message).toBe(`SKU ${sku} is already used by another product`);
  });

  it('accepts a stock of 0 (a sold-out size), though the screen treats 0 as missing', async () => {
    const p = await created({ variants: [{ size: 'XS', price: 500, stockQty: 0 }] });
    expect(p.variants[0].stockQty).toBe(0);
  });

  it.each([
    ['a missing title', { title: undefined }, 'Product title is required', 'title'],
    ['a blank title', { title: '   ' }, 'Product title is required', 'title'],
    ['a missing description', { description: undefined }, 'Product description is required', 'description'],
    ['a blank description', { description: '' }, 'Product description is required', 'description'],
    ['no category', { categoryIds: [] }, 'At least one category must be selected', 'categoryIds'],
    ['a missing category list', { categoryIds: undefined }, 'At least one category must be selected', 'categoryIds'],
    ['no image', { images: [] }, 'At least one product image is required', 'images'],
    ['a missing image list', { images: undefined }, 'At least one product image is required', 'images'],
    [
      'six images',
      { images: Array.from({ length: 6 }, (_, i) => ({ url: `/media/product_images/${i}.webp`, alt: '', publicId: null })) },
      'Maximum 5 images allowed',
      'images',
    ],
    [
      'an image URL that is not http(s) or on this site',
      { images: [{ url: 'javascript:alert(1)', alt: '' }] },
      'Image URL is invalid',
      'images.0.url',
    ],
    ['no variant', { variants: [] }, 'At least one variant is required', 'variants'],
    ['a missing variant list', { variants: undefined }, 'At least one variant is required', 'variants'],
    ['a variant without size', { variants: [{ size: '', price: 10, stockQty: 1 }] }, 'Size is required', 'variants.0.size'],
    ['a variant with no size field', { variants: [{ price: 10, stockQty: 1 }] }, 'Size is required', 'variants.0.size'],
    [
      'a size outside XS..XXL',
      { variants: [{ size: 'XXXL', price: 10, stockQty: 1 }] },
      'Size must be one of XS, S, M, L, XL, XXL',
      'variants.0.size',
    ],
    [
      'a repeated size',
      {
        variants: [
          { size: 'M', price: 10, stockQty: 1 },
          { size: 'm', price: 12, stockQty: 1 },
        ],
      },
      'Each size can appear only once',
      'variants.1.size',
    ],
    ['a price of 0', { variants: [{ size: 'M', price: 0, stockQty: 1 }] }, 'Valid price is required', 'variants.0.price'],
    ['a negative price', { variants: [{ size: 'M', price: -5, stockQty: 1 }] }, 'Valid price is required', 'variants.0.price'],
    ['a missing price', { variants: [{ size: 'M', stockQty: 1 }] }, 'Valid price is required', 'variants.0.price'],
    ['a price in text', { variants: [{ size: 'M', price: 'abc', stockQty: 1 }] }, 'Valid price is required', 'variants.0.price'],
    ['a price finer than paise', { variants: [{ size: 'M', price: 10.005, stockQty: 1 }] }, 'Valid price is required', 'variants.0.price'],
    [
      'a compare-at price not above the price',
      { variants: [{ size: 'M', price: 999, compareAtPrice: 999, stockQty: 1 }] },
      'Compare-at price must be higher than the price',
      'variants.0.compareAtPrice',
    ],
    ['a missing stock', { variants: [{ size: 'M', price: 10 }] }, 'Stock quantity is required', 'variants.0.stockQty'],
    ['a negative stock', { variants: [{ size: 'M', price: 10, stockQty: -1 }] }, 'Stock quantity is required', 'variants.0.stockQty'],
    [
      'a fractional stock',
      { variants: [{ size: 'M', price: 10, stockQty: 1.5 }] },
      'Stock quantity must be a whole number',
      'variants.0.stockQty',
    ],
    [
      'one SKU on two sizes',
      {
        variants: [
          { size: 'M', price: 10, stockQty: 1, sku: 'DUP-1' },
          { size: 'L', price: 10, stockQty: 1, sku: 'dup-1' },
        ],
      },
      'SKU DUP-1 is used by more than one size',
      'variants.1.sku',
    ],
  ])('refuses %s', async (_label, overrides, message, field) => {
    const res = await post(body(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[field]).toBe(message);
  });

  it('refuses an unknown or malformed category id: 400 Category not found', async () => {
    for (const categoryIds of [
      ['00000000-0000-4000-8000-000000000000'],
      ['not-a-uuid'],
      [kurtas.id, '00000000-0000-4000-8000-000000000001'],
    ]) {
      const res = await post(body({ categoryIds }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Category not found');
    }
  });
});

describe('PUT /api/products/:id', () => {
  it('updates variants in place (ids kept), inserts new ones, deletes unused removed ones, replaces images', async () => {
    const p = await created();
    const [m, l] = p.variants;
    const res = await put(p._id, {
      ...body(),
      title: 'Renamed Kurta',
      images: [
        { url: '/media/product_images/z.webp', alt: 'Z', publicId: 'product_images/z' },
        { url: '/media/product_images/y.webp', alt: 'Y', publicId: 'product_images/y' },
      ],
      variants: [
        { _id: m._id, size: 'M', price: 1199, compareAtPrice: null, stockQty: 4, isActive: true, sku: m.sku },
        { size: 'XL', price: 1399.99, compareAtPrice: 1599.99, stockQty: 2, isActive: false },
      ],
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json<Product>();
    expect(saved.title).toBe('Renamed Kurta');
    expect(saved.images.map((i) => i.url)).toEqual(['/media/product_images/z.webp', '/media/product_images/y.webp']);
    expect(saved.variants).toHaveLength(2);
    expect(saved.variants[0]).toEqual({
      _id: m._id,
      size: 'M',
      sku: m.sku,
      price: 1199,
      compareAtPrice: null,
      stockQty: 4,
      isActive: true,
    });
    expect(saved.variants[1]).toMatchObject({ size: 'XL', price: 1399.99, compareAtPrice: 1599.99, isActive: false });
    expect((await t.db.select().from(variants).where(eq(variants.id, l._id))).length).toBe(0);
    const images = await t.db.select().from(productImages).where(eq(productImages.productId, p._id));
    expect(images.map((i) => [i.position, i.url]).sort()).toEqual([
      [0, '/media/product_images/z.webp'],
      [1, '/media/product_images/y.webp'],
    ]);
  });

  it('keeps a removed variant that is in a cart, an order or a checkout, inactive instead of deleted', async () => {
    const p = await created({
      variants: [
        { size: 'S', price: 100, stockQty: 5 },
        { size: 'M', price: 100, stockQty: 5 },
        { size: 'L', price: 100, stockQty: 5 },
        { size: 'XL', price: 100, stockQty: 5 },
      ],
    });
    const [s, m, l, xl] = p.variants;
    const shopper = await createUser(t.app, t.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: shopper.headers,
      payload: { productId: p._id, variantId: s._id, quantity: 1 },
    });
    await orderOf(p._id, m._id);
    const { user } = await createUser(t.app, t.db);
    const line = {
      productId: p._id,
      variantId: l._id,
      title: 'x',
      size: 'L',
      sku: l.sku,
      image: null,
      unitPricePaise: 100,
      quantity: 1,
    };
    await t.db.insert(checkoutAttempts).values({
      userId: user.id,
      items: [line],
      itemCount: 1,
      subTotalPaise: 100,
      discountType: 'NONE',
      discountPaise: 0,
      grandTotalPaise: 100,
      shippingAddress: { ...shippingAddress, country: 'India' },
      email: 'a@example.in',
      phone: '9876543210',
    });

    const res = await put(p._id, body({ variants: [{ _id: xl._id, size: 'XL', price: 100, stockQty: 5 }] }));
    expect(res.statusCode).toBe(200);
    const saved = res.json<Product>();
    expect(saved.variants.map((v) => [v.size, v._id, v.isActive])).toEqual([
      ['S', s._id, false],
      ['M', m._id, false],
      ['L', l._id, false],
      ['XL', xl._id, true],
    ]);
    // The cart line still points at its variant; shoppers no longer see the size.
    const lines = await t.db.select().from(cartItems).where(eq(cartItems.variantId, s._id));
    expect(lines).toHaveLength(1);
    const shown = (await t.app.inject(`/api/products/${p._id}`)).json<Product>();
    expect(shown.variants.map((v) => v.size)).toEqual(['XL']);
  });

  it('brings a retired size back on the same row when it is added again', async () => {
    const p = await created({
      variants: [
        { size: 'S', price: 100, stockQty: 5 },
        { size: 'M', price: 100, stockQty: 5 },
      ],
    });
    const [s, m] = p.variants;
    const shopper = await createUser(t.app, t.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: shopper.headers,
      payload: { productId: p._id, variantId: s._id, quantity: 1 },
    });
    await put(p._id, body({ variants: [{ _id: m._id, size: 'M', price: 100, stockQty: 5 }] }));
    const res = await put(
      p._id,
      body({
        variants: [
          { _id: m._id, size: 'M', price: 100, stockQty: 5 },
          { size: 'S', price: 120, stockQty: 2 },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<Product>().variants).toEqual([
      { _id: s._id, size: 'S', sku: s.sku, price: 120, compareAtPrice: null, stockQty: 2, isActive: true },
      expect.objectContaining({ _id: m._id, isActive: true }),
    ]);
  });

  it('toggles isActive by resending the record the admin list gave: the product leaves the shop and comes back', async () => {
    const p = await created();
    const listed = await adminProduct(p._id);
    let res = await put(p._id, { ...listed, isActive: false });
    expect(res.statusCode).toBe(200);
    const hidden = res.json<Product>();
    expect(hidden.isActive).toBe(false);
    expect(hidden.variants).toEqual(listed.variants);
    expect(hidden.categoryIds).toEqual(listed.categoryIds);
    expect(hidden.images).toEqual(listed.images);

    expect((await t.app.inject(`/api/products/${p._id}`)).statusCode).toBe(404);
    expect((await t.app.inject('/api/products?limit=100')).json<Product[]>().map((x) => x._id)).not.toContain(p._id);
    expect((await adminProduct(p._id)).isActive).toBe(false);

    res = await put(p._id, { ...hidden, isActive: true });
    expect(res.json().isActive).toBe(true);
    expect((await t.app.inject(`/api/products/${p._id}`)).statusCode).toBe(200);
  });

  it('keeps its own SKUs, swaps SKUs between its sizes, and refuses another product’s SKU', async () => {
    const other = await created({ variants: [{ size: 'M', price: 100, stockQty: 1, sku: `OTHER-${unique()}` }] });
    const p = await created({
      variants: [
        { size: 'S', price: 100, stockQty: 1, sku: 'SWAP-A' },
        { size: 'M', price: 100, stockQty: 1, sku: 'SWAP-B' },
      ],
    });
    const [s, m] = p.variants;
    let res = await put(
      p._id,
      body({
        variants: [
          { ...s, sku: 'SWAP-B' },
          { ...m, sku: 'SWAP-A' },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<Product>().variants.map((v) => [v._id, v.sku])).toEqual([
      [s._id, 'SWAP-B'],
      [m._id, 'SWAP-A'],
    ]);
    // A blank SKU keeps the stored one.
    res = await put(
      p._id,
      body({
        variants: [
          { ...s, sku: '' },
          { ...m, sku: null },
        ],
      }),
    );
    expect(res.json<Product>().variants.map((v) => v.sku)).toEqual(['SWAP-B', 'SWAP-A']);

    res = await put(p._id, body({ variants: [{ ...s, sku: other.variants[0].sku }, m] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`SKU ${other.variants[0].sku} is already used by another product`);
    // Nothing of the refused save stuck.
    expect((await adminProduct(p._id)).variants.map((v) => v.sku)).toEqual(['SWAP-B', 'SWAP-A']);
  });

  it('treats a variant id of another product as a new variant, never touching the other product', async () => {
    const other = await created();
    const p = await created();
    const res = await put(p._id, body({ variants: [{ _id: other.variants[0]._id, size: 'S', price: 10, stockQty: 1 }] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().variants[0]._id).not.toBe(other.variants[0]._id);
    expect((await adminProduct(other._id)).variants).toEqual(other.variants);
  });

  it('validates like create, and answers 404 for an unknown or malformed id', async () => {
    const p = await created();
    let res = await put(p._id, body({ title: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Product title is required');
    res = await put(p._id, body({ categoryIds: ['00000000-0000-4000-8000-000000000000'] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Category not found');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      res = await put(id, body());
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Product not found');
    }
  });
});

describe('GET /api/products/admin/all', () => {
  it('lists all products newest first, inactive ones and inactive variants included', async () => {
    const older = await createProduct(t.db, {
      createdAt: new Date(Date.now() + 60_000),
      isActive: false,
      variants: [{ size: 'S', pricePaise: 100, isActive: false }],
    });
    const newer = await createProduct(t.db, { createdAt: new Date(Date.now() + 120_000) });
    const list = await adminList();
    expect(list[0]._id).toBe(newer.product.id);
    expect(list[1]).toMatchObject({ _id: older.product.id, isActive: false, variants: [{ size: 'S', isActive: false }] });
    const times = list.map((p) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('DELETE /api/products/:id', () => {
  async function uploadProductImage() {
    const target = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/media/upload-target',
        headers: admin,
        payload: { folder: 'product_images', resourceType: 'image' },
      })
    ).json();
    const form = new FormData();
    for (const [k, v] of Object.entries(target.fields as Record<string, string>)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(await realImage('webp'))]), 'look.webp');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: target.uploadUrl,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')! },
    });
    expect(res.statusCode).toBe(200);
    const up = res.json<{ secure_url: string; public_id: string }>();
    return { url: up.secure_url, publicId: up.public_id, file: path.join(t.config.dataDir, up.secure_url) };
  }

  it('deletes the product, its cart lines, and its uploaded images (keeping those another record uses)', async () => {
    const own = await uploadProductImage();
    const shared = await uploadProductImage();
    const p = await created({
      images: [
        { url: own.url, alt: 'a', publicId: own.publicId },
        { url: shared.url, alt: 'b', publicId: shared.publicId },
      ],
    });
    await created({ images: [{ url: shared.url, alt: 'b', publicId: shared.publicId }] });
    const shopper = await createUser(t.app, t.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: shopper.headers,
      payload: { productId: p._id, variantId: p.variants[0]._id, quantity: 1 },
    });
    expect(existsSync(own.file)).toBe(true);

    const res = await del(p._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: p._id, message: 'Product deleted successfully' });
    expect((await t.app.inject(`/api/products/${p._id}`)).statusCode).toBe(404);
    expect((await adminList()).map((x) => x._id)).not.toContain(p._id);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.productId, p._id))).toEqual([]);
    expect(existsSync(own.file)).toBe(false);
    expect(existsSync(shared.file)).toBe(true);
    expect((await del(p._id)).statusCode).toBe(404);
  });

  it('still deletes when an image cannot be removed from the store (logged only)', async () => {
    const p = await created({ images: [{ url: '/media/product_images/gone.webp', alt: '', publicId: '../../outside' }] });
    const res = await del(p._id);
    expect(res.statusCode).toBe(200);
  });

  it('keeps order history when a product with orders is deleted', async () => {
    const p = await created();
    await orderOf(p._id, p.variants[0]._id);
    expect((await del(p._id)).statusCode).toBe(200);
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.productId, p._id));
    expect(lines).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc']) {
      const res = await del(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Product not found');
    }
  });
});
