/**
 * The scale catalogue's two shapes, small, on in-memory PGlite: colours × sizes (FULL_SCALE's shape)
 * and sizes only (SIZES_ONLY_SCALE's), one after the other in one database.
 */
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../client';
import { orderItems, productImages, products, variants } from '../schema';
import { FULL_SCALE, SCALE_COLOURS, seedScale, SIZES_ONLY_SCALE } from './scale';

describe('scale data', () => {
  let handle: DatabaseHandle;
  afterAll(() => handle?.close());

  it('the benchmark shape is 10,000 products in 4 colours × 6 sizes; sizes only stays available', () => {
    expect(FULL_SCALE).toMatchObject({ products: 10_000, variantsPerProduct: 6, coloursPerProduct: 4 });
    expect(SIZES_ONLY_SCALE).toMatchObject({ products: 10_000, variantsPerProduct: 5, coloursPerProduct: 0 });
  });

  it('gives each product its colours with a variant per colour × size and two pictures per colour', { timeout: 120_000 }, async () => {
    handle = await openDatabase({ pgliteDir: 'memory://' });
    await handle.migrate();
    const db = handle.db;
    await seedScale(db, { products: 40, variantsPerProduct: 6, coloursPerProduct: 4, shoppers: 20, orders: 30 }, { passwordHash: 'x' });
    const rows = await db.select().from(products);
    expect(rows).toHaveLength(40);
    for (const row of rows.slice(0, 5)) {
      expect(row.variantAttributes).toEqual(['Colour', 'Size']);
      expect(row.colours).toHaveLength(4);
      expect(new Set(row.colours.map((c) => c.name)).size).toBe(4);
      for (const c of row.colours) {
        expect(SCALE_COLOURS).toContain(c.name);
        expect(c.swatch).toMatch(/^#[0-9a-f]{6}$/);
      }
      const vs = await db.select().from(variants).where(eq(variants.productId, row.id));
      expect(vs).toHaveLength(24);
      expect(new Set(vs.map((v) => `${v.colour}/${v.size}`)).size).toBe(24);
      const pictures = await db.select().from(productImages).where(eq(productImages.productId, row.id));
      for (const c of row.colours) expect(pictures.filter((p) => p.colour === c.name)).toHaveLength(2);
    }
    const [sample] = await db.select({ sku: variants.sku }).from(variants).where(eq(variants.colour, 'Bottle green')).limit(1);
    expect(sample.sku).toMatch(/^SC-\d+-BOTTLE-GREEN-(XS|S|M|L|XL|XXL)$/);
    const names = await db.select({ name: orderItems.variantName }).from(orderItems).limit(5);
    for (const { name } of names) expect(name).toMatch(/^[A-Za-z -]+ \/ (XS|S|M|L|XL|XXL)$/);
  });

  it('sizes only: no colours, one variant per size, two shared pictures', async () => {
    const db = handle.db;
    await db.execute(sql`truncate products, users, categories cascade`);
    await seedScale(db, { ...SIZES_ONLY_SCALE, products: 30, shoppers: 10, orders: 10 }, { passwordHash: 'x' });
    const rows = await db.select().from(products);
    expect(rows.every((r) => r.colours.length === 0 && r.variantAttributes.join() === 'Size')).toBe(true);
    const vs = await db.select().from(variants).where(like(variants.sku, 'SC-%'));
    expect(vs).toHaveLength(30 * 5);
    expect(vs.every((v) => v.colour === null && /^SC-\d+-(XS|S|M|L|XL)$/.test(v.sku))).toBe(true);
    const [{ n }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from product_images where colour is null`)).rows;
    expect(n).toBe(60);
  });
});
