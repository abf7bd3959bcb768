/**
 * Size charts: saved with categories and products through the admin calls (admin only),
 * validated with clear messages, inherited by subcategories, overridden per product, and given to
 * the shop as the product's effective chart by GET /api/products/{id}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SizeChart } from '../../../core/size-chart';
import { createCategory, createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
let admin: { authorization: string };
let shopper: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
  shopper = (await createUser(t.app, t.db)).headers;
});
afterAll(() => t.close());

const unique = () => Math.random().toString(36).slice(2, 8);

const TOPS: SizeChart = {
  measurements: ['chest', 'waist', 'length'],
  rows: [
    { size: 'S', chest: 36, waist: 30, length: 27.5 },
    { size: 'M', chest: 38, waist: 32, length: 28 },
  ],
  howToMeasure: 'Chest: around the fullest part.',
};
const BOTTOMS: SizeChart = {
  measurements: ['waist', 'hip'],
  rows: [
    { size: 'M', waist: 32, hip: 40 },
    { size: 'L', waist: 34, hip: 42 },
  ],
  howToMeasure: '',
};
const OWN: SizeChart = {
  measurements: ['chest', 'shoulder'],
  rows: [{ size: 'M', chest: 44, shoulder: 19.5 }],
  howToMeasure: 'Relaxed fit.',
};

const postCategory = (payload: object, headers: Record<string, string> = admin) =>
  t.app.inject({ method: 'POST', url: '/api/categories', headers, payload });
const putCategory = (id: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/categories/${id}`, headers: admin, payload });
const publicChart = async (productId: string) => {
  const res = await t.app.inject(`/api/products/${productId}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ sizeChart: SizeChart | null }>().sizeChart;
};
const adminProduct = async (id: string) =>
  (await t.app.inject({ url: '/api/products/admin/all', headers: admin })).json<{ _id: string }[]>().find((p) => p._id === id) as
    Record<string, unknown> | undefined;

/** A product body for POST/PUT /api/products in `categoryIds`. */
const productBody = (categoryIds: string[], extra: object = {}) => ({
  title: `Linen Shirt ${unique()}`,
  description: 'Breathable linen.',
  categoryIds,
  images: [{ url: '/media/demo/shirt.webp', alt: 'Shirt' }],
  variants: [{ size: 'M', price: 1499, stockQty: 5 }],
  ...extra,
});

describe('saving a chart with a category', () => {
  it('stores it normalised (sizes in order, columns in order, other values dropped) and lists it', async () => {
    const res = await postCategory({
      name: `Tops ${unique()}`,
      sizeChart: {
        measurements: ['length', 'chest'],
        rows: [
          { size: 'l', chest: 40, length: 29, hip: 44 },
          { size: 'S', chest: 36.5, length: 28 },
        ],
        howToMeasure: '  Measure snugly.  ',
      },
    });
    expect(res.statusCode).toBe(201);
    const expected = {
      measurements: ['chest', 'length'],
      rows: [
        { size: 'S', chest: 36.5, length: 28 },
        { size: 'L', chest: 40, length: 29 },
      ],
      howToMeasure: 'Measure snugly.',
    };
    expect(res.json().sizeChart).toEqual(expected);
    const list = (await t.app.inject({ url: '/api/categories/admin/all', headers: admin })).json<{ _id: string; sizeChart: unknown }[]>();
    expect(list.find((c) => c._id === res.json()._id)?.sizeChart).toEqual(expected);
  });

  it('keeps the chart when a body has no sizeChart (the active toggle) and removes it on null', async () => {
    const created = (await postCategory({ name: `Kurtas ${unique()}`, sizeChart: TOPS })).json<{ _id: string; name: string }>();
    let res = await putCategory(created._id, { name: created.name, isActive: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().sizeChart).toEqual(TOPS);
    res = await putCategory(created._id, { name: created.name, sizeChart: null });
    expect(res.json().sizeChart).toBeNull();
  });

  it('is for admins only: 401 without a token, 403 for a shopper', async () => {
    expect((await postCategory({ name: `X ${unique()}`, sizeChart: TOPS }, {})).statusCode).toBe(401);
    const res = await postCategory({ name: `X ${unique()}`, sizeChart: TOPS }, shopper);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Access denied. Admin privileges required.');
    const cat = await createCategory(t.db);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/categories/${cat.id}`,
      headers: shopper,
      payload: { name: cat.name, sizeChart: TOPS },
    });
    expect(put.statusCode).toBe(403);
  });
});

describe('validation', () => {
  const refused = async (sizeChart: unknown) => {
    const res = await postCategory({ name: `Bad ${unique()}`, sizeChart });
    expect(res.statusCode).toBe(400);
    return res.json<{ message: string; errors: Record<string, string> }>();
  };

  it('needs unique sizes', async () => {
    const body = await refused({
      measurements: ['chest'],
      rows: [
        { size: 'M', chest: 38 },
        { size: 'm', chest: 40 },
      ],
    });
    expect(body.message).toBe('Each size can appear only once in the size chart');
    expect(body.errors).toEqual({ 'sizeChart.rows.1.size': 'Each size can appear only once in the size chart' });
  });

  it('needs a known size, at least one measurement and one row', async () => {
    expect((await refused({ measurements: ['chest'], rows: [{ size: 'XXXL', chest: 50 }] })).message).toBe(
      'Size must be one of XS, S, M, L, XL, XXL',
    );
    expect((await refused({ measurements: [], rows: [{ size: 'M' }] })).message).toBe('Choose at least one measurement');
    expect((await refused({ measurements: ['bust'], rows: [{ size: 'M' }] })).message).toBe(
      'Measurements must be among chest, waist, hip, length, shoulder',
    );
    expect((await refused({ measurements: ['chest'], rows: [] })).message).toBe('Add at least one size to the size chart');
  });

  it('needs every value of the chart, positive, plausible and with one decimal at most', async () => {
    const chart = (chest: unknown) => ({ measurements: ['chest', 'waist'], rows: [{ size: 'M', chest, waist: 32 }] });
    expect((await refused(chart(null))).errors).toEqual({ 'sizeChart.rows.0.chest': 'Chest for M is required' });
    expect((await refused(chart(-38))).message).toBe('Chest for M must be a positive number of inches');
    expect((await refused(chart(0))).message).toBe('Chest for M must be a positive number of inches');
    expect((await refused(chart(96.5))).message).toBe('Chest for M must be between 20 and 70 inches');
    expect((await refused(chart(38.25))).message).toBe('Chest for M can have at most one decimal');
    expect((await refused(chart('38'))).message).toBe('Enter a number');
    const missingWaist = await refused({ measurements: ['chest', 'waist'], rows: [{ size: 'L', chest: 40 }] });
    expect(missingWaist.errors).toEqual({ 'sizeChart.rows.0.waist': 'Waist for L is required' });
  });

  it('limits the note to 1000 characters', async () => {
    expect((await refused({ ...TOPS, howToMeasure: 'x'.repeat(1001) })).message).toBe('How to measure must be at most 1000 characters');
  });

  it('validates a product chart the same way', async () => {
    const cat = await createCategory(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin,
      payload: productBody([cat.id], { sizeChart: { measurements: ['shoulder'], rows: [{ size: 'M', shoulder: 45 }] } }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'sizeChart.rows.0.shoulder': 'Shoulder for M must be between 10 and 30 inches' });
  });
});

describe('the chart a product page shows', () => {
  it('comes from the category, else its parent; a subcategory chart overrides its parent', async () => {
    const parent = await createCategory(t.db, { sizeChart: TOPS });
    const plainChild = await createCategory(t.db, { parentId: parent.id });
    const bottoms = await createCategory(t.db, { parentId: parent.id, sizeChart: BOTTOMS });
    const inherits = await createProduct(t.db, { categoryIds: [plainChild.id, parent.id] });
    const overridden = await createProduct(t.db, { categoryIds: [bottoms.id, parent.id] });
    expect(await publicChart(inherits.product.id)).toEqual(TOPS);
    expect(await publicChart(overridden.product.id)).toEqual(BOTTOMS);
  });

  it('is the first category (in the product order) that has one; null when none has', async () => {
    const none = await createCategory(t.db);
    const other = await createCategory(t.db);
    const withChart = await createCategory(t.db, { sizeChart: BOTTOMS });
    const first = await createProduct(t.db, { categoryIds: [none.id, withChart.id] });
    const bare = await createProduct(t.db, { categoryIds: [none.id, other.id] });
    expect(await publicChart(first.product.id)).toEqual(BOTTOMS);
    expect(await publicChart(bare.product.id)).toBeNull();
  });

  it("is the product's own when it has one; null goes back to the category's; a toggle keeps it", async () => {
    const cat = await createCategory(t.db, { sizeChart: TOPS });
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin,
      payload: productBody([cat.id], { sizeChart: OWN }),
    });
    expect(post.statusCode).toBe(201);
    const product = post.json<{ _id: string; sizeChart: SizeChart | null; title: string }>();
    // Admin answers carry the product's own chart; the public product its effective chart.
    expect(product.sizeChart).toEqual(OWN);
    expect((await adminProduct(product._id))?.sizeChart).toEqual(OWN);
    expect(await publicChart(product._id)).toEqual(OWN);

    // A body without sizeChart (as from an older client) keeps the saved one.
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: `/api/products/${product._id}`, headers: admin, payload });
    let res = await put({ ...productBody([cat.id]), title: product.title, isActive: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().sizeChart).toEqual(OWN);

    res = await put({ ...productBody([cat.id], { sizeChart: null }), title: product.title });
    expect(res.json().sizeChart).toBeNull();
    expect(await publicChart(product._id)).toEqual(TOPS);
  });

  it('is not sent with product lists', async () => {
    const cat = await createCategory(t.db, { sizeChart: TOPS });
    await createProduct(t.db, { categoryIds: [cat.id] });
    const list = (await t.app.inject(`/api/categories/${cat.id}/products`)).json<object[]>();
    expect(list.length).toBe(1);
    expect(list[0]).not.toHaveProperty('sizeChart');
  });

  it('follows a category edit at once (the product answer is not served stale)', async () => {
    const cat = await createCategory(t.db);
    const { product } = await createProduct(t.db, { categoryIds: [cat.id] });
    expect(await publicChart(product.id)).toBeNull();
    const res = await putCategory(cat.id, { name: cat.name, sizeChart: BOTTOMS });
    expect(res.statusCode).toBe(200);
    expect(await publicChart(product.id)).toEqual(BOTTOMS);
  });
});
