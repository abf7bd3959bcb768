import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { seedDemoCatalog } from '../../db/seed/seed';
import { inventoryLedger, variants } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.db, { mediaDir: path.join(t.config.dataDir, 'media'), renderImages: false });
});
afterAll(() => t.close());

/** Variants whose ledger does not sum to their stock. */
async function unbalanced() {
  return t.db
    .select({ id: variants.id, stock: variants.stockQty, ledger: sql<number>`coalesce(sum(${inventoryLedger.delta}), 0)::int` })
    .from(variants)
    .leftJoin(inventoryLedger, eq(inventoryLedger.variantId, variants.id))
    .groupBy(variants.id)
    .having(sql`${variants.stockQty} <> coalesce(sum(${inventoryLedger.delta}), 0)`);
}

describe('opening stock in the ledger', () => {
  it('the demo seed gives every size its opening stock as its first ledger row', async () => {
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(variants);
    expect(n).toBeGreaterThan(0);
    expect(await unbalanced()).toEqual([]);
  });

  it("the stock-alerts migration's backfill gives sizes made before the ledger an opening row, once", async () => {
    const { bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 99_900, stockQty: 7 }] });
    expect((await unbalanced()).map((r) => r.id)).toEqual([bySize.M.id]);
    // The migration that carries the hand-written backfill, whatever its number after a merge.
    const dir = fileURLToPath(new URL('../../db/migrations/', import.meta.url));
    const texts = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .filter((text) => text.includes('Hand-written'));
    expect(texts).toHaveLength(1);
    const backfill = texts[0].split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('INSERT INTO "inventory_ledger"');
    await t.db.execute(sql.raw(backfill));
    await t.db.execute(sql.raw(backfill));
    expect(await unbalanced()).toEqual([]);
    const rows = await t.db.select().from(inventoryLedger).where(eq(inventoryLedger.variantId, bySize.M.id));
    expect(rows).toEqual([expect.objectContaining({ delta: 7, stockAfter: 7, reason: 'adjustment', note: 'Opening stock' })]);
  });
});
