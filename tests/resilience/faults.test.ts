import { createServer, Socket, type Server } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { checkoutAttempts, orderEvents, orderItems, orders, users, variants } from '../../src/server/db/schema';
import { signWebhook } from '../../src/server/integrations/razorpay/signature';
import { hashPassword } from '../../src/server/modules/auth/password';
import { ADMIN, call, createDatabase, createDeployment, freePort, startShop, SHIPPING_ADDRESS as address } from './harness';

// The faults a real deployment sees.
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** A TCP proxy to PostgreSQL that can be taken down (connections cut, new ones refused) and back up. */
async function postgresProxy(): Promise<{ port: number; down(): Promise<void>; up(): Promise<void> }> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const up = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = new Socket();
        upstream.connect(5432, '127.0.0.1');
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server?.close(() => resolve());
    });
  await up();
  return { port, up, down };
}

async function setUpShop(opts: { viaProxy?: number; env?: Record<string, string> } = {}) {
  const database = await createDatabase();
  cleanups.push(() => database.drop());
  const deployment = await createDeployment(database.url);
  cleanups.push(() => deployment.sandbox.close());
  const url = new URL(database.url);
  if (opts.viaProxy) url.port = String(opts.viaProxy);
  const shop = await startShop({ ...deployment.env, ...opts.env }, { databaseUrl: url.toString() });
  cleanups.push(() => shop.stop('SIGKILL'));
  const admin = (await call<{ token: string }>(shop.url, 'POST', '/api/auth/login', { body: ADMIN })).body.token;
  const category = await call<{ _id: string }>(shop.url, 'POST', '/api/categories', {
    token: admin,
    body: { name: 'Kurtas', parentId: null, description: null, isActive: true },
  });
  const product = await call<{ _id: string; variants: { _id: string }[] }>(shop.url, 'POST', '/api/products', {
    token: admin,
    body: {
      title: 'Indigo Cotton Kurta',
      description: 'Hand block printed cotton.',
      categoryIds: [category.body._id],
      images: [{ url: '/media/demo/kurta.webp', alt: 'Kurta' }],
      isBestseller: false,
      isActive: true,
      variantAttributes: ['Size'],
      variants: [{ size: 'L', price: 1499, compareAtPrice: null, stockQty: 20, isActive: true }],
    },
  });
  return { database, deployment, shop, productId: product.body._id, variantId: product.body.variants[0]._id };
}

describe('PostgreSQL going away', () => {
  it('answers 503 with a message while it is down, stays up, and serves again within 10 s of its return', async () => {
    const proxy = await postgresProxy();
    cleanups.push(() => proxy.down());
    // The response cache off, so every product read goes to the database.
    const { shop, productId } = await setUpShop({ viaProxy: proxy.port, env: { RESPONSE_CACHE_TTL_MS: '0' } });
    expect((await call(shop.url, 'GET', `/api/products/${productId}`)).status).toBe(200);

    await proxy.down();
    const during = await call<{ message: string }>(shop.url, 'GET', `/api/products/${productId}`);
    expect(during.status).toBe(503);
    expect(during.body.message).toBe('The shop is briefly unavailable. Please try again in a few seconds.');
    expect((await call(shop.url, 'GET', '/readyz')).status).toBe(503);
    expect((await call(shop.url, 'GET', '/healthz')).status).toBe(200);
    expect(shop.process.exitCode).toBeNull();

    await proxy.up();
    const back = Date.now();
    let status = 0;
    for (let i = 0; Date.now() - back < 10_000; i++) {
      status = (await call(shop.url, 'GET', `/api/products/${productId}`)).status;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
    expect(Date.now() - back).toBeLessThan(10_000);
  });
});

describe('a crash in the middle of checkouts', () => {
  it('leaves nothing half-written, loses no stock, and the paid attempts are completed after restart', async () => {
    const { database, deployment, shop, productId, variantId } = await setUpShop();
    const handle = await openDatabase({ url: database.url, poolSize: 2 });
    cleanups.push(() => handle.close());
    const passwordHash = await hashPassword('Shopper@123');
    const shoppers = await handle.db
      .insert(users)
      .values(
        Array.from({ length: 10 }, (_, i) => ({ name: `Crash ${i}`, email: `crash${i}@example.in`, phone: '9876543210', passwordHash })),
      )
      .returning();
    const paid = [];
    for (const [i, s] of shoppers.entries()) {
      const token = (
        await call<{ token: string }>(shop.url, 'POST', '/api/auth/login', {
          body: { email: s.email, password: 'Shopper@123' },
          headers: { 'x-forwarded-for': `10.7.0.${i}` },
        })
      ).body.token;
      const created = await call<{ order: { id: string } }>(shop.url, 'POST', '/api/payments/razorpay/create-order', {
        token,
        body: { items: [{ productId, variantId, quantity: 2 }], shippingAddress: address, fromBuyNow: true },
      });
      paid.push(await deployment.sandbox.pay(created.body.order.id));
    }
    // Fire every verify, and kill the process while they are in flight.
    const inFlight = paid.map((p) =>
      call(shop.url, 'POST', '/api/payments/razorpay/verify-and-create-order', { body: p }).catch(() => null),
    );
    await new Promise((r) => setTimeout(r, 15));
    shop.process.kill('SIGKILL');
    await Promise.all(inFlight);

    // Whatever committed is whole: each order has its items and timeline, each unit taken is in an order.
    const check = async () => {
      const placed = await handle.db.select().from(orders);
      for (const order of placed) {
        expect(await handle.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).toHaveLength(1);
        expect(await handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).toHaveLength(1);
        const [attempt] = await handle.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, order.checkoutAttemptId));
        expect(attempt).toMatchObject({ status: 'completed', orderId: order.id });
      }
      const [v] = await handle.db.select().from(variants).where(eq(variants.id, variantId));
      const [{ units }] = await handle.db
        .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
        .from(orderItems)
        .where(eq(orderItems.variantId, variantId));
      expect(v.stockQty + units).toBe(20);
      return placed.length;
    };
    const placedBeforeRestart = await check();
    expect(placedBeforeRestart).toBeLessThanOrEqual(10);

    // Back up: Razorpay keeps retrying its webhooks; they complete every paid attempt, once.
    const restarted = await startShop(deployment.env, { databaseUrl: database.url });
    cleanups.push(() => restarted.stop('SIGKILL'));
    for (const p of paid) {
      const body = JSON.stringify({
        entity: 'event',
        event: 'payment.captured',
        payload: { payment: { entity: { id: p.razorpay_payment_id, order_id: p.razorpay_order_id, status: 'captured' } } },
      });
      const res = await fetch(`${restarted.url}/api/payments/razorpay/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signWebhook(body, 'whsec_resilience') },
        body,
      });
      expect(res.status).toBe(200);
    }
    expect(await check()).toBe(10);
    const open = await handle.db
      .select()
      .from(checkoutAttempts)
      .where(and(eq(checkoutAttempts.status, 'created')));
    expect(open).toEqual([]);
  });
});

describe('graceful shutdown', () => {
  it('finishes every request it has begun on SIGTERM, then exits cleanly', async () => {
    const database = await createDatabase();
    cleanups.push(() => database.drop());
    const deployment = await createDeployment(database.url);
    cleanups.push(() => deployment.sandbox.close());
    const shop = await startShop({ ...deployment.env, LOG_LEVEL: 'debug' });
    cleanups.push(() => shop.stop('SIGKILL'));
    const requests = Array.from({ length: 40 }, (_, i) =>
      new Promise((r) => setTimeout(r, i * 2)).then(() =>
        fetch(`${shop.url}/api/products?q=kurta&page=${i + 1}`).then(
          (res) => res.status,
          () => 0, // refused or reset before the server took it: a load balancer retries these
        ),
      ),
    );
    await new Promise((r) => setTimeout(r, 25));
    const exit = shop.stop('SIGTERM');
    const statuses = await Promise.all(requests);
    expect(await exit).toBe(0);
    // The server's own log: every request it began has a completion line.
    const lines = shop.logs
      .join('')
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { reqId?: string; msg: string; res?: { statusCode: number } });
    const begun = new Set(lines.filter((l) => l.msg === 'incoming request' && l.reqId).map((l) => l.reqId));
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(begun.size).toBeGreaterThan(0);
    expect(new Set(completed.map((l) => l.reqId))).toEqual(begun);
    // Answered in full: 200, or 503 for one that arrived once closing had begun.
    for (const l of completed) expect([200, 503]).toContain(l.res?.statusCode);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(lines.some((l) => l.msg === 'SIGTERM received, shutting down')).toBe(true);
  });
});
