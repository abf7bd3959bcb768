/**
 * The demo seed in a real database: on in-memory PGlite, and on PostgreSQL as well when
 * TEST_DATABASE_URL is set (a fresh database, dropped afterwards). Checks the rows a colour product
 * gets are the ones an admin save would write (docs/architecture.md#colours-and-sizes): `colours`
 * with standard swatches, `variant_attributes` ['Colour', 'Size'], colour × size variants with
 * generated SKUs (RM-<8 hex>-MAROON-M), colour-tagged pictures; and that the stock looks healthy.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { swatchFor } from '../../../core/swatches';
import { generatedSku } from '../../modules/catalog/admin-service';
import { openDatabase, type DatabaseHandle } from '../client';
import { inventoryLedger, productImages, products, variants } from '../schema';
import { demoProducts } from './demo-catalog';
import { seedDemoCatalog } from './seed';

/** A fresh PostgreSQL database on TEST_DATABASE_URL's server; `drop` removes it. */
async function freshPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `seed_test_${randomBytes(6).toString('hex')}`;
  const run = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

const targets = [
  { name: 'PGlite', url: null as string | null },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', url: process.env.TEST_DATABASE_URL }] : []),
];

describe.each(targets)('the demo seed on $name', ({ url }) => {
  let handle: DatabaseHandle;
  let drop = async () => {};
  const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'seed-test-'));
  afterAll(async () => {
    await handle?.close();
    await drop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('seeds colour products as an admin save would store them', { timeout: 120_000 }, async () => {
    const pgDb = url ? await freshPostgres(url) : null;
    if (pgDb) drop = () => pgDb.drop();
    handle = await openDatabase(pgDb ? { url: pgDb.url, poolSize: 2 } : { pgliteDir: 'memory://' });
    await handle.migrate();
    const db = handle.db;
    expect(await seedDemoCatalog(db, { mediaDir, renderImages: false })).toMatchObject({ products: demoProducts.length });

    const rows = await db.select().from(products);
    expect(rows).toHaveLength(demoProducts.length);
    for (const demo of demoProducts) {
      const row = rows.find((r) => r.title === demo.title)!;
      expect(row.colours).toEqual(demo.colours.map((name) => ({ name, swatch: swatchFor(name) })));
      expect(row.variantAttributes).toEqual(demo.colours.length > 0 ? ['Colour', 'Size'] : ['Size']);
      const seeded = await db.select().from(variants).where(eq(variants.productId, row.id));
      expect(seeded).toHaveLength(demo.variants.length);
      for (const v of demo.variants) {
        const match = seeded.find((s) => s.colour === v.colour && s.size === v.size)!;
        expect(match.sku).toBe(generatedSku(row.id, v.size, v.colour));
        expect(match.stockQty).toBe(v.stock);
      }
      const pictures = await db.select().from(productImages).where(eq(productImages.productId, row.id));
      expect(pictures.map((p) => p.colour).sort()).toEqual(demo.images.map((i) => i.colour).sort());
    }
    expect(rows.find((r) => r.title === 'Linen Mandarin Collar Shirt')?.colours.map((c) => c.name)).toEqual([
      'Sky blue',
      'Off-white',
      'Olive green',
      'Navy',
    ]);
    const sku = (await db.select({ sku: variants.sku }).from(variants).where(eq(variants.colour, 'Olive green')))[0].sku;
    expect(sku).toMatch(/^RM-[0-9A-F]{8}-OLIVE-GREEN-(XS|S|M|L|XL|XXL)$/);
  });

  it('opens with healthy stock whose ledger sums to it', async () => {
    const db = handle.db;
    const [counts] = (
      await db.execute<{ total: number; short: number; soldOut: number }>(
        sql`select count(*)::int as total, (count(*) filter (where stock_qty <= 5))::int as short,
          (count(*) filter (where stock_qty = 0))::int as "soldOut" from variants`,
      )
    ).rows;
    expect(counts.short).toBeLessThan(counts.total * 0.1);
    expect(counts.soldOut).toBeGreaterThanOrEqual(1);
    const unbalanced = await db
      .select({ id: variants.id })
      .from(variants)
      .leftJoin(inventoryLedger, eq(inventoryLedger.variantId, variants.id))
      .groupBy(variants.id)
      .having(sql`${variants.stockQty} <> coalesce(sum(${inventoryLedger.delta}), 0)`);
    expect(unbalanced).toEqual([]);
  });
});
