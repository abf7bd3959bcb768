/**
 * Query plans at scale: on a few thousand products and orders (src/server/db/seed/scale.ts,
 * then VACUUM ANALYZE, so the planner works from real statistics; the only planner settings are
 * those a service scopes to its own transaction), the SQL the services actually send — captured
 * through a Drizzle logger while calling them — is EXPLAINed, and each read must reach its rows
 * through the expected index, with no sequential scan of a big table anywhere in the plan.
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { listingQuerySchema } from '../../../core/schemas/listing';
import { adminOrdersQuerySchema } from '../../../core/schemas/admin-orders';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import { RARE_WORD, seedScale } from '../../db/seed/scale';
import { listAdminOrders } from '../orders/admin-service';
import { forgetSearchDictionary } from '../search/matcher';
import { searchSuggestions } from '../search/service';
import { listProductReviews } from '../reviews/service';
import { placeCodOrder } from '../payments/cod';
import { getProduct, listingColours, listRelatedProducts, searchProducts } from './service';

// product_categories is left out: a narrow link table (two ids per product) that PostgreSQL reads
// whole at this size rather than probe its key 24 times; at 10,000 products it probes (bench:scale).
const BIG_TABLES = ['products', 'variants', 'product_images', 'users', 'orders', 'order_items', 'order_events', 'checkout_attempts'];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
interface Captured {
  sql: string;
  params: unknown[];
}
interface Scan {
  type: string;
  relation?: string;
  index?: string;
}

let t: TestApp;
let logged: Captured[] = [];
let logDb: Database;

beforeAll(async () => {
  t = await createTestApp();
  await seedScale(t.db, { products: 4000, variantsPerProduct: 5, shoppers: 5000, orders: 5000 }, { passwordHash: 'scrypt$not-a-login' });
  const client = (t.db as unknown as { $client: pg.Pool | PGlite }).$client;
  const logger = { logQuery: (q: string, p: unknown[]) => void logged.push({ sql: q, params: p }) };
  logDb =
    process.env.TEST_DB === 'postgres'
      ? drizzlePg(client as pg.Pool, { schema, casing: 'snake_case', logger })
      : (drizzlePglite(client as PGlite, { schema, casing: 'snake_case', logger }) as unknown as Database);
}, 120_000);
afterAll(() => t.close());

/**
 * Runs `action` against the logging database and returns the scans of every query it sent. The
 * EXPLAINs run in one transaction on one of the shop's own connections, with the planner settings
 * every connection gets (db/client.ts), so each plan is the one the query got.
 */
async function plansOf(
  action: (db: Database) => Promise<unknown>,
  opts: { generic?: boolean } = {},
): Promise<{ sql: string; scans: Scan[] }[]> {
  logged = [];
  await action(logDb);
  const result = [];
  const session = await openSession();
  try {
    // The plan PostgreSQL keeps for a named statement once it goes generic (without the values).
    if (opts.generic) await session.query('set local plan_cache_mode = force_generic_plan');
    for (const q of logged) {
      if (/^begin|^commit|^rollback/i.test(q.sql)) continue;
      let rows: Record<string, unknown>[];
      if (opts.generic) {
        // EXPLAIN EXECUTE takes its values as literals (PostgreSQL 15 has no EXPLAIN (GENERIC_PLAN)).
        await session.query(`prepare plan_of as ${q.sql}`);
        try {
          const values = q.params.map(literal).join(', ');
          ({ rows } = await session.query(`explain (format json) execute plan_of${values ? `(${values})` : ''}`));
        } finally {
          await session.query('deallocate plan_of');
        }
      } else {
        ({ rows } = await session.query(`explain (format json) ${q.sql}`, q.params));
      }
      const raw = rows[0]['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
      const scans: Scan[] = [];
      const walk = (node: PlanNode) => {
        if (/Scan/.test(node['Node Type']))
          scans.push({ type: node['Node Type'], relation: node['Relation Name'], index: node['Index Name'] });
        node.Plans?.forEach(walk);
      };
      walk(plan[0].Plan);
      result.push({ sql: q.sql, scans });
    }
  } finally {
    await session.end();
  }
  return result;
}

/** A statement's value as an SQL literal (typed by the statement): a text, a number or an array of texts. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return pg.escapeLiteral(`{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return pg.escapeLiteral(String(value));
  throw new Error(`No literal for ${JSON.stringify(value)}`);
}

/** One connection inside a transaction (rolled back at the end): a pool client on PostgreSQL, PGlite's only session. */
async function openSession() {
  const client = (t.db as unknown as { $client: pg.Pool | PGlite }).$client;
  type Rows = Promise<{ rows: Record<string, unknown>[] }>;
  const pooled = process.env.TEST_DB === 'postgres' ? await (client as pg.Pool).connect() : null;
  const query = (text: string, params: unknown[] = []): Rows =>
    pooled ? pooled.query(text, params) : (client as PGlite).query(text, params);
  await query('begin');
  return {
    query,
    end: async () => {
      await query('rollback');
      pooled?.release();
    },
  };
}

const INDEX_SCANS = ['Index Scan', 'Index Only Scan', 'Bitmap Index Scan'];

/** The query whose SQL matches `pattern`; fails when there is none. */
function find(plans: { sql: string; scans: Scan[] }[], pattern: RegExp) {
  const hit = plans.find((p) => pattern.test(p.sql));
  expect(hit, `no query matching ${pattern}`).toBeDefined();
  return hit!;
}

function expectIndex(plan: { sql: string; scans: Scan[] }, index: string | RegExp) {
  const used = plan.scans.filter(
    (s) => INDEX_SCANS.includes(s.type) && s.index && (typeof index === 'string' ? s.index === index : index.test(s.index)),
  );
  expect(used, `${plan.sql}\nscans: ${JSON.stringify(plan.scans)}`).not.toHaveLength(0);
}

function expectNoSeqScanOnBigTables(plans: { sql: string; scans: Scan[] }[]) {
  for (const plan of plans) {
    const seq = plan.scans.filter((s) => s.type.includes('Seq Scan') && s.relation && BIG_TABLES.includes(s.relation));
    expect(seq, `${plan.sql}\nscans: ${JSON.stringify(plan.scans)}`).toEqual([]);
  }
}

const PAGE = /from "products" where .* limit/;
/**
 * Listing pages (the whole catalogue's, a category's, a search's) and the search suggestions run as
 * named statements (catalog/service.ts, search/service.ts), which PostgreSQL may plan once for any
 * values: their tests check the plan for the values and that generic plan.
 */
const PLAN_MODES = ['custom', 'generic'] as const;
const COUNT = /^select count\(\*\)/;

describe('query plans on scale data', () => {
  it('has the scale rows and planner statistics', async () => {
    const { rows } = await t.db.execute<{ n: number }>(sql`select reltuples::int as n from pg_class where relname = 'orders'`);
    expect(rows[0].n).toBeGreaterThanOrEqual(4000);
  });

  it.each(PLAN_MODES)('lists the newest products through the listing index, counting them from an index too (%s plans)', async (mode) => {
    const plans = await plansOf((db) => searchProducts(db, listingQuerySchema.parse({})), { generic: mode === 'generic' });
    const page = find(plans, PAGE);
    expectIndex(page, 'products_listed_newest_idx');
    // The page and its count (a subquery of the same statement) each read products by an index:
    // the page's ids from the listing index alone, then its rows by primary key.
    expect(
      page.scans.filter((s) => s.relation === 'products' && /^Index/.test(s.type)),
      JSON.stringify(page.scans),
    ).toHaveLength(3);
    expect(page.scans).toContainEqual({ type: 'Index Only Scan', relation: 'products', index: 'products_listed_newest_idx' });
    expectIndex(page, 'products_pkey');
    // Each card's version (card-cache.ts) reads the product's variants by their index.
    expectIndex(page, 'variants_product_id_index');
    // The cards not yet kept (the first run; the second finds them kept): their rows by primary
    // key, then variants, pictures and categories.
    if (mode === 'custom') {
      expectIndex(find(plans, /from "products" where "products"."id" = any/), 'products_pkey');
      expectIndex(find(plans, /from "variants"/), 'variants_product_id_index');
      expectIndex(find(plans, /from "product_images"/), 'product_images_product_id_position_index');
    }
    expectNoSeqScanOnBigTables(plans);
  });

  it.each(PLAN_MODES)(
    'skips to a deep page on the listing index alone, reading whole rows for that page only (with %s plans)',
    async (mode) => {
      const plans = await plansOf((db) => searchProducts(db, listingQuerySchema.parse({ page: '100' })), { generic: mode === 'generic' });
      const page = find(plans, PAGE);
      expect(page.scans).toContainEqual({ type: 'Index Only Scan', relation: 'products', index: 'products_listed_newest_idx' });
      // The rows read whole: only the page's, by primary key (no plain index scan of the listing index).
      expect(page.scans.filter((s) => s.type === 'Index Scan' && s.relation === 'products')).toEqual([
        { type: 'Index Scan', relation: 'products', index: 'products_pkey' },
      ]);
      expectNoSeqScanOnBigTables(plans);
    },
  );

  it.each(PLAN_MODES)('pages a category through the listing index, its products through the category index (%s plans)', async (mode) => {
    const { rows } = await t.db.execute<{ id: string }>(
      sql`select id from categories where name like 'Scale collection % · line %' limit 1`,
    );
    const plans = await plansOf((db) => searchProducts(db, listingQuerySchema.parse({}), [rows[0].id]), { generic: mode === 'generic' });
    const page = find(plans, PAGE);
    expectIndex(page, 'products_pkey');
    expectIndex(page, /^product_categories_/);
    expectNoSeqScanOnBigTables(plans);
  });

  it.each(PLAN_MODES)('sorts by price through the price index (%s plans)', async (mode) => {
    const plans = await plansOf((db) => searchProducts(db, listingQuerySchema.parse({ sort: 'price-asc' })), {
      generic: mode === 'generic',
    });
    expectIndex(find(plans, PAGE), 'products_listed_price_idx');
    expectNoSeqScanOnBigTables(plans);
  });

  it.each(PLAN_MODES)('searches title and description through their word indexes (%s plans)', async (mode) => {
    const plans = await plansOf((db) => searchProducts(db, listingQuerySchema.parse({ q: RARE_WORD.toLowerCase() })), {
      generic: mode === 'generic',
    });
    expectIndex(find(plans, PAGE), 'products_title_words_idx');
    expectIndex(find(plans, PAGE), 'products_description_words_idx');
    // The description's words are stored (products.description_words): a plan that tests matches
    // row by row does not split every description into words again.
    expect(find(plans, PAGE).sql).not.toMatch(/to_tsvector/);
    expectNoSeqScanOnBigTables(plans);
  });

  describe.each(PLAN_MODES)('the search that forgives (%s plans)', (mode) => {
    const generic = { generic: mode === 'generic' };
    // Every arm of a word's match is an index scan: the word indexes of title and description for
    // the title words close to it and the word starts of it and its synonyms, the primary key for
    // the products of a named category.
    const words = /^products_(title|description)_words_idx$/;

    it('finds a misspelt word through the word indexes', async () => {
      const plans = await plansOf((db) => searchProducts(db, listingQuerySchema.parse({ q: 'kurtaa' })), generic);
      expectIndex(find(plans, PAGE), 'products_title_words_idx');
      expectIndex(find(plans, PAGE), 'products_description_words_idx');
      expectNoSeqScanOnBigTables(plans);
    });

    it('finds the matches of a search sorted by date or price through the word indexes, not by walking a listing index', async () => {
      // Every match is counted (a window), so no limit stops an ordered scan early: walking the
      // listing index and testing each row's words cost half a second at 10,000 products.
      for (const sort of ['newest', 'price-asc', 'bestsellers']) {
        const plans = await plansOf((db) => searchProducts(db, listingQuerySchema.parse({ q: 'kurta', sort })), generic);
        const page = find(plans, PAGE);
        expectIndex(page, 'products_title_words_idx');
        expect(
          page.scans.filter((s) => s.index === 'products_listed_newest_idx' || s.index === 'products_listed_price_idx'),
          `${sort}: ${JSON.stringify(page.scans)}`,
        ).toEqual([]);
        expectNoSeqScanOnBigTables(plans);
      }
    });

    it('filters a search by size in stock from the in-stock size index alone, and ranks on the stored lower-cased title', async () => {
      for (const q of ['chikankri', 'cotton']) {
        const plans = await plansOf((db) => searchProducts(db, listingQuerySchema.parse({ q, sizes: 'M', maxPrice: '1500' })), generic);
        const page = find(plans, PAGE);
        expectIndex(page, words);
        // Each match's sizes are looked up in the partial index (active, in stock): no variant row read.
        expect(page.scans, `${q}: ${JSON.stringify(page.scans)}`).toContainEqual({
          type: 'Index Only Scan',
          relation: 'variants',
          index: 'variants_in_stock_size_idx',
        });
        // lower() of every matched title cost a search a fifth of its statement at scale (2026-11-26).
        expect(page.sql).not.toMatch(/lower\("products"\."title"\)/);
        expectNoSeqScanOnBigTables(plans);
      }
    });

    it('finds an Indian spelling through its synonyms on the word indexes', async () => {
      const plans = await plansOf((db) => searchProducts(db, listingQuerySchema.parse({ q: 'sari' })), generic);
      expectIndex(find(plans, PAGE), words);
      expectNoSeqScanOnBigTables(plans);
    });

    it('counts the matches in the statement that ranks them, and reads synonyms, categories and title words once', async () => {
      const search = (db: Database) => searchProducts(db, listingQuerySchema.parse({ q: 'chikankri' }));
      await plansOf(search, generic);
      const again = await plansOf(search, generic);
      // One statement for the page, its versions and its count (a window over the matches); the
      // cards come from the card cache (card-cache.ts), read and kept by the first search.
      expect(
        again.map((p) => p.sql),
        JSON.stringify(again.map((p) => p.sql.slice(0, 60))),
      ).toHaveLength(1);
      expect(find(again, PAGE).sql).toMatch(/count\(\*\) over \(\)/);
      expect(again.some((p) => /search_synonyms|ts_stat|from "categories" where "categories"."is_active"/.test(p.sql))).toBe(false);
    });

    it('reads the products of a category named by a word through the primary key', async () => {
      const plans = await plansOf((db) => searchProducts(db, listingQuerySchema.parse({ q: 'scale cotton' })), generic);
      expectIndex(find(plans, PAGE), 'products_pkey');
      expectIndex(find(plans, PAGE), words);
      expectNoSeqScanOnBigTables(plans);
    });

    it('suggests products through the word indexes and their first picture through its index', async () => {
      const plans = await plansOf((db) => searchSuggestions(db, 'lehnga'), generic);
      const page = find(plans, /from "products" where/);
      expectIndex(page, 'product_images_product_id_position_index');
      // Planning for this as-you-type prefix's values, PGlite reads the stored word vectors of its
      // 4,000 products in one pass (they cost little to test since they are stored);
      // PostgreSQL, and PGlite's generic plan, go through the word indexes.
      if (process.env.TEST_DB !== 'postgres' && mode === 'custom') return;
      expectIndex(page, words);
      expectNoSeqScanOnBigTables(plans);
    });
  });

  describe.each(PLAN_MODES)('colours (%s plans)', (mode) => {
    const generic = { generic: mode === 'generic' };
    const words = /^products_(title|description)_words_idx$/;
    beforeAll(async () => {
      // One scale product in ten comes in Bottle green too (idempotent: both modes run it).
      await t.db.execute(sql`update products set colours = '[{"name":"Bottle green","swatch":"#2f5d3a"}]'::jsonb
        where handle ~ '^scale-product-[0-9]*0$' and colours = '[]'::jsonb`);
      await t.db.execute(sql`update variants set colour = 'Bottle green'
        where colour is null and product_id in (select id from products where handle ~ '^scale-product-[0-9]*0$')`);
      await t.db.execute(sql`analyze products`);
      await t.db.execute(sql`analyze variants`);
      // The search's vocabulary now has the colour's words (as a catalogue write would make it read again).
      forgetSearchDictionary(logDb);
    });

    it('filters by a colour in stock through the in-stock colour index (its very expression)', async () => {
      for (const q of [undefined, 'cotton']) {
        const plans = await plansOf((db) => searchProducts(db, listingQuerySchema.parse({ q, colours: 'bottle-green,maroon' })), generic);
        const page = find(plans, PAGE);
        expectIndex(page, 'variants_in_stock_colour_idx');
        expectNoSeqScanOnBigTables(plans);
      }
    });

    it("offers a listing's colours from its products' own colours, reading no variant", async () => {
      // Like the listing's count, a pass over all its products (the page cache keeps the page);
      // their variants (24 a product at full scale) are not read.
      for (const filters of [{}, { q: 'cotton' }]) {
        const plans = await plansOf((db) => listingColours(db, listingQuerySchema.parse(filters)), generic);
        const offered = find(plans, /jsonb_array_elements/);
        expect(offered.scans.filter((s) => s.relation === 'variants')).toEqual([]);
        if (filters.q) expectIndex(offered, words);
      }
    });

    it("matches a colour's name through the colour word index", async () => {
      const plans = await plansOf((db) => searchProducts(db, listingQuerySchema.parse({ q: 'bottle' })), generic);
      const page = find(plans, PAGE);
      expectIndex(page, 'products_colour_words_idx');
      expectIndex(page, 'products_title_words_idx');
      expectNoSeqScanOnBigTables(plans);
    });
  });

  it('reads one product by its primary key', async () => {
    const { rows } = await t.db.execute<{ id: string }>(
      sql`select id from products where is_active order by created_at limit 1 offset 100`,
    );
    const plans = await plansOf((db) => getProduct(db, rows[0].id, { activeOnly: true }));
    // Its version (the product's and its variants' row versions, card-cache.ts), then its rows.
    const version = find(plans, /xmin.* from "products" where/);
    expectIndex(version, 'products_pkey');
    expectIndex(version, 'variants_product_id_index');
    expectIndex(find(plans, /from "product_images"/), 'product_images_product_id_position_index');
    expectNoSeqScanOnBigTables(plans);
    // Read again, the page comes from the card cache: one statement, its version.
    const again = await plansOf((db) => getProduct(db, rows[0].id, { activeOnly: true }));
    expect(again.map((p) => p.sql)).toEqual([version.sql]);
  });

  it("reads a product page's related products in one statement through indexes, and its reviews in two", async () => {
    const { rows } = await t.db.execute<{ id: string }>(
      sql`select p.id from products p join product_categories pc on pc.product_id = p.id where p.is_active order by p.created_at limit 1 offset 100`,
    );
    const related = await plansOf((db) => listRelatedProducts(db, rows[0].id, 4));
    // The product's own categories and their products in the listing statement itself.
    const listing = find(related, /from "product_categories" inner join "product_categories" "own"/);
    expectIndex(listing, /^product_categories_(product_id_category_id_pk|category_id_index)$/);
    expectNoSeqScanOnBigTables(related);
    // The reviews' statements: the product by its key (the scale data has no reviews, so the
    // planner rightly scans the empty product_reviews table; not checked here).
    const reviews = await plansOf((db) => listProductReviews(db, rows[0].id, 'newest', 1));
    expect(reviews.map((p) => p.sql).filter((q) => /from "product_reviews"/.test(q))).toHaveLength(2);
    expectNoSeqScanOnBigTables(reviews);
  });

  describe('the admin orders list', () => {
    const list = (filters: Record<string, string>) => plansOf((db) => listAdminOrders(db, adminOrdersQuerySchema.parse(filters)));
    const ORDERS_PAGE = /from "orders" inner join "users"/;
    const month = () => {
      const end = new Date(Date.now() - 30 * 86_400_000);
      const start = new Date(end.getTime() - 30 * 86_400_000);
      return { startDate: start.toISOString().slice(0, 10), endDate: end.toISOString().slice(0, 10) };
    };

    it('pages all orders newest first through the created_at index', async () => {
      const plans = await list({});
      expectIndex(find(plans, ORDERS_PAGE), 'orders_created_at_index');
      expectIndex(find(plans, /from "order_items"/), 'order_items_order_id_index');
      expectIndex(find(plans, /from "order_events"/), 'order_events_order_id_at_index');
      expectNoSeqScanOnBigTables(plans);
    });

    it('filters by status through the status index', async () => {
      const plans = await list({ status: 'shipped' });
      expectIndex(find(plans, ORDERS_PAGE), 'orders_status_created_at_index');
      expectIndex(find(plans, COUNT), 'orders_status_created_at_index');
      expectNoSeqScanOnBigTables(plans);
    });

    it('filters by dates through the created_at index', async () => {
      const plans = await list(month());
      expectIndex(find(plans, ORDERS_PAGE), /^orders_(created_at_index|status_created_at_index)$/);
      expectIndex(find(plans, COUNT), /^orders_(created_at_index|status_created_at_index)$/);
      expectNoSeqScanOnBigTables(plans);
    });

    it('filters by status and dates through the status index', async () => {
      const plans = await list({ status: 'delivered', ...month() });
      expectIndex(find(plans, ORDERS_PAGE), 'orders_status_created_at_index');
      expectIndex(find(plans, COUNT), 'orders_status_created_at_index');
      expectNoSeqScanOnBigTables(plans);
    });

    it('searches by e-mail through the e-mail indexes of orders and accounts', async () => {
      const plans = await list({ search: 'shopper1234@' });
      expectIndex(find(plans, /from "users"/), 'users_email_lower_idx');
      expectIndex(find(plans, COUNT), 'orders_email_lower_idx');
      expectNoSeqScanOnBigTables(plans);
    });

    it('counts a broad search (thousands of matches) through the bitmap of its indexes, not a scan of every order', async () => {
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from orders where lower(shipping_address ->> 'lastName') like 'sharma%'`,
      );
      expect(rows[0].n).toBeGreaterThan(100);
      const plans = await list({ search: 'Sharma' });
      expectIndex(find(plans, /from "users"/), 'users_name_trgm_idx');
      expectIndex(find(plans, COUNT), 'orders_ship_last_name_idx');
      expectIndex(find(plans, COUNT), 'orders_user_id_created_at_index');
      expectNoSeqScanOnBigTables(plans);
    });

    it('searches by order reference through the reference index', async () => {
      const { rows } = await t.db.execute<{ id: string }>(sql`select id from orders order by created_at desc limit 1 offset 77`);
      const plans = await list({ search: `#${rows[0].id.slice(-8).toUpperCase()}` });
      expectIndex(find(plans, COUNT), 'orders_ref_idx');
      expectIndex(find(plans, /from "users"/), 'users_name_trgm_idx');
      expectNoSeqScanOnBigTables(plans);
    });
  });
});

describe('products.minPricePaise (kept by triggers on variants)', () => {
  it('matches the lowest active variant price of every product', async () => {
    const { rows } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from products p
      where p.min_price_paise is distinct from (select min(v.price_paise) from variants v where v.product_id = p.id and v.is_active)`);
    expect(rows[0].n).toBe(0);
  });
});

describe('placing an order (orders/place-order.ts)', () => {
  it('locks the shopper, checks their history, takes the stock and writes the order through indexes: no scan of a big table', async () => {
    const { rows: lines } = await t.db.execute<{ productId: string; variantId: string }>(
      // Variants on sale: active, of an active product (the scale seed makes some products inactive).
      sql`select v.product_id as "productId", v.id as "variantId" from variants v join products p on p.id = v.product_id
        where v.is_active and p.is_active and v.stock_qty > 2 and v.price_paise < 200000 order by v.id limit 2`,
    );
    const { rows: shoppers } = await t.db.execute<{ id: string }>(sql`select id from users where role = 'customer' order by id limit 1`);
    expect(lines).toHaveLength(2);
    const plans = await plansOf((db) =>
      placeCodOrder(
        { ...t.app.paymentDeps, db },
        shoppers[0].id,
        {
          items: lines.map((line) => ({ ...line, quantity: 1 })),
          fromBuyNow: false,
          shippingAddress,
        },
        'plans-1',
      ),
    );
    const placement = find(plans, /^with guard as/);
    expectIndex(placement, 'variants_pkey');
    // The guard: the twin among the shopper's attempts (by user, or user and key), their COD orders by user.
    expectIndex(placement, /^checkout_attempts_(idempotency_uq|user_id_index)$/);
    expectIndex(placement, 'orders_user_id_created_at_index');
    expectIndex(find(plans, /^select "users"\."id" from "users" .* for update$/), 'users_pkey');
    expectNoSeqScanOnBigTables(plans);
  });
});
