import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCategory, createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { eq, sql } from 'drizzle-orm';
import { listingQuerySchema } from '../../../core/schemas/listing';
import { createLoadContext, HOMEPAGE_MAX_AGE_MS, LISTING_KEPT_MAX_AGE_MS } from '../../app';
import { productReviews, products, variants } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

describe('the load context of server-rendered pages', () => {
  it('keeps the active categories until the catalogue changes, here or on another instance', async () => {
    const context = createLoadContext(t.db, t.app.config, t.app.settings, t.app.responseCache, t.app.activeCategories);
    await createCategory(t.db, { name: 'Kurtas' });
    const names = async () => (await context.catalog.listCategories()).map((c) => c.name);
    expect(await names()).toContain('Kurtas');

    // Written behind the shop's back: the kept list does not see it...
    await createCategory(t.db, { name: 'Sarees' });
    expect(await names()).not.toContain('Sarees');
    // ...until the catalogue's invalidation (an admin write, or another instance's) drops it.
    t.app.responseCache.invalidate();
    expect(await names()).toEqual(expect.arrayContaining(['Kurtas', 'Sarees']));
  });

  it("keeps the home page's payload until the catalogue changes, or for HOMEPAGE_MAX_AGE_MS at most", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const context = createLoadContext(t.db, t.app.config, t.app.settings, t.app.responseCache, t.app.activeCategories);
    await createProduct(t.db, { title: 'Festive Silk Kurta' });
    const latest = async () => (await context.catalog.getHomepage()).latestProducts.map((p) => p.title);
    expect(await latest()).toContain('Festive Silk Kurta');

    // A product written behind the shop's back (no admin write to drop the payload)...
    await createProduct(t.db, { title: 'Banarasi Saree' });
    vi.advanceTimersByTime(HOMEPAGE_MAX_AGE_MS - 1_000);
    expect(await latest()).not.toContain('Banarasi Saree');
    // ...shows once the kept payload is older than its bound (a sale's stock, likewise),
    vi.advanceTimersByTime(2_000);
    expect(await latest()).toContain('Banarasi Saree');
    // and at once after the catalogue's invalidation.
    await createProduct(t.db, { title: 'Chikankari Kurti' });
    expect(await latest()).not.toContain('Chikankari Kurti');
    t.app.responseCache.invalidate();
    expect(await latest()).toContain('Chikankari Kurti');
  });

  it('keeps the colours each listing offers until the catalogue changes, or for LISTING_KEPT_MAX_AGE_MS at most', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const context = createLoadContext(t.db, t.app.config, t.app.settings, t.app.responseCache, t.app.activeCategories);
    const category = await createCategory(t.db, { name: 'Ajrakh' });
    const paint = async (title: string, colour: string) => {
      const { product } = await createProduct(t.db, {
        title,
        categoryIds: [category.id],
        variants: [{ size: 'M', pricePaise: 149_900, stockQty: 4 }],
      });
      await t.db
        .update(products)
        .set({ colours: [{ name: colour, swatch: '' }] })
        .where(eq(products.id, product.id));
    };
    const offered = async (query: Record<string, string>) =>
      (await context.catalog.searchProducts(listingQuerySchema.parse(query), category.id))?.colours.map((c) => `${c.name} ${c.count}`);
    await paint('Ajrakh Kurta', 'Indigo');
    expect(await offered({})).toEqual(['Indigo 1']);

    // Written behind the shop's back: the kept colours of that listing do not see it,
    await paint('Ajrakh Kurti', 'Maroon');
    vi.advanceTimersByTime(LISTING_KEPT_MAX_AGE_MS - 1_000);
    expect(await offered({})).toEqual(['Indigo 1']);
    // its colour filter, sort and page read the same kept colours, another listing reads its own,
    expect(await offered({ colours: 'indigo', sort: 'price-asc', page: '2' })).toEqual(['Indigo 1']);
    expect(await offered({ sizes: 'M' })).toEqual(['Indigo 1', 'Maroon 1']);
    // the kept ones are read again once older than their bound,
    vi.advanceTimersByTime(2_000);
    expect(await offered({})).toEqual(['Indigo 1', 'Maroon 1']);
    // and at once after the catalogue's invalidation.
    await paint('Ajrakh Dupatta', 'Mustard');
    expect(await offered({})).toEqual(['Indigo 1', 'Maroon 1']);
    t.app.responseCache.invalidate();
    expect(await offered({})).toEqual(['Indigo 1', 'Maroon 1', 'Mustard 1']);
  });

  it("keeps each listing's count, but a search's, until the catalogue changes, or for LISTING_KEPT_MAX_AGE_MS at most", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const context = createLoadContext(t.db, t.app.config, t.app.settings, t.app.responseCache, t.app.activeCategories);
    const category = await createCategory(t.db, { name: 'Bandhani' });
    const stock = async (title: string) =>
      createProduct(t.db, { title, categoryIds: [category.id], variants: [{ size: 'L', pricePaise: 99_900, stockQty: 2 }] });
    const listed = async (query: Record<string, string>) => {
      const page = await context.catalog.searchProducts(listingQuerySchema.parse(query), category.id);
      return { total: page?.total, titles: page?.products.map((p) => p.title).sort() };
    };
    await stock('Bandhani Dupatta');
    expect(await listed({ sizes: 'L' })).toEqual({ total: 1, titles: ['Bandhani Dupatta'] });

    // A product stocked behind the shop's back (a sale's stock, likewise): the page lists it at once,
    const { product } = await stock('Bandhani Saree');
    vi.advanceTimersByTime(LISTING_KEPT_MAX_AGE_MS - 1_000);
    expect(await listed({ sizes: 'L' })).toEqual({ total: 1, titles: ['Bandhani Dupatta', 'Bandhani Saree'] });
    // its sort and page share the kept count, another filter counts its own, a search counts as it ranks,
    expect((await listed({ sizes: 'L', sort: 'price-asc' })).total).toBe(1);
    expect((await listed({})).total).toBe(2);
    expect((await listed({ q: 'bandhani', sizes: 'L' })).total).toBe(2);
    // the kept count is read again once older than its bound,
    vi.advanceTimersByTime(2_000);
    expect((await listed({ sizes: 'L' })).total).toBe(2);
    // and at once after the catalogue's invalidation.
    await t.db.update(variants).set({ stockQty: 0 }).where(eq(variants.productId, product.id));
    expect((await listed({ sizes: 'L' })).total).toBe(2);
    t.app.responseCache.invalidate();
    expect(await listed({ sizes: 'L' })).toEqual({ total: 1, titles: ['Bandhani Dupatta'] });
  });

  it("keeps a product page's related products and first reviews until the catalogue changes, or for HOMEPAGE_MAX_AGE_MS at most", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const context = createLoadContext(t.db, t.app.config, t.app.settings, t.app.responseCache, t.app.activeCategories);
    const category = await createCategory(t.db, { name: 'Kalamkari' });
    const make = (title: string) => createProduct(t.db, { title, categoryIds: [category.id] });
    const { product } = await make('Kalamkari Kurta');
    await make('Kalamkari Dupatta');
    const { user } = await createUser(t.app, t.db);
    // The newest product sharing its category comes first (the rest are filled from other categories).
    const related = async () => (await context.catalog.listRelatedProducts(product.id, 4))[0]?.title;
    const page = async () => {
      const read = await context.catalog.getProduct(product.handle);
      const reviews = await context.catalog.listReviews(read!);
      return { rating: read!.rating?.count ?? 0, reviews: reviews?.reviews.map((r) => r.title) };
    };
    /** A review published behind the shop's back (no admin write), its rating stored as publishing does. */
    const publish = async (title: string) => {
      await t.db
        .insert(productReviews)
        .values({ productId: product.id, userId: user.id, rating: 5, title, body: 'Lovely print', status: 'approved' });
      await t.db
        .update(products)
        .set({ ratingSum: sql`${products.ratingSum} + 5`, ratingCount: sql`${products.ratingCount} + 1` })
        .where(eq(products.id, product.id));
    };
    expect(await related()).toBe('Kalamkari Dupatta');
    expect(await page()).toEqual({ rating: 0, reviews: [] });

    // Written behind the shop's back: the kept related products do not see a new product...
    vi.advanceTimersByTime(1_000); // (the factory dates products by the clock)
    await make('Kalamkari Saree');
    vi.advanceTimersByTime(HOMEPAGE_MAX_AGE_MS - 2_000);
    expect(await related()).toBe('Kalamkari Dupatta');
    // ...but a published review moves the product's rating, and with it the kept reviews' key,
    await publish('True to size');
    expect(await page()).toEqual({ rating: 1, reviews: ['True to size'] });
    // the related products are read again once older than their bound,
    vi.advanceTimersByTime(2_000);
    expect(await related()).toBe('Kalamkari Saree');
    // and both at once after the catalogue's invalidation (a review's text edited behind its back).
    await t.db.update(productReviews).set({ title: 'Runs large' }).where(eq(productReviews.productId, product.id));
    await make('Kalamkari Stole');
    expect(await page()).toEqual({ rating: 1, reviews: ['True to size'] });
    t.app.responseCache.invalidate();
    expect(await page()).toEqual({ rating: 1, reviews: ['Runs large'] });
    expect(await related()).toBe('Kalamkari Stole');
  });
});
