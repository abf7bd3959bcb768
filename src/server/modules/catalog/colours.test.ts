/**
 * Colours and sizes (docs/architecture.md#colours-and-sizes): one save makes every colour × size,
 * pictures belong to a colour, a colour renamed keeps its variants (and so carts and orders), and a
 * bought variant is named "Maroon / L" in the cart, on the order and on the invoice's line.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { Cart, Order, Product } from '../../../core/api-types';
import { orderItems, inventoryLedger } from '../../db/schema';

let t: TestApp;
let admin: { authorization: string };
let categoryId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
  categoryId = (await createCategory(t.db)).id;
});
afterAll(() => t.close());

const SIZES = ['S', 'M', 'L', 'XL'];
const grid = (colours: string[], stock = 5) =>
  colours.flatMap((colour) => SIZES.map((size) => ({ colour, size, price: 1499, compareAtPrice: 1999, stockQty: stock })));

const body = (extra: object = {}) => ({
  title: `Cotton Kurta ${Math.random().toString(36).slice(2, 8)}`,
  description: 'Hand-block printed cotton.',
  categoryIds: [categoryId],
  images: [
    { url: '/media/product_images/indigo-1.webp', alt: 'Indigo front', colour: 'Indigo' },
    { url: '/media/product_images/maroon-1.webp', alt: 'Maroon front', colour: 'Maroon' },
    { url: '/media/product_images/maroon-2.webp', alt: 'Maroon back', colour: 'Maroon' },
    { url: '/media/product_images/label.webp', alt: 'Label' },
  ],
  colours: [{ name: 'Indigo' }, { name: 'Maroon', swatch: '#7a1030' }],
  variants: grid(['Indigo', 'Maroon']),
  ...extra,
});
const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/products', headers: admin, payload });
const put = (id: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: admin, payload });

describe('a product in colours and sizes', () => {
  it('makes every colour × size in one save, with SKUs, swatches and pictures per colour', async () => {
    const res = await post(body());
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json<Product>();
    const hex8 = p._id.replace(/-/g, '').slice(0, 8).toUpperCase();
    expect(p.variantAttributes).toEqual(['Colour', 'Size']);
    // A standard name gets its swatch; the admin's own swatch is kept.
    expect(p.colours).toEqual([
      { name: 'Indigo', swatch: '#33407a' },
      { name: 'Maroon', swatch: '#7a1030' },
    ]);
    expect(p.variants.map((v) => `${v.colour} / ${v.size} ${v.sku}`)).toEqual([
      ...SIZES.map((s) => `Indigo / ${s} RM-${hex8}-INDIGO-${s}`),
      ...SIZES.map((s) => `Maroon / ${s} RM-${hex8}-MAROON-${s}`),
    ]);
    expect(p.images.map((i) => i.colour ?? null)).toEqual(['Indigo', 'Maroon', 'Maroon', null]);
    // Each variant starts with a ledger row of its stock.
    const ledger = await t.db.select().from(inventoryLedger).where(eq(inventoryLedger.variantId, p.variants[5]._id));
    expect(ledger.map((r) => r.delta)).toEqual([5]);
    // The public product answers the same options.
    const shown = (await t.app.inject(`/api/products/${p.handle}`)).json<Product>();
    expect(shown.colours).toEqual(p.colours);
    expect(shown.variants.map((v) => v.colour)).toEqual(p.variants.map((v) => v.colour));
  });

  it('refuses what a grid cannot mean, naming the field', async () => {
    const cases: [object, string, string][] = [
      [
        { variants: [...grid(['Indigo', 'Maroon']), { colour: 'Mustard', size: 'M', price: 1, stockQty: 1 }] },
        'variants.8.colour',
        "Mustard is not one of this product's colours",
      ],
      [
        { variants: [...grid(['Indigo', 'Maroon']), { colour: 'Maroon', size: 'M', price: 1, stockQty: 1 }] },
        'variants.8.size',
        'Maroon / M appears more than once',
      ],
      [{ variants: [...grid(['Indigo']), { size: 'M', price: 1, stockQty: 1 }] }, 'variants.4.colour', 'Choose a colour for each variant'],
      [{ variants: grid(['Indigo']) }, 'colours.1.name', 'Maroon has no sizes'],
      [{ colours: [{ name: 'Indigo' }, { name: 'indigo' }], variants: grid(['Indigo']) }, 'colours.1.name', 'indigo is listed twice'],
      [
        { colours: [{ name: 'Indigo', swatch: 'javascript:alert(1)' }, { name: 'Maroon' }] },
        'colours.0.swatch',
        'Swatch must be a colour like #800020 or a picture',
      ],
      [
        { images: [{ url: '/media/product_images/x.webp', alt: '', colour: 'Green' }] },
        'images.0.colour',
        "Green is not one of this product's colours",
      ],
    ];
    for (const [extra, field, message] of cases) {
      const res = await post(body(extra));
      expect([res.statusCode, res.json().errors?.[field]], JSON.stringify(extra)).toEqual([400, message]);
    }
  });

  it('allows five pictures per colour, not six', async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ url: `/media/product_images/m${i}.webp`, alt: '', colour: 'Maroon' }));
    const refused = await post(body({ images: six }));
    expect([refused.statusCode, refused.json().errors?.images]).toEqual([400, 'Maximum 5 images allowed for Maroon']);
    const fine = await post(body({ images: [...six.slice(0, 5), ...six.slice(0, 5).map((i) => ({ ...i, colour: 'Indigo' }))] }));
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('keeps the variants (and their ids) when a colour is renamed, and takes colours from variants when none are listed', async () => {
    const p = (await post(body())).json<Product>();
    const renamed = body({
      title: p.title,
      colours: [{ name: 'Indigo' }, { name: 'Wine' }],
      images: [{ url: '/media/product_images/wine.webp', alt: '', colour: 'Wine' }],
      variants: p.variants.map((v) => ({ ...v, colour: v.colour === 'Maroon' ? 'Wine' : v.colour, stockLoaded: v.stockQty })),
    });
    const res = await put(p._id, renamed);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<Product>();
    expect(saved.variants.map((v) => v._id)).toEqual(p.variants.map((v) => v._id));
    expect(saved.colours?.map((c) => c.name)).toEqual(['Indigo', 'Wine']);
    expect(saved.colours?.[1].swatch).toBe('#6d1f3a');

    // An API client may name colours on the variants only.
    const implicit = await post(
      body({ colours: undefined, variants: grid(['Mustard', 'Off-white']), images: [{ url: '/media/x.webp', alt: '' }] }),
    );
    expect(implicit.statusCode, implicit.body).toBe(201);
    expect(implicit.json<Product>().colours).toEqual([
      { name: 'Mustard', swatch: '#d4a017' },
      { name: 'Off-white', swatch: '#f4efe3' },
    ]);
  });

  it('names the bought variant "Maroon / L" with its colour\'s picture in the cart and on the order line', async () => {
    const p = (await post(body())).json<Product>();
    const maroonL = p.variants.find((v) => v.colour === 'Maroon' && v.size === 'L')!;
    const shopper = await createUser(t.app, t.db);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: shopper.headers,
      payload: { productId: p._id, variantId: maroonL._id, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const cart = (await t.app.inject({ url: '/api/cart', headers: shopper.headers })).json<Cart>();
    // The handle too: the cart links to /products/<handle>?colour=maroon, not through /product/<id>.
    expect(cart.items[0]).toMatchObject({ handle: p.handle, colour: 'Maroon', size: 'L', image: '/media/product_images/maroon-1.webp' });

    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/payments/cod/create-order',
      headers: shopper.headers,
      payload: { items: [{ productId: p._id, variantId: maroonL._id, quantity: 1 }], shippingAddress },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placed.json().order._id));
    expect([line.variantName, line.image]).toEqual(['Maroon / L', '/media/product_images/maroon-1.webp']);
    // The order's reads carry the product's current handle for the line's link; a deleted product's line has none.
    const read = async () =>
      (await t.app.inject({ url: `/api/orders/${placed.json().order._id}`, headers: shopper.headers })).json<Order>();
    expect((await read()).items[0]).toMatchObject({ productId: p._id, handle: p.handle, variantName: 'Maroon / L' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${p._id}`, headers: admin })).statusCode).toBeLessThan(300);
    expect((await read()).items[0]).toMatchObject({ productId: p._id, handle: null });
  });
});
