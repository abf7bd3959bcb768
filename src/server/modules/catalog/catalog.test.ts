import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { heroBanners, testimonials } from '../../db/schema';
import { listRelatedProducts } from './service';

let t: TestApp;
let parentId: string;
let childId: string;
let kurtaId: string;
let hiddenId: string;
let hiddenHandle: string;

beforeAll(async () => {
  t = await createTestApp();
  const parent = await createCategory(t.db, { name: 'Women' });
  const child = await createCategory(t.db, { name: 'Kurtas', parentId: parent.id });
  await createCategory(t.db, { name: 'Hidden Category', isActive: false });
  parentId = parent.id;
  childId = child.id;
  const kurta = await createProduct(t.db, {
    title: 'Indigo Kurta',
    isBestseller: true,
    categoryIds: [child.id],
    variants: [
      { size: 'XL', pricePaise: 149_900, stockQty: 2 },
      { size: 'S', pricePaise: 129_900, compareAtPaise: 159_900, stockQty: 0 },
      { size: 'M', pricePaise: 129_900, stockQty: 5, isActive: false },
    ],
    createdAt: new Date(Date.now() - 1000),
  });
  kurtaId = kurta.product.id;
  ({ id: hiddenId, handle: hiddenHandle } = (
    await createProduct(t.db, { title: 'Hidden Saree', isActive: false, categoryIds: [child.id] })
  ).product);
  await createProduct(t.db, { title: 'Plain Tee', createdAt: new Date() });
  await t.db.insert(heroBanners).values([
    { mediaType: 'image', imageUrl: '/media/b2.webp', alt: 'Second', sortOrder: 2 },
    { mediaType: 'image', imageUrl: '/media/b1.webp', alt: 'First', sortOrder: 1 },
    { mediaType: 'image', imageUrl: '/media/off.webp', alt: 'Off', isActive: false },
  ]);
  await t.db.insert(testimonials).values({ authorName: 'Meera', content: 'Lovely fabric and quick delivery.', rating: 5 });
});
afterAll(() => t.close());

describe('GET /api/categories', () => {
  it('lists active categories, each parent followed by its children', async () => {
    const res = await t.app.inject('/api/categories');
    expect(res.statusCode).toBe(200);
    const names = res.json().map((c: { name: string }) => c.name);
    expect(names).toEqual(['Women', 'Kurtas']);
    expect(res.json()[1]).toMatchObject({ _id: childId, parentId, isActive: true });
  });

  it('hides the children of an inactive parent', async () => {
    const hidden = await createCategory(t.db, { name: 'Hidden Parent', isActive: false });
    await createCategory(t.db, { name: 'Orphaned Child', parentId: hidden.id });
    const names = (await t.app.inject('/api/categories')).json().map((c: { name: string }) => c.name);
    expect(names).not.toContain('Orphaned Child');
  });
});

describe('GET /api/products', () => {
  it('lists active products newest first with active variants only, in size order', async () => {
    const res = await t.app.inject('/api/products');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((p: { title: string }) => p.title)).toEqual(['Plain Tee', 'Indigo Kurta']);
    const kurta = list[1];
    expect(kurta.variants.map((v: { size: string }) => v.size)).toEqual(['S', 'XL']);
    expect(kurta).toMatchObject({ price: 1299, compareAtPrice: 1599, isBestseller: true });
    expect(kurta.categoryIds).toMatchObject([{ _id: childId, name: 'Kurtas', handle: expect.any(String) }]);
    expect(kurta.images[0]).toMatchObject({ url: '/media/test.webp' });
  });
});

describe('GET /api/products/:id', () => {
  it('answers the product with its variants in rupees', async () => {
    const res = await t.app.inject(`/api/products/${kurtaId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().variants[1]).toMatchObject({ size: 'XL', price: 1499, stockQty: 2, compareAtPrice: null });
  });

  it("answers 404 for an inactive, unknown or malformed id, or an inactive product's handle", async () => {
    for (const id of [hiddenId, hiddenHandle, '00000000-0000-4000-8000-000000000000', 'not-an-id', "1' or '1'='1"]) {
      const res = await t.app.inject(`/api/products/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Product not found' });
    }
  });
});

describe('GET /api/categories/:id/products', () => {
  it("lists a child category's active products", async () => {
    const res = await t.app.inject(`/api/categories/${childId}/products`);
    expect(res.json().map((p: { title: string }) => p.title)).toEqual(['Indigo Kurta']);
  });

  it("includes a parent's children's products", async () => {
    const res = await t.app.inject(`/api/categories/${parentId}/products`);
    expect(res.json().map((p: { title: string }) => p.title)).toEqual(['Indigo Kurta']);
  });

  it('answers 404 for an unknown category', async () => {
    expect((await t.app.inject('/api/categories/nope/products')).statusCode).toBe(404);
  });
});

describe('the categories a category page reads', () => {
  it('are kept in memory: a category made since is found, an admin hiding one shows at once', async () => {
    const own = await createTestApp();
    try {
      const women = await createCategory(own.db, { name: 'Women' });
      await createProduct(own.db, {
        title: 'Indigo Kurta',
        categoryIds: [women.id],
        variants: [{ size: 'M', pricePaise: 99_900, stockQty: 1 }],
      });
      // Each read spells its listing differently, so none is answered by the response cache.
      const titles = async (id: string, sort: string) => {
        const res = await own.app.inject(`/api/categories/${id}/products?sort=${sort}`);
        return res.statusCode === 200 ? res.json().map((p: { title: string }) => p.title) : res.statusCode;
      };
      expect(await titles(women.id, 'newest')).toEqual(['Indigo Kurta']);
      // Made behind the shop's back (no invalidation), after the kept list was read: found all the same...
      const sarees = await createCategory(own.db, { name: 'Sarees', parentId: women.id });
      await createProduct(own.db, {
        title: 'Chanderi Saree',
        categoryIds: [sarees.id],
        variants: [{ size: 'M', pricePaise: 89_900, stockQty: 1 }],
      });
      expect(await titles(sarees.id, 'newest')).toEqual(['Chanderi Saree']);
      // ...and its parent's page holds it from then on.
      expect(await titles(women.id, 'price-asc')).toEqual(['Chanderi Saree', 'Indigo Kurta']);

      const admin = await createUser(own.app, own.db, { role: 'admin' });
      const hide = await own.app.inject({
        method: 'PUT',
        url: `/api/categories/${sarees.id}`,
        headers: admin.headers,
        payload: { name: 'Sarees', parentId: women.id, isActive: false },
      });
      expect(hide.statusCode, hide.body).toBe(200);
      expect(await titles(sarees.id, 'price-desc')).toBe(404);
      expect(await titles(women.id, 'price-desc')).toEqual(['Indigo Kurta']);
    } finally {
      await own.close();
    }
  });
});

describe('GET /api/homepage', () => {
  it('answers every section of the homepage payload from active records', async () => {
    const res = await t.app.inject('/api/homepage');
    expect(res.statusCode).toBe(200);
    const home = res.json();
    expect(Object.keys(home).sort()).toEqual(
      [
        'bestsellerProducts',
        'categories',
        'imageBanners',
        'instagramPhotos',
        'latestProducts',
        'testimonials',
        'videoBanner',
        'videos',
      ].sort(),
    );
    expect(home.imageBanners.map((b: { alt: string }) => b.alt)).toEqual(['First', 'Second']);
    expect(home.videoBanner).toBeNull();
    expect(home.latestProducts).toHaveLength(2);
    expect(home.bestsellerProducts.map((p: { title: string }) => p.title)).toEqual(['Indigo Kurta']);
    expect(home.testimonials[0]).toMatchObject({ authorName: 'Meera', rating: 5 });
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404', async () => {
    const res = await t.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});

describe('listing parameters', () => {
  let l: TestApp;
  let sareesId: string;
  beforeAll(async () => {
    l = await createTestApp();
    const sarees = await createCategory(l.db, { name: 'Sarees' });
    sareesId = sarees.id;
    const day = 24 * 60 * 60 * 1000;
    await createProduct(l.db, {
      title: 'Banarasi Silk Saree',
      categoryIds: [sarees.id],
      variants: [{ size: 'M', pricePaise: 899_900, stockQty: 3 }],
      createdAt: new Date(Date.now() - 3 * day),
    });
    await createProduct(l.db, {
      title: 'Cotton Tee 100%_pure',
      variants: [
        { size: 'S', pricePaise: 49_900, stockQty: 0 },
        { size: 'L', pricePaise: 54_900, stockQty: 4 },
      ],
      createdAt: new Date(Date.now() - 2 * day),
    });
    await createProduct(l.db, {
      title: 'Linen Shirt',
      isBestseller: true,
      variants: [{ size: 'S', pricePaise: 179_900, stockQty: 2 }],
      createdAt: new Date(Date.now() - day),
    });
  });
  afterAll(() => l.close());

  const titles = async (url: string) => (await l.app.inject(url)).json().map((p: { title: string }) => p.title);

  it('sorts newest first by default, and by price or bestsellers on request', async () => {
    expect(await titles('/api/products')).toEqual(['Linen Shirt', 'Cotton Tee 100%_pure', 'Banarasi Silk Saree']);
    expect(await titles('/api/products?sort=price-asc')).toEqual(['Cotton Tee 100%_pure', 'Linen Shirt', 'Banarasi Silk Saree']);
    expect(await titles('/api/products?sort=price-desc')).toEqual(['Banarasi Silk Saree', 'Linen Shirt', 'Cotton Tee 100%_pure']);
    expect((await titles('/api/products?sort=bestsellers'))[0]).toBe('Linen Shirt');
    expect(await titles('/api/products?sort=nonsense')).toEqual(['Linen Shirt', 'Cotton Tee 100%_pure', 'Banarasi Silk Saree']);
  });

  it('searches title and description, treating wildcards literally', async () => {
    expect(await titles('/api/products?q=silk')).toEqual(['Banarasi Silk Saree']);
    expect(await titles('/api/products?q=MANDARIN')).toHaveLength(3); // every factory description
    expect(await titles('/api/products?q=100%25_')).toEqual(['Cotton Tee 100%_pure']);
    expect(await titles('/api/products?q=%25')).toEqual(['Cotton Tee 100%_pure']);
  });

  it('filters by sizes in stock and by price range in rupees', async () => {
    expect(await titles('/api/products?sizes=S')).toEqual(['Linen Shirt']);
    expect(await titles('/api/products?sizes=S,L')).toEqual(['Linen Shirt', 'Cotton Tee 100%_pure']);
    expect(await titles('/api/products?minPrice=500&maxPrice=2000')).toEqual(['Linen Shirt']);
    expect(await titles('/api/products?maxPrice=499')).toEqual(['Cotton Tee 100%_pure']);
  });

  it('pages with the totals in headers', async () => {
    const res = await l.app.inject('/api/products?limit=2&page=2');
    expect(res.json().map((p: { title: string }) => p.title)).toEqual(['Banarasi Silk Saree']);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.headers['x-total-pages']).toBe('2');
    expect(res.headers['x-page']).toBe('2');
  });

  it('falls back to defaults for hand-edited parameters instead of failing', async () => {
    const res = await l.app.inject('/api/products?page=-3&limit=abc&minPrice=cheap&sizes=XXXL,M&sort=');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-page']).toBe('1');
    expect(res.json().map((p: { title: string }) => p.title)).toEqual(['Banarasi Silk Saree']);
    const past = await l.app.inject('/api/products?page=9');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('3');
  });

  it('answers 404 for an unknown category even with parameters', async () => {
    const res = await l.app.inject('/api/categories/00000000-0000-4000-8000-000000000000/products?q=silk');
    expect(res.statusCode).toBe(404);
  });

  it('applies the same parameters within a category', async () => {
    expect(await titles(`/api/categories/${sareesId}/products?q=banarasi`)).toEqual(['Banarasi Silk Saree']);
    expect(await titles(`/api/categories/${sareesId}/products?q=linen`)).toEqual([]);
  });

  it('counts what the filters match before they are applied, ignoring page and sort', async () => {
    const count = async (url: string) => {
      const res = await l.app.inject(url);
      expect(res.statusCode).toBe(200);
      return res.json().count as number;
    };
    expect(await count('/api/products/count')).toBe(3);
    expect(await count('/api/products/count?sizes=S,L&page=7&sort=price-desc&limit=1')).toBe(2);
    expect(await count('/api/products/count?minPrice=500&maxPrice=2000')).toBe(1);
    expect(await count('/api/products/count?q=silk&sizes=L')).toBe(0);
    // Hand-edited values fall back to their defaults, as on the listing.
    expect(await count('/api/products/count?minPrice=cheap&sizes=XXXL')).toBe(3);
    // The same figure the listing's header gives for the same filters.
    const listing = await l.app.inject('/api/products?sizes=S,L&maxPrice=1000');
    expect(await count('/api/products/count?sizes=S,L&maxPrice=1000')).toBe(Number(listing.headers['x-total-count']));

    expect(await count(`/api/categories/${sareesId}/products/count`)).toBe(1);
    expect(await count(`/api/categories/${sareesId}/products/count?sizes=S`)).toBe(0);
    expect((await l.app.inject('/api/categories/00000000-0000-4000-8000-000000000000/products/count')).statusCode).toBe(404);
    expect((await l.app.inject('/api/categories/not-an-id/products/count')).statusCode).toBe(404);
  });
});

describe("'You May Also Like' (listRelatedProducts)", () => {
  it('lists the products sharing a category first, newest first, then the newest others; never the product itself or an inactive one', async () => {
    const own = await createTestApp();
    try {
      const sarees = await createCategory(own.db, { name: 'Sarees' });
      const shirts = await createCategory(own.db, { name: 'Shirts' });
      const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
      const product = await createProduct(own.db, { title: 'Banarasi Saree', categoryIds: [sarees.id], createdAt: at(50) });
      await createProduct(own.db, { title: 'Kanjeevaram Saree', categoryIds: [sarees.id], createdAt: at(40) });
      await createProduct(own.db, { title: 'Chanderi Saree', categoryIds: [sarees.id, shirts.id], createdAt: at(30) });
      await createProduct(own.db, { title: 'Hidden Saree', categoryIds: [sarees.id], isActive: false, createdAt: at(5) });
      await createProduct(own.db, { title: 'Linen Shirt', categoryIds: [shirts.id], createdAt: at(10) });
      await createProduct(own.db, { title: 'Oxford Shirt', categoryIds: [shirts.id], createdAt: at(20) });
      const titles = async (limit: number) => (await listRelatedProducts(own.db, product.product.id, limit)).map((p) => p.title);
      expect(await titles(2)).toEqual(['Chanderi Saree', 'Kanjeevaram Saree']);
      expect(await titles(4)).toEqual(['Chanderi Saree', 'Kanjeevaram Saree', 'Linen Shirt', 'Oxford Shirt']);
    } finally {
      await own.close();
    }
  });
});
