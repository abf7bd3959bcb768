import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { users, variants } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/modules/auth/password';
import { eq } from 'drizzle-orm';
import { ADMIN, call, createDatabase, createDeployment, startShop, type Shop, SHIPPING_ADDRESS as address } from './harness';

// Two stateless instances on one PostgreSQL and one Redis.
let db: Awaited<ReturnType<typeof createDatabase>>;
let deployment: Awaited<ReturnType<typeof createDeployment>>;
let a: Shop;
let b: Shop;
let adminToken: string;
let productId: string;
let variantId: string;
let categoryId: string;

beforeAll(async () => {
  db = await createDatabase();
  deployment = await createDeployment(db.url);
  // Both start at once on an empty database: one migrates, the other waits its turn.
  [a, b] = await Promise.all([startShop(deployment.env), startShop(deployment.env)]);
  const login = await call<{ token: string }>(a.url, 'POST', '/api/auth/login', { body: ADMIN });
  adminToken = login.body.token;
  const category = await call<{ _id: string }>(a.url, 'POST', '/api/categories', {
    token: adminToken,
    body: { name: 'Sarees', parentId: null, description: null, isActive: true },
  });
  categoryId = category.body._id;
  const product = await call<{ _id: string; variants: { _id: string }[] }>(a.url, 'POST', '/api/products', {
    token: adminToken,
    body: {
      title: 'Kanjeevaram Silk Saree',
      description: 'Pure silk with a zari border.',
      categoryIds: [categoryId],
      images: [{ url: '/media/demo/saree.webp', alt: 'Saree' }],
      isBestseller: false,
      isActive: true,
      variantAttributes: ['Size'],
      variants: [{ size: 'M', price: 8999, compareAtPrice: null, stockQty: 5, isActive: true }],
    },
  });
  expect(product.status).toBe(201);
  productId = product.body._id;
  variantId = product.body.variants[0]._id;
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await deployment?.sandbox.close();
  await db?.drop();
});

describe('two instances', () => {
  it('accept a token issued by the other', async () => {
    const me = await call<{ email: string }>(b.url, 'GET', '/api/users/me', { token: adminToken });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(ADMIN.email);
  });

  it('share rate limits through Redis', async () => {
    // Counters live in Redis for 15 minutes: a fresh stranger's address per run (the shops trust the
    // loopback proxy, TRUST_PROXY, so X-Forwarded-For is the client here).
    const stranger = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const wrong = (shop: Shop) =>
      call(shop.url, 'POST', '/api/auth/login', {
        body: { email: ADMIN.email, password: 'Wrong@123' },
        headers: { 'x-forwarded-for': stranger },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await wrong(i % 2 ? b : a)).status);
    expect(statuses).toEqual(Array(10).fill(401));
    expect((await wrong(a)).status).toBe(429);
    expect((await wrong(b)).status).toBe(429);
    // The stranger's tries do not lock the owner out.
    const owner = await call(b.url, 'POST', '/api/auth/login', { body: ADMIN, headers: { 'x-forwarded-for': '10.8.0.1' } });
    expect(owner.status).toBe(200);
  });

  it('serve an admin change made through the other within a second', async () => {
    const read = async () => (await call<{ title: string }>(b.url, 'GET', `/api/products/${productId}`)).body.title;
    expect(await read()).toBe('Kanjeevaram Silk Saree');
    expect(await read()).toBe('Kanjeevaram Silk Saree'); // now cached on b
    const current = (await call<Record<string, unknown>[]>(a.url, 'GET', '/api/products/admin/all', { token: adminToken })).body[0];
    const started = Date.now();
    const put = await call(a.url, 'PUT', `/api/products/${productId}`, {
      token: adminToken,
      body: { ...current, title: 'Kanjeevaram Silk Saree – Temple Border', categoryIds: [categoryId] },
    });
    expect(put.status).toBe(200);
    while ((await read()) !== 'Kanjeevaram Silk Saree – Temple Border') {
      expect(Date.now() - started).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it("serve a change to the shop's settings made through the other within a second", async () => {
    const read = async () => (await call<{ supportPhone: string }>(b.url, 'GET', '/api/settings/public')).body.supportPhone;
    const before = await read(); // b now holds its copy
    const settings = (await call<Record<string, unknown>>(a.url, 'GET', '/api/admin/settings', { token: adminToken })).body;
    const phone = before === '7022334455' ? '8123456789' : '7022334455';
    const started = Date.now();
    const put = await call(a.url, 'PUT', '/api/admin/settings', {
      token: adminToken,
      body: {
        ...settings,
        legalName: 'Rangmanch Retail Private Limited',
        address: '14, 2nd Cross, Indiranagar, Bengaluru 560038',
        state: 'Karnataka',
        gstin: '29AABCR1234M1Z9',
        supportEmail: 'help@rangmanch.in',
        supportPhone: phone,
        whatsappNumber: phone,
      },
    });
    expect(put.status).toBe(200);
    while ((await read()) !== phone) {
      expect(Date.now() - started).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('never oversell when checkouts race over both', async () => {
    const handle = await openDatabase({ url: db.url, poolSize: 2 });
    const passwordHash = await hashPassword('Shopper@123');
    const shoppers = await handle.db
      .insert(users)
      .values(
        Array.from({ length: 12 }, (_, i) => ({ name: `Shopper ${i}`, email: `racer${i}@example.in`, phone: '9876543210', passwordHash })),
      )
      .returning();
    const tokens: string[] = [];
    for (const [i, s] of shoppers.entries()) {
      const res = await call<{ token: string }>(i % 2 ? b.url : a.url, 'POST', '/api/auth/login', {
        body: { email: s.email, password: 'Shopper@123' },
        headers: { 'x-forwarded-for': `10.8.0.${i}` },
      });
      tokens.push(res.body.token);
    }
    const paid = [];
    for (const [i, token] of tokens.entries()) {
      const created = await call<{ order: { id: string } }>(i % 2 ? b.url : a.url, 'POST', '/api/payments/razorpay/create-order', {
        token,
        body: { items: [{ productId, variantId, quantity: 1 }], shippingAddress: address, fromBuyNow: true },
      });
      expect(created.status).toBe(200);
      paid.push(await deployment.sandbox.pay(created.body.order.id));
    }
    const results = await Promise.all(
      paid.map((p, i) => call(i % 2 ? a.url : b.url, 'POST', '/api/payments/razorpay/verify-and-create-order', { body: p })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    const [variant] = await handle.db.select().from(variants).where(eq(variants.id, variantId));
    expect(variant.stockQty).toBe(0);
    const refunded = [...deployment.sandbox.state.payments.values()].filter((p) => p.status === 'refunded');
    expect(refunded).toHaveLength(7);
    await handle.close();
  });
});
