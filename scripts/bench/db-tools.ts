/**
 * Database work of the benchmarks and of `npm run seed:scale`, in TypeScript so it reuses the app's
 * own client, migrations, seeds and password hashing (scripts/lib/run-ts.mjs bundles it for Node).
 * Everything here runs while the shop's server is NOT running (PGlite allows one process at a time).
 */
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { cartItems, inventoryLedger, orderItems, orders, products, shopSettings, users, variants } from '../../src/server/db/schema';
import { FULL_SCALE, seedScale, SCALE_EMAIL_DOMAIN, SIZES_ONLY_SCALE, type ScaleCounts } from '../../src/server/db/seed/scale';
import { ensureAdmin, seedDemoCatalog } from '../../src/server/db/seed/seed';
import { hashPassword } from '../../src/server/modules/auth/password';
import { startSession } from '../../src/server/modules/auth/sessions';

export interface DbTarget {
  url?: string;
  pgliteDir?: string;
}

async function open(target: DbTarget): Promise<DatabaseHandle> {
  const handle = await openDatabase(target.url ? { url: target.url, poolSize: 4 } : { pgliteDir: target.pgliteDir });
  await handle.migrate();
  return handle;
}

export { FULL_SCALE, SIZES_ONLY_SCALE };

/** The password of every generated shopper. */
export const SHOPPER_PASSWORD = 'Shopper@123';

/**
 * `npm run seed:scale`: migrates, then fills the database with `counts` of scale data unless its
 * shoppers are already there. Returns the row counts and the seconds it took.
 */
export async function seedScaleDatabase(target: DbTarget, counts: ScaleCounts = FULL_SCALE) {
  const handle = await open(target);
  try {
    const [{ n }] = (
      await handle.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${users} where ${users.email} like ${`%@${SCALE_EMAIL_DOMAIN}`}`,
      )
    ).rows;
    if (n > 0) return { skipped: true as const, seconds: 0, rows: {} as Record<string, number> };
    const started = performance.now();
    const rows = await seedScale(handle.db, counts, { passwordHash: await hashPassword(SHOPPER_PASSWORD) });
    return { skipped: false as const, seconds: (performance.now() - started) / 1000, rows };
  } finally {
    await handle.close();
  }
}

/** An HS256 JWT the shop accepts (plugins/auth.ts: `sub` = user id, `tv` = token version, `sid` = session id, which staff need). */
export function signToken(secret: string, userId: string, tokenVersion = 0, sessionId?: string): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: userId, tv: tokenVersion, sid: sessionId, iat: now, exp: now + 3600 })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

export interface BenchFixture {
  /** Signed-in shoppers, each with one cart line of quantity 1 (for PUT /api/cart/item). */
  /** Each ships to an address with their own e-mail and phone, as real shoppers do (the COD rules read them). */
  shoppers: { userId: string; token: string; productId: string; variantId: string; email: string; phone: string }[];
  /** Variants the checkout benchmark buys from, with plenty of stock. */
  stocked: { productId: string; variantId: string }[];
  /** The variant the contention round fights over, with only `scarceStock` units. */
  scarce: { productId: string; variantId: string; stock: number };
  /** A product id and a search word for the read scenarios. */
  productId: string;
  searchWord: string;
}

/**
 * Prepares a benchmark database: migrations, the demo catalogue (images drawn into `mediaDir`),
 * `shopperCount` shoppers with a cart line each and tokens signed with `jwtSecret`, large stock on
 * the variants the checkout round buys, and one scarce variant for the oversell check.
 */
export async function prepareBench(
  target: DbTarget,
  opts: { mediaDir: string; jwtSecret: string; shopperCount: number; stockPerVariant: number; scarceStock: number },
): Promise<BenchFixture> {
  const handle = await open(target);
  const { db } = handle;
  try {
    await seedDemoCatalog(db, { mediaDir: opts.mediaDir });
    await ensureAdmin(db, { email: 'bench-admin@rangmanch.in', password: 'Bench@12345', name: 'Bench Admin' });
    const active = await db
      .select({ productId: variants.productId, variantId: variants.id, title: products.title })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(eq(variants.isActive, true), eq(products.isActive, true)))
      .orderBy(variants.sku);
    if (active.length < 3) throw new Error('the demo catalogue has too few active variants');
    const [scarce, ...stocked] = active;
    await db.update(variants).set({ stockQty: opts.stockPerVariant });
    await db.update(variants).set({ stockQty: opts.scarceStock }).where(eq(variants.id, scarce.variantId));
    // Each bench shopper places hundreds of Cash on Delivery orders, none of them delivered.
    await db.update(shopSettings).set({ codMaxOpenOrders: 1_000_000, codMaxOrderTotalPaise: 100_000_000 });

    const passwordHash = await hashPassword(SHOPPER_PASSWORD);
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: opts.shopperCount }, (_, i) => ({
          name: `Bench Shopper ${i + 1}`,
          email: `bench-${i + 1}-${Date.now()}@bench.rangmanch.in`,
          phone: `98${String(10000000 + i).slice(-8)}`,
          passwordHash,
        })),
      )
      .returning({ id: users.id, tokenVersion: users.tokenVersion, email: users.email, phone: users.phone });
    const shoppers = rows.map((u, i) => ({
      ...stocked[i % stocked.length],
      userId: u.id,
      email: u.email,
      phone: u.phone ?? '',
      token: signToken(opts.jwtSecret, u.id, u.tokenVersion),
    }));
    await db
      .insert(cartItems)
      .values(shoppers.map((s) => ({ userId: s.userId, productId: s.productId, variantId: s.variantId, quantity: 1 })));
    const word = active[0].title.split(/\s+/).find((w) => w.length >= 4) ?? 'cotton';
    return {
      shoppers: shoppers.map(({ userId, token, productId, variantId, email, phone }) => ({
        userId,
        token,
        productId,
        variantId,
        email,
        phone,
      })),
      stocked: stocked.map(({ productId, variantId }) => ({ productId, variantId })),
      scarce: { productId: scarce.productId, variantId: scarce.variantId, stock: opts.scarceStock },
      productId: stocked[0].productId,
      searchWord: word.toLowerCase(),
    };
  } finally {
    await handle.close();
  }
}

/**
 * The shop as `npm start` seeds it, for the phone benchmark: migrations and the demo catalogue
 * (images drawn into `mediaDir`). Returns the id of a bestseller, for its product page.
 */
export async function prepareDemo(target: DbTarget, opts: { mediaDir: string }): Promise<{ productId: string }> {
  const handle = await open(target);
  try {
    await seedDemoCatalog(handle.db, { mediaDir: opts.mediaDir });
    const [product] = await handle.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.isActive, true), eq(products.isBestseller, true)))
      .orderBy(products.title)
      .limit(1);
    return { productId: product.id };
  } finally {
    await handle.close();
  }
}

/**
 * The oversell audit after a checkout run: per variant, units in orders placed since `since` must
 * not exceed the stock it had, and stock must equal initial − sold and never be negative.
 */
export async function auditStock(target: DbTarget, initial: Record<string, number>, since: Date) {
  const handle = await open(target);
  try {
    const sold = await handle.db
      .select({ variantId: orderItems.variantId, units: sql<number>`sum(${orderItems.quantity})::int` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(sql`${orders.createdAt} >= ${since.toISOString()}`)
      .groupBy(orderItems.variantId);
    const stock = await handle.db.select({ id: variants.id, stockQty: variants.stockQty }).from(variants);
    const stockOf = new Map(stock.map((v) => [v.id, v.stockQty]));
    const problems: string[] = [];
    let units = 0;
    for (const row of sold) {
      if (!row.variantId) continue;
      units += row.units;
      const before = initial[row.variantId];
      const now = stockOf.get(row.variantId);
      if (before === undefined) continue;
      if (row.units > before) problems.push(`variant ${row.variantId}: ${row.units} units sold of ${before} in stock`);
      if (now !== before - row.units) problems.push(`variant ${row.variantId}: stock ${now}, expected ${before - row.units}`);
    }
    // The inventory ledger must tell the same story: one sale row per line sold.
    const ledger = await handle.db
      .select({ variantId: inventoryLedger.variantId, sold: sql<number>`(-sum(${inventoryLedger.delta}))::int` })
      .from(inventoryLedger)
      .where(and(eq(inventoryLedger.reason, 'sale'), sql`${inventoryLedger.createdAt} >= ${since.toISOString()}`))
      .groupBy(inventoryLedger.variantId);
    const ledgerSold = new Map(ledger.map((r) => [r.variantId, r.sold]));
    for (const row of sold) {
      if (row.variantId && ledgerSold.get(row.variantId) !== row.units)
        problems.push(`variant ${row.variantId}: ledger says ${ledgerSold.get(row.variantId) ?? 0} sold, orders ${row.units}`);
    }
    for (const [id, qty] of stockOf) if (qty < 0) problems.push(`variant ${id}: negative stock ${qty}`);
    const [{ n }] = (
      await handle.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${orders} where ${orders.createdAt} >= ${since.toISOString()}`,
      )
    ).rows;
    return { orders: n, units, problems };
  } finally {
    await handle.close();
  }
}

/**
 * The quantity of each cart line of `userIds` (user id → quantity; each bench shopper has one line),
 * read after the cart scenario to check its writes landed.
 */
export async function cartQuantities(target: DbTarget, userIds: string[]): Promise<Record<string, number>> {
  const handle = await open(target);
  try {
    const rows = await handle.db
      .select({ userId: cartItems.userId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(inArray(cartItems.userId, userIds));
    return Object.fromEntries(rows.map((r) => [r.userId, r.quantity]));
  } finally {
    await handle.close();
  }
}

/** Stock of every variant (the audit's starting point). */
export async function stockSnapshot(target: DbTarget): Promise<Record<string, number>> {
  const handle = await open(target);
  try {
    const rows = await handle.db.select({ id: variants.id, stockQty: variants.stockQty }).from(variants);
    return Object.fromEntries(rows.map((r) => [r.id, r.stockQty]));
  } finally {
    await handle.close();
  }
}

/** What the scale benchmark reads: 2,000 products' ids and handles, the admin's token, an order's reference and e-mail prefix. */
export async function scaleFixture(target: DbTarget, jwtSecret: string) {
  const handle = await open(target);
  try {
    await ensureAdmin(handle.db, { email: 'bench-admin@rangmanch.in', password: 'Bench@12345', name: 'Bench Admin' });
    const [admin] = await handle.db.select().from(users).where(eq(users.email, 'bench-admin@rangmanch.in'));
    // 2,000 products (not variants: a product has 5 or 24), each once.
    const seeded = handle.db.select({ id: variants.productId }).from(variants).where(like(variants.sku, 'SC-%'));
    const ids = await handle.db
      .select({ id: products.id, handle: products.handle })
      .from(products)
      .where(and(eq(products.isActive, true), inArray(products.id, seeded)))
      .orderBy(products.id)
      .limit(2000);
    const [someOrder] = await handle.db.select({ id: orders.id, email: orders.email }).from(orders).limit(1);
    return {
      // Staff need a session of their own (plugins/auth.ts), as a sign-in writes it.
      adminToken: signToken(
        jwtSecret,
        admin.id,
        admin.tokenVersion,
        await startSession(handle.db, admin, { ip: '127.0.0.1', userAgent: 'bench:scale' }, 'password', new Date()),
      ),
      productIds: ids.map((r) => r.id),
      productHandles: ids.map((r) => r.handle),
      orderRef: someOrder.id.slice(-8),
      emailPrefix: someOrder.email.slice(0, 9),
    };
  } finally {
    await handle.close();
  }
}

export const dataPaths = (dataDir: string) => ({ pgliteDir: path.join(dataDir, 'db'), mediaDir: path.join(dataDir, 'media') });

/** The Razorpay stand-in, for a separate process (scripts/bench/standin.mjs). */
export { startRazorpaySandbox } from '../../src/server/integrations/razorpay/sandbox';
