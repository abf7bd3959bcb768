import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchSuggestions } from '../../../core/schemas/search';
import { DEFAULT_SYNONYMS } from '../../../core/search';
import { createCategory, createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { eq } from 'drizzle-orm';
import { searchSynonyms } from '../../db/schema';

// Search that forgives (docs/decisions/0014-forgiving-search.md): misspellings, Indian spellings, synonyms the owner edits and
// category names find products; suggestions while typing. A small catalogue shaped like the demo's.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let shopper: Awaited<ReturnType<typeof createUser>>;
const ids: Record<string, string> = {};
const cat: Record<string, string> = {};
const day = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, t.db, { role: 'admin' });
  shopper = await createUser(t.app, t.db);
  const women = await createCategory(t.db, { name: 'Women' });
  const men = await createCategory(t.db, { name: 'Men' });
  cat.women = women.id;
  cat.men = men.id;
  cat.kurtas = (await createCategory(t.db, { name: 'Kurtas & Kurtis', parentId: women.id })).id;
  cat.sarees = (await createCategory(t.db, { name: 'Sarees', parentId: women.id })).id;
  cat.lehengas = (await createCategory(t.db, { name: 'Lehengas', parentId: women.id })).id;
  cat.dresses = (await createCategory(t.db, { name: 'Dresses', parentId: women.id })).id;
  cat.shirts = (await createCategory(t.db, { name: 'Shirts', parentId: men.id })).id;
  cat.menKurtas = (await createCategory(t.db, { name: "Men's Kurtas & Nehru Jackets", parentId: men.id })).id;
  const add = async (
    key: string,
    title: string,
    categoryId: string,
    extra: { price?: number; daysAgo?: number; isActive?: boolean; description?: string } = {},
  ) => {
    const { product } = await createProduct(t.db, {
      title,
      description: extra.description ?? 'Handmade in India. Gentle hand wash; dry in shade.',
      categoryIds: [categoryId],
      isActive: extra.isActive,
      variants: [{ size: 'M', pricePaise: (extra.price ?? 1999) * 100, stockQty: 5 }],
      createdAt: new Date(Date.now() - (extra.daysAgo ?? 1) * day),
    });
    ids[key] = product.id;
  };
  await add('kanjeevaram', 'Kanjeevaram Silk Saree – Temple Border', cat.sarees, { price: 8999, daysAgo: 9 });
  await add('bandhaniSaree', 'Bandhani Georgette Saree', cat.sarees, { price: 3499, daysAgo: 8 });
  await add('lehenga', 'Zari Embroidered Silk Lehenga – Ruby Red', cat.lehengas, { price: 12999, daysAgo: 7 });
  await add('kurti', 'Chikankari Georgette Kurti', cat.kurtas, { price: 1499, daysAgo: 6 });
  await add('kurta', 'Indigo Dabu Print Cotton Kurta', cat.kurtas, { price: 1299, daysAgo: 5 });
  await add('menKurta', 'Off-White Chikankari Cotton Kurta', cat.menKurtas, { price: 2199, daysAgo: 4 });
  await add('linenShirt', 'Linen Mandarin Collar Shirt', cat.shirts, { price: 1799, daysAgo: 3 });
  await add('madras', 'Madras Check Cotton Shirt', cat.shirts, { price: 1599, daysAgo: 2 });
  await add('shirtDress', 'Striped Linen Shirt Dress', cat.dresses, { price: 2299, daysAgo: 1 });
  await add('caftan', 'Silk Caftan with Tassels', cat.dresses, { price: 2599, daysAgo: 1 });
  await add('hidden', 'Hidden Banarasi Saree', cat.sarees, { isActive: false });
  // "sari" is 0.6 similar to a part of "Kalamkari" by plain word similarity: whole words only.
  await add('kalamkari', 'Kalamkari Wrap Dress', cat.dresses, { price: 1899, daysAgo: 10 });
});
afterAll(() => t.close());

const keyOf = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id;
async function found(url: string): Promise<string[]> {
  const res = await t.app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().map((p: { _id: string }) => keyOf(p._id));
}
const search = (q: string, extra = '') => found(`/api/products?q=${encodeURIComponent(q)}${extra}`);

describe('search that forgives', () => {
  it('finds sarees for "sari", "saris" and "sarees"', async () => {
    for (const q of ['sari', 'saris', 'sarees', 'Saree']) {
      expect((await search(q)).sort(), q).toEqual(['bandhaniSaree', 'kanjeevaram']);
    }
  });

  it('finds lehengas for "lehnga" and "lehanga"', async () => {
    expect(await search('lehnga')).toEqual(['lehenga']);
    expect(await search('lehanga')).toEqual(['lehenga']);
    expect(await search('silk lehnga')).toEqual(['lehenga']);
  });

  it('finds kurtis for "kurta" and kurtas for "kurti", exact words first', async () => {
    const kurti = await search('kurti');
    expect(kurti[0]).toBe('kurti');
    expect(kurti.sort()).toEqual(['kurta', 'kurti', 'menKurta']);
    const kurta = await search('kurta');
    expect(kurta.slice(0, 2).sort()).toEqual(['kurta', 'menKurta']);
    expect(kurta.sort()).toEqual(['kurta', 'kurti', 'menKurta']);
  });

  it('reads category names: "men shirt" finds the shirts of Men and not a shirt dress', async () => {
    for (const q of ['men shirt', "men's shirts", 'mens shirts', 'shirts for men']) {
      expect((await search(q)).sort(), q).toEqual(['linenShirt', 'madras']);
    }
    expect((await search('shirt')).sort()).toEqual(['linenShirt', 'madras', 'shirtDress']);
    expect((await search('women kurta')).sort()).toEqual(['kurta', 'kurti']);
  });

  it('forgives typos in titles', async () => {
    expect((await search('chikankri')).sort()).toEqual(['kurti', 'menKurta']);
    expect((await search('bandhni')).sort()).toEqual(['bandhaniSaree']);
    expect(await search('kanjeevram')).toEqual(['kanjeevaram']);
    expect(await search('kurtaa')).toContain('kurta');
    // A bigger slip is the synonyms' job: "kanjivaram" is one of the default spellings.
    expect(await search('kanjivaram')).toEqual(['kanjeevaram']);
  });

  it('ranks titles starting with the words, then containing them, then by similarity', async () => {
    expect(await search('linen')).toEqual(['linenShirt', 'shirtDress']);
    expect(await search('silk')).toEqual(['caftan', 'lehenga', 'kanjeevaram']);
  });

  it('finds nothing for words that match nothing, and never inactive products', async () => {
    expect(await search('velvet sherwani')).toEqual([]);
    expect(await search('banarasi')).toEqual([]);
  });

  it('keeps the listing contract: filters, sorts, pages and category scope work with a search', async () => {
    expect(await search('sari', '&sort=price-asc')).toEqual(['bandhaniSaree', 'kanjeevaram']);
    expect(await search('sari', '&sort=price-desc')).toEqual(['kanjeevaram', 'bandhaniSaree']);
    expect(await search('sari', '&maxPrice=5000')).toEqual(['bandhaniSaree']);
    expect(await search('kurta', '&sizes=XL')).toEqual([]);
    expect((await search('kurta', '&sizes=M')).sort()).toEqual(['kurta', 'kurti', 'menKurta']);
    const res = await t.app.inject('/api/products?q=kurti&limit=2&page=2');
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.headers['x-total-pages']).toBe('2');
    expect(res.json()).toHaveLength(1);
    expect(await found(`/api/categories/${cat.women}/products?q=kurti`)).toHaveLength(2);
    expect(await found(`/api/categories/${cat.men}/products?q=kurti`)).toEqual(['menKurta']);
  });
});

describe('synonyms the owner edits', () => {
  const url = '/api/admin/search-synonyms';

  it('starts with the Indian-apparel synonyms', async () => {
    const rows = await t.db.select({ terms: searchSynonyms.terms }).from(searchSynonyms);
    expect(rows.map((r) => r.terms).sort()).toEqual(DEFAULT_SYNONYMS.map((g) => [...g]).sort());
    const res = await t.app.inject({ url, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().some((g: { terms: string[] }) => g.terms.includes('sari') && g.terms.includes('saree'))).toBe(true);
  });

  it('is for admins only', async () => {
    const any = '00000000-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['GET', url],
      ['POST', url],
      ['PUT', `${url}/${any}`],
      ['DELETE', `${url}/${any}`],
    ] as const) {
      const payload = method === 'POST' || method === 'PUT' ? { terms: ['kaftan', 'caftan'] } : undefined;
      expect((await t.app.inject({ method, url: path, payload })).statusCode, `${method} ${path}`).toBe(401);
      expect((await t.app.inject({ method, url: path, payload, headers: shopper.headers })).statusCode, `${method} ${path}`).toBe(403);
    }
  });

  it('takes effect at once, through the response cache, and can be changed and removed', async () => {
    expect(await search('kaftan')).toEqual([]);
    const created = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { terms: [' Kaftan', 'CAFTAN', 'kaftan'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().terms).toEqual(['kaftan', 'caftan']);
    const id = created.json()._id;
    expect(await search('kaftan')).toEqual(['caftan']);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `${url}/${id}`,
      headers: admin.headers,
      payload: { terms: ['kaftan', 'tunic'] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await search('kaftan')).toEqual([]);

    await t.app.inject({ method: 'PUT', url: `${url}/${id}`, headers: admin.headers, payload: { terms: ['kaftan', 'caftan'] } });
    expect(await search('kaftan')).toEqual(['caftan']);
    const removed = await t.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers: admin.headers });
    expect(removed.statusCode).toBe(200);
    expect(await search('kaftan')).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers: admin.headers })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'PUT', url: `${url}/${id}`, headers: admin.headers, payload: { terms: ['a1', 'b1'] } })).statusCode,
    ).toBe(404);
  });

  it('refuses bad groups with a clear message', async () => {
    const post = (terms: unknown) => t.app.inject({ method: 'POST', url, headers: admin.headers, payload: { terms } });
    const one = await post(['kaftan']);
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toMatch(/at least two/);
    const spaced = await post(['kaftan dress', 'caftan']);
    expect(spaced.statusCode).toBe(400);
    expect(spaced.json().message).toMatch(/one word/);
    expect((await post('sari,saree')).statusCode).toBe(400);
    const taken = await post(['sari', 'sarong']);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/“sari” already belongs to the group saree, sari, saaree/);
    const takenTwo = await post(['sari', 'saree', 'sarong']);
    expect(takenTwo.statusCode).toBe(409);
    expect(takenTwo.json().message).toMatch(/^“sari” and “saree” already belong to the group saree, sari, saaree\./);
  });
});

describe('suggestions while typing', () => {
  const suggest = async (q: string) => {
    const res = await t.app.inject(`/api/search/suggestions?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SearchSuggestions>();
  };

  it('offers products with picture, price and link, and matching categories', async () => {
    const s = await suggest('kurt');
    expect(s.products.map((p) => keyOf(p._id)).sort()).toEqual(['kurta', 'kurti', 'menKurta']);
    const kurta = s.products.find((p) => p._id === ids.kurta)!;
    expect(kurta).toEqual({
      _id: ids.kurta,
      title: 'Indigo Dabu Print Cotton Kurta',
      price: 1299,
      image: { url: '/media/test.webp', alt: 'Indigo Dabu Print Cotton Kurta' },
      href: expect.stringMatching(/^\/products\/indigo-dabu-print-cotton-kurta-[0-9a-f]+$/),
    });
    expect(s.categories.map((c) => c.name)).toEqual(['Kurtas & Kurtis', "Men's Kurtas & Nehru Jackets"]);
    expect(s.categories[0]).toEqual({
      _id: cat.kurtas,
      name: 'Kurtas & Kurtis',
      parentName: 'Women',
      href: expect.stringMatching(/^\/category\/[a-z0-9-]+$/),
    });
  });

  it('forgives spellings as the listing does, and names categories by the words typed', async () => {
    expect((await suggest('lehnga')).products.map((p) => keyOf(p._id))).toEqual(['lehenga']);
    expect((await suggest('lehnga')).categories.map((c) => c.name)).toEqual(['Lehengas']);
    const menShirt = await suggest('men shirt');
    expect(menShirt.products.map((p) => keyOf(p._id)).sort()).toEqual(['linenShirt', 'madras']);
    expect(menShirt.categories.map((c) => c.name)).toEqual(['Shirts', 'Men', "Men's Kurtas & Nehru Jackets"]);
    expect((await suggest('sari')).products.every((p) => p._id !== ids.hidden)).toBe(true);
  });

  it('suggests nothing for one letter, too much text or no query, without failing', async () => {
    expect(await suggest('k')).toEqual({ products: [], categories: [] });
    expect(await suggest('kurta '.repeat(20))).toEqual({ products: [], categories: [] });
    expect((await t.app.inject('/api/search/suggestions')).json()).toEqual({ products: [], categories: [] });
    expect((await t.app.inject('/api/search/suggestions?q=a&q=b')).statusCode).toBe(200);
    expect(await suggest('%_\\')).toEqual({ products: [], categories: [] });
  });
});

describe('what searches keep in memory (bench:scale)', () => {
  it('takes any text into its word queries without failing', async () => {
    for (const q of ["o'neil's kurta", 'a\\b kurta', "x:* | !k & 'y'", 'kurta<->sari', '((', '१२३ साड़ी', 'ｋｕｒｔａ']) {
      const listing = await t.app.inject(`/api/products?q=${encodeURIComponent(q)}`);
      expect(listing.statusCode, `${q}: ${listing.body}`).toBe(200);
      const suggestions = await t.app.inject(`/api/search/suggestions?q=${encodeURIComponent(q)}`);
      expect(suggestions.statusCode, `${q}: ${suggestions.body}`).toBe(200);
    }
    expect(await search('ｋｕｒｔａ')).toContain('kurta');
  });

  it('reads synonym groups once and again after any emptying of the response cache', async () => {
    expect(await search('kaftan')).toEqual([]);
    // Written around the API, as another instance would: this instance learns of it through the
    // response cache's invalidation (Redis in production), not by reading the table per search.
    const [row] = await t.db
      .insert(searchSynonyms)
      .values({ terms: ['abaya', 'caftan'] })
      .returning();
    expect(await search('abaya')).toEqual([]);
    t.app.responseCache.invalidate();
    expect(await search('abaya')).toEqual(['caftan']);
    await t.db.delete(searchSynonyms).where(eq(searchSynonyms.id, row.id));
    t.app.responseCache.invalidate();
    expect(await search('abaya')).toEqual([]);
  });

  it('forgives a misspelling of a title word the owner has just added', async () => {
    expect(await search('phulkri')).toEqual([]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
      payload: {
        title: 'Phulkari Embroidered Stole',
        description: 'Hand embroidered in Punjab.',
        categoryIds: [cat.dresses],
        images: [{ url: '/media/stole.webp', alt: 'Phulkari stole' }],
        variants: [{ size: 'M', price: 1499, stockQty: 4 }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    ids.phulkari = created.json()._id;
    expect(await search('phulkri')).toEqual(['phulkari']);
    expect((await t.app.inject('/api/search/suggestions?q=phulk')).json<SearchSuggestions>().products.map((p) => keyOf(p._id))).toEqual([
      'phulkari',
    ]);
  });
});
