/**
 * The listing by colour (docs/architecture.md#colours-and-sizes): `colours=maroon` keeps the
 * products with an active, in-stock variant of one of the colours named (in their address form),
 * the listing offers the colours in stock among its products with their counts (its colour filter
 * aside), and the search counts a product's colour names as its words ("maroon kurta").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { Product } from '../../../core/api-types';
import { listingQuerySchema } from '../../../core/schemas/listing';
import { listingColours } from './service';

let t: TestApp;
let admin: { authorization: string };
let categoryId: string;
const made: Record<string, Product> = {};

const variantsOf = (stock: Record<string, number>) =>
  Object.entries(stock).flatMap(([colour, qty]) => ['M', 'L'].map((size) => ({ colour, size, price: 1299, stockQty: qty })));

async function create(key: string, payload: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: admin,
    payload: {
      description: 'Hand-block printed cotton.',
      categoryIds: [categoryId],
      images: [{ url: '/media/product_images/front.webp', alt: 'Front' }],
      ...payload,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  made[key] = res.json<Product>();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
  categoryId = (await createCategory(t.db)).id;
  // Maroon and indigo; mustard sold out.
  await create('maroonKurta', {
    title: 'Ajrakh Kurta',
    colours: [{ name: 'Indigo' }, { name: 'Maroon', swatch: '#7a1030' }, { name: 'Mustard' }],
    variants: variantsOf({ Indigo: 3, Maroon: 2, Mustard: 0 }),
  });
  // Bottle green only; mentions maroon in its description.
  await create('greenKurta', {
    title: 'Bagru Kurta',
    description: 'Bottle green with a maroon piping.',
    colours: [{ name: 'Bottle Green', swatch: '/media/swatches/bottle-green.webp' }],
    variants: variantsOf({ 'Bottle Green': 4 }),
  });
  // A saree in maroon: not a kurta.
  await create('maroonSaree', { title: 'Kota Saree', colours: [{ name: 'maroon' }], variants: variantsOf({ maroon: 1 }) });
  // No colours at all.
  await create('plain', { title: 'Plain Kurta', variants: [{ size: 'M', price: 999, stockQty: 5 }] });
});
afterAll(() => t.close());

const listing = async (query: string) => {
  const res = await t.app.inject(`/api/categories/${categoryId}/products?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Product[]>().map((p) => p.title);
};
const count = async (query: string) =>
  (await t.app.inject(`/api/categories/${categoryId}/products/count?${query}`)).json<{ count: number }>().count;

describe('the listing by colour', () => {
  it('keeps the products with one of the colours in stock, in any spelling of its name', async () => {
    expect((await listing('colours=maroon')).sort()).toEqual(['Ajrakh Kurta', 'Kota Saree']);
    expect(await listing('colours=bottle-green')).toEqual(['Bagru Kurta']);
    expect((await listing('colours=indigo,bottle-green')).sort()).toEqual(['Ajrakh Kurta', 'Bagru Kurta']);
    expect(await listing('colours=Bottle%20Green')).toEqual(['Bagru Kurta']);
    // Sold out in mustard: not listed for it.
    expect(await listing('colours=mustard')).toEqual([]);
    expect(await listing('colours=no-such-colour')).toEqual([]);
    expect(await count('colours=maroon')).toBe(2);
    expect(await count('colours=maroon&q=kurta')).toBe(1);
    // Without the filter every product is listed; a blank filter is none.
    expect(await listing('colours=')).toHaveLength(4);
  });

  it("offers the colours the listing's products come in with their counts, its colour filter aside", async () => {
    const offered = await listingColours(t.db, listingQuerySchema.parse({ colours: 'maroon' }), [categoryId]);
    expect(offered).toEqual([
      { slug: 'bottle-green', name: 'Bottle Green', swatch: '/media/swatches/bottle-green.webp', count: 1 },
      { slug: 'indigo', name: 'Indigo', swatch: expect.stringMatching(/^#/), count: 1 },
      // Two products name it (Maroon, maroon): one colour, counted once per product.
      { slug: 'maroon', name: 'Maroon', swatch: expect.stringMatching(/^#/), count: 2 },
      // Offered though sold out (the products' own colours are read, not their stock): its filter finds none.
      { slug: 'mustard', name: 'Mustard', swatch: expect.stringMatching(/^#/), count: 1 },
    ]);
    // The other filters narrow it: only the kurtas.
    const kurtas = await listingColours(t.db, listingQuerySchema.parse({ q: 'kurta' }), [categoryId]);
    expect(kurtas.map((c) => [c.slug, c.count])).toEqual([
      ['bottle-green', 1],
      ['indigo', 1],
      ['maroon', 1],
      ['mustard', 1],
    ]);
    const saree = await listingColours(t.db, listingQuerySchema.parse({ q: 'saree' }), [categoryId]);
    expect(saree).toEqual([{ slug: 'maroon', name: 'maroon', swatch: expect.stringMatching(/^#/), count: 1 }]);
    const expensive = await listingColours(t.db, listingQuerySchema.parse({ minPrice: '5000' }), [categoryId]);
    expect(expensive).toEqual([]);
  });

  it('shows every colour of a product on the listing', async () => {
    const res = await t.app.inject(`/api/categories/${categoryId}/products?colours=indigo`);
    const [product] = res.json<Product[]>();
    expect(product.colours?.map((c) => c.name)).toEqual(['Indigo', 'Maroon', 'Mustard']);
  });
});

describe('searching by colour', () => {
  it('finds the products that come in a colour the search names, kurtas in maroon first', async () => {
    // Ajrakh Kurta comes in maroon; Bagru Kurta only mentions it; the saree is no kurta.
    expect(await listing('q=maroon+kurta')).toEqual(['Ajrakh Kurta', 'Bagru Kurta']);
    expect(await listing('q=kurta+maroon')).toEqual(['Ajrakh Kurta', 'Bagru Kurta']);
    // A misspelt colour is close to the colour's name.
    expect(await listing('q=maroom+kurta')).toEqual(['Ajrakh Kurta']);
    // Words of a colour's name count as the product's words.
    expect(await listing('q=bottle')).toEqual(['Bagru Kurta']);
    expect((await listing('q=indigo')).sort()).toEqual(['Ajrakh Kurta']);
  });
});
