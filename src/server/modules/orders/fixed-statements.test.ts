import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { fixedStatement, openDatabase, pipelinedTransaction, type Database } from '../../db/client';
import { orders, variants } from '../../db/schema';
import { placeCodOrder } from '../payments/cod';
import { searchProducts } from '../catalog/service';
import { searchSuggestions } from '../search/service';
import { listingQuerySchema } from '../../../core/schemas/listing';

// fixedStatement texts (the order placement's among them) run as named prepared statements on
// PostgreSQL (db/client.ts, NamingClient).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const countOrders = fixedStatement(
  sql`select count(*)::int as n from ${orders} where ${orders.userId} = ${sql.placeholder('userId')}::uuid`,
);

describe('fixed statements', () => {
  it('run prepared once per connection on PostgreSQL, and as they are on PGlite', async () => {
    const userId = '00000000-0000-4000-8000-000000000001';
    const prepared = await t.db.transaction(async (tx) => {
      // A transaction keeps one connection: the second run finds the statement prepared on it.
      const runs = [await tx.execute<{ n: number }>(countOrders({ userId })), await tx.execute<{ n: number }>(countOrders({ userId }))];
      expect(runs.map((r) => r.rows[0].n)).toEqual([0, 0]);
      const { rows } = await tx.execute<{ name: string; statement: string }>(
        sql`select name, statement from pg_prepared_statements where statement like '%count(*)::int as n from "orders"%'`,
      );
      return rows;
    });
    if (process.env.TEST_DB === 'postgres') {
      expect(prepared).toHaveLength(1);
      expect(prepared[0].name).toMatch(/^fixed_\d+$/);
    } else {
      expect(prepared).toEqual([]);
    }
  });
});

/**
 * Runs `check` on a database handle of one connection on PostgreSQL (and one pipelined connection for
 * `pipelinedTransaction`), so every run meets the statements the runs before it prepared; on PGlite (one session anyway) on the test database.
 */
async function onOneConnection(check: (db: Database, onPostgres: boolean) => Promise<void>): Promise<void> {
  const onPostgres = process.env.TEST_DB === 'postgres';
  const single = onPostgres
    ? await openDatabase({ url: (t.db as unknown as { $client: pg.Pool }).$client.options.connectionString, poolSize: 1 })
    : null;
  try {
    await check(single?.db ?? t.db, onPostgres);
  } finally {
    await single?.close();
  }
}

describe('plans kept per connection (PostgreSQL)', () => {
  it('prices one product and places its COD order on plans planned once, not anew on every run', async () => {
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => createUser(t.app, t.db)));
    const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 99_900, stockQty: 50 }] });
    await onOneConnection(async (db, onPostgres) => {
      const deps = { ...t.app.paymentDeps, db };
      const items = [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }];
      // PostgreSQL plans a prepared statement's first five runs for their values, then keeps a
      // generic plan unless planning each run looks cheaper.
      for (const shopper of shoppers) {
        const placed = await placeCodOrder(deps, shopper.user.id, { items, fromBuyNow: true, shippingAddress });
        expect(placed.replayed).toBe(false);
      }
      const [variant] = await t.db.select({ stockQty: variants.stockQty }).from(variants).where(eq(variants.id, bySize.M.id));
      expect(variant.stockQty).toBe(42);
      if (!onPostgres) return;
      const prepared = sql`select name, statement, generic_plans::int, custom_plans::int from pg_prepared_statements`;
      type Prepared = { name: string; statement: string; generic_plans: number; custom_plans: number };
      // The pricing ran on the pool's connection, the placement on the pipelined one (`pipelinedTransaction`).
      const rows = [
        ...(await db.execute<Prepared>(prepared)).rows,
        ...(await pipelinedTransaction(db, [], async (tx) => (await tx.execute<Prepared>(prepared)).rows)),
      ];
      const pricing = rows.find((r) => r.name === 'pricing_catalogue_one');
      const placement = rows.find((r) => /^with guard as/.test(r.statement));
      expect(pricing, JSON.stringify(rows.map((r) => r.name))).toBeDefined();
      expect(placement, JSON.stringify(rows.map((r) => r.statement.slice(0, 40)))).toBeDefined();
      expect({ pricing: pricing!.generic_plans, placement: placement!.generic_plans }).toEqual({ pricing: 3, placement: 3 });
    });
  });

  it("pages the whole catalogue and a category on plans planned once; another page size than the storefront's runs unnamed", async () => {
    const category = await createCategory(t.db);
    const inCategory = (await createProduct(t.db, { categoryIds: [category.id] })).product.id;
    await onOneConnection(async (db, onPostgres) => {
      // The page size is in the statement's text (catalog/service.ts), so PostgreSQL can plan it once for any values.
      for (let run = 0; run < 8; run++) {
        const all = await searchProducts(db, listingQuerySchema.parse({}));
        expect(all.products.length).toBeGreaterThan(0);
        const own = await searchProducts(db, listingQuerySchema.parse({}), [category.id]);
        expect(own.products.map((p) => p._id)).toEqual([inCategory]);
      }
      const small = await searchProducts(db, listingQuerySchema.parse({ limit: '1' }));
      expect(small.products).toHaveLength(1);
      if (!onPostgres) return;
      const { rows } = await db.execute<{ statement: string; generic_plans: number; custom_plans: number }>(
        sql`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements where name like 'kept_%'`,
      );
      const plans = (pattern: RegExp) => rows.filter((r) => pattern.test(r.statement)).map((r) => [r.custom_plans, r.generic_plans]);
      const shown = JSON.stringify(rows.map((r) => r.statement.slice(-120)));
      // The whole catalogue's first page has no values: planned once. A category's: five runs
      // planned for their values, then the generic plan kept (as the order placement's).
      expect(plans(/^(?!.*"product_categories").*limit 24\)/), shown).toEqual([[0, 8]]);
      expect(plans(/"product_categories".*limit 24\)/), shown).toEqual([[5, 3]]);
      expect(plans(/limit 1\)/), shown).toEqual([]);
    });
  });

  it('runs searches and suggestions of one shape, whatever their words, as one statement parsed once', async () => {
    // One word each, in one title each: the same shape (one word, one term, one close title word).
    const words = ['zephyrweave', 'quillmarble', 'ambergrove', 'cobaltwisp', 'fernlattice', 'saffronmist'];
    const made: string[] = [];
    for (const word of words) made.push((await createProduct(t.db, { title: `${word} Stole`, description: 'A light stole.' })).product.id);
    await onOneConnection(async (db, onPostgres) => {
      for (const [i, word] of words.entries()) {
        const page = await searchProducts(db, listingQuerySchema.parse({ q: word }));
        expect(page.products.map((p) => p._id)).toEqual([made[i]]);
        const suggested = await searchSuggestions(db, word);
        expect(suggested.products.map((p) => p._id)).toEqual([made[i]]);
      }
      if (!onPostgres) return;
      const { rows } = await db.execute<{ name: string; statement: string; runs: number }>(
        sql`select name, statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements where name like 'kept_%'`,
      );
      const listing = rows.filter((r) => /count\(\*\) over \(\)/.test(r.statement));
      const suggestions = rows.filter((r) => /"product_images"/.test(r.statement) && !/over \(\)/.test(r.statement));
      expect(
        listing.map((r) => r.runs),
        JSON.stringify(rows.map((r) => r.statement.slice(0, 60))),
      ).toEqual([words.length]);
      expect(
        suggestions.map((r) => r.runs),
        JSON.stringify(rows.map((r) => r.statement.slice(0, 60))),
      ).toEqual([words.length]);
    });
  });
});
