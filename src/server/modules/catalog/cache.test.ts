import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../../core/listing';
import { createCategory, createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ cacheTtlMs: 60_000 });
});
afterAll(() => t.close());

describe('catalogue response cache', () => {
  it('serves repeated reads from the cache and drops them when an admin changes the catalogue', async () => {
    const category = await createCategory(t.db);
    const { product } = await createProduct(t.db, { title: 'Cached Kurta', categoryIds: [category.id] });
    const first = await t.app.inject('/api/products');
    expect(first.headers['x-cache']).toBeUndefined();
    const second = await t.app.inject('/api/products');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['x-total-count']).toBe(first.headers['x-total-count']);

    const admin = await createUser(t.app, t.db, { role: 'admin' });
    const current = (await t.app.inject({ url: '/api/products/admin/all', headers: admin.headers })).json()[0];
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: admin.headers,
      payload: { ...current, title: 'Renamed Kurta', categoryIds: [category.id] },
    });
    expect(res.statusCode).toBe(200);
    const after = await t.app.inject('/api/products');
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json().map((p: { title: string }) => p.title)).toEqual(['Renamed Kurta']);

    // A refused write leaves the cache alone.
    await t.app.inject('/api/products');
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: admin.headers,
      payload: { ...current, title: '' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await t.app.inject('/api/products')).headers['x-cache']).toBe('hit');
  });

  it('keys listings on what they mean, so made-up parameters cannot fill the cache', async () => {
    await t.app.inject('/api/products?sort=price-asc');
    for (const url of [
      '/api/products?sort=price-asc&x=1',
      '/api/products?x=2&sort=price-asc&page=1',
      '/api/products?sort=price-asc&page=abc',
      // Too long for the keys remembered by URL: worked out again, the same key.
      `/api/products?sort=price-asc&pad=${'x'.repeat(600)}`,
    ]) {
      expect((await t.app.inject(url)).headers['x-cache'], url).toBe('hit');
    }
    expect((await t.app.inject('/api/products?sort=price-desc')).headers['x-cache']).toBeUndefined();
    const cached = t.app.responseCache.bytes;
    for (let n = 0; n < 20; n++) await t.app.inject(`/api/products/00000000-0000-4000-8000-000000000000?junk=${n}`);
    for (let n = 0; n < 20; n++) await t.app.inject(`/api/homepage?junk=${n}`);
    expect(t.app.responseCache.bytes - cached).toBeLessThan(20_000); // one homepage entry, not twenty
    expect((await t.app.inject('/api/homepage?other=1')).headers['x-cache']).toBe('hit');
  });

  it('answers every listing view the storefront spells from the cache, each under its own entry', async () => {
    const category = await createCategory(t.db, { name: 'Cache Kurtas' });
    await createProduct(t.db, {
      title: 'Indigo Kurta',
      categoryIds: [category.id],
      isBestseller: true,
      variants: [
        { size: 'M', pricePaise: 79_900 },
        { size: 'L', pricePaise: 89_900 },
      ],
    });
    await createProduct(t.db, { title: 'Saffron Kurta', categoryIds: [category.id], variants: [{ size: 'S', pricePaise: 149_900 }] });
    await createProduct(t.db, { title: 'Linen Shirt', variants: [{ size: 'XL', pricePaise: 249_900 }] });
    t.app.responseCache.invalidate();

    // Every field of the storefront's listing URLs (as web/features/listing/listing-url.ts spells
    // them), alone and together; the defaults come last, so an answer stored under another view's
    // key would show there as a hit.
    const views = [
      '?limit=12',
      '?limit=1&page=2',
      '?page=2',
      '?sort=price-asc',
      '?sort=price-desc',
      '?sort=bestsellers',
      '?sizes=M',
      '?sizes=M,L',
      '?minPrice=500',
      '?maxPrice=1500',
      '?minPrice=500&maxPrice=1500',
      '?q=kurta',
      '?q=kurta&sort=price-asc',
      '?q=silk+kurta&sort=newest',
      '?q=kurta&sort=price-desc&sizes=M,L&minPrice=700&maxPrice=2000&limit=12',
      '',
    ];
    const categoryPath = `/api/categories/${category.id}/products`;
    const urls = [
      ...views.map((view) => `/api/products${view}`),
      ...views.map((view) => `${categoryPath}${view}`),
      // A category page's URL also carries its heading (`name`), which the listing does not read.
      `${categoryPath}?name=Kurtas&limit=6`,
    ];
    expect(new Set(urls).size).toBe(urls.length);

    for (const url of urls) {
      const first = await t.app.inject(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['x-cache'], `${url} answered from another view's entry`).toBeUndefined();
      const query = new URLSearchParams(url.split('?')[1]);
      expect(first.headers['x-page'], url).toBe(query.get('page') ?? '1');
      expect(first.json().length, url).toBeLessThanOrEqual(Number(query.get('limit') ?? PAGE_SIZE));
      const second = await t.app.inject(url);
      expect(second.headers['x-cache'], url).toBe('hit');
      expect(second.body, url).toBe(first.body);
      for (const name of ['x-total-count', 'x-page', 'x-total-pages'])
        expect(second.headers[name], `${url} ${name}`).toBe(first.headers[name]);
    }
  });

  it('files a filtered listing under its own key, never under the unfiltered one', async () => {
    const all = (await t.app.inject('/api/products/count')).json().count as number;
    const url = '/api/products?sizes=XS&minPrice=1&maxPrice=2';
    const filtered = await t.app.inject(url);
    expect(filtered.json()).toEqual([]);
    expect((await t.app.inject(url)).headers['x-cache']).toBe('hit');
    // The same listing without the filters: not the filtered answer.
    expect((await t.app.inject('/api/products?page=1')).headers['x-total-count']).toBe(String(all));
    expect((await t.app.inject('/api/products/count?sizes=XS&minPrice=1&maxPrice=2')).json()).toEqual({ count: 0 });
    expect((await t.app.inject('/api/products/count?minPrice=cheap')).json()).toEqual({ count: all });
  });
});
